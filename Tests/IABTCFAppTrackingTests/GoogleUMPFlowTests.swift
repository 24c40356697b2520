import IABTCF
import IABTCFAppTracking
import TestSupport
import Testing

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
        "google-ump N C+ req → DONE - no attNotAnswered | Which message",
        // Both answered: the trackers the app gates itself follow ATT and the choice (issue 46, item
        // 2: a refusal in the message starts none); the ads SDK follows canRequestAds, the step's
        // ad serving answer.
        "google-ump A C+ → DONE - yes - | quick start",
        "google-ump A C- → DONE - no - | quick start",
        "google-ump U C+ → DONE - yes - | quick start",
        // "Ask App Not to Track" only "Closes the message": nothing rejected, and no tracker the app
        // gates itself (issue 46, item 9: ATT decides the IDFA, not whether the ads SDK starts).
        "google-ump D C+ → DONE - no - | IDFA messages",
        "google-ump D C- → DONE - no - | IDFA messages",
        "google-ump R C+ → DONE - no - | IDFA messages",
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

    /// The whole launch through the one call: the message, the alert, done; then a resume shows
    /// nothing. With the explainer configured, a later launch shows it instead of the bare alert.
    @Test func launchThroughTheOneCall() throws {
        var ump = ConsentFlow(guide: .googleUMP)
        ump.idfaExplainer = true
        var app = SimulatedApp(flow: ump, attAnswer: .denied, cmpAnswer: try TrackingFixtures.refuseAll())
        let first = try app.run()
        #expect(first.steps == 3 && app.attRequests == 1)
        // Reject All and a denial: no tracker the app gates itself (issue 46, item 2); the ads SDK
        // follows the ad serving answer of the stored string.
        #expect(!first.decision.trackersAllowed && !first.decision.idfaAllowed && first.decision.reject == .none)
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
            let d = flow.evaluate(busy)
            let free = flow.evaluate(input)
            #expect(d.next == .wait && !d.trackersAllowed, "\(flow.rules) \(input)")
            #expect(d.reject == free.reject && d.idfaAllowed == free.idfaAllowed && d.warnings == free.warnings)
        }
        for i in GuardrailTests.everyCombination {
            let state = ConsentFlow.State(promptInProgress: true)
            let d = strategyDecision(
                status: i.status,
                consent: i.consent,
                gdprApplies: i.gdprApplies,
                strategy: i.strategy,
                options: i.options,
                state: state
            )
            #expect(d.next == .wait && !d.trackersAllowed && d.reject == i.decision.reject, "\(i)")
            let flow = ConsentFlow(strategy: i.strategy, options: i.options)
            let viaFlow = flow.evaluate(ConsentFlow.Input(status: i.status, consent: i.consent, state: state))
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
        var state = ConsentFlow.State()
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
}
