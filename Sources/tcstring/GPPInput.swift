import IABGPP
import IABTCF
import TCFJSON

/// How every command reads a GPP string (IABGPP), writes it as the decode schema and reads that
/// schema back: the one place of the tool that knows GPP.
enum GPPInput {
    /// Decodes a GPP string and every section (IABGPP's `GPPString`) in one pass, section by
    /// section (a section that fails is in `failedSections`), with `--max-length` bounding the
    /// whole string (and so its TCF EU v2 section); `--strict` refuses the whole string at a
    /// section that fails and applies to the TCF EU v2 section.
    ///
    /// Every failure is IABGPP's ``GPPError``, naming section, sub-section, field, bit and
    /// character; a TCF EU v2 section that does not decode is ``GPPError/Code/tcString`` with its
    /// own ``TCStringError``, placed in the whole string (the 1-based `position` in the GPP
    /// string), as for a TC string alone.
    static func decodeGPP(_ text: String, options: TCString.DecodingOptions) throws -> IABGPP.GPPString {
        try IABGPP.GPPString(encoded: text, options: options)
    }

    /// Writes the message of each section of the GPP string `input` that did not decode to
    /// `errors` and returns whether there was one (the input then fails, exit 1). Decodes again
    /// only a GPP string, and only to list its failures.
    static func reportFailedSections(_ input: Input, _ errors: inout OutputBuffer) -> Bool {
        guard input.isGPP, let gpp = try? decodeGPP(input.text, options: input.options) else { return false }
        for failure in gpp.failedSections { errors.append(input.message(failure.error) + "\n") }
        return !gpp.failedSections.isEmpty
    }

    /// The error object of any error a command reports: IABGPP's ``GPPError`` in the one shape
    /// (`segment` is the `.` part, `bitOffset` the bit within it, `gppSection` the section id);
    /// for section 2's own error, the TC string error's object placed in the whole string.
    static func errorJSON(_ error: any Error) -> JSON {
        guard let error = error as? GPPError else { return JSON.error(error) }
        if error.code == .tcString, let inner = error.tcString {
            return .error(
                code: inner.code.name,
                message: JSON.message(error, about: inner.code == .encodingTooLong ? "--max-length" : nil),
                segment: inner.segment,
                bitOffset: inner.bitOffset,
                field: inner.field,
                value: inner.value,
                position: error.position,
                gppSection: error.sectionId
            )
        }
        return .error(
            code: error.code.name,
            message: JSON.message(error),
            segment: error.subsection,
            bitOffset: error.bit,
            field: error.field,
            value: error.value,
            position: error.position,
            gppSection: error.sectionId
        )
    }
}

// MARK: - The decode schema

extension IABGPP.GPPString {
    /// `{"gppVersion", "sectionIds", "tcfeuv2", "sections"}`: `tcfeuv2` is the decode schema or
    /// `null`, each section as ``IABGPP/GPPSection/json(value:)``, its `value` taken from `text`
    /// (the string this value was decoded from) without encoding it again, or else encoded. A
    /// section that did not decode is `{"id", "name", "value", "error"}`: the error object a
    /// failing line gets (``GPPInput/errorJSON(_:)``) in place of `"fields"`.
    func json(text: String? = nil) -> JSON {
        let ids = sectionIds
        let parts = text.map { $0.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false) }
        let given = parts.flatMap {
            $0.count == ids.count + 1 ? $0.dropFirst().map { String(Substring($0)) } : nil
        }
        var decoded = sections[...]
        var failed = failedSections[...]
        var objects: [JSON] = []
        for index in ids.indices {
            if let failure = failed.first, decoded.first.map({ failure.id < $0.id }) ?? true {
                failed = failed.dropFirst()
                objects.append(
                    .object([
                        ("id", .int(failure.id)), ("name", failure.name.map(JSON.string) ?? .null),
                        ("value", .string(failure.text)), ("error", GPPInput.errorJSON(failure.error)),
                    ])
                )
            } else if let section = decoded.first {
                decoded = decoded.dropFirst()
                objects.append(section.json(value: given?[index] ?? (try? section.encoded(.preservingLayout))))
            }
        }
        return .object([
            ("gppVersion", .int(version)),
            ("sectionIds", .ids(ids)),
            ("tcfeuv2", tcfEuV2?.json ?? .null),
            ("sections", .array(objects)),
        ])
    }
}

