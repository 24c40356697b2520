package import TCFJSON

/// A JSON document that does not describe a TC string: the ``code``, the ``path`` of the key it is
/// about and the ``problem`` in words.
package struct ModelError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    package var code: Code
    /// Where: the key's path, e.g. `publisherRestrictions[0].purposeId`; empty for the whole document.
    package var path: String
    /// What is wrong, e.g. `25 is out of range 1-24`.
    package var problem: String

    /// Creates an error about the key at `path`.
    package init(_ code: Code, at path: String, _ problem: String) {
        self.code = code
        self.path = path
        self.problem = problem
    }

    /// A kind of problem, by its stable name.
    package struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name.
        package let name: String

        init(_ name: String) { self.name = name }

        /// The code's name.
        package var description: String { name }

        /// A key the schema does not have.
        package static let unknownKey = Code("unknownKey")
        /// A key given twice in one object.
        package static let duplicateKey = Code("duplicateKey")
        /// A required key that is missing.
        package static let missingKey = Code("missingKey")
        /// A value of the wrong JSON type (a string where a number belongs, `null` where no value may be).
        package static let invalidType = Code("invalidType")
        /// A number or time outside its field's range.
        package static let valueOutOfRange = Code("valueOutOfRange")
        /// A string that is not what its key takes (a time, a two-letter code), or a version that cannot be encoded.
        package static let invalidValue = Code("invalidValue")
    }

    /// `unknown key "key" (did you mean "known"?)` at `path`, with the nearest of `known`
    /// (``Fields/closest(to:in:)``): the one wording of an unknown key, TC and GPP `encode` alike.
    package static func unknownKey(_ key: String, at path: String, known: [String]) -> ModelError {
        let suggestion = Fields<String>.closest(to: key, in: known).map { " (did you mean \"\($0)\"?)" } ?? ""
        return ModelError(.unknownKey, at: path, "unknown key \"\(key)\"\(suggestion)")
    }

    /// What, then where, then the code: `25 is out of range 1-24 (key purposeConsents[0]) [valueOutOfRange]`.
    package var description: String {
        ErrorWording.line(problem, places: path.isEmpty ? [] : ["key \(path)"], code: code.name)
    }
}

/// Reading the decode schema back into a model (`tcstring encode` and the fixture tests).
///
/// Strict: a key outside the schema, a value of the wrong type or out of its field's range, and a
/// missing required key (``requiredJSONKeys``) are errors naming the key. Every `tcstring decode`
/// output is accepted, except a publisher restriction for a purpose outside 1-24: the wire field
/// holds 0-63, but `PublisherRestrictions`' public API takes only 1-24. Missing optional keys take
/// the defaults `SchemaKey.inputHelp` lists; those defaults give a string `validate()` has nothing
/// to say about. (`Codable` differs: it requires every key but the optional segments.)
extension TCString {
    /// The keys without a default: nothing neutral stands in for a CMP's id or a vendor list version
    /// (`validate()` flags 0 for both, and CmpId 1).
    package static let requiredJSONKeys: [SchemaKey] = [.cmpId, .vendorListVersion]

    package init(json: JSON, today: Timestamp) throws(ModelError) {
        let fields = try Fields(json, path: "", keys: SchemaKey.allCases, required: Self.requiredJSONKeys)
        // The times are checked first, as they always were, then every key in the table's order.
        let created = try fields.timestamp(.created) ?? today.startOfDay
        _ = try fields.timestamp(.lastUpdated)
        // A missing key keeps the default `init(created:)` gives it: the defaults `inputHelp` lists.
        self.init(created: created)
        var reader = LenientReader(fields: fields)
        try read(&reader)
        if !fields.has(.lastUpdated) { lastUpdated = created }
        // Absent: every vendor the string speaks of was disclosed (TCF 2.3 requires the segment);
        // null: no segment, as `decode` prints it.
        if !fields.has(.disclosedVendors) { disclosedVendors = vendorConsents.union(vendorLegitimateInterests) }
    }
}

