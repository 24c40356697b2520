import IABTCF
import IABTCFAppTracking
import TCFJSON
import TestSupport
import Testing

/// Issue 38's `tcstring att` contract: `--region eu|other`, `--att-answered YYYY-MM-DD`,
/// `--reprompt never|denied`, `--att-rejection-applied`, `--max-age-days N` and the key
/// `attRequestableFrom` after every other key, for every `--flow` and `--strategy`. Apple's
/// sentences are from the documentation of `ATTrackingManager.requestTrackingAuthorization`.
@Suite struct ATTCommandAppleRulesTests {
    /// Every `--flow` and `--strategy` argument pair.
    static let flows: [[String]] =
        ATTFlow.allCases.map { ["--flow", $0.rawValue] } + ATTStrategy.allCases.map { ["--strategy", $0.rawValue] }
    static let today = ["--today", "2026-11-26"]

    func run(_ arguments: [String]) throws -> (status: Int32, json: JSON?) {
        let output = try CommandLineTool.run(["att"] + arguments + Self.today)
        return (output.status, output.status == 0 ? try JSON(parsing: output.stdout) : nil)
    }

    func warnings(_ json: JSON?) -> Set<String> {
        guard case .array(let items)? = json?["warnings"] else { return [] }
        return Set(items.compactMap { if case .string(let name) = $0 { name } else { nil } })
    }

    func keys(_ json: JSON?) -> [String] {
        guard case .object(let members)? = json else { return [] }
        return members.map(\.0)
    }

    /// "Handle the person's response": "The status is notDetermined if the system dismisses the
    /// prompt without a decision from the person; in this scenario, your app needs to call the
    /// method again to receive an authorization answer from the person."
    @Test(arguments: flows)
    func aRequestWithoutAnAnswer(_ flow: [String]) throws {
        let consent = flow.last == "adjust" ? [] : ["--consent", "granted"]
        let result = try run(flow + ["--status", "notDetermined", "--att-requested"] + consent)
        #expect(result.status == 0)
        // attFirstCMPUnaffected carries appReviewRisk in every decision besides.
        #expect(warnings(result.json).contains("attNotAnswered"), "\(flow)")
        #expect(warnings(result.json).subtracting(["attNotAnswered", "appReviewRisk"]).isEmpty, "\(flow)")
        #expect(result.json?["idfaAllowed"] == .bool(false) && result.json?["trackersAllowed"] == .bool(false))
        #expect(result.json?["attRequestableFrom"] == .string("2026-11-26"))
        if flow.first == "--strategy" { #expect(result.json?["next"] == .string("requestATT"), "\(flow)") }
        #expect(keys(result.json).suffix(2) == ["attRequestableFrom", "adServing"])
    }

    /// "Prompt again after a year": "You can make an additional request after a year whether the
    /// person approves or denies your app's previous tracking request, unless the person disables
    /// tracking in Settings > Privacy & Security > Tracking."
    @Test(arguments: flows)
    func anEUDenialThirteenMonthsOld(_ flow: [String]) throws {
        let eu = ["--status", "denied", "--region", "eu", "--att-answered", "2025-10-26"]
        let asked = try run(flow + eu + ["--reprompt", "denied"])
        #expect(asked.json?["next"] == .string("requestATT"), "\(flow)")
        #expect(asked.json?["idfaAllowed"] == .bool(false) && asked.json?["trackersAllowed"] == .bool(false))
        #expect(asked.json?["attRequestableFrom"] == .string("2026-10-26"))
        // The default policy, another region or a younger answer: no request.
        #expect(try run(flow + eu).json?["next"] != .string("requestATT"), "\(flow)")
        let denied = ["--status", "denied", "--reprompt", "denied"]
        let outside = try run(flow + denied + ["--region", "other", "--att-answered", "2025-10-26"])
        #expect(outside.json?["next"] != .string("requestATT") && outside.json?["attRequestableFrom"] == .null)
        let young = try run(flow + denied + ["--region", "eu", "--att-answered", "2026-01-02"])
        #expect(
            young.json?["next"] != .string("requestATT") && young.json?["attRequestableFrom"] == .string("2027-01-02")
        )
        // An authorization is never asked again.
        let consent = flow.last == "adjust" ? [] : ["--consent", "granted"]
        let authorized = try run(
            flow + ["--status", "authorized", "--region", "eu", "--att-answered", "2025-10-26", "--reprompt", "denied"]
                + consent
        )
        #expect(authorized.json?["next"] == .string("done"), "\(flow)")
    }

