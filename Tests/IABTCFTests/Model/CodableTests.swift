import Foundation
import IABTCF
import TCFJSON
import TestSupport
import Testing

@testable import IABTCF

/// `TCString` is `Codable` with exactly the CLI's JSON schema: `JSONDecoder` reads what
/// `tcstring decode` prints into the value the codec decodes, and `JSONEncoder` writes the same
/// members and values.
@Suite struct CodableTests {
    /// The vectors are TC strings (a GPP string's TCF EU v2 section is IABGPP's `TCString`, the
    /// same type).
    @Test(arguments: Fixtures.validDecodeVectors)
    func jsonDecoderReadsTheCLIOutput(_ vector: DecodeVector) throws {
        let expected = try TCString(encoded: vector.tcString)
        let text = expected.json.serialized()
        let decoded = try JSONDecoder().decode(TCString.self, from: Data(text.utf8))
        #expect(decoded == expected)
        // And back: JSONEncoder writes the same members with the same values.
        let encoded = try JSONEncoder().encode(decoded)
        let ours = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
        let cli = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary
        #expect(ours != nil && ours == cli)
    }

    @Test func decodingErrorsNameTheKey() throws {
        let valid = try TCString(encoded: Fixtures.validDecodeVectors[0].tcString)
        var object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(valid)) as! [String: Any]
        object["purposeConsents"] = [1, 99]
        let bad = try JSONSerialization.data(withJSONObject: object)
        #expect {
            try JSONDecoder().decode(TCString.self, from: bad)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["purposeConsents"]
        }
        object["purposeConsents"] = [1]
        object["version"] = 1
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(TCString.self, from: JSONSerialization.data(withJSONObject: object))
        }
        // Optional segments may be missing as well as null.
        object["version"] = 2
        object.removeValue(forKey: "publisherTC")
        object.removeValue(forKey: "disclosedVendors")
        let trimmed = try JSONDecoder().decode(TCString.self, from: JSONSerialization.data(withJSONObject: object))
        #expect(trimmed.publisherTC == nil && trimmed.disclosedVendors == nil && trimmed.cmpId == valid.cmpId)
    }
}