/// `tcstring encode`'s reader of the field tables: each key that is there, checked against its
/// row's range; a missing key leaves the model's default.
private struct LenientReader: TCFReader {
    typealias Failure = ModelError
    let fields: Fields<TCString.SchemaKey>

    func key(_ key: some TCFSchemaKey) -> TCString.SchemaKey { key as! TCString.SchemaKey }

    func check(_ key: some TCFSchemaKey, version: Int) throws(ModelError) {
        if let given = try fields.int(self.key(key)), given != version {
            throw fields.error(
                self.key(key),
                .invalidValue,
                "\(given) is not supported; only version \(version) can be encoded"
            )
        }
    }
    func read(_ key: some TCFSchemaKey, int value: inout Int) throws(ModelError) {
        value = try fields.int(self.key(key)) ?? value
    }
    func read(_ key: some TCFSchemaKey, bool value: inout Bool) throws(ModelError) {
        value = try fields.bool(self.key(key)) ?? value
    }
    func read(_ key: some TCFSchemaKey, timestamp value: inout Timestamp) throws(ModelError) {
        value = try fields.timestamp(self.key(key)) ?? value
    }
    func read(_ key: some TCFSchemaKey, code value: inout TwoLetterCode) throws(ModelError) {
        value = try fields.code(self.key(key)) ?? value
    }
    func read<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: inout S) throws(ModelError) {
        value = try fields.smallSet(self.key(key)) ?? value
    }
    func read(_ key: some TCFSchemaKey, vendors value: inout VendorSet) throws(ModelError) {
        value = try fields.vendors(self.key(key)) ?? value
    }
    func read(_ key: some TCFSchemaKey, optionalVendors value: inout VendorSet?) throws(ModelError) {
        if fields.has(self.key(key)) { value = try fields.vendors(self.key(key), nullable: true) }
    }
    func read(_ key: some TCFSchemaKey, restrictionType value: inout RestrictionType) throws(ModelError) {
        preconditionFailure("\(key.stringValue): a restriction entry is read by `Fields.restrictions`")
    }
    func read(_ key: some TCFSchemaKey, restrictions value: inout PublisherRestrictions) throws(ModelError) {
        value = try fields.restrictions(self.key(key))
    }
    func read(_ key: some TCFSchemaKey, publisherTC value: inout PublisherTC?) throws(ModelError) {
        value = try fields.publisherTC(self.key(key))
    }
}

extension TCString.SchemaKey {
    /// What `tcstring encode` takes for the key and, unless ``TCString/requiredJSONKeys`` holds it,
    /// its default when missing: the rows of the key table in `encode --help`.
    package var inputHelp: String {
        typealias Restriction = PublisherRestriction.SchemaKey
        typealias Publisher = PublisherTC.SchemaKey
        return switch self {
        case .cmpId: "the CMP's registered id, \(values!.text) (validate flags 0 and 1)"
        case .vendorListVersion: "the Global Vendor List version, \(values!.text) (validate flags 0)"
        case .version: "2, the only version encoded"
        case .created: #"today at 00:00 UTC; "YYYY-MM-DD" or "YYYY-MM-DDTHH:MM:SS[.fff]Z""#
        case .lastUpdated: Self.created.rawValue
        case .publisherRestrictions:
            "[], or entries {\(quoted(Restriction.purposeId)): \(Restriction.purposeId.values.text), "
                + "\(quoted(Restriction.restrictionType)): \(Restriction.restrictionType.values.text),\n"
                + "\(quoted(Restriction.vendors)): ids, default []}"
        case .disclosedVendors:
            "\(Self.vendorConsents.rawValue) + \(Self.vendorLegitimateInterests.rawValue); null: no segment"
        case .allowedVendors: "null: no segment"
        case .publisherTC:
            "null: no segment; or {\(quoted(Publisher.purposeConsents)),\n"
                + "\(quoted(Publisher.purposeLegitimateInterests)) (ids \(Publisher.purposeConsents.values.text), default []),\n"
                + "\(quoted(Publisher.numCustomPurposes)) (\(Publisher.numCustomPurposes.values.text), default the highest custom purpose),\n"
                + "\(quoted(Publisher.customPurposeConsents)), \(quoted(Publisher.customPurposeLegitimateInterests))\n"
                + "(ids 1-\(Publisher.numCustomPurposes.rawValue), default [])}"
        default: DefaultHelp.texts[rawValue]!
        }
    }
}