    /// `--att-rejection-applied`: ATT authorized after a rejection this flow applied shows the CMP again.
    @Test(arguments: flows)
    func authorizedAfterAnAppliedRejection(_ flow: [String]) throws {
        let result = try run(flow + ["--status", "authorized", "--att-rejection-applied", "--consent", "refused"])
        guard ConsentFlowRejects.names.contains(flow[1]) else {
            #expect(result.status == 2, "\(flow): a flow that never rejects")
            return
        }
        #expect(result.json?["next"] == .string("showCMP") && result.json?["reject"] == .string("none"), "\(flow)")
        #expect(result.json?["trackersAllowed"] == .bool(false))
        #expect(warnings(result.json).subtracting(["appReviewRisk"]) == ["attAuthorizedAfterRejection"], "\(flow)")
    }

    /// The flows and strategies that reject on a refusal, as the contract lists them.
    enum ConsentFlowRejects {
        static let names: Set<String> = [
            "didomi-att-first", "pubconsent-att-first", "consentmanager", "attFirstDenyAll",
            "attFirstRejectTracking", "attFirstCMPUnaffected", "cmpFirst",
        ]
    }

    @Test func theRejectionFlagOnAFlowThatRejectsOnlyWithAnOption() throws {
        // A scope turns a rejection on in a flow that rejects nothing itself; --no-enforce turns it off.
        let scoped = try run([
            "--flow", "adjust", "--scope", "appleDefault", "--status", "authorized", "--att-rejection-applied",
        ])
        #expect(scoped.json?["warnings"] == .array([.string("attAuthorizedAfterRejection")]))
        let literal = try run([
            "--strategy", "attFirstCMPUnaffected", "--no-enforce", "--status", "authorized", "--att-rejection-applied",
        ])
        #expect(literal.status == 2)
    }

    /// Google: "If the consent decision is more than 13 months old, the TC string will no longer be
    /// considered valid by Google and Google will not serve ads to that user."
    @Test func theStringsAge() throws {
        var tc = try TrackingFixtures.acceptAll()
        tc.lastUpdated = Timestamp(iso8601: "2025-09-26")!
        let old = try tc.encoded()
        let expired = try run(["--flow", "consentmanager", "--status", "authorized", "--tc-string", old])
        #expect(expired.json?["next"] == .string("showCMP") && expired.json?["trackersAllowed"] == .bool(false))
        let kept = try run([
            "--flow", "consentmanager", "--status", "authorized", "--tc-string", old, "--max-age-days", "500",
        ])
        #expect(kept.json?["next"] == .string("done") && kept.json?["trackersAllowed"] == .bool(true))
        #expect(kept.json?["idfaAllowed"] == .bool(true))
    }

    /// The IDFA needs the string's Purpose 1 consent where the GDPR applies; ATT alone elsewhere.
    @Test func theIDFAReadsPurposeOne() throws {
        var tc = try TrackingFixtures.acceptAll()
        tc.purposeConsents.remove(1)
        let noStorage = try tc.encoded()
        let gdpr = try run(["--flow", "consentmanager", "--status", "authorized", "--tc-string", noStorage])
        // No tracker without Purpose 1 consent either (issue 46, item 2).
        #expect(gdpr.json?["idfaAllowed"] == .bool(false) && gdpr.json?["trackersAllowed"] == .bool(false))
        let outside = try run(["--flow", "adjust", "--status", "authorized", "--gdpr-applies", "false"])
        #expect(outside.json?["idfaAllowed"] == .bool(true))
        let before = try run(["--flow", "adjust", "--status", "authorized"])
        #expect(before.json?["idfaAllowed"] == .bool(false))
    }

    @Test func badValuesAreUsageErrors() throws {
        for bad in [
            ["--region", "us"], ["--reprompt", "always"], ["--att-answered", "2025-13-01"],
            ["--att-answered", "2025-10-26T10:00:00Z"], ["--max-age-days", "-1"], ["--max-age-days", "x"],
        ] {
            #expect(try run(["--strategy", "cmpFirst", "--status", "denied"] + bad).status == 2, "\(bad)")
        }
    }
}
