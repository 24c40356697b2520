import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// `tcstring consent-mode`: Google's documented values for accept all, reject all and a US opt-out.
@Suite struct ConsentModeCommandTests {
    static func run(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, json: JSON?, out: String) {
        let output = try CommandLineTool.run(["consent-mode", "--today", "2026-11-26"] + arguments, stdin: stdin)
        return (output.status, try? JSON(parsing: output.stdout), output.stdout)
    }

    static func values(_ json: JSON?) -> [String] {
        guard case .object(let members)? = json else { return [] }
        return members.prefix(4).map { name, value in
            guard case .string(let text) = value else { return name + "?" }
            return name + "=" + text
        }
    }

    static func reasons(_ json: JSON?) -> [String] {
        guard case .object(let members)? = json, case .array(let reasons)? = members.last?.1 else { return [] }
        return reasons.map { reason in
            guard case .object(let fields) = reason, case .string(let name)? = fields.first?.1 else { return "?" }
            return name
        }
    }

    static func acceptAll() throws -> TCString {
        var tc = try TrackingFixtures.acceptAll()
        tc.created = Timestamp(iso8601: "2026-11-01")!
        tc.lastUpdated = tc.created
        tc.vendorConsents = try VendorSet(Array(1...50) + [755])
        tc.disclosedVendors = try VendorSet(Array(1...50) + [755])
        return tc
    }

    @Test func acceptAllRejectAllAndAUSOptOut() throws {
        let accept = try Self.acceptAll().encoded()
        let granted = try Self.run(["--att", "authorized", accept])
        #expect(granted.status == 0)
        #expect(
            granted.out
                == #"{"analytics_storage":"granted","ad_storage":"granted","ad_user_data":"granted","ad_personalization":"granted","reasons":[]}"#
                + "\n"
        )
        var reject = try Self.acceptAll()
        reject.purposeConsents = []
        reject.vendorConsents = []
        let denied = try Self.run([try reject.encoded()])
        #expect(
            Self.values(denied.json) == [
                "analytics_storage=denied", "ad_storage=denied", "ad_user_data=denied", "ad_personalization=denied",
            ]
        )
        #expect(Self.reasons(denied.json) == Array(repeating: "purposeNotConsented", count: 5) + ["vendorNotConsented"])
        var section = try #require(USSection(id: 8))
        for field in ["SaleOptOut", "SharingOptOut"] { section[field] = .int(2) }
        section["SharingOptOut"] = .int(1)
        let optOut = try GPPString(sections: [.us(section)]).encoded()
        let us = try Self.run(["--gdpr-applies", "false", "--gpp-string", optOut, accept])
        #expect(
            Self.values(us.json) == [
                "analytics_storage=granted", "ad_storage=granted", "ad_user_data=denied", "ad_personalization=denied",
            ]
        )
        #expect(Self.reasons(us.json) == ["gdprDoesNotApply", "usOptOut"])
        // The GPP string as the operand reads as IABGPP_HDR_GppString, as in tcstring ads.
        #expect(Self.values(try Self.run([optOut]).json) == Self.values(us.json))
    }

    @Test func attDeniedAndStandardInput() throws {
        let accept = try Self.acceptAll().encoded()
        let lines = try Self.run(["--att", "2", "-"], stdin: accept + "\n" + accept + "\n")
        #expect(lines.status == 0)
        let rows = lines.out.split(separator: "\n").map { try? JSON(parsing: String($0)) }
        #expect(rows.count == 2)
        #expect(
            Self.values(rows[0]) == [
                "analytics_storage=granted", "ad_storage=denied", "ad_user_data=denied", "ad_personalization=denied",
            ]
        )
        #expect(Self.reasons(rows[1]) == ["att"])
        let usage = try CommandLineTool.run(["consent-mode", "--att", "maybe", accept])
        #expect(usage.status == 2 && usage.stderr.contains("--att takes"))
        #expect(try Self.run(["CPnotastring!"]).status == 1)
    }
}
