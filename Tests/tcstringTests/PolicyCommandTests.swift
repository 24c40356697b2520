import Foundation
import IABTCF
import TCStringToolSupport
import TestSupport
import Testing

/// `tcstring validate` and `tcstring inapp` (the library's policy and in-app keys are tested in IABTCFTests).
@Suite struct PolicyCommandTests {
    @Test func commandLineValidate() throws {
        let acceptAll = try Fixtures.corpusLines()[0]
        let valid = try CommandLineTool.run(["validate", acceptAll])
        #expect(valid.status == 0 && valid.stdout == "valid: no policy findings\n")
        let specExample = try CommandLineTool.run(["validate", Fixtures.validDecodeVectors[0].tcString])
        #expect(specExample.status == 1 && specExample.stdout.hasPrefix("tcf22.policyVersionTooOld: "))
        let json = try CommandLineTool.run(["validate", "--json", Fixtures.validDecodeVectors[0].tcString])
        #expect(try JSON(parsing: json.stdout)["valid"] == .bool(false))
        #expect(try CommandLineTool.run(["validate", "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"]).status == 1)
    }

    @Test func commandLineInApp() throws {
        let e17 = "COwAdDhOwAdDhN4ABAENAPCgAAQAAv___wAAAFP_AAp_4AI6ACACAA"
        let output = try CommandLineTool.run(["inapp", e17, "--gdpr-applies", "false"])
        #expect(output.status == 0)
        let json = try JSON(parsing: output.stdout)
        #expect(json["IABTCF_gdprApplies"] == .int(0))
        #expect(json["IABTCF_CmpSdkID"] == .int(888))
        #expect(json["IABTCF_PublisherRestrictions7"] == .string(String(repeating: "_", count: 31) + "1"))
        #expect(try JSON(parsing: CommandLineTool.run(["inapp", e17]).stdout)["IABTCF_gdprApplies"] == nil)
    }
}
