// Codable in the codec itself (Codable is part of the standard library), with exactly the keys
// (`TCString+Schema.swift`) and value formats of `tcstring decode`'s JSON, so the CLI's output
// decodes with `JSONDecoder` and a value encodes to the same schema: a visitor and a reader of the
// field tables (`TCString+Fields.swift`), so no field is listed here. Timestamps and two-letter
// codes encode their `description`, which the package's one JSON writer (TCFJSON) formats.

/// An array of ids made into a set by `make`; an id out of range is `DecodingError.dataCorrupted`
/// saying what was `expected`.
private func decodeIDs<Set>(
    _ decoder: any Decoder,
    expected: String,
    _ make: ([Int]) throws(TCStringError) -> Set
) throws -> Set {
    let ids = try [Int](from: decoder)
    do { return try make(ids) } catch {
        throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: expected, underlyingError: error)
        )
    }
}

extension SmallIDSet {
    /// Decodes an array of ids, e.g. `[1, 3]`.
    public init(from decoder: any Decoder) throws {
        self = try decodeIDs(decoder, expected: "ids from 1 to \(Self.maxID)") { ids throws(TCStringError) in
            try Self(ids)
        }
    }

    /// Encodes the ids as an ascending array.
    public func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }
}

extension PurposeSet: Codable {}
extension SpecialFeatureSet: Codable {}
extension CustomPurposeSet: Codable {}

extension VendorSet: Codable {
    /// Decodes an array of vendor ids.
    public init(from decoder: any Decoder) throws {
        self = try decodeIDs(decoder, expected: "vendor ids from 1 to \(Self.maxID)") { ids throws(TCStringError) in
            try Self(ids)
        }
    }

    /// Encodes the ids as an ascending array.
    public func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }
}

extension Timestamp: Codable {
    /// Decodes an ISO-8601 UTC time such as `2025-06-03T00:00:00.000Z` (or a date alone).
    public init(from decoder: any Decoder) throws {
        let text = try String(from: decoder)
        guard let timestamp = Timestamp(iso8601: text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an ISO-8601 UTC time, got \(text)")
            )
        }
        self = timestamp
    }

    /// Encodes ``description``, e.g. `2025-06-03T00:00:00.000Z`.
    public func encode(to encoder: any Encoder) throws { try description.encode(to: encoder) }
}

extension TwoLetterCode: Codable {
    /// Decodes two letters, or a code outside A-Z as ``description`` shows it.
    public init(from decoder: any Decoder) throws {
        let text = try String(from: decoder)
        if let code = try? TwoLetterCode(text) {
            self = code
        } else if let code = TwoLetterCode(displayed: text) {
            self = code
        } else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "two letters A-Z, got \(text)")
            )
        }
    }

    /// Encodes ``description``.
    public func encode(to encoder: any Encoder) throws { try description.encode(to: encoder) }
}

extension RestrictionType: Codable {}

extension PublisherRestriction: Codable {
    /// Decodes one entry of the schema's `publisherRestrictions`.
    public init(from decoder: any Decoder) throws {
        self.init(purposeId: 0, restrictionType: .notAllowed, vendors: VendorSet())
        var reader = KeyedReader(try decoder.container(keyedBy: SchemaKey.self))
        try read(&reader)
    }

    /// Encodes one entry of the schema's `publisherRestrictions`.
    public func encode(to encoder: any Encoder) throws {
        var visitor = KeyedVisitor(encoder.container(keyedBy: SchemaKey.self))
        try traverse(&visitor)
    }
}

extension PublisherRestrictions: Codable {
    /// Decodes the schema's `publisherRestrictions`: an array of entries.
    public init(from decoder: any Decoder) throws {
        let entries = try [PublisherRestriction](from: decoder)
        do { try self.init(entries) } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "purposes from 1 to \(PurposeSet.maxID)",
                    underlyingError: error
                )
            )
        }
    }

    /// Encodes the entries in order.
    public func encode(to encoder: any Encoder) throws { try Array(self).encode(to: encoder) }
}

extension PublisherTC: Codable {
    /// Decodes the `publisherTC` object `tcstring decode` prints.
    public init(from decoder: any Decoder) throws {
        self.init()
        var reader = KeyedReader(try decoder.container(keyedBy: SchemaKey.self))
        try read(&reader)
    }