/// The default of each key `tcstring encode` may leave out whose default is a plain value: the one
/// ``TCString/init(created:lastUpdated:cmpId:cmpVersion:consentScreen:consentLanguage:vendorListVersion:policyVersion:isServiceSpecific:useNonStandardTexts:specialFeatureOptIns:purposeConsents:purposeLegitimateInterests:purposeOneTreatment:publisherCountryCode:vendorConsents:vendorLegitimateInterests:publisherRestrictions:disclosedVendors:allowedVendors:publisherTC:)``
/// gives it, visited through the field table and written as `encode --help` lists it, with the
/// numbers the key takes.
private struct DefaultHelp: TCFVisitor {
    typealias Failure = Never
    /// Each key's help text, by key.
    static let texts: [String: String] = {
        var help = DefaultHelp()
        TCString(created: Timestamp(deciseconds: 0)).traverse(&help)
        return help.texts
    }()

    var texts: [String: String] = [:]

    func range(_ key: some TCFSchemaKey) -> String { (key as? TCString.SchemaKey)?.values?.text ?? "" }

    mutating func visit(_ key: some TCFSchemaKey, int value: Int) {
        texts[key.stringValue] = "\(value) (\(range(key)))"
    }
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) { texts[key.stringValue] = "\(value)" }
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) {}
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) {
        texts[key.stringValue] = "\"\(value)\" (two letters)"
    }
    mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) {
        texts[key.stringValue] = "\(Array(value)) (ids \(range(key)))"
    }
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) {
        texts[key.stringValue] = "\(value.map(Array.init) ?? []) (ids \(range(key)))"
    }
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) {}
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) {}
}

/// A key in quotes, as JSON writes it.
private func quoted(_ key: some CodingKey) -> String { "\"\(key.stringValue)\"" }

/// A key of an object ``Fields`` reads: a schema's coding key, or a string.
package protocol FieldKey {
    var stringValue: String { get }
}

extension String: FieldKey {
    package var stringValue: String { self }
}

extension TCString.SchemaKey: FieldKey {}
extension PublisherTC.SchemaKey: FieldKey {}
extension PublisherRestriction.SchemaKey: FieldKey {}

