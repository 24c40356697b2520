import IABTCF
import TCFJSON

// Codable (part of the standard library) with exactly the schema `tcstring decode` prints for a
// GPP string: encoding is a visitor of the one walk of the schema (`traverse`, JSON/), decoding
// the one reader of the schema (JSON/GPPString+Read.swift) over the tree the `Decoder` holds,
// under `Codable`'s rules (no date defaults; section 2's TC string by its own `Codable`).

/// A coding key of any name: a member's key.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension GPPString: Codable {
    /// Decodes `{"gppVersion", "sections": [...]}` as `tcstring encode` reads it, without its
    /// defaults for dates (`gppVersion` defaults to 1; `sectionIds` and `tcfeuv2`, which repeat
    /// what `sections` holds, are not read; sections in any order are put in id order; ids in any
    /// order are read ascending).
    public init(from decoder: any Decoder) throws {
        let json = try DecodedJSON(from: decoder).json
        let version = try Self.reading(decoder) { () throws(ModelError) in try Self.version(schema: json) }
        let container = try decoder.container(keyedBy: AnyKey.self)
        let sections = try container.decode([GPPSection].self, forKey: AnyKey("sections"))
        self = try Self.reading(decoder) { () throws(ModelError) in try GPPString(version: version, anyOrder: sections)
        }
    }

    /// Encodes `{"gppVersion", "sectionIds", "tcfeuv2", "sections"}` as `tcstring decode` prints
    /// it: `tcfeuv2` the TC string of section 2 in IABTCF's schema, or `null`; a section that did
    /// not decode as `{"id", "name", "value", "error"}`.
    public func encode(to encoder: any Encoder) throws {
        var visitor = CodableVisitor(encoder)
        try traverse(&visitor)
    }

    /// `body`'s value, its ``ModelError`` as `DecodingError.dataCorrupted` at `decoder`'s path.
    fileprivate static func reading<T>(_ decoder: any Decoder, _ body: () throws(ModelError) -> T) throws -> T {
        do { return try body() } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error)
            )
        }
    }
}

extension GPPSection: Codable {
    /// Encodes `{"id", "name", "value", "fields"}` then the ``reading`` keys, as `tcstring decode`
    /// prints a section: `name` the API prefix or `null`; `value` the section's text
    /// (``GPPEncodingStyle/preservingLayout``); `fields` by the tables (a Datetime as an ISO-8601
    /// time, an absent sub-section's fields `null`), for section 2 the TC string in IABTCF's
    /// schema, `null` for an unknown id.
    public func encode(to encoder: any Encoder) throws {
        var visitor = CodableVisitor(encoder)
        try traverse(&visitor, value: try encoded(.preservingLayout))
    }

    /// Decodes a section of the schema as `tcstring encode` reads it, without its defaults for
    /// dates: the id from `id` (or from `name`); then from `fields` when present (fields left out
    /// at the tables' defaults, ids in any order read ascending, a key the section does not have
    /// an error naming the nearest one), with `value` kept for
    /// ``GPPEncodingStyle/preservingLayout`` when it decodes to the same value; else from `value`.
    /// Section 2's `fields` are a TC string in IABTCF's schema. A Datetime is an ISO-8601 time or
    /// deciseconds.
    public init(from decoder: any Decoder) throws {
        let json = try DecodedJSON(from: decoder).json
        let container = try decoder.container(keyedBy: AnyKey.self)
        let rules = GPPSchemaRules(today: nil) { _, _ in try container.decode(TCString.self, forKey: AnyKey("fields")) }
        do {
            self = try GPPSection(schema: json, at: "", rules: rules)
        } catch let error as ModelError {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error)
            )
        }
    }
}

/// Each visited member into the innermost container of an `Encoder`.
private struct CodableVisitor: GPPVisitor {
    typealias Failure = any Error
    /// The containers begun and not yet ended, the outermost object first.
    var open: [Container]

    enum Container {
        case object(KeyedEncodingContainer<AnyKey>)
        case array(any UnkeyedEncodingContainer)
    }

    init(_ encoder: any Encoder) { open = [.object(encoder.container(keyedBy: AnyKey.self))] }

    /// Encodes `value` as the member `key` of the innermost object, or the next element of its array.
    mutating func add(_ key: String?, _ value: some Encodable) throws {
        switch open[open.count - 1] {
        case .object(var container):
            try container.encode(value, forKey: AnyKey(key ?? ""))
            open[open.count - 1] = .object(container)
        case .array(var container):
            try container.encode(value)
            open[open.count - 1] = .array(container)
        }
    }

    mutating func visit(_ key: String, int value: Int) throws { try add(key, value) }
    mutating func visit(_ key: String, text value: String?) throws { try add(key, value) }
    mutating func visit(_ key: String, ids value: [Int]) throws { try add(key, value) }
    mutating func visit(_ key: String, value: GPPValue?, type: GPPDataType?) throws {
        try add(key, value.map { DecodedJSON(json: JSON($0, type: type)) })
    }
    mutating func visit(_ key: String, tcString value: TCString?) throws { try add(key, value) }
    mutating func visit(_ key: String, error value: GPPError) throws { try add(key, DecodedJSON(json: value.json)) }
    mutating func beginObject(_ key: String?) throws {
        switch open[open.count - 1] {
        case .object(var container):
            open.append(.object(container.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey(key ?? ""))))
        case .array(var container):
            let nested = container.nestedContainer(keyedBy: AnyKey.self)
            open[open.count - 1] = .array(container)
            open.append(.object(nested))
        }
    }
    mutating func endObject() throws { open.removeLast() }
    mutating func beginArray(_ key: String) throws {
        guard case .object(var container) = open[open.count - 1] else { return }
        open.append(.array(container.nestedUnkeyedContainer(forKey: AnyKey(key))))
    }
    mutating func endArray() throws { open.removeLast() }
}

/// A JSON tree to and from any `Encoder` and `Decoder`: what the one reader reads, and the
/// values the tree writer gives (`JSON(_:type:)`).
private struct DecodedJSON: Codable {
    let json: JSON

    init(json: JSON) { self.json = json }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            json = .object(try object.allKeys.map { ($0.stringValue, try object.decode(Self.self, forKey: $0).json) })
        } else if var list = try? decoder.unkeyedContainer() {
            var items: [JSON] = []
            while !list.isAtEnd { items.append(try list.decode(Self.self).json) }
            json = .array(items)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                json = .null
            } else if let flag = try? value.decode(Bool.self) {
                json = .bool(flag)
            } else if let int = try? value.decode(Int.self) {
                json = .int(int)
            } else {
                json = .string(try value.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch json {
        case .null:
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        case .bool(let flag): try flag.encode(to: encoder)
        case .int(let int): try int.encode(to: encoder)
        case .string(let text): try text.encode(to: encoder)
        case .array(let items): try items.map(Self.init(json:)).encode(to: encoder)
        case .object(let members):
            var container = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in members { try container.encode(Self(json: value), forKey: AnyKey(key)) }
        }
    }
}
