import Foundation
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

/// `tcstring att` as the library's one call (`ConsentFlow.evaluate(_:stored:today:)`, issue 46):
/// `adServing` is the object `tcstring ads` prints for the string kept, `--max-age-days` reaches the
/// rewrite, and `--os-version` decides Apple's yearly re-prompt.
@Suite struct ATTCommandStepTests {
    static let today = "2026-11-26"

    /// The string a CMP writes for `choice` on `date` (vendor list 17, which has Google, 755).
    static func encode(_ choice: String, date: String) throws -> String {
        let output = try CommandLineTool.run(
            ["encode", "--gvl", AdsCommandTests.v17, "--cmp-id", "300", "--date", date, choice]
        )
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func att(_ arguments: [String]) throws -> JSON {
        let output = try CommandLineTool.run(["att"] + arguments)
        #expect(output.status == 0, "\(arguments): \(output.stderr)")
        return try JSON(parsing: output.stdout)
    }

    /// Accept All and Reject All of yesterday, Accept All of 2025-09-01 (451 days old: expired) and
    /// of 2099 (dated in the future: no choice).
    static func strings() throws -> [(name: String, text: String)] {
        [
            ("accept all", try encode("--accept-all", date: "2026-11-25")),
            ("reject all", try encode("--reject-all", date: "2026-11-25")),
            ("expired", try encode("--accept-all", date: "2025-09-01")),
            ("future-dated", try encode("--accept-all", date: "2099-01-01")),
        ]
    }

    static let flows: [[String]] = [
        ["--strategy", "cmpFirst", "--status", "denied"],
        ["--strategy", "cmpFirst", "--status", "authorized"],
        ["--strategy", "attFirstDenyAll", "--status", "denied"],
        ["--flow", "consentmanager", "--status", "denied"],
        ["--flow", "google-ump", "--status", "authorized"],
        ["--flow", "adjust", "--status", "denied", "--max-age-days", "30"],
        ["--strategy", "cmpFirst", "--status", "denied", "--gdpr-applies", "0"],
    ]

    /// `adServing` is byte for byte what `tcstring ads` prints for the string `att` keeps (its
    /// `tcString`), on the same day, maximum age and GDPR answer, a future-dated string included
    /// (`none`, `futureDated`, where the GDPR applies).
    @Test(arguments: flows)
    func adServingIsWhatAdsPrints(_ flow: [String]) throws {
        for (name, text) in try Self.strings() {
            let result = try Self.att(flow + ["--today", Self.today, "--tc-string", text])
            guard case .string(let kept)? = result["tcString"] else {
                Issue.record("\(name): no tcString")
                continue
            }
            let shared = ["--max-age-days", "--gdpr-applies"].flatMap { option -> [String] in
                flow.firstIndex(of: option).map { [option, flow[$0 + 1]] } ?? []
            }
            let ads = try CommandLineTool.run(["ads", "--today", Self.today] + shared + [kept])
            #expect(ads.status == 0, "\(name): \(ads.stderr)")
            #expect(result["adServing"] == (try JSON(parsing: ads.stdout)), "\(name) \(flow)")
        }
    }

    /// The answers are the library's: the same step as `ConsentFlow.evaluate(status:stored:state:today:)`
    /// for each string, flow and status, the rewritten string included.
    @Test func theLibrarysStep() throws {
        let day = try #require(Timestamp(iso8601: Self.today))
        for (name, text) in try Self.strings() {
            for status in [ATTStatus.denied, .authorized, .notDetermined] {
                let flow = ConsentFlow(guide: .consentmanager)
                let step = flow.evaluate(status: status, stored: StoredConsent(tcString: text), today: day)
                let result = try Self.att([
                    "--flow", "consentmanager", "--status", status.rawValue, "--today", Self.today, "--tc-string",
                    text,
                ])
                let context = "\(name) \(status)"
                #expect(result["next"] == .string(step.decision.next.rawValue), "\(context)")
                #expect(result["trackersAllowed"] == .bool(step.decision.trackersAllowed), "\(context)")
                #expect(result["idfaAllowed"] == .bool(step.decision.idfaAllowed), "\(context)")
                #expect(result["tcString"] == .string(step.rewrittenTCString ?? text), "\(context)")
                #expect(result["adServing"]?["mode"] == step.adServing.map { .string($0.mode.rawValue) }, "\(context)")
            }
        }
    }

    /// Without a string, `adServing` is null where the GDPR applies and `ads`' answer outside it.
    @Test func adServingWithoutAString() throws {
        let inside = try Self.att(["--strategy", "cmpFirst", "--status", "authorized"])
        #expect(inside["adServing"] == .null)
        let outside = try Self.att(["--strategy", "cmpFirst", "--status", "authorized", "--gdpr-applies", "0"])
        #expect(
            outside["adServing"]
                == .object([
                    ("vendor", .int(755)), ("mode", .string("personalized")),
                    ("reasons", .array([.object([("reason", .string("gdprDoesNotApply"))])])),
                ])
        )
    }

    /// `--max-age-days` decides the rewrite too: a choice older than it is expired and stays as
    /// stored (the CMP asks first), and `adServing` says why no ads.
    @Test func maxAgeDaysReachesTheRewrite() throws {
        let text = try Self.encode("--accept-all", date: "2026-10-01")
        let base = ["--strategy", "attFirstDenyAll", "--status", "denied", "--today", Self.today, "--tc-string", text]
        let current = try Self.att(base)
        #expect(current["tcString"] != .string(text))
        let expired = try Self.att(base + ["--max-age-days", "30"])
        #expect(expired["tcString"] == .string(text))
        #expect(expired["adServing"]?["mode"] == .string("none"))
        guard case .array(let reasons)? = expired["adServing"]?["reasons"], let reason = reasons.first else {
            Issue.record("no reason")
            return
        }
        #expect(reason["reason"] == .string("expired") && reason["maxAgeDays"] == .int(30))
    }

    /// `--os-version`: below 27.2 an answered prompt never shows again, so no re-prompt a year later
    /// in the EU; from 27.2, and without the option, the answer of today.
    @Test func osVersion() throws {
        let base = [
            "--flow", "consentmanager", "--status", "denied", "--region", "eu", "--att-answered", "2025-11-01",
            "--reprompt", "denied", "--today", "2026-11-27",
        ]
        let unknown = try Self.att(base)
        #expect(unknown["next"] == .string("requestATT") && unknown["attRequestableFrom"] == .string("2026-11-01"))
        for version in ["27.2", "27.2.1", "28"] {
            #expect(try Self.att(base + ["--os-version", version]) == unknown, "\(version)")
        }
        for version in ["27.1", "26", "27.1.9"] {
            let old = try Self.att(base + ["--os-version", version])
            #expect(old["next"] != .string("requestATT") && old["attRequestableFrom"] == .null, "\(version)")
        }
        for bad in ["27.x", "", "27.2.1.0", "-1", "twenty"] {
            let output = try CommandLineTool.run(["att"] + base + ["--os-version", bad])
            #expect(output.status == 2 && output.stderr.contains("--os-version"), "\(bad)")
        }
    }
}
