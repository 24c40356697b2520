import Foundation
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// The schema's key tables (`SchemaKey`) are what every writer writes, in their order: `decode` of
/// one string, `decode -` in batch, the JSON tree, and `Codable`; and what `encode` reads.
@Suite struct DecodeSchemaTests {
    typealias Key = TCString.SchemaKey

    /// Seeded random models with every part of the schema: restrictions and a publisher segment.
    static let models: [TCString] = {
        var rng = SplitMix64(seed: 28)
        var models: [TCString] = []
        while models.count < 20 {
            let value = RandomModels.model(&rng)
            if !value.publisherRestrictions.isEmpty && value.publisherTC != nil { models.append(value) }
        }
        return models
    }()

    func keys(_ json: JSON?) -> [String]? {
        guard case .object(let members)? = json else { return nil }
        return members.map(\.0)
    }

    /// The object's keys, its restrictions' and its publisher segment's are the tables, in order.
    func expectSchemaKeys(_ json: JSON) {
        #expect(keys(json) == Key.allCases.map(\.rawValue))
        guard case .array(let entries)? = json[Key.publisherRestrictions.rawValue] else {
            Issue.record("no restrictions in \(json.brief)")
            return
        }
        #expect(!entries.isEmpty)
        for entry in entries { #expect(keys(entry) == PublisherRestriction.SchemaKey.allCases.map(\.rawValue)) }
        #expect(keys(json[Key.publisherTC.rawValue]) == PublisherTC.SchemaKey.allCases.map(\.rawValue))
    }

    @Test func decodeWritesTheTablesInOrder() throws {
        let strings = try Self.models.map { try $0.encoded() }
        let batch = try CommandLineTool.run(["decode", "-"], stdin: strings.joined(separator: "\n"))
        let lines = batch.stdout.split(separator: "\n")
        #expect(batch.status == 0 && lines.count == strings.count)
        for line in lines { expectSchemaKeys(try JSON(parsing: String(line))) }
        let single = try CommandLineTool.run(["decode", strings[0]])
        expectSchemaKeys(try JSON(parsing: single.stdout))
        for value in Self.models { expectSchemaKeys(value.json) }
    }

    /// `JSONEncoder` keeps no order, so its keys are compared as sets.
    @Test func codableWritesTheTables() throws {
        for value in Self.models {
            let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(value)) as? [String: Any]
            #expect(object.map { Set($0.keys) } == Set(Key.allCases.map(\.rawValue)))
            let restrictions = object?[Key.publisherRestrictions.rawValue] as? [[String: Any]] ?? []
            #expect(!restrictions.isEmpty)
            for entry in restrictions {
                #expect(Set(entry.keys) == Set(PublisherRestriction.SchemaKey.allCases.map(\.rawValue)))
            }
            let publisher = object?[Key.publisherTC.rawValue] as? [String: Any]
            #expect(publisher.map { Set($0.keys) } == Set(PublisherTC.SchemaKey.allCases.map(\.rawValue)))
        }
    }

    /// `encode` reads every key of the tables: an object holding each, as `decode` writes it, is
    /// accepted, and a misspelt key is refused naming the key it resembles.
    @Test func encodeReadsTheTables() throws {
        let value = Self.models[0]
        #expect(try TCString(json: value.json, today: Timestamp(deciseconds: 0)) == value)
        for key in Key.allCases {
            guard case .object(var members) = value.json else { return }
            let index = try #require(members.firstIndex { $0.0 == key.rawValue })
            members[index].0 = key.rawValue.uppercased()
            let error = #expect(throws: ModelError.self) {
                try TCString(json: .object(members), today: Timestamp(deciseconds: 0))
            }
            #expect(error?.problem.hasSuffix("(did you mean \"\(key.rawValue)\"?)") == true, "\(key)")
        }
    }
}
