import Foundation
import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// The one writer of the GPP decode schema (`traverse` and its visitors: the JSON tree `tcstring
/// decode` prints, `Codable`'s encoding) and the one reader (`GPPString(schema:rules:)`, which
/// `tcstring encode` and `Codable`'s decoding share).
@Suite struct GPPJSONTests {
    /// Every GPP string of the vectors: one per line of `Fixtures/gpp/sections.tsv` and of
    /// `Fixtures/gpp/bench.txt` (TCF EU v2 and TCF Canada among them), and the empty string.
    static let vectors: [String] = {
        let bench =
            (try? String(contentsOf: Fixtures.directory.appendingPathComponent("gpp/bench.txt"), encoding: .utf8))
            .map { $0.split(separator: "\n").map(String.init) } ?? []
        return SectionVector.all.map(\.gpp) + bench + ["DBAA"]
    }()

    static var rules: GPPSchemaRules { .lenient(today: Timestamp(deciseconds: 17_000_000_000)) }
    static let models = 40

    /// `decoded`'s decode JSON, serialised and parsed again as `tcstring encode` reads it.
    static func reparsed(_ decoded: GPPString, text: String? = nil) throws -> JSON {
        try JSON(parsing: decoded.json(text: text).serialized())
    }

    /// `json` with every section's `value` left out: only the fields say what the section holds.
    static func withoutValues(_ json: JSON) -> JSON {
        guard case .object(let members) = json else { return json }
        return .object(
            members.map { key, value in
                guard key == "sections", case .array(let sections) = value else { return (key, value) }
                return (
                    key,
                    .array(
                        sections.map { section in
                            guard case .object(let members) = section else { return section }
                            return .object(members.filter { $0.0 != "value" })
                        }
                    )
                )
            }
        )
    }

