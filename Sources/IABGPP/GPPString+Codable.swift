import IABTCF

// Codable (part of the standard library) with exactly the schema `tcstring decode` prints for a
// GPP string, driven by the section tables (``GPPSection/fieldRows``, ``GPPSection/fieldType(key:sectionId:)``
// and ``GPPSection/reading``): a new section's table is its Codable form too.

/// A coding key of any name: a field's schema key.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// The schema's `{"key", "type", "ids"}` record.
private enum RecordKey: String, CodingKey {
    case key, type, ids
}

extension GPPString: Codable {
    private enum Key: String, CodingKey {
        case gppVersion, sectionIds, tcfeuv2, sections
    }

    /// Decodes `{"gppVersion", "sections": [...]}` (`gppVersion` defaults to 1; `sectionIds` and
    /// `tcfeuv2`, which repeat what `sections` holds, are not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(
            version: try container.decodeIfPresent(Int.self, forKey: .gppVersion) ?? 1,
            sections: try container.decode([GPPSection].self, forKey: .sections)
        )
    }

    /// Encodes `{"gppVersion", "sectionIds", "tcfeuv2", "sections"}`: `tcfeuv2` the TC string of
    /// section 2 in IABTCF's schema, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(version, forKey: .gppVersion)
        try container.encode(sectionIds, forKey: .sectionIds)
        if case .tcfEuV2(let tcString)? = section(2) {
            try container.encode(tcString, forKey: .tcfeuv2)
        } else {
            try container.encodeNil(forKey: .tcfeuv2)
        }
        try container.encode(sections, forKey: .sections)
    }
}

extension GPPSection: Codable {
    private enum Key: String, CodingKey {
        case id, name, value, fields
    }

