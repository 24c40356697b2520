import IABTCFAppTracking
import Testing

@testable import IABTCF
@testable import tcstring

/// Google's User Messaging Platform (`ATTFlow.googleUMP`, `--flow google-ump`), checked against
/// Google's public pages, each test quoting the sentence it reproduces:
/// - AdMob Help, "Available user message types", section "Which message your users will see",
///   https://support.google.com/admob/answer/10114020 ("Available user message types");
/// - Ad Manager Help, "About IDFA messages", https://support.google.com/admanager/answer/10115027;
/// - the UMP SDK's iOS quick start, "Get started", https://developers.google.com/admob/ios/privacy.
///
/// And the "no two chains" state, `promptInProgress`, which every flow and strategy honours.
@Suite struct GoogleUMPFlowTests {
    /// Rows in `GuideFlowTests`' format, where the GDPR applies. "Which message" is AdMob Help,
    /// Available user message types, "Which message your users will see"; "IDFA messages" is Ad
    /// Manager Help, About IDFA messages; "quick start" is the UMP SDK's iOS "Get started".
    static let scenarios: [String] = [
        // "Is in the EEA and has not yet made a European regulations consent decision": "The European regulations message".
        "google-ump N C0 → CMP - no - | Which message",
        "google-ump A C0 → CMP - no - | Which message",
        "google-ump U C0 → CMP - no - | Which message",
        "google-ump A EXP → CMP - no - | Which message",
        // The message shows while a choice is missing even after a denial: App Review's risk, said.
        "google-ump D C0 → CMP - no appReviewRisk | Which message",
        // "...they see this immediately before the iOS ATT alert": ATT follows whatever the answer.
        "google-ump N C+ → ATT - no - | Which message",
        "google-ump N C- → ATT - no - | Which message",
        "google-ump N DIS → ATT - no - | Which message",
        "google-ump N C- trigger=trackingScope → DONE - no - | Which message (other reading)",
        // Once per run: the alert could not show, so the flow ends without the ads SDK.
        "google-ump N C+ req → DONE - no - | Which message",
        // Both answered: "Before requesting ads, always check ... canRequestAds".
        "google-ump A C+ → DONE - yes - | quick start",
        "google-ump A C- → DONE - yes - | quick start",
        "google-ump U C+ → DONE - yes - | quick start",
        // "Ask App Not to Track" only "Closes the message": nothing rejected, the ads SDK may start.
        "google-ump D C+ → DONE - yes - | IDFA messages",
        "google-ump D C- → DONE - yes - | IDFA messages",
        "google-ump R C+ → DONE - yes - | IDFA messages",
        "google-ump D C+ scope=appleDefault → DONE T no - | IDFA messages (a rejection the app turns on)",
        "google-ump D DIS → DONE - no - | quick start (no choice recorded)",
        "google-ump 7 C+ → DONE - no unknownStatus | quick start (fails closed)",
    ]

    static let accept = try! TrackingFixtures.acceptAll().encoded()
    static let refuse = try! TrackingFixtures.refuseAll().encoded()

    /// Each row, checked as `GuideFlowTests` checks the guides' rows.
    @Test(arguments: scenarios)
    func scenario(_ row: String) {
        GuideFlowTests().scenario(row)
    }

    func att(_ arguments: [String]) throws -> JSON? {
        let output = try CommandLineTool.run(["att", "--flow", "google-ump"] + arguments)
        #expect(output.status == 0, "\(arguments) \(output.stderr)")
        return output.status == 0 ? try JSON(parsing: output.stdout) : nil
    }

    func keys(_ json: JSON?) -> [String] {
        guard case .object(let members)? = json else { return [] }
        return members.map(\.0)
    }

    /// A first launch in the EEA: the message, then ATT, then done. AdMob Help, "Available user
    /// message types", "Which message your users will see": a user who "Is in the EEA and has not
    /// yet made a European regulations consent decision" sees "The European regulations message"
    /// in the column "...they see this immediately before the iOS ATT alert:" — so no IDFA
    /// explainer between the two, even where one is configured.
    @Test func firstLaunchInTheEEA() throws {
        for explainer in [[], ["--idfa-explainer"]] {
            let message = try att(["--status", "notDetermined"] + explainer)
            #expect(message?["next"] == .string("showCMP") && message?["trackersAllowed"] == .bool(false))
            let alert = try att(["--status", "notDetermined", "--tc-string", Self.refuse, "--cmp-shown"] + explainer)
            #expect(alert?["next"] == .string("requestATT") && alert?["warnings"] == .array([]))
            let done = try att(
                ["--status", "authorized", "--tc-string", Self.accept, "--cmp-shown", "--att-requested"] + explainer
            )
            #expect(done?["next"] == .string("done") && done?["trackersAllowed"] == .bool(true))
            #expect(done?["idfaAllowed"] == .bool(true) && done?["reject"] == .string("none"))
        }
    }

