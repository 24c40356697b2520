import Foundation
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// `tcstring encode` and `tcstring reencode`: a canonical vector, defaults, errors, a layout kept.
@Suite struct EncodeCommandTests {
    @Test func commandLineEncodeAndReencode() throws {
        let vector = Fixtures.canonicalVectors[0]
        let encoded = try CommandLineTool.run(["encode", "-"], stdin: vector.modelText)
        #expect(encoded.status == 0)
        #expect(encoded.stdout == vector.tcString + "\n")
        // Missing optional keys take defaults; timestamps default to today's UTC midnight.
        let minimal = try CommandLineTool.run(
            ["encode"],
            stdin: #"{"cmpId": 7, "vendorListVersion": 150, "vendorConsents": [1, 3]}"#
        )
        let decoded = try TCString(encoded: String(minimal.stdout.dropLast()))
        #expect(decoded.cmpId == 7 && decoded.vendorConsents == [1, 3] && decoded.policyVersion == 5)
        #expect(decoded.created == decoded.lastUpdated && decoded.created.deciseconds % 864_000 == 0)
        #expect(decoded.disclosedVendors == [1, 3] && decoded.validate() == [])
        let bad = try CommandLineTool.run(
            ["encode"],
            stdin: #"{"cmpId": 7, "vendorListVersion": 150, "purposeConsents": [25]}"#
        )
        #expect(
            bad.status == 1 && bad.stdout.isEmpty
                && bad.stderr == "tcstring: 25 is out of range 1-24 (key purposeConsents[0]) [valueOutOfRange]\n"
        )
        let notJSON = try CommandLineTool.run(["encode"], stdin: "{")
        #expect(notJSON.status == 1 && notJSON.stderr.contains("invalid JSON"))
        let e7 = Fixtures.validDecodeVectors.first { $0.tcString.hasSuffix("=") }!
        let reencoded = try CommandLineTool.run(["reencode", e7.tcString])
        #expect(reencoded.stdout == e7.tcString + "\n")
        #expect(try CommandLineTool.run(["reencode", "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"]).status == 1)
    }
}
