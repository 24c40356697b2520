import Foundation
import IABGPP
import TestSupport
import Testing

/// `Codable` for `GPPString` and `GPPSection`: the schema `tcstring decode` prints, driven by the
/// section tables. A decoded string encodes with `JSONEncoder` and decodes back with
/// `JSONDecoder` to the same value, which re-encodes byte for byte with `.preservingLayout`.
@Suite struct CodableTests {
    static let models = 60

    /// `GPPValue.json` is JSON whatever a string holds: quotes, backslashes and control
    /// characters escaped, so Foundation's reader gives the same text back.
    @Test(arguments: ["EN", "A\"B", "back\\slash", "line\nbreak", "\u{1}", "</script>"])
    func stringValuesAreEscaped(_ text: String) throws {
        let json = GPPValue.string(text).json
        let read = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
        #expect(read as? String == text, "\(json)")
    }

    /// `gpp` through `JSONEncoder` and `JSONDecoder`.
    static func roundTrip(_ gpp: GPPString) throws -> GPPString {
        try JSONDecoder().decode(GPPString.self, from: try JSONEncoder().encode(gpp))
    }

    @Test(arguments: RandomSections.ids)
    func randomModelsRoundTrip(_ id: Int) throws {
        var random = RandomSections(seed: 0xC0DE + UInt64(id))
        for _ in 0..<Self.models {
            let text = try GPPString(sections: [random.section(id)]).encoded()
            let decoded = try GPPString(encoded: text)
            let again = try Self.roundTrip(decoded)
            #expect(again == decoded, "\(text)")
            #expect(try again.encoded(.preservingLayout) == text, "\(text)")
            // Without `value`, the fields alone give the same value.
            let fieldsOnly = try Self.withoutValues(try JSONEncoder().encode(decoded))
            #expect(try JSONDecoder().decode(GPPString.self, from: fieldsOnly) == decoded, "\(text)")
        }
    }

    @Test(arguments: SectionVector.all)
    func fixturesRoundTrip(_ vector: SectionVector) throws {
        let decoded = try GPPString(encoded: vector.gpp)
        let again = try Self.roundTrip(decoded)
        #expect(again == decoded)
        // Each section comes back byte for byte (the schema has no key for the header's padding).
        let sectionText = String(vector.gpp.split(separator: "~", maxSplits: 1)[1])
        #expect(try again.sections[0].encoded(.preservingLayout) == sectionText)
    }

    /// The keys and values of the schema: `name`, the fields by their keys (a Datetime as
    /// ISO-8601), the reading keys; TCF EU v2 as IABTCF's schema; an unknown id as its text.
    @Test func schemaShape() throws {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let gpp = try GPPString(encoded: "DBACNY~\(tc)~1YNN")
        let object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(gpp)) as? [String: Any])
        #expect(object["sectionIds"] as? [Int] == [2, 6])
        let sections = try #require(object["sections"] as? [[String: Any]])
        #expect(sections[0]["name"] as? String == "tcfeuv2" && sections[0]["value"] as? String == tc)
        #expect((sections[0]["fields"] as? [String: Any])?["cmpId"] as? Int == 31)
        #expect((object["tcfeuv2"] as? [String: Any])?["cmpId"] as? Int == 31)
        #expect((sections[1]["fields"] as? [String: Any])?["optOutSale"] as? String == "N")

        let canada = try GPPString(encoded: "DBABDA~BPXuQIAPXuQXoAfKABFRB-CYAPAAAAYAAAXnACuImIowAIFIAQSAE8AGmFhwADBQ")
        let entry = try #require(
            (try JSONSerialization.jsonObject(with: JSONEncoder().encode(canada)) as? [String: Any])?["sections"]
                as? [[String: Any]]
        )[0]
        #expect((entry["fields"] as? [String: Any])?["created"] as? String == "2022-04-20T00:00:00.000Z")
        #expect(entry["encoding"] as? String == "fibonacci" && entry["hasPubRestrictions"] as? Bool == true)

        let usnat = try GPPString(encoded: "DBABLA~BVQVAAAAAAGA.YA")
        let flagged = try #require(
            (try JSONSerialization.jsonObject(with: JSONEncoder().encode(usnat)) as? [String: Any])?["sections"]
                as? [[String: Any]]
        )[0]
        #expect(flagged["compatibility"] as? String == "usnatVersion1WithVersion2Widths")
        #expect(((flagged["fields"] as? [String: Any])?["sensitiveDataProcessing"] as? [Int])?.count == 16)

        let unknown = try Self.roundTrip(try GPPString(encoded: "DBABY~abc"))
        #expect(unknown.sections == [.unknown(id: 1, text: "abc")])
    }

    /// A Datetime reads from deciseconds too; a key the section does not have is an error.
    @Test func decodingChecksKeysAndTakesDeciseconds() throws {
        let json = #"{"sections":[{"name":"tcfcav1","fields":{"created":16516284000,"cmpId":5}}]}"#
        let gpp = try JSONDecoder().decode(GPPString.self, from: Data(json.utf8))
        guard case .tcfCaV1(let canada) = gpp.sections[0] else { throw CancellationError() }
        #expect(canada["Created"] == .int(16_516_284_000) && canada["CmpId"] == .int(5))
        let bogus = #"{"sections":[{"name":"usnat","fields":{"bogus":1}}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GPPString.self, from: Data(bogus.utf8)) }
    }

    /// The encoded JSON with every section's `value` removed.
    static func withoutValues(_ data: Data) throws -> Data {
        guard var object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
            let sections = object["sections"] as? [[String: Any]]
        else { return data }
        object["sections"] = sections.map { section in
            var section = section
            section.removeValue(forKey: "value")
            return section
        }
        return try JSONSerialization.data(withJSONObject: object)
    }
}
