import Foundation
import IABTCF
import TCFJSON
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

    /// `validate --today`: Created or LastUpdated after the day after it (`tcf.dateInFuture`, one day
    /// of clock skew allowed) and a time of day (`tcf.timestampNotWholeDay`); without it, neither
    /// rule runs; with `--gvl`, both the list's rules and the day's.
    @Test func validateOnADay() throws {
        let march = "CQgYw8AQgYw8AAHAAAENCWFgAAAAAAAAAAAAABqAAAAA.IABq"  // Created = LastUpdated = 2026-03-01
        func rules(_ arguments: [String]) throws -> [JSON] {
            let output = try CommandLineTool.run(["validate", "--json"] + arguments)
            guard case .array(let findings)? = try JSON(parsing: output.stdout)["findings"] else { return [] }
            #expect(output.status == (findings.isEmpty ? 0 : 1))
            return findings.compactMap { $0["rule"] }
        }
        #expect(try rules([march]) == [])
        #expect(try rules(["--today", "2026-02-28", march]) == [])
        #expect(try rules(["--today", "2026-02-27", march]) == [.string("tcf.dateInFuture")])
        var noon = try TCString(encoded: march)
        noon.created = Timestamp(deciseconds: noon.created.deciseconds + 12 * 36_000)
        noon.lastUpdated = noon.created
        let text = try noon.encoded()
        #expect(try rules([text]) == [])
        #expect(
            try rules(["--today", "2026-03-01", text])
                == [.string("tcf.timestampNotWholeDay"), .string("tcf.timestampNotWholeDay")]
        )
        let gvl = GVLFixtures.directory.appendingPathComponent(GVLFixtures.v17Name).path
        let withList = try rules(["--gvl", gvl, "--today", "2026-02-27", march])
        #expect(
            withList.contains(.string("tcf.dateInFuture")) && withList.contains(.string("gvl.vendorListVersionAhead"))
        )
        #expect(try CommandLineTool.run(["validate", "--today", "2026-2-27", march]).status == 2)
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
