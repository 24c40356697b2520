import Foundation
import IABTCF
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

/// `tcstring ads` on strings a CMP writes (`encode --gvl --choice`), and `tcstring permissions` on
/// a vendor the string does not disclose.
@Suite struct AdsCommandTests {
    static let v17 = GVLFixtures.directory.appendingPathComponent(GVLFixtures.v17Name).path

    /// The string `encode --gvl` writes for a choice flag on 2026-11-25.
    static func encode(_ choice: [String]) throws -> String {
        let output = try CommandLineTool.run(
            ["encode", "--gvl", v17, "--cmp-id", "300", "--date", "2026-11-25"] + choice
        )
        #expect(output.status == 0, "\(output.stderr)")
        return output.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func ads(_ arguments: [String], stdin: String? = nil) throws -> CommandLineTool.Output {
        // The default day unless the arguments name one (an option that takes a value is given once).
        let today = arguments.contains("--today") ? [] : ["--today", "2026-11-26"]
        return try CommandLineTool.run(["ads"] + today + arguments, stdin: stdin)
    }

    /// The mode and the modes named by `missingPurposes` reasons.
    static func read(_ line: Substring) throws -> (vendor: JSON?, mode: JSON?, better: [String]) {
        let json = try JSON(parsing: String(line))
        guard case .array(let reasons)? = json["reasons"] else { return (json["vendor"], json["mode"], []) }
        let better = reasons.compactMap { reason -> String? in
            guard case .string(let mode)? = reason["mode"] else { return nil }
            return mode
        }
        return (json["vendor"], json["mode"], better)
    }

    /// Accept All: personalized. Reject All: no purpose, only technical ad delivery. Purpose 1
    /// and Google's consent only (legitimate interests as Accept All's, not objected to):
    /// non-personalized, missing purposes 3 and 4.
    @Test func choicesACMPWrites() throws {
        let acceptAll = try Self.encode(["--accept-all"])
        let output = try Self.ads([acceptAll])
        #expect(output.status == 0 && output.stdout == #"{"vendor":755,"mode":"personalized","reasons":[]}"# + "\n")

        let rejectAll = try Self.ads([try Self.encode(["--reject-all"])])
        let rejected = try Self.read(rejectAll.stdout.dropLast())
        #expect(rejected.mode == .string("technical"))
        #expect(rejected.better == ["personalized", "nonPersonalized", "limited"])

        let choice = #"{"purposeConsents": [1], "vendorConsents": [755]}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tcstring-\(UUID()).json")
        try Data(choice.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let purposeOne = try Self.ads([try Self.encode(["--choice", url.path])])
        #expect(
            purposeOne.stdout
                == #"{"vendor":755,"mode":"nonPersonalized","reasons":[{"reason":"missingPurposes","mode":"personalized","purposes":[{"purpose":3,"needs":"consent","reason":"noPurposeConsent"},{"purpose":4,"needs":"consent","reason":"noPurposeConsent"}]}]}"#
                + "\n"
        )
        // Another vendor: Xandr (32) has no consent in that choice, only its legitimate interest.
        let xandr = try Self.read(
            try Self.ads(["--vendor", "32", try Self.encode(["--choice", url.path])]).stdout.dropLast()
        )
        #expect(xandr.vendor == .int(32) && xandr.mode == .string("limited"))
    }

    /// One line out per line in; a blank line or one that does not decode gives an error object
    /// carrying its 1-based `line`, and exit 1.
    @Test func standardInputAndErrors() throws {
        let acceptAll = try Self.encode(["--accept-all"])
        let output = try Self.ads(
            ["--gdpr-applies", "true", "-"],
            stdin: "\(acceptAll)\n\nnot-a-string\n\(acceptAll)\n"
        )
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(try Self.read(lines[0]).mode == .string("personalized"))
        let empty = try JSON(parsing: String(lines[1]))
        #expect(empty["error"]?["code"] == .string("emptyString") && empty["error"]?["line"] == .int(2))
        let error = try JSON(parsing: String(lines[2]))
        #expect(error["error"]?["line"] == .int(3) && error["error"]?["code"] != nil)
        #expect(try Self.read(lines[3]).mode == .string("personalized"))
        #expect(output.stderr.hasPrefix("tcstring: line 2: "))

        let operand = try Self.ads(["not-a-string"])
        let operandError = try JSON(parsing: operand.stdout)
        #expect(operand.status == 1 && operandError["error"]?["code"] != nil)
    }

    /// Issue 46, item 6: a string dated after the day after `--today` records no choice: `ads`
    /// answers none (`futureDated`) and `renew` renews it; the day after `--today` is still fresh.
    @Test func aFutureDatedString() throws {
        let acceptAll = try Self.encode(["--accept-all"])  // 2026-11-25
        let dates =
            #""created":"2026-11-25T00:00:00.000Z","lastUpdated":"2026-11-25T00:00:00.000Z","today":"2026-11-23T00:00:00.000Z""#
        #expect(
            try Self.ads(["--today", "2026-11-23", acceptAll]).stdout
                == #"{"vendor":755,"mode":"none","reasons":[{"reason":"futureDated","#
                + dates + "}]}\n"
        )
        #expect(
            try Self.read(try Self.ads(["--today", "2026-11-24", acceptAll]).stdout.dropLast()).mode
                == .string("personalized")
        )
        let renew = try CommandLineTool.run(["renew", "--gvl", Self.v17, "--today", "2026-11-23", acceptAll])
        #expect(renew.stdout == #"{"renew":true,"reasons":[{"reason":"futureDated","# + dates + "}]}\n")
        let fresh = try CommandLineTool.run(["renew", "--gvl", Self.v17, "--today", "2026-11-24", acceptAll])
        #expect(fresh.stdout == #"{"renew":false,"reasons":[]}"# + "\n")
    }

    @Test func flags() throws {
        let acceptAll = try Self.encode(["--accept-all"])
        // 13 months: 2026-11-25 + 396 days is too old.
        let old = try Self.ads(["--today", "2027-12-26", acceptAll])
        #expect(
            old.stdout
                == #"{"vendor":755,"mode":"none","reasons":[{"reason":"expired","lastUpdated":"2026-11-25T00:00:00.000Z","ageDays":396,"maxAgeDays":395}]}"#
                + "\n"
        )
        #expect(
            try Self.read(
                try Self.ads(["--today", "2027-12-26", "--max-age-days", "400", acceptAll]).stdout.dropLast()
            ).mode == .string("personalized")
        )
        let rejectAll = try Self.encode(["--reject-all"])
        #expect(
            try Self.ads(["--gdpr-applies", "false", rejectAll]).stdout
                == #"{"vendor":755,"mode":"personalized","reasons":[{"reason":"gdprDoesNotApply"}]}"# + "\n"
        )
        // --gdpr-applies takes the in-app key's 1 and 0 as well, as every command does.
        #expect(
            try Self.ads(["--gdpr-applies", "0", rejectAll]).stdout
                == Self.ads(["--gdpr-applies", "false", rejectAll]).stdout
        )
        #expect(try Self.ads(["--gdpr-applies", "1", rejectAll]).stdout == Self.ads([rejectAll]).stdout)
        // Vendor 9 is not in the v17 list, so the notice never showed it.
        #expect(
            try Self.ads(["--vendor", "9", acceptAll]).stdout
                == #"{"vendor":9,"mode":"none","reasons":[{"reason":"notDisclosed"}]}"# + "\n"
        )
        for bad in [
            ["--vendor", "0"], ["--vendor", "65536"], ["--gdpr-applies", "yes"], ["--max-age-days", "-1"],
            ["--today", "2026-1-1"],
        ] {
            #expect(try Self.ads(bad + [acceptAll]).status == 2, "\(bad)")
        }
    }

    /// `tcstring permissions`: a vendor the segment leaves out gets `notDisclosed` everywhere, even
    /// with its consent bit set.
    @Test func permissionsRefuseUndisclosedVendors() throws {
        var tc = TCString(
            created: Timestamp(iso8601: "2026-11-25")!,
            cmpId: 300,
            vendorListVersion: 17,
            policyVersion: 4
        )
        tc.purposeConsents = try PurposeSet(1...11)
        tc.specialFeatureOptIns = [1, 2]
        tc.vendorConsents = [10, 32, 755]
        tc.disclosedVendors = [10, 755]
        let output = try CommandLineTool.run(["permissions", "--gvl", Self.v17, "--vendor", "10,32", try tc.encoded()])
        #expect(output.status == 0)
        let lines = try output.stdout.split(separator: "\n").map { try JSON(parsing: String($0)) }
        #expect(lines.count == 2)
        #expect(lines[0]["purposes"]?["1"]?["allowed"] == .bool(true))
        for section in ["purposes", "specialPurposes", "specialFeatures"] {
            guard case .object(let cells)? = lines[1][section] else {
                Issue.record("no \(section)")
                continue
            }
            #expect(!cells.isEmpty)
            for (_, cell) in cells {
                #expect(cell["allowed"] == .bool(false) && cell["reason"] == .string("notDisclosed"))
            }
        }
        let findings = try CommandLineTool.run(["validate", try tc.encoded()])
        #expect(findings.stdout.contains("tcf23.vendorNotDisclosed: VendorConsents sets vendors [32]"))
    }
}