    /// Encodes `{"id", "name", "value", "fields"}` then the ``reading`` keys: `name` the API
    /// prefix or `null`; `value` the section's text (``GPPEncodingStyle/preservingLayout``);
    /// `fields` by the tables (a Datetime as an ISO-8601 time, an absent sub-section's fields
    /// `null`), for section 2 the TC string in IABTCF's schema, `null` for an unknown id.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(try encoded(.preservingLayout), forKey: .value)
        if case .tcfEuV2(let tcString) = self {
            try container.encode(tcString, forKey: .fields)
        } else if let rows = fieldRows {
            var fields = container.nestedContainer(keyedBy: AnyKey.self, forKey: .fields)
            for row in rows { try Self.encode(row, into: &fields) }
        } else {
            try container.encodeNil(forKey: .fields)
        }
        var reading = encoder.container(keyedBy: AnyKey.self)
        for (key, value) in self.reading {
            switch value {
            case .string(let text)?: try reading.encode(text, forKey: AnyKey(key))
            case .bool(let flag)?: try reading.encode(flag, forKey: AnyKey(key))
            default: try reading.encodeNil(forKey: AnyKey(key))
            }
        }
    }

    private static func encode(_ row: GPPFieldRow, into container: inout KeyedEncodingContainer<AnyKey>) throws {
        let key = AnyKey(row.key)
        guard let value = row.value else { return try container.encodeNil(forKey: key) }
        if let type = row.type, let text = type.schemaText(value) { return try container.encode(text, forKey: key) }
        switch value {
        case .int(let int): try container.encode(int, forKey: key)
        case .bool(let flag): try container.encode(flag, forKey: key)
        case .list(let values), .ids(let values): try container.encode(values, forKey: key)
        case .string(let text): try container.encode(text, forKey: key)
        case .records(let records):
            var list = container.nestedUnkeyedContainer(forKey: key)
            for record in records {
                var object = list.nestedContainer(keyedBy: RecordKey.self)
                try object.encode(record.key, forKey: .key)
                try object.encode(record.type, forKey: .type)
                try object.encode(record.ids, forKey: .ids)
            }
        }
    }

    /// Decodes a section of the schema: the id from `id` (or from `name`); then from `fields`
    /// when present (fields left out at their defaults, as ``init(id:fields:reading:)``), with
    /// `value` kept for ``GPPEncodingStyle/preservingLayout`` when it decodes to the same value;
    /// else from `value`. Section 2's `fields` are a TC string in IABTCF's schema. A Datetime
    /// is an ISO-8601 time or deciseconds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let named = try container.decodeIfPresent(String.self, forKey: .name)
        guard let id = try container.decodeIfPresent(Int.self, forKey: .id) ?? named.flatMap(Self.id(named:)) else {
            throw DecodingError.dataCorruptedError(
                forKey: .id,
                in: container,
                debugDescription: "a section needs an \"id\" or a known \"name\""
            )
        }
        let text = try container.decodeIfPresent(String.self, forKey: .value)
        guard container.contains(.fields), try !container.decodeNil(forKey: .fields) else {
            guard let text else {
                throw DecodingError.dataCorruptedError(
                    forKey: .value,
                    in: container,
                    debugDescription: "section \(id) needs \"fields\" or \"value\""
                )
            }
            self = try GPPSection(id: id, encoded: text)
            return
        }
        var built: GPPSection
        if id == 2 {
            built = .tcfEuV2(try container.decode(TCString.self, forKey: .fields))
        } else {
            let fields = try container.nestedContainer(keyedBy: AnyKey.self, forKey: .fields)
            var values: [String: GPPValue] = [:]
            for key in fields.allKeys {
                guard let type = Self.fieldType(key: key.stringValue, sectionId: id) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: key,
                        in: fields,
                        debugDescription: "section \(id) has no field \(key.stringValue)"
                    )
                }
                if let value = try Self.decode(type, key, fields) { values[key.stringValue] = value }
            }
            let others = try decoder.container(keyedBy: AnyKey.self)
            var reading: [String: GPPValue] = [:]
            for key in others.allKeys where Key(rawValue: key.stringValue) == nil {
                if let flag = try? others.decode(Bool.self, forKey: key) {
                    reading[key.stringValue] = .bool(flag)
                } else if let text = try others.decodeIfPresent(String.self, forKey: key) {
                    reading[key.stringValue] = .string(text)
                }
            }
            built = try GPPSection(id: id, fields: values, reading: reading)
        }
        // The text, when it says the same, keeps its layout for `.preservingLayout`.
        if let text, let read = try? GPPSection(id: id, encoded: text), read == built { built = read }
        self = built
    }

    /// A field's value as `type` reads it; `nil` for `null`.
    private static func decode(
        _ type: GPPDataType,
        _ key: AnyKey,
        _ container: KeyedDecodingContainer<AnyKey>
    ) throws -> GPPValue? {
        if try container.decodeNil(forKey: key) { return nil }
        switch type {
        case .int, .intFibonacci: return .int(try container.decode(Int.self, forKey: key))
        case .datetime:
            if let int = try? container.decode(Int.self, forKey: key) { return .int(int) }
            let text = try container.decode(String.self, forKey: key)
            guard let value = type.schemaValue(text: text) else {
                throw DecodingError.dataCorruptedError(
                    forKey: key,
                    in: container,
                    debugDescription: "an ISO-8601 UTC time or deciseconds, got \(text)"
                )
            }
            return value
        case .boolean: return .bool(try container.decode(Bool.self, forKey: key))
        case .string: return .string(try container.decode(String.self, forKey: key))
        case .intList: return .list(try container.decode([Int].self, forKey: key))
        case .bitfield, .bitfieldSizedBy, .rangeInt, .rangeFibonacci, .optimizedRange, .optimizedIntRange:
            return .ids(try container.decode([Int].self, forKey: key))
        case .arrayOfRanges, .nArrayOfRanges:
            var list = try container.nestedUnkeyedContainer(forKey: key)
            var records: [GPPRangeRecord] = []
            while !list.isAtEnd {
                let object = try list.nestedContainer(keyedBy: RecordKey.self)
                records.append(
                    GPPRangeRecord(
                        key: try object.decode(Int.self, forKey: .key),
                        type: try object.decode(Int.self, forKey: .type),
                        ids: try object.decode([Int].self, forKey: .ids)
                    )
                )
            }
            return .records(records)
        }
    }
}
