package import IABTCF
package import TCFJSON

// The one reader of the GPP decode schema, over the JSON tree: `tcstring encode` reads a parsed
// document with it, `Codable`'s decoding the tree a `Decoder` holds. The two differ only in their
// rules (``GPPSchemaRules``): the defaults of what is left out and how section 2's TC string is
// read. Both take ids and sections in any order and write them in the canonical order, and both
// name an unknown key with the nearest known one. Every field comes from the section tables
// (``GPPSection/fieldType(key:sectionId:)``), so a new section's table is read the day it exists.
// Errors are `ModelError`s, the TC string reader's dialect, naming the key's JSON path.

/// The rules of a reading of the GPP decode schema.
package struct GPPSchemaRules {
    /// `tcstring encode`'s: a Datetime left out is `today` at 00:00 UTC (LastUpdated is Created),
    /// as for a TC string's Created and LastUpdated; `nil` (`Codable`): the tables' default.
    package var today: Timestamp?
    /// Reads section 2's `fields` (at the path given), a TC string in IABTCF's schema.
    package var tcString: (JSON, String) throws -> TCString

    /// The rules of `tcstring encode`: dates default to `today`'s day and section 2 is read as
    /// `TCString(json:today:)` reads a TC string.
    package static func lenient(today: Timestamp) -> GPPSchemaRules {
        GPPSchemaRules(today: today) { json, _ in try TCString(json: json, today: today) }
    }

    /// Rules with `today` and `tcString`.
    package init(today: Timestamp?, tcString: @escaping (JSON, String) throws -> TCString) {
        self.today = today
        self.tcString = tcString
    }
}

/// `key` at `path`: `sections[0].fields`.
private func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : path + "." + key }

extension GPPString {
    /// The keys of a GPP string's object.
    package static let objectKeys = ["gppVersion", "sectionIds", "tcfeuv2", "sections"]

    /// A GPP string from the decode schema: `{"sections": [...]}` (`gppVersion` optional, 1;
    /// `sectionIds` and `tcfeuv2`, which repeat `sections`, are not read), each section as
    /// ``GPPSection/init(schema:at:rules:)`` reads it, sections in any order written in id order.
    package init(schema json: JSON, rules: GPPSchemaRules) throws {
        let version = try Self.version(schema: json)
        guard case .array(let items)? = json["sections"] else {
            throw ModelError(.missingKey, at: "sections", "a GPP string is {\"sections\": [...]}")
        }
        self = try GPPString(
            version: version,
            anyOrder: items.enumerated().map { index, item in
                try GPPSection(schema: item, at: "sections[\(index)]", rules: rules)
            }
        )
    }

    /// The `gppVersion` of a GPP string's object (1 when left out), once its keys are known ones.
    package static func version(schema json: JSON) throws(ModelError) -> Int {
        guard case .object(let members) = json else {
            throw ModelError(.invalidType, at: "", "a GPP string is {\"sections\": [...]}")
        }
        if let key = members.map(\.0).first(where: { !objectKeys.contains($0) }) {
            throw ModelError.unknownKey(key, at: "", known: objectKeys)
        }
        switch json["gppVersion"] {
        case nil, .null?: return 1
        case .int(let number)?: return number
        case let other?: throw ModelError(.invalidType, at: "gppVersion", "\(other.serialized()) is not a number")
        }
    }

    /// A string of `sections` given in any order, written in id order as the header lists them.
    ///
    /// - Throws: ``ModelError`` for a section given twice.
    package init(version: Int, anyOrder sections: [GPPSection]) throws(ModelError) {
        let sorted = sections.sorted { $0.id < $1.id }
        if let twice = zip(sorted, sorted.dropFirst()).first(where: { $0.id == $1.id })?.0 {
            throw ModelError(
                .invalidValue,
                at: "sections",
                "section \(twice.id) (\(twice.name ?? "unknown")) is given twice"
            )
        }
        self.init(version: version, sections: sorted)
    }
}

extension GPPSection {
    /// A section from its object in the decode schema at `path` (`sections[0]`): `id` or `name`,
    /// then `fields` with the reading keys (``init(id:fields:reading:at:rules:)``), or else
    /// `value`, the section's text. A `value` that decodes to what the fields say is kept, for
    /// ``GPPEncodingStyle/preservingLayout``.
    package init(schema json: JSON, at path: String, rules: GPPSchemaRules) throws {
        guard case .object(let members) = json else {
            throw ModelError(.invalidType, at: path, "a section is an object {\"id\", \"fields\"}")
        }
        if let key = members.map(\.0).first(where: { !Self.objectKeys.contains($0) }) {
            throw ModelError.unknownKey(key, at: path, known: Self.objectKeys)
        }
        var id: Int?
        switch json["id"] {
        case nil, .null?: break
        case .int(let number)?: id = number
        case let other?:
            throw ModelError(.invalidType, at: join(path, "id"), "\(other.serialized()) is not a section id")
        }
        if case .string(let name)? = json["name"] {
            guard let named = Self.id(named: name) else {
                throw ModelError(
                    .invalidValue,
                    at: join(path, "name"),
                    "\"\(name)\" is not a section name IABGPP reads"
                )
            }
            guard id == nil || id == named else {
                throw ModelError(.invalidValue, at: join(path, "id"), "\(id ?? 0) is not the id of \(name) (\(named))")
            }
            id = named
        }
        guard let id else { throw ModelError(.missingKey, at: path, "a section needs \"id\" or \"name\"") }
        var text: String?
        switch json["value"] {
        case nil, .null?: break
        case .string(let value)?: text = value
        case let other?: throw ModelError(.invalidType, at: join(path, "value"), "\(other.serialized()) is not text")
        }
        guard let fields = json["fields"], fields != .null else {
            guard let text else {
                throw ModelError(.missingKey, at: path, "section \(id) needs \"fields\" or \"value\"")
            }
            self = try Self(id: id, encoded: text)
            return
        }
        var built = try Self(id: id, fields: fields, reading: members, at: path, rules: rules)
        // The text, when it says the same, keeps its layout for `.preservingLayout`.
        if let text, let read = try? Self(id: id, encoded: text), read == built { built = read }
        self = built
    }