/// `tcstring inapp` of a GPP string: the IABGPP_ keys next to the IABTCF_ keys of its TCF EU section.
@Suite struct InAppGPPCommandTests {
    @Test func gppKeys() throws {
        let section = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let output = try CommandLineTool.run(["inapp", "DBACNY~\(section)~1YNN"])
        #expect(output.status == 0)
        let json = try JSON(parsing: output.stdout)
        #expect(json["IABGPP_HDR_GppString"] == .string("DBACNY~\(section)~1YNN"))
        #expect(json["IABGPP_GppSID"] == .string("2_6"))
        #expect(json["IABGPP_2_String"] == .string(section) && json["IABTCF_TCString"] == .string(section))
        #expect(json["IABTCF_CmpSdkID"] == .int(31))
        // The IABTCF_ keys are those of the section alone.
        let plain = try JSON(parsing: CommandLineTool.run(["inapp", section]).stdout)
        guard case .object(let gppMembers) = json, case .object(let plainMembers) = plain else {
            Issue.record("not objects")
            return
        }
        #expect(JSON.object(gppMembers.filter { $0.0.hasPrefix("IABTCF_") }) == JSON.object(plainMembers))
        // IABGPP_HDR_GppString, _GppSID, _HDR_Version, _HDR_Sections, _2_String, _6_String, and
        // the pre-parsed keys (PreParsedInAppCommandTests).
        let preParsed = gppMembers.filter { $0.0.hasPrefix("IABGPP_TCFEU2_") || $0.0.hasPrefix("IABGPP_USP1_") }
        #expect(!preParsed.isEmpty && gppMembers.count == plainMembers.count + 6 + preParsed.count)
        #expect(json["IABGPP_HDR_Version"] == .string("1") && json["IABGPP_HDR_Sections"] == .string("2_6"))
        #expect(json["IABGPP_6_String"] == .string("1YNN"))
        // A US-only string has its IABGPP_ keys too (no IABTCF_ key).
        let us = try JSON(parsing: CommandLineTool.run(["inapp", "DBABLA~BVQVAAAAAWA.QA"]).stdout)
        #expect(us["IABGPP_7_String"] == .string("BVQVAAAAAWA.QA") && us["IABGPP_GppSID"] == .string("7"))
        #expect(us["IABTCF_TCString"] == nil)
    }
}