extension IABGPP.GPPSection {
    /// One section: `{"id", "name", "value", "fields"}`, then what the decoder read besides the
    /// fields (IABGPP's `reading`): `"compatibility"` (US sections: the compatibility rule applied,
    /// `null` for none), `"layout"` (the MSPA states: `sectionHeader` or `noHeader`), `"encoding"`
    /// (`fibonacci`, `legacy` or `literal`) and `"hasPubRestrictions"` (5). `name` is the API
    /// prefix (`null` for an id IABGPP does not decode); `fields` the section's fields by its
    /// tables (a Datetime as ISO-8601, like the TC string schema's `created`), for `tcfeuv2` the TC
    /// string's decode schema, `null` for an unknown id. `value` is the section's text as given.
    func json(value: String?) -> JSON {
        var members: [(String, JSON)] = [
            ("id", .int(id)),
            ("name", name.map(JSON.string) ?? .null),
            ("value", value.map(JSON.string) ?? .null),
            ("fields", fieldsJSON),
        ]
        for (key, value) in reading { members.append((key, value.map { JSON($0, type: nil) } ?? .null)) }
        return .object(members)
    }

    /// The `fields` of ``json(value:)``.
    var fieldsJSON: JSON {
        if case .tcfEuV2(let tcString) = self { return tcString.json }
        guard let rows = fieldRows else { return .null }
        return .object(rows.map { ($0.key, $0.value.map { [type = $0.type] in JSON($0, type: type) } ?? .null) })
    }

    /// The keys of a section's object besides `fields`' own.
    static let objectKeys = [
        "id", "name", "value", "fields", "compatibility", "layout", "encoding", "hasPubRestrictions",
    ]

    /// A section from the decode schema's object at `path` (`sections[0]`): `id` or `name`, then
    /// `fields` (left-out fields at their defaults; for `tcfeuv2` the TC string's decode schema,
    /// read as `tcstring encode` reads it) with the reading keys, or else `value`, the section's text.
    init(json: JSON, today: Timestamp, path: String = "") throws {
        guard case .object(let members) = json else { throw GPPInputError("a section is an object") }
        if let key = members.map(\.0).first(where: { !Self.objectKeys.contains($0) }) {
            throw ModelError.unknownKey(key, at: path, known: Self.objectKeys)
        }
        var id: Int?
        if case .int(let number)? = json["id"] { id = number }
        if case .string(let name)? = json["name"] {
            guard let named = Self.id(named: name) else { throw GPPInputError("unknown section name \(name)") }
            guard id == nil || id == named else { throw GPPInputError("id \(id ?? 0) is not the id of \(name)") }
            id = named
        }
        guard let id else { throw GPPInputError("a section needs \"id\" or \"name\"") }
        var text: String?
        if case .string(let value)? = json["value"] { text = value }
        guard let fields = json["fields"], fields != .null else {
            guard let text else { throw GPPInputError("section \(id) needs \"fields\" or \"value\"") }
            self = try Self(id: id, encoded: text)
            return
        }
        var built = try Self(id: id, fields: fields, reading: members, today: today, path: path)
        // The text, when it says the same, keeps its layout for `.preservingLayout`.
        if let text, let read = try? Self(id: id, encoded: text), read == built { built = read }
        self = built
    }

    /// A section from its `fields` object (and the reading keys among `members`) at `path`, with
    /// the rules `encode` shares with a TC string's: a key the section does not have is
    /// ``ModelError/unknownKey(_:at:known:)`` with the nearest key; ids in any order and repeated
    /// are written ascending, once; a Datetime left out is today at 00:00 UTC (`today`'s day) and
    /// `lastUpdated` is `created`, as for a TC string's Created and LastUpdated.
    init(id: Int, fields: JSON, reading members: [(String, JSON)], today: Timestamp, path: String = "") throws {
        if id == 2 {
            self = .tcfEuV2(try TCString(json: fields, today: today))
            return
        }
        guard case .object(let pairs) = fields else { throw GPPInputError("\"fields\" is an object") }
        var values: [String: GPPValue] = [:]
        let keys = Self.fieldKeys(sectionId: id)
        for (key, json) in pairs {
            guard let type = Self.fieldType(key: key, sectionId: id) else {
                guard keys.isEmpty else {
                    throw ModelError.unknownKey(key, at: path.isEmpty ? "fields" : path + ".fields", known: keys)
                }
                throw GPPError(.invalidValue, sectionId: id, field: key)
            }
            if let value = try GPPValue(json: json, type: type, key: key) { values[key] = value }
        }
        // Dates as a TC string's: Created today at 00:00 UTC, LastUpdated Created.
        let datetimes = keys.filter { Self.fieldType(key: $0, sectionId: id) == .datetime }
        let created = values["created"] ?? .int(Int(today.startOfDay.deciseconds))
        for key in datetimes where values[key] == nil { values[key] = created }
        var reading: [String: GPPValue] = [:]
        for (key, json) in members where !["id", "name", "value", "fields"].contains(key) {
            switch json {
            case .string(let text): reading[key] = .string(text)
            case .bool(let flag): reading[key] = .bool(flag)
            case .null: continue
            default: throw GPPInputError("\(key): a string or true/false")
            }
        }
        self = try Self(id: id, fields: values, reading: reading)
    }
}

