import Foundation
import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// `tcstring inapp` and the pre-parsed `IABGPP_<prefix>_<Field>` keys: printed for every section
/// of a GPP string, and checked by `inapp --read`.
@Suite struct PreParsedInAppCommandTests {
    static let tcf = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    /// Every pre-parsed key of the library is printed, beside every key printed before.
    @Test func printsEverySectionsFields() throws {
        let sections = try [(2, Self.tcf), (6, "1YNN"), (7, "BVQqAAAAAg")].map(GPPSection.init(id:encoded:))
        let text = try IABGPP.GPPString(sections: sections).encoded()
        let output = try CommandLineTool.run(["inapp", text])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try JSON(parsing: output.stdout)
        for (key, value) in try IABGPP.GPPString(encoded: text).preParsedInAppKeys() {
            let expected: JSON =
                switch value {
                case .int(let number): .int(number)
                case .string(let string): .string(string)
                case .bool(let flag): .bool(flag)
                }
            #expect(json[key] == expected, "\(key)")
        }
        #expect(json["IABGPP_USNAT_SaleOptOut"] == .int(2))
        #expect(json["IABGPP_USP1_OptOutSale"] == .string("N"))
        #expect(json["IABGPP_TCFEU2_CmpSdkID"] == .int(31))
        for key in ["IABGPP_HDR_GppString", "IABGPP_GppSID", "IABGPP_7_String", "IABTCF_TCString"] {
            #expect(json[key] != nil, "\(key)")
        }
    }

    /// A section that does not decode has no fields to print: an error, not a silent omission.
    @Test func aSectionThatDoesNotDecodeFails() throws {
        let output = try CommandLineTool.run(["inapp", "DBABL~BV"])
        #expect(output.status == 1)
    }

    /// `inapp --read`: a pre-parsed key out of step with the stored GPP string is a problem
    /// naming it; the keys as written agree.
    @Test func readReportsOutOfStepKeys() throws {
        let gpp = "DBABL~BVQqAAAAAg"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("preparsed-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        func problems(_ extra: String) throws -> JSON? {
            let keys = #"{"IABGPP_HDR_GppString": "\#(gpp)", "IABGPP_GppSID": "7", "IABGPP_USNAT_SharingNotice": 1"#
            try (keys + extra + "}").write(to: file, atomically: true, encoding: .utf8)
            let output = try CommandLineTool.run(["inapp", "--read", file.path, "--today", "2026-11-26"])
            #expect(output.status == 0, "\(output.stderr)")
            return try JSON(parsing: output.stdout)["problems"]
        }
        #expect(try problems("") == .array([]))
        #expect(
            try problems(#", "IABGPP_USNAT_SaleOptOut": "1", "IABGPP_USCA_Version": 1"#)
                == .array([
                    .string("IABGPP_USCA_Version differs from IABGPP_HDR_GppString"),
                    .string("IABGPP_USNAT_SaleOptOut differs from IABGPP_HDR_GppString"),
                ])
        )
    }
}
