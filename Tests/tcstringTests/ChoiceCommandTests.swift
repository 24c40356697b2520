import Foundation
import IABTCF
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

/// `tcstring encode --gvl FILE (--accept-all | --reject-all | --choice FILE) ...` and `tcstring renew`.
@Suite struct ChoiceCommandTests {
    static let v17 = GVLFixtures.directory.appendingPathComponent(GVLFixtures.v17Name).path
    static let v51 = GVLFixtures.directory.appendingPathComponent(GVLFixtures.v51Name).path
    static let day = try! Timestamp(year: 2026, month: 11, day: 25)

    /// A temporary file holding `text`, removed after `body`.
    static func withFile<T>(_ text: String, _ body: (String) throws -> T) throws -> T {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tcstring-\(UUID()).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return try body(url.path)
    }

    static func encode(_ arguments: [String]) throws -> CommandLineTool.Output {
        try CommandLineTool.run(["encode", "--gvl", v17, "--cmp-id", "300", "--date", "2026-11-25"] + arguments)
    }

    @Test func acceptAllAndRejectAllAreTheLibrarysStrings() throws {
        let cmp = GlobalVendorList.CMP(id: 300)
        for (flag, choice) in [("--accept-all", GlobalVendorList.Choice.acceptAll), ("--reject-all", .rejectAll)] {
            let output = try Self.encode([flag])
            #expect(output.status == 0 && output.stderr.isEmpty)
            let expected = try GVLFixtures.v17.tcString(for: choice, cmp: cmp, day: Self.day).encoded()
            #expect(output.stdout == expected + "\n")
        }
    }

    @Test func everyOptionReachesTheString() throws {
        let restrictions = #"[{"purposeId": 2, "restrictionType": 0, "vendors": [1, 2]}]"#
        let choice = #"{"purposeConsents": [1, 2], "vendorConsents": [2], "vendorLegitimateInterestObjections": [8]}"#
        let output = try Self.withFile(restrictions) { restrictionsPath in
            try Self.withFile(choice) { choicePath in
                try Self.encode([
                    "--choice", choicePath, "--cmp-version", "7", "--consent-screen", "3", "--language", "FR",
                    "--publisher-cc", "DE", "--vendors", "1-2,8", "--restrictions", restrictionsPath,
                ])
            }
        }
        #expect(output.status == 0, "\(output.stderr)")
        let tc = try TCString(encoded: output.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(tc.cmpId == 300 && tc.cmpVersion == 7 && tc.consentScreen == 3)
        #expect(tc.consentLanguage.description == "FR" && tc.publisherCountryCode.description == "DE")
        #expect(tc.created == Self.day && tc.vendorListVersion == 17 && tc.policyVersion == 4)
        #expect(tc.purposeConsents == [1, 2] && tc.vendorConsents == [2])
        #expect(tc.disclosedVendors == [1, 2, 8])
        #expect(!tc.vendorLegitimateInterests.contains(8))
        #expect(tc.publisherRestrictions.vendors(purposeId: 2, restrictionType: .notAllowed) == [1, 2])
    }

    @Test func mistakes() throws {
        // Usage errors: no choice, two choices, no CMP id.
        #expect(try Self.encode([]).status == 2)
        #expect(try Self.encode(["--accept-all", "--reject-all"]).status == 2)
        #expect(try CommandLineTool.run(["encode", "--gvl", Self.v17, "--accept-all"]).status == 2)
        // A vendor the list does not hold, named.
        let unknown = try Self.encode(["--accept-all", "--vendors", "1,3"])
        #expect(unknown.status == 1 && unknown.stderr.contains("[3]"))
        // A policy-2 list today.
        let old = try CommandLineTool.run(["encode", "--gvl", Self.v51, "--cmp-id", "300", "--accept-all"])
        #expect(old.status == 1 && old.stderr.contains("tcf22.policyVersionTooOld"))
        // Unknown keys and out-of-range ids in the files, named with their path.
        let badChoice = try Self.withFile(#"{"purposeConsent": [1]}"#) { try Self.encode(["--choice", $0]) }
        #expect(badChoice.status == 1 && badChoice.stderr.contains(#"unknown key "purposeConsent""#))
        let badRestriction = try Self.withFile(#"[{"purposeId": 30, "restrictionType": 0}]"#) {
            try Self.encode(["--reject-all", "--restrictions", $0])
        }
        #expect(
            badRestriction.status == 1
                && badRestriction.stderr.contains("30 is out of range 1-24 (key [0].purposeId) [valueOutOfRange]")
        )
    }

    @Test func renew() throws {
        let cmp = GlobalVendorList.CMP(id: 300)
        let day2020 = try Timestamp(year: 2020, month: 9, day: 1)
        let old = try GVLFixtures.v51.tcString(for: .acceptAll, cmp: cmp, day: day2020).encoded()
        let output = try CommandLineTool.run([
            "renew", "--gvl", Self.v17, "--previous-gvl", Self.v51, "--today", "2021-12-01", old,
        ])
        #expect(output.status == 0)
        let json = try JSON(parsing: output.stdout)
        #expect(json["renew"] == .bool(true))
        guard case .array(let reasons)? = json["reasons"] else { throw CancellationError() }
        // Without --vendors the shown vendors are the string's Disclosed Vendors: none is new.
        #expect(
            reasons.map { $0["reason"] } == ["changedDeclarations", "policyVersion", "expired"].map { .string($0) }
        )
        #expect(reasons[1] == .object([("reason", .string("policyVersion")), ("string", .int(2)), ("list", .int(4))]))
        #expect(reasons[2]["ageDays"] == .int(456) && reasons[2]["maxAgeDays"] == .int(395))
        guard case .array(let changed)? = reasons[0]["vendors"], let first = changed.first else {
            throw CancellationError()
        }
        #expect(first.serialized().hasPrefix(#"{"vendorId":"#))

        let fresh = try GVLFixtures.v17.tcString(for: .rejectAll, cmp: cmp, day: Self.day).encoded()
        let none = try CommandLineTool.run(
            ["renew", "--gvl", Self.v17, "--today", "2026-11-25", "-"],
            stdin: fresh + "\nnot-a-string\n"
        )
        #expect(none.status == 1)
        let lines = none.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == #"{"renew":false,"reasons":[]}"#)
        #expect(lines.count == 2 && lines[1].hasPrefix(#"{"error":"#))
        let short = try CommandLineTool.run([
            "renew", "--gvl", Self.v17, "--today", "2026-11-25", "--max-age-days", "0", fresh,
        ])
        #expect(short.stdout == #"{"renew":false,"reasons":[]}"# + "\n")
        #expect(try CommandLineTool.run(["renew", fresh]).status == 2)
    }
}