    /// A section from its `fields` object (and the reading keys among `members`) at `path`: a key
    /// the section's tables do not have is `unknownKey` with the nearest key; ids in any order,
    /// repeated or not, are read ascending, once each; a field left out takes the table's default,
    /// a Datetime under lenient rules today (``GPPSchemaRules/today``).
    package init(
        id: Int,
        fields: JSON,
        reading members: [(String, JSON)],
        at path: String,
        rules: GPPSchemaRules
    ) throws {
        let fieldsPath = join(path, "fields")
        if id == 2 {
            self = .tcfEuV2(try rules.tcString(fields, fieldsPath))
            return
        }
        guard case .object(let pairs) = fields else {
            throw ModelError(.invalidType, at: fieldsPath, "\(fields.serialized()) is not an object")
        }
        var values: [String: GPPValue] = [:]
        let keys = Self.fieldKeys(sectionId: id)
        for (key, json) in pairs {
            guard let type = Self.fieldType(key: key, sectionId: id) else {
                guard keys.isEmpty else { throw ModelError.unknownKey(key, at: fieldsPath, known: keys) }
                throw GPPError(.invalidValue, sectionId: id, field: key)
            }
            if let value = try GPPValue(schema: json, type: type, at: join(fieldsPath, key)) { values[key] = value }
        }
        if let today = rules.today {
            // Dates as a TC string's: Created today at 00:00 UTC, LastUpdated Created.
            let created = values["created"] ?? .int(Int(today.startOfDay.deciseconds))
            for key in keys where Self.fieldType(key: key, sectionId: id) == .datetime && values[key] == nil {
                values[key] = created
            }
        }
        var reading: [String: GPPValue] = [:]
        for (key, json) in members where !["id", "name", "value", "fields"].contains(key) {
            switch json {
            case .string(let text): reading[key] = .string(text)
            case .bool(let flag): reading[key] = .bool(flag)
            case .null: continue
            default:
                throw ModelError(.invalidType, at: join(path, key), "\(json.serialized()) is not text or true/false")
            }
        }
        self = try Self(id: id, fields: values, reading: reading)
    }
}

extension GPPValue {
    /// A field's value from the decode schema at `path`, as `type` reads it: `nil` for `null` (the
    /// field, or its sub-section, left out); a Datetime from an ISO-8601 time or deciseconds; ids
    /// in any order, repeated or not, ascending and once each.
    package init?(schema json: JSON, type: GPPDataType, at path: String) throws(ModelError) {
        func wrong(_ what: String) -> ModelError {
            ModelError(.invalidType, at: path, "\(json.serialized()) is not \(what)")
        }
        switch (type, json) {
        case (_, .null): return nil
        case (.datetime, .string(let text)):
            guard let value = type.schemaValue(text: text) else {
                throw ModelError(.invalidValue, at: path, "\"\(text)\" is not an ISO-8601 UTC time or deciseconds")
            }
            self = value
        case (.int, .int(let int)), (.intFibonacci, .int(let int)), (.datetime, .int(let int)): self = .int(int)
        case (.boolean, .bool(let flag)): self = .bool(flag)
        case (.string, .string(let text)): self = .string(text)
        case (.arrayOfRanges, .array(let items)), (.nArrayOfRanges, .array(let items)):
            var records: [GPPRangeRecord] = []
            for item in items {
                guard case .int(let recordKey)? = item["key"], case .int(let recordType)? = item["type"],
                    case .array(let ids)? = item["ids"], let list = Self.ints(ids)
                else { throw wrong("a record {\"key\", \"type\", \"ids\"}") }
                records.append(GPPRangeRecord(key: recordKey, type: recordType, ids: Self.ascending(list)))
            }
            self = .records(records)
        case (.intList, .array(let items)):
            guard let list = Self.ints(items) else { throw wrong("a list of integers") }
            self = .list(list)
        case (_, .array(let items)) where type.defaultValue.ids != nil:
            guard let list = Self.ints(items) else { throw wrong("a list of ids") }
            self = .ids(Self.ascending(list))
        default: throw wrong("a \(type.name) value")
        }
    }

    /// Ids in any order, repeated or not, as an id set holds them: ascending, once each (what TC
    /// `encode` does with its vendor and purpose ids).
    private static func ascending(_ ids: [Int]) -> [Int] {
        var unique: [Int] = []
        for id in ids.sorted() where id != unique.last { unique.append(id) }
        return unique
    }

    private static func ints(_ items: [JSON]) -> [Int]? {
        var ints: [Int] = []
        for item in items {
            guard case .int(let int) = item else { return nil }
            ints.append(int)
        }
        return ints
    }
}