/// Typed access to the members of one JSON object, with errors that name the key's path.
package struct Fields<Key: FieldKey> {
    let members: [(String, JSON)]
    /// Where the object sits, e.g. `publisherRestrictions[0]`; empty at the top level.
    let path: String

    /// Checks that `json` is an object with only `keys`, each at most once, and every `required` key.
    package init(_ json: JSON, path: String, keys: [Key], required: [Key] = []) throws(ModelError) {
        guard case .object(let members) = json else {
            throw ModelError(.invalidType, at: path, "\(json.brief) is not an object")
        }
        let names = keys.map(\.stringValue)
        for (index, (key, _)) in members.enumerated() {
            guard names.contains(key) else { throw ModelError.unknownKey(key, at: path, known: names) }
            guard !members[..<index].contains(where: { $0.0 == key }) else {
                throw ModelError(.duplicateKey, at: path, "duplicate key \"\(key)\"")
            }
        }
        let requiredNames = required.map(\.stringValue)
        for key in requiredNames where !members.contains(where: { $0.0 == key }) {
            throw ModelError(
                .missingKey,
                at: path,
                "missing key \"\(key)\" (required: \(requiredNames.joined(separator: ", ")))"
            )
        }
        self.members = members
        self.path = path
    }

    /// The known key nearest to `key`: the same letters in another case, else at most two edits away.
    /// Keys whose lengths differ by more than two are never that close, so a long unknown key costs
    /// one length check per known key, not an edit distance over its whole length.
    static func closest(to key: String, in keys: [String]) -> String? {
        let lowered = Array(key.lowercased().utf8)
        let scored = keys.compactMap { known -> (String, Int)? in
            let candidate = Array(known.lowercased().utf8)
            guard abs(candidate.count - lowered.count) <= 2 else { return nil }
            return (known, editDistance(lowered, candidate))
        }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return best.0
    }

    /// Levenshtein distance over bytes (the keys are ASCII).
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }

    func keyPath(_ key: Key) -> String { path.isEmpty ? key.stringValue : "\(path).\(key.stringValue)" }

    package func error(_ key: Key, _ code: ModelError.Code, _ problem: String) -> ModelError {
        ModelError(code, at: keyPath(key), problem)
    }

    func has(_ key: Key) -> Bool { members.contains { $0.0 == key.stringValue } }

    /// The member; `nil` when it is missing, or `null` where `nullable`. `null` elsewhere is a type error.
    func value(_ key: Key, _ expected: String, nullable: Bool = false) throws(ModelError) -> JSON? {
        guard let value = members.first(where: { $0.0 == key.stringValue })?.1 else { return nil }
        if value == .null {
            if nullable { return nil }
            throw error(key, .invalidType, "null is not \(expected)")
        }
        return value
    }

    func int(_ key: Key, _ range: ClosedRange<Int>) throws(ModelError) -> Int? {
        guard let value = try value(key, "an integer") else { return nil }
        return try Self.int(value, range, at: keyPath(key))
    }

    /// A number key's integer, in the key's `values` (CmpId: 0-4095).
    func int(_ key: Key) throws(ModelError) -> Int? where Key == TCString.SchemaKey {
        guard let range = key.values else { preconditionFailure("\(key) is not a number") }
        return try int(key, range)
    }

    /// An integer in `range`; above `range` with a `limit` named, the error names the limit instead.
    static func int(
        _ value: JSON,
        _ range: ClosedRange<Int>,
        at path: String,
        limit: (name: String, value: Int)? = nil
    ) throws(ModelError) -> Int {
        guard case .int(let number) = value else {
            throw ModelError(.invalidType, at: path, "\(value.brief) is not an integer")
        }
        if let limit, number > limit.value, number <= range.upperBound {
            throw ModelError(.valueOutOfRange, at: path, "\(number) is above \(limit.name) \(limit.value)")
        }
        guard range.contains(number) else {
            throw ModelError(.valueOutOfRange, at: path, "\(number) is out of range \(range.text)")
        }
        return number
    }

    func bool(_ key: Key) throws(ModelError) -> Bool? {
        guard let value = try value(key, "true or false") else { return nil }
        guard case .bool(let flag) = value else {
            throw error(key, .invalidType, "\(value.brief) is not true or false")
        }
        return flag
    }

    func string(_ key: Key, _ expected: String) throws(ModelError) -> String? {
        guard let value = try value(key, expected) else { return nil }
        guard case .string(let text) = value else {
            throw error(key, .invalidType, "\(value.brief) is not \(expected)")
        }
        return text
    }

    func timestamp(_ key: Key) throws(ModelError) -> Timestamp? {
        let expected = "an ISO-8601 UTC time (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.fff]Z)"
        guard let text = try string(key, expected) else { return nil }
        guard let timestamp = Timestamp(iso8601: text) else {
            throw error(key, .invalidValue, "\(JSON.string(text).brief) is not \(expected)")
        }
        guard timestamp.isEncodable else {
            let last = Timestamp(deciseconds: Timestamp.maxDeciseconds)
            throw error(
                key,
                .valueOutOfRange,
                "\(JSON.string(text).brief) is out of range \(Timestamp(deciseconds: 0)) to \(last)"
            )
        }
        return timestamp
    }

    func code(_ key: Key) throws(ModelError) -> TwoLetterCode? {
        let expected = "two letters A-Z"
        guard let text = try string(key, expected) else { return nil }
        // Two letters, or a code outside A-Z as `decode` prints it (`A` + value), so decode | encode round-trips.
        if let code = try? TwoLetterCode(text) { return code }
        guard let code = TwoLetterCode(displayed: text) else {
            throw error(key, .invalidValue, "\(JSON.string(text).brief) is not \(expected)")
        }
        return code
    }

    /// An id list, each id checked against `range`; an error names the element, e.g. `vendorConsents[3]`.
    func ids(
        _ key: Key,
        _ range: ClosedRange<Int>,
        limit: (name: String, value: Int)? = nil,
        nullable: Bool = false
    ) throws(ModelError) -> [Int]? {
        guard let value = try value(key, "a list of ids", nullable: nullable) else { return nil }
        guard case .array(let items) = value else {
            throw error(key, .invalidType, "\(value.brief) is not a list of ids")
        }
        var ids: [Int] = []
        ids.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            ids.append(try Self.int(item, range, at: "\(keyPath(key))[\(index)]", limit: limit))
        }
        return ids
    }

    package func smallSet<Set: SmallIDSet>(
        _ key: Key,
        limit: (name: String, value: Int)? = nil
    ) throws(ModelError) -> Set? {
        guard let ids = try ids(key, 1...Set.maxID, limit: limit) else { return nil }
        // Every id is in range, so this cannot throw.
        return try? Set(ids)
    }

    package func vendors(_ key: Key, nullable: Bool = false) throws(ModelError) -> VendorSet? {
        guard let ids = try ids(key, 1...VendorSet.maxID, nullable: nullable) else { return nil }
        return try? VendorSet(ids)
    }

    package func restrictions(_ key: Key) throws(ModelError) -> PublisherRestrictions {
        guard let value = try value(key, "a list of restrictions") else { return PublisherRestrictions() }
        guard case .array(let items) = value else {
            throw error(key, .invalidType, "\(value.brief) is not a list of restrictions")
        }
        var result = PublisherRestrictions()
        for (index, item) in items.enumerated() {
            let entry = try Fields<PublisherRestriction.SchemaKey>(
                item,
                path: "\(keyPath(key))[\(index)]",
                keys: PublisherRestriction.SchemaKey.allCases,
                required: [.purposeId, .restrictionType]
            )
            // The wire field holds 0-63, but only purposes 1-24 can be restricted through the model.
            let purposeId = try entry.int(.purposeId, 1...PurposeSet.maxID) ?? 0
            let rawType = try entry.int(.restrictionType, 0...3) ?? 0
            let vendors = try entry.vendors(.vendors) ?? []
            try? result.insert(
                vendors: vendors,
                purposeId: purposeId,
                restrictionType: RestrictionType(rawValue: rawType)!
            )
        }
        return result
    }

    func publisherTC(_ key: Key) throws(ModelError) -> PublisherTC? {
        guard let value = try value(key, "an object", nullable: true) else { return nil }
        let p = try Fields<PublisherTC.SchemaKey>(value, path: keyPath(key), keys: PublisherTC.SchemaKey.allCases)
        let given = try p.int(.numCustomPurposes, 0...CustomPurposeSet.maxID)
        let limit = given.map { (name: PublisherTC.SchemaKey.numCustomPurposes.rawValue, value: $0) }
        let consents: CustomPurposeSet? = try p.smallSet(.customPurposeConsents, limit: limit)
        let interests: CustomPurposeSet? = try p.smallSet(.customPurposeLegitimateInterests, limit: limit)
        return PublisherTC(
            purposeConsents: try p.smallSet(.purposeConsents) ?? [],
            purposeLegitimateInterests: try p.smallSet(.purposeLegitimateInterests) ?? [],
            // Without numCustomPurposes, as many as the highest custom purpose given.
            numCustomPurposes: given ?? Swift.max(consents?.max ?? 0, interests?.max ?? 0),
            customPurposeConsents: consents ?? [],
            customPurposeLegitimateInterests: interests ?? []
        )
    }
}

extension JSON {
    /// The value as JSON, cut to 40 characters, for error messages.
    package var brief: String {
        let text = serialized()
        return text.count <= 40 ? text : String(text.prefix(37)) + "..."
    }
}