    /// Encodes the `publisherTC` object `tcstring decode` prints.
    public func encode(to encoder: any Encoder) throws {
        var visitor = KeyedVisitor(encoder.container(keyedBy: SchemaKey.self))
        try traverse(&visitor)
    }
}

extension TCString: Codable {
    /// Decodes the schema `tcstring decode` prints. Every core key is required; the optional
    /// segments (`disclosedVendors`, `allowedVendors`, `publisherTC`) may be `null` or missing.
    public init(from decoder: any Decoder) throws {
        self.init(created: Timestamp(deciseconds: 0))
        var reader = KeyedReader(try decoder.container(keyedBy: SchemaKey.self))
        try read(&reader)
    }

    /// Encodes the schema `tcstring decode` prints; absent segments as `null`.
    public func encode(to encoder: any Encoder) throws {
        var visitor = KeyedVisitor(encoder.container(keyedBy: SchemaKey.self))
        try traverse(&visitor)
    }
}

/// `Codable`'s encoding as a visitor of the field tables: each field into a keyed container.
private struct KeyedVisitor<Key: CodingKey>: TCFVisitor {
    typealias Failure = any Error
    var container: KeyedEncodingContainer<Key>

    init(_ container: KeyedEncodingContainer<Key>) { self.container = container }

    mutating func encode(_ value: some Encodable, _ key: some TCFSchemaKey) throws {
        try container.encode(value, forKey: key as! Key)
    }

    mutating func visit(_ key: some TCFSchemaKey, int value: Int) throws { try encode(value, key) }
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) throws { try encode(value, key) }
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) throws { try encode(value, key) }
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) throws { try encode(value, key) }
    mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) throws { try encode(Array(value), key) }
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) throws { try encode(value, key) }
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) throws {
        try encode(value, key)
    }
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) throws { try encode(value, key) }
}

/// `Codable`'s decoding as a reader of the field tables: every key required but the optional
/// segments, which may be `null` or missing.
private struct KeyedReader<Key: CodingKey>: TCFReader {
    typealias Failure = any Error
    let container: KeyedDecodingContainer<Key>

    init(_ container: KeyedDecodingContainer<Key>) { self.container = container }

    func decode<T: Decodable>(_ key: some TCFSchemaKey, as _: T.Type = T.self) throws -> T {
        try container.decode(T.self, forKey: key as! Key)
    }

    func check(_ key: some TCFSchemaKey, version: Int) throws {
        guard try decode(key, as: Int.self) == version else {
            throw DecodingError.dataCorruptedError(
                forKey: key as! Key,
                in: container,
                debugDescription: "only version \(version)"
            )
        }
    }

    func read(_ key: some TCFSchemaKey, int value: inout Int) throws { value = try decode(key) }
    func read(_ key: some TCFSchemaKey, bool value: inout Bool) throws { value = try decode(key) }
    func read(_ key: some TCFSchemaKey, timestamp value: inout Timestamp) throws { value = try decode(key) }
    func read(_ key: some TCFSchemaKey, code value: inout TwoLetterCode) throws { value = try decode(key) }
    func read<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: inout S) throws {
        // As `SmallIDSet.init(from:)` decodes: an array of ids, then the set.
        let ids = try decode(key, as: [Int].self)
        do { value = try S(ids) } catch {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: container.codingPath + [key as! Key],
                    debugDescription: "ids from 1 to \(S.maxID)",
                    underlyingError: error
                )
            )
        }
    }
    func read(_ key: some TCFSchemaKey, vendors value: inout VendorSet) throws { value = try decode(key) }
    func read(_ key: some TCFSchemaKey, optionalVendors value: inout VendorSet?) throws {
        value = try container.decodeIfPresent(VendorSet.self, forKey: key as! Key)
    }
    func read(_ key: some TCFSchemaKey, restrictionType value: inout RestrictionType) throws {
        value = try decode(key)
    }
    func read(_ key: some TCFSchemaKey, restrictions value: inout PublisherRestrictions) throws {
        value = try decode(key)
    }
    func read(_ key: some TCFSchemaKey, publisherTC value: inout PublisherTC?) throws {
        value = try container.decodeIfPresent(PublisherTC.self, forKey: key as! Key)
    }
}