    /// A later launch with a stored choice and ATT still notDetermined: the explainer (when the app
    /// configured one) or the alert, then done. AdMob Help, "Available user message types", "Which
    /// message your users will see": a user who "Is in the EEA and previously consented to European
    /// regulations" sees "The IDFA explainer message". Ad Manager Help, "About IDFA messages",
    /// "Structure of a message": "If users click "Continue," the iOS ATT alert screen is displayed."
    @Test func laterLaunchWithAStoredChoice() throws {
        for stored in [Self.accept, Self.refuse] {
            let explainer = try att(["--status", "notDetermined", "--tc-string", stored, "--idfa-explainer"])
            #expect(explainer?["next"] == .string("showIDFAExplainer") && explainer?["trackersAllowed"] == .bool(false))
            let direct = try att(["--status", "notDetermined", "--tc-string", stored])
            #expect(direct?["next"] == .string("requestATT") && direct?["warnings"] == .array([]))
            // After "Continue" the alert was requested; the answer ends the flow.
            let answered = try att(["--status", "denied", "--tc-string", stored, "--att-requested", "--idfa-explainer"])
            #expect(answered?["next"] == .string("done") && answered?["trackersAllowed"] == .bool(true))
        }
    }

    /// Outside the EEA: the explainer or ATT, then done. AdMob Help, "Available user message
    /// types", "Which message your users will see": a user who "Is not in the EEA" sees "The IDFA
    /// explainer message"; "If you aren't using Privacy & messaging to gather consent for European
    /// regulations but are using it for IDFA, your users will always see the IDFA explainer message
    /// immediately before the iOS ATT alert." Without an explainer, for a user who "Is not in the
    /// EEA": "No message to show since no consent needs to be gathered" — the app's alert alone.
    @Test func outsideTheEEA() throws {
        let outside = ["--gdpr-applies", "false"]
        let explainer = try att(outside + ["--status", "notDetermined", "--idfa-explainer"])
        #expect(explainer?["next"] == .string("showIDFAExplainer"))
        let direct = try att(outside + ["--status", "notDetermined"])
        #expect(direct?["next"] == .string("requestATT") && direct?["trackersAllowed"] == .bool(false))
        for (status, idfa) in [("authorized", true), ("denied", false), ("restricted", false)] {
            let done = try att(outside + ["--status", status, "--att-requested", "--idfa-explainer"])
            #expect(done?["next"] == .string("done") && done?["idfaAllowed"] == .bool(idfa))
            #expect(done?["trackersAllowed"] == .bool(true) && done?["reject"] == .string("none"))
        }
        // The stored consent does not matter without the GDPR.
        let refused = try att(outside + ["--status", "notDetermined", "--consent", "refused"])
        #expect(refused?["next"] == .string("requestATT"))
    }

    /// An ATT denial rejects nothing by default, allows no IDFA, and lets the ads SDK start once
    /// both were answered. Ad Manager Help, "About IDFA messages", "Structure of a message":
    /// ""Ask App Not to Track" button: Allows users to dismiss the message without agreeing to
    /// allow tracking. Closes the message." UMP SDK iOS quick start ("Get started"): "Before
    /// requesting ads, always check UMPConsentInformation.sharedInstance.canRequestAds to confirm
    /// that you have obtained user consent."
    @Test func attDenial() throws {
        let denied = try att(["--status", "denied", "--tc-string", Self.accept, "--today", "2026-11-24"])
        #expect(denied?["reject"] == .string("none") && denied?["tcString"] == .string(Self.accept))
        #expect(denied?["idfaAllowed"] == .bool(false) && denied?["trackersAllowed"] == .bool(true))
        #expect(denied?["next"] == .string("done") && denied?["rejectVendors"] == .ids([]))
        #expect(keys(denied) == ATTCommandContractTests.contractKeys + ["tcString"] + ATTCommandContractTests.flowKeys)
        // Not both answered: no ads SDK. The message still missing, or ATT still notDetermined.
        let noMessage = try att(["--status", "denied"])
        #expect(noMessage?["next"] == .string("showCMP") && noMessage?["trackersAllowed"] == .bool(false))
        let noAnswer = try att(["--status", "notDetermined", "--tc-string", Self.accept, "--att-requested"])
        #expect(noAnswer?["next"] == .string("done") && noAnswer?["trackersAllowed"] == .bool(false))
        // A scope the app passes turns a rejection on; the string loses the scope and no SDK starts.
        let scoped = try att([
            "--status", "denied", "--tc-string", Self.accept, "--today", "2026-11-24", "--scope", "appleDefault",
        ])
        #expect(scoped?["reject"] == .string("trackingScope") && scoped?["trackersAllowed"] == .bool(false))
        guard case .string(let rewritten)? = scoped?["tcString"] else {
            Issue.record("no tcString")
            return
        }
        #expect(try TCString(encoded: rewritten).purposeConsents == [1, 2, 5, 6, 8, 10, 11])
    }