extension IABGPP.GPPString {
    /// A GPP string from the decode schema: `{"sections": [...]}` (`gppVersion` optional, 1;
    /// `sectionIds` and `tcfeuv2`, which repeat `sections`, are not read), each section as
    /// ``IABGPP/GPPSection/init(json:today:)`` reads it.
    init(json: JSON, today: Timestamp) throws {
        guard case .object(let members) = json, case .array(let items)? = json["sections"] else {
            throw GPPInputError("a GPP string is {\"sections\": [...]}")
        }
        let known = ["gppVersion", "sectionIds", "tcfeuv2", "sections"]
        if let key = members.map(\.0).first(where: { !known.contains($0) }) {
            throw ModelError.unknownKey(key, at: "", known: known)
        }
        var version = 1
        if case .int(let number)? = json["gppVersion"] { version = number }
        // Sections in any order are written in id order, as the header's Range(Fibonacci) lists them.
        let sections = try items.enumerated().map { index, item in
            try IABGPP.GPPSection(json: item, today: today, path: "sections[\(index)]")
        }.sorted { $0.id < $1.id }
        if let twice = zip(sections, sections.dropFirst()).first(where: { $0.id == $1.id })?.0 {
            throw GPPInputError("section \(twice.id) (\(twice.name ?? "unknown")) is given twice")
        }
        self.init(version: version, sections: sections)
    }
}

extension GPPValue {
    /// A field's value from the decode schema, as `type` reads it: `nil` for `null` (the field, or
    /// its sub-section, left out); a Datetime from an ISO-8601 time or deciseconds.
    init?(json: JSON, type: GPPDataType, key: String) throws {
        switch (type, json) {
        case (_, .null): return nil
        case (.datetime, .string(let text)):
            guard let value = type.schemaValue(text: text) else {
                throw GPPInputError("\(key): an ISO-8601 UTC time or deciseconds, not \(text)")
            }
            self = value
        case (.int, .int(let int)), (.intFibonacci, .int(let int)), (.datetime, .int(let int)): self = .int(int)
        case (.boolean, .bool(let flag)): self = .bool(flag)
        case (.string, .string(let text)): self = .string(text)
        case (.arrayOfRanges, .array(let items)), (.nArrayOfRanges, .array(let items)):
            self = .records(
                try items.map { item in
                    guard case .int(let recordKey)? = item["key"], case .int(let recordType)? = item["type"],
                        case .array(let ids)? = item["ids"], let list = Self.ints(ids)
                    else { throw GPPInputError("\(key): a record is {\"key\", \"type\", \"ids\"}") }
                    return GPPRangeRecord(key: recordKey, type: recordType, ids: Self.ascending(list))
                }
            )
        case (.intList, .array(let items)):
            guard let list = Self.ints(items) else { throw GPPInputError("\(key): a list of integers") }
            self = .list(list)
        case (_, .array(let items)) where type.defaultValue.ids != nil:
            guard let list = Self.ints(items) else { throw GPPInputError("\(key): a list of ids") }
            self = .ids(Self.ascending(list))
        default: throw GPPInputError("\(key): not a \(type.name) value")
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

extension JSON {
    /// A GPP field value: numbers, `true`/`false`, id and Int(2) lists as arrays, text, and
    /// `{"key", "type", "ids"}` records; a Datetime (`type`) as its ISO-8601 time.
    init(_ value: GPPValue, type: GPPDataType?) {
        if let type, let text = type.schemaText(value) {
            self = .string(text)
            return
        }
        switch value {
        case .int(let int): self = .int(int)
        case .bool(let flag): self = .bool(flag)
        case .list(let values), .ids(let values): self = .ids(values)
        case .string(let text): self = .string(text)
        case .records(let records):
            self = .array(
                records.map { .object([("key", .int($0.key)), ("type", .int($0.type)), ("ids", .ids($0.ids))]) }
            )
        }
    }
}

/// A mistake in a GPP object given to `encode`.
struct GPPInputError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
