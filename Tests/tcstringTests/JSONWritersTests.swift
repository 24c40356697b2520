import Foundation
import IABTCF
import TCFJSON
import Testing

/// The decode schema has three writers, all formatting values through `OutputBuffer`: `Codable`
/// (through `Timestamp.description` and `TwoLetterCode.description`), the JSON tree
/// (`json.serialized()`) and the batch path's byte writer (`writeJSON(to:)`). They agree on seeded
/// random strings.
@Suite struct JSONWritersTests {
    /// The value with every object's members in key order, so that `JSONEncoder`'s member order
    /// does not matter.
    func sorted(_ json: JSON) -> JSON {
        switch json {
        case .object(let members): .object(members.map { ($0.0, sorted($0.1)) }.sorted { $0.0 < $1.0 })
        case .array(let items): .array(items.map(sorted))
        default: json
        }
    }

    @Test func codableTreeAndByteWriterAgree() throws {
        var rng = SplitMix64(seed: 40)
        for _ in 0..<400 {
            var model = RandomModels.model(&rng)
            // Every 12-bit code, including those outside A-Z and `\`, which JSON escapes.
            model.consentLanguage = TwoLetterCode(rawValue: Int(rng.next() & 0xFFF))
            model.publisherCountryCode = TwoLetterCode(rawValue: Int(rng.next() & 0xFFF))
            let value = try TCString(encoded: model.encoded())
            let tree = value.json.serialized()
            var bytes = OutputBuffer(capacity: 16)
            value.writeJSON(to: &bytes)
            #expect(String(decoding: bytes.bytes, as: UTF8.self) == tree)
            let codable = try JSON(parsing: String(decoding: JSONEncoder().encode(value), as: UTF8.self))
            #expect(sorted(codable) == sorted(value.json))
        }
    }
}