    /// The whole launch through the one call: the message, the alert, done; then a resume shows
    /// nothing. With the explainer configured, a later launch shows it instead of the bare alert.
    @Test func launchThroughTheOneCall() throws {
        var ump = ConsentFlow(guide: .googleUMP)
        ump.idfaExplainer = true
        var app = SimulatedApp(flow: ump, attAnswer: .denied, cmpAnswer: try TrackingFixtures.refuseAll())
        let first = try app.run()
        #expect(first.steps == 3 && app.attRequests == 1)
        #expect(first.decision.trackersAllowed && !first.decision.idfaAllowed && first.decision.reject == .none)
        #expect(app.stored == Self.refuse)
        #expect(try app.run().steps == 1)
        let later = ump.evaluate(
            status: .notDetermined,
            stored: StoredConsent(tcString: Self.accept),
            today: FlowGuaranteeTests.today
        )
        #expect(later.decision.next == .showIDFAExplainer && later.rewrittenTCString == nil)
    }

    /// A prompt in progress: no second prompt, in every flow and every strategy, whatever else holds.
    @Test func promptInProgressWaitsEverywhere() {
        for (flow, input) in FlowGuaranteeTests.everyInput {
            var busy = input
            busy.state.promptInProgress = true
            let d = flow.decide(busy)
            let free = flow.decide(input)
            #expect(d.next == .wait && !d.trackersAllowed, "\(flow.rules) \(input)")
            #expect(d.reject == free.reject && d.idfaAllowed == free.idfaAllowed && d.warnings == free.warnings)
        }
        for i in GuardrailTests.everyCombination {
            let state = ATTFlowState(promptInProgress: true)
            let d = ATTDecision.decide(
                status: i.status,
                consent: i.consent,
                gdprApplies: i.gdprApplies,
                strategy: i.strategy,
                options: i.options,
                state: state
            )
            #expect(d.next == .wait && !d.trackersAllowed && d.reject == i.decision.reject, "\(i)")
            let flow = ConsentFlow(strategy: i.strategy, options: i.options)
            let viaFlow = flow.decide(ATTFlowInput(status: i.status, consent: i.consent, state: state))
            #expect(viaFlow.next == .wait && !viaFlow.trackersAllowed)
        }
    }

    /// Two chains, the launch path and `didBecomeActive`, call the one call: the ATT alert makes
    /// the app resign active, and its return fires `didBecomeActive` while the first chain still
    /// waits. Without the state both see `requestATT` (two prompts at once); with it, the second
    /// waits and the first ends the flow.
    @Test(arguments: ATTFlow.allCases)
    func noTwoChains(_ guide: ATTFlow) {
        let flow = ConsentFlow(guide: guide)
        let stored = StoredConsent(tcString: Self.accept)
        var state = ATTFlowState()
        let launch = flow.evaluate(
            status: .notDetermined,
            stored: stored,
            state: state,
            today: FlowGuaranteeTests.today
        )
        #expect(launch.decision.next == .requestATT)
        // The launch path shows the alert.
        state.attRequested = true
        state.promptInProgress = true
        // The unguarded second chain would ask again: a second prompt on top of the first.
        let unguarded = flow.evaluate(
            status: .notDetermined,
            stored: stored,
            today: FlowGuaranteeTests.today
        )
        #expect(unguarded.decision.next == .requestATT)
        let active = flow.evaluate(
            status: .notDetermined,
            stored: stored,
            state: state,
            today: FlowGuaranteeTests.today
        )
        #expect(active.decision.next == .wait && !active.decision.trackersAllowed)
        // The answer arrives; the launch chain evaluates again and the flow ends.
        state.promptInProgress = false
        let after = flow.evaluate(status: .authorized, stored: stored, state: state, today: FlowGuaranteeTests.today)
        #expect(after.decision.next == .done && after.decision.trackersAllowed)
    }

    @Test func commandLineFlags() throws {
        let busy = try att(["--status", "notDetermined", "--prompt-in-progress"])
        #expect(busy?["next"] == .string("wait") && busy?["trackersAllowed"] == .bool(false))
        #expect(keys(busy) == ATTCommandContractTests.contractKeys + ATTCommandContractTests.flowKeys)
        for strategy in ATTStrategy.allCases {
            let output = try CommandLineTool.run([
                "att", "--strategy", strategy.rawValue, "--status", "authorized", "--consent", "granted",
                "--prompt-in-progress",
            ])
            let json = try JSON(parsing: output.stdout)
            #expect(json["next"] == .string("wait") && json["trackersAllowed"] == .bool(false))
        }
        // The explainer belongs to Google's flow only.
        let other = try CommandLineTool.run(["att", "--flow", "didomi-cmp-first", "--status", "0", "--idfa-explainer"])
        #expect(other.status == 2 && other.stderr.contains("--idfa-explainer"))
        let help = try CommandLineTool.run(["att", "--help"])
        #expect(help.stdout.contains("--prompt-in-progress") && help.stdout.contains("--idfa-explainer"))
    }
}
