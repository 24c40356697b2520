import IABTCF
import IABTCFAppTracking
import TCFJSON
import TestSupport
import Testing

/// `tcstring att --flow google-ump`: Google's User Messaging Platform through the command line,
/// each test quoting the sentence of Google's pages it reproduces (the sources are listed on
/// `GoogleUMPFlowTests` in IABTCFAppTrackingTests).
@Suite struct GoogleUMPCommandTests {
    static let accept = try! TrackingFixtures.acceptAll().encoded()
    static let refuse = try! TrackingFixtures.refuseAll().encoded()

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
            // A denial starts no tracker the app gates itself (issue 46, items 2 and 9).
            #expect(answered?["next"] == .string("done") && answered?["trackersAllowed"] == .bool(false))
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
            // Trackers follow ATT, as the IDFA does (issue 46, item 9).
            #expect(done?["trackersAllowed"] == .bool(idfa) && done?["reject"] == .string("none"))
        }
        // The stored consent does not matter without the GDPR.
        let refused = try att(outside + ["--status", "notDetermined", "--consent", "refused"])
        #expect(refused?["next"] == .string("requestATT"))
    }

    /// An ATT denial rejects nothing by default and allows no IDFA and no tracker the app gates
    /// itself; the ads SDK follows canRequestAds, the ad serving answer. Ad Manager Help, "About IDFA messages", "Structure of a message":
    /// ""Ask App Not to Track" button: Allows users to dismiss the message without agreeing to
    /// allow tracking. Closes the message." UMP SDK iOS quick start ("Get started"): "Before
    /// requesting ads, always check UMPConsentInformation.sharedInstance.canRequestAds to confirm
    /// that you have obtained user consent."
    @Test func attDenial() throws {
        let denied = try att(["--status", "denied", "--tc-string", Self.accept, "--today", "2026-11-24"])
        #expect(denied?["reject"] == .string("none") && denied?["tcString"] == .string(Self.accept))
        // ATT decides the IDFA and the trackers the app gates itself, not the ads SDK (issue 46, item 9).
        #expect(denied?["idfaAllowed"] == .bool(false) && denied?["trackersAllowed"] == .bool(false))
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