    /// Asserts that `text`'s decode JSON reads back, by both readers, to the value decoded, whose
    /// sections encode to `text`'s again byte for byte (the schema has no key for the header's
    /// padding, so the header comes back canonical); and from its fields alone to the same value.
    static func expectRoundTrip(_ text: String) throws {
        let decoded = try GPPString(encoded: text)
        let json = try reparsed(decoded, text: text)
        let parts = text.split(separator: "~", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let read = try GPPString(schema: json, rules: rules)
        let codable = try JSONDecoder().decode(GPPString.self, from: Data(json.serialized().utf8))
        for again in [read, codable] {
            #expect(again == decoded, "\(text)")
            #expect(try again.sections.map { try $0.encoded(.preservingLayout) } == parts, "\(text)")
            #expect(try again.encoded() == decoded.encoded(), "\(text)")
        }
        let fieldsOnly = try GPPString(schema: withoutValues(json), rules: rules)
        #expect(fieldsOnly == decoded, "\(text)")
        #expect(try fieldsOnly.encoded() == decoded.encoded(), "\(text)")
    }

    @Test(arguments: vectors)
    func vectorsRoundTrip(_ text: String) throws {
        try Self.expectRoundTrip(text)
    }

    /// Seeded random sections of every id with a table (``RandomSections/ids``, from
    /// `GPPSection.supportedIds`, so a new section is covered the day its row exists), alone and
    /// two together.
    @Test(arguments: RandomSections.ids)
    func randomSectionsRoundTrip(_ id: Int) throws {
        var random = RandomSections(seed: 0x6A50 + UInt64(id))
        for _ in 0..<Self.models {
            try Self.expectRoundTrip(try GPPString(sections: [random.section(id)]).encoded())
            let other = RandomSections.ids[random.int(RandomSections.ids.count)]
            guard other != id else { continue }
            let pair = [random.section(id), random.section(other)].sorted { $0.id < $1.id }
            try Self.expectRoundTrip(try GPPString(sections: pair).encoded())
        }
    }

    /// `Codable`'s encoding is the same walk as the JSON tree: the same object, member for member.
    @Test(arguments: vectors)
    func codableEncodingIsTheTree(_ text: String) throws {
        let decoded = try GPPString(encoded: text)
        let tree = try JSONSerialization.jsonObject(with: Data(decoded.json().serialized().utf8)) as? NSDictionary
        let codable = try JSONSerialization.jsonObject(with: JSONEncoder().encode(decoded)) as? NSDictionary
        #expect(tree != nil && tree == codable, "\(text)")
        for section in decoded.sections {
            let tree = try JSONSerialization.jsonObject(
                with: Data(section.json(value: try section.encoded(.preservingLayout)).serialized().utf8)
            )
            let codable = try JSONSerialization.jsonObject(with: JSONEncoder().encode(section))
            #expect((tree as? NSDictionary) == (codable as? NSDictionary), "\(text) section \(section.id)")
        }
    }

    /// Text the writer does not control (an unknown section's text, a failed section's text and
    /// its error) is escaped: a JSON reader gives back exactly the text, and the tree's bytes are
    /// what Foundation reads.
    @Test(arguments: ["a\"b", "back\\slash", "line\nbreak\r\t", "\u{0}\u{1}\u{1f}", "</script>", "é😀", "\u{7f}"])
    func hostileTextIsEscaped(_ hostile: String) throws {
        let model = GPPString(sections: [.unknown(id: 1, text: hostile)])
        for data in [Data(model.json().serialized().utf8), try JSONEncoder().encode(model)] {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let sections = try #require(object["sections"] as? [[String: Any]])
            #expect(sections.first?["value"] as? String == hostile)
        }
        #expect(try JSONDecoder().decode(GPPString.self, from: JSONEncoder().encode(model)) == model)
        #expect(try GPPString(schema: Self.reparsed(model), rules: Self.rules) == model)

        // A usnat section that does not decode keeps its text; its error object is JSON too.
        if let failing = try? GPPString(encoded: "DBABL~" + hostile), let failure = failing.failedSections.first {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(failing.json().serialized().utf8)) as? [String: Any]
            )
            let section = try #require((object["sections"] as? [[String: Any]])?.first)
            #expect(section["value"] as? String == failure.text)
            #expect((section["error"] as? [String: Any])?["message"] as? String == "\(failure.error)")
        }
        #expect(GPPValue.string(hostile).json == JSON.string(hostile).serialized())
    }

    /// The two readers share the rules of `encode`: sections and ids in any order come out in the
    /// canonical order, and an unknown key is named with the nearest one. They differ only in the
    /// defaults: a Datetime left out is today's day for `encode`, the table's default for `Codable`.
    @Test func readersShareOneRuleBook() throws {
        let text = #"""
            {"sections":[{"name":"uspv1","fields":{"notice":"Y"}},
            {"id":5,"fields":{"cmpId":3,"vendorExpressConsent":[9,2,9,4]}}]}
            """#
        let lenient = try GPPString(schema: try JSON(parsing: text), rules: Self.rules)
        let codable = try JSONDecoder().decode(GPPString.self, from: Data(text.utf8))
        for read in [lenient, codable] {
            #expect(read.sectionIds == [5, 6])
            guard case .tcfCaV1(let canada) = read.sections.first else {
                Issue.record("no TCF Canada section")
                continue
            }
            #expect(canada["VendorExpressConsent"] == .ids([2, 4, 9]))
        }
        if case .tcfCaV1(let canada) = lenient.sections[0], case .tcfCaV1(let table) = codable.sections[0] {
            #expect(canada["Created"] == .int(Int(Self.rules.today!.startOfDay.deciseconds)))
            #expect(canada["LastUpdated"] == canada["Created"])
            #expect(table["Created"] == GPPDataType.datetime.defaultValue)
        }

        let typo = #"{"sections":[{"name":"usnat","fields":{"saleOptOutt":1}}]}"#
        #expect {
            try GPPString(schema: try JSON(parsing: typo), rules: Self.rules)
        } throws: { error in
            "\(error)"
                == #"unknown key "saleOptOutt" (did you mean "saleOptOut"?) (key sections[0].fields) [unknownKey]"#
        }
        #expect {
            try JSONDecoder().decode(GPPString.self, from: Data(typo.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription.contains(#"(did you mean "saleOptOut"?)"#)
        }
        let twice = #"{"sections":[{"id":6,"fields":{}},{"name":"uspv1","fields":{}}]}"#
        #expect(throws: (any Error).self) { try GPPString(schema: try JSON(parsing: twice), rules: Self.rules) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(GPPString.self, from: Data(twice.utf8)) }
    }
}
