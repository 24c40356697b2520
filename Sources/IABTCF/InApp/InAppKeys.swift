/// A value stored under an `IABTCF_` key (NSUserDefaults / SharedPreferences).
///
/// The CMP API stores numbers as integers and everything else as strings; some SDKs have written
/// booleans, so readers accept those too.
public enum InAppValue: Sendable, Hashable {
    /// An integer (numbers and, per the CMP API, booleans).
    case int(Int)
    /// A string (codes, the TC string, `0`/`1` binary strings).
    case string(String)
    /// A boolean, as some SDKs store flags.
    case bool(Bool)

    /// The value as an integer, tolerating booleans and numeric or boolean strings (`"1"`, `"true"`).
    public var intValue: Int? {
        switch self {
        case .int(let value): value
        case .bool(let value): value ? 1 : 0
        case .string(let text):
            switch text.lowercased() {
            case "true", "yes": 1
            case "false", "no": 0
            default: Int(text)
            }
        }
    }

    /// The value as a string (integers and booleans are not strings).
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

/// The in-app storage keys of the CMP API v2 ("IABTCF_" keys).
public enum InAppKeys {
    /// Number: the CMP's registered id; its presence signals a CMP.
    public static let cmpSdkId = "IABTCF_CmpSdkID"
    /// Number: the CMP SDK's version.
    public static let cmpSdkVersion = "IABTCF_CmpSdkVersion"
    /// Number: the TCF policy version the consents follow.
    public static let policyVersion = "IABTCF_PolicyVersion"
    /// Number: 1 when the GDPR applies, 0 when not; unset when undetermined.
    public static let gdprApplies = "IABTCF_gdprApplies"
    /// String: the publisher's two-letter country code.
    public static let publisherCC = "IABTCF_PublisherCC"
    /// Number: 1 when purpose 1 was not disclosed.
    public static let purposeOneTreatment = "IABTCF_PurposeOneTreatment"
    /// Number: 1 when the CMP changed the standard texts.
    public static let useNonStandardTexts = "IABTCF_UseNonStandardTexts"
    /// String: the full TC string.
    public static let tcString = "IABTCF_TCString"
    /// Binary string: vendor consents, vendor n+1 at index n.
    public static let vendorConsents = "IABTCF_VendorConsents"
    /// Binary string: vendor legitimate interests.
    public static let vendorLegitimateInterests = "IABTCF_VendorLegitimateInterests"
    /// Binary string: disclosed vendors (TCF 2.3).
    public static let disclosedVendors = "IABTCF_DisclosedVendors"
    /// Binary string: purpose consents, purpose n+1 at index n.
    public static let purposeConsents = "IABTCF_PurposeConsents"
    /// Binary string: purpose legitimate interests.
    public static let purposeLegitimateInterests = "IABTCF_PurposeLegitimateInterests"
    /// Binary string: special feature opt-ins.
    public static let specialFeaturesOptIns = "IABTCF_SpecialFeaturesOptIns"
    /// Binary string: the publisher's purpose consents.
    public static let publisherConsent = "IABTCF_PublisherConsent"
    /// Binary string: the publisher's purpose legitimate interests.
    public static let publisherLegitimateInterests = "IABTCF_PublisherLegitimateInterests"
    /// Binary string: the publisher's custom purpose consents.
    public static let publisherCustomPurposesConsents = "IABTCF_PublisherCustomPurposesConsents"
    /// Binary string: the publisher's custom purpose legitimate interests.
    public static let publisherCustomPurposesLegitimateInterests = "IABTCF_PublisherCustomPurposesLegitimateInterests"
    /// `IABTCF_PublisherRestrictions{purposeId}`.
    public static func publisherRestrictions(purposeId: Int) -> String { "IABTCF_PublisherRestrictions\(purposeId)" }
    /// Number: 1 when the CMP lets Google's SDKs derive consent mode from the TC string (Google's
    /// key, the in-app form of `TCData.enableAdvertiserConsentMode`; not a CMP API v2 key, so not in
    /// ``fixedKeys``).
    public static let enableAdvertiserConsentMode = "IABTCF_EnableAdvertiserConsentMode"

    /// Every key of the CMP API v2 with a fixed name, in the specification's order. The per-purpose
    /// `IABTCF_PublisherRestrictions{ID}` keys are not listed: recognise them with
    /// ``purposeId(ofPublisherRestrictionsKey:)``. `IABTCF_AddtlConsent` (Google's, not the IAB's) is
    /// not a CMP API key and is not listed either.
    public static let fixedKeys: [String] = [
        cmpSdkId, cmpSdkVersion, policyVersion, gdprApplies, publisherCC, purposeOneTreatment, useNonStandardTexts,
        tcString, vendorConsents, vendorLegitimateInterests, disclosedVendors, purposeConsents,
        purposeLegitimateInterests, specialFeaturesOptIns, publisherConsent, publisherLegitimateInterests,
        publisherCustomPurposesConsents, publisherCustomPurposesLegitimateInterests,
    ]

    /// The purpose id of an `IABTCF_PublisherRestrictions{ID}` key: the id written in decimal without
    /// leading zeros, 0 through 63 (any value of a restriction entry's 6-bit PurposeId, so every key
    /// ``TCString/inAppKeys(gdprApplies:maximumLength:)`` can write); `nil` for any other key.
    public static func purposeId(ofPublisherRestrictionsKey key: String) -> Int? {
        let prefix = "IABTCF_PublisherRestrictions"
        guard key.hasPrefix(prefix) else { return nil }
        let digits = key.utf8.dropFirst(prefix.utf8.count)
        guard (1...2).contains(digits.count), digits.count == 1 || digits.first != UInt8(ascii: "0"),
            digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        let id = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        return id <= 63 ? id : nil
    }

    /// Whether the CMP API v2 defines `key`: one of ``fixedKeys`` or an `IABTCF_PublisherRestrictions{ID}` key.
    public static func isDefined(_ key: String) -> Bool {
        purposeId(ofPublisherRestrictionsKey: key) != nil || fixedKeys.contains(key)
    }

    /// Binary strings are at least as long as the highest id ``TCFPolicy`` defines, so readers that
    /// index them directly find every defined id.
    static let definedPurposes = TCFPolicy.definedPurposes.max() ?? 0
    static let definedSpecialFeatures = TCFPolicy.definedSpecialFeatures.max() ?? 0
}

extension TCString {
    /// The CMP API v2 in-app key/value map for this value: integers for numeric keys, `"0"`/`"1"`
    /// strings where index 0 is id 1, `IABTCF_PublisherRestrictions{ID}` strings of `0`/`1`/`2` with
    /// `_` for "no restriction", and the TC string itself (re-encoded with its layout, so a decoded
    /// string comes back unchanged).
    ///
    /// Purpose and special-feature strings cover at least every id TCF 2.2 defines (11 and 2);
    /// vendor strings end at the highest vendor set. Publisher keys appear only with a Publisher TC
    /// segment, `IABTCF_DisclosedVendors` only with Disclosed Vendors.
    ///
    /// - Parameters:
    ///   - gdprApplies: `IABTCF_gdprApplies` (1 or 0); `nil` leaves it out ("undetermined").
    ///   - maximumLength: The longest `IABTCF_TCString` to write, as in ``encoded(_:maximumLength:)``.
    /// - Throws: ``TCStringError`` if the value cannot be encoded (see ``encoded(_:maximumLength:)``).
    public func inAppKeys(
        gdprApplies: Bool?,
        maximumLength: Int = DecodingOptions.defaultMaximumLength
    ) throws(TCStringError) -> [String: InAppValue] {
        let encoded = try encoded(.preservingLayout, maximumLength: maximumLength)
        return inAppKeys(gdprApplies: gdprApplies, tcString: encoded)
    }

    /// The in-app keys of the TC string `encoded` (``inAppKeys(gdprApplies:maximumLength:)`` of the
    /// value it decodes to), with `encoded` itself as `IABTCF_TCString`: re-encoding a decoded value
    /// with its layout gives back the decoded string byte for byte, so it is not re-encoded.
    ///
    /// - Parameters:
    ///   - encoded: A TC string's UTF-8 bytes, taken exactly as given.
    ///   - gdprApplies: `IABTCF_gdprApplies` (1 or 0); `nil` leaves it out ("undetermined").
    ///   - options: How to decode (see ``init(encodedBytes:options:)``).
    /// - Throws: ``TCStringError`` if `encoded` does not decode.
    public static func inAppKeys(
        decoding encoded: some Collection<UInt8>,
        gdprApplies: Bool?,
        options: DecodingOptions = DecodingOptions()
    ) throws(TCStringError) -> [String: InAppValue] {
        let value = try TCString(encodedBytes: encoded, options: options)
        return value.inAppKeys(gdprApplies: gdprApplies, tcString: String(decoding: encoded, as: UTF8.self))
    }

    /// The in-app keys with `tcString` as `IABTCF_TCString`.
    private func inAppKeys(gdprApplies: Bool?, tcString: String) -> [String: InAppValue] {
        // Every field table row with an in-app key (publisher keys only with a Publisher TC
        // segment, IABTCF_DisclosedVendors only with Disclosed Vendors), then the string, gdprApplies
        // and the restrictions.
        var writer = InAppKeyWriter(rows: InAppKeyWriter.rows)
        writer.keys.reserveCapacity(InAppKeys.fixedKeys.count + publisherRestrictions.count)
        traverse(&writer)
        var keys = writer.keys
        keys[InAppKeys.tcString] = .string(tcString)
        if let gdprApplies { keys[InAppKeys.gdprApplies] = .int(gdprApplies ? 1 : 0) }
        let restrictions = publisherRestrictions
        // Entries are sorted by purpose, then type: each purpose's entries are one run.
        var first = 0
        while first < restrictions.count {
            let purposeId = restrictions.purposeId(at: first)
            var end = first + 1
            while end < restrictions.count && restrictions.purposeId(at: end) == purposeId { end += 1 }
            let entries = (first..<end).map { restrictions[$0] }.filter { $0.restrictionType != .undefined }
            first = end
            let length = entries.reduce(0) { Swift.max($0, $1.vendors.max ?? 0) }
            guard length > 0 else { continue }
            var types = [UInt8](repeating: UInt8(ascii: "_"), count: length)
            // The lowest (most restrictive) type wins for a vendor listed twice: it is written last.
            for restriction in entries.reversed() {
                let type = UInt8(ascii: "0") + UInt8(restriction.restrictionType.rawValue)
                for vendor in restriction.vendors { types[vendor - 1] = type }
            }
            keys[InAppKeys.publisherRestrictions(purposeId: purposeId)] = .string(
                String(decoding: types, as: UTF8.self)
            )
        }
        return keys
    }

    /// `"0"`/`"1"` per vendor from 1 to the highest in `set`.
    static func binary(_ set: VendorSet) -> String { binary(words: set.words, length: set.max ?? 0) }

    /// `"0"`/`"1"` per id from 1 to the highest in `set`, and at least to `minimum`.
    static func binary<S: SmallIDSet>(_ set: S, atLeast minimum: Int) -> String {
        binary(words: CollectionOfOne(set.rawValue), length: Swift.max(minimum, set.max ?? 0))
    }

    /// `"0"`/`"1"` per id from 1 to `length`, read from `words` in the sets' layout (MSB first:
    /// id 1 is bit 63 of the first word); ids past the words are `0`, past `length` left out.
    /// Each byte of a word becomes its eight digits in one copy from ``binaryDigits``.
    static func binary(words: some Collection<UInt64>, length: Int) -> String {
        let wordCount = (length + 63) / 64
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: wordCount * 64) { buffer in
            let out = buffer.baseAddress!
            var written = 0
            binaryDigits.withUnsafeBufferPointer { digits in
                for word in words.prefix(wordCount) {
                    for shift in stride(from: 56, through: 0, by: -8) {
                        let byte = Int(truncatingIfNeeded: word >> UInt64(shift) & 0xFF)
                        (out + written).initialize(from: digits.baseAddress! + byte * 8, count: 8)
                        written += 8
                    }
                }
            }
            (out + written).initialize(repeating: UInt8(ascii: "0"), count: wordCount * 64 - written)
            return String(decoding: UnsafeBufferPointer(start: out, count: length), as: UTF8.self)
        }
    }

    /// The eight `0`/`1` digits of every byte, MSB first: byte `b`'s at `8 * b`.
    private static let binaryDigits: [UInt8] = (0..<256).flatMap { byte in
        (0..<8).map { bit in byte >> (7 - bit) & 1 == 1 ? UInt8(ascii: "1") : UInt8(ascii: "0") }
    }
}

/// The in-app keys as a visitor of the field tables: each row's `inAppKey` with its value as the
/// CMP API v2 stores it (numbers and flags as integers, codes as strings, id sets as `0`/`1`
/// strings); rows without an in-app key are skipped, as are absent segments.
private struct InAppKeyWriter: TCFVisitor {
    typealias Failure = Never
    /// The rows' in-app keys, in ``TCString/fieldTable``'s order.
    static let rows = TCString.fieldTable.map(\.inAppKey)
    /// The Publisher TC rows' in-app keys, in ``PublisherTC/fieldTable``'s order.
    static let publisherRows = PublisherTC.fieldTable.map(\.inAppKey)

    var keys: [String: InAppValue] = [:]
    let rows: [String?]
    var index = 0
    /// The last number visited: NumCustomPurposes, how long the custom purpose strings are.
    var lastNumber = 0

    init(rows: [String?]) { self.rows = rows }

    /// The in-app key of the row visited now.
    mutating func next() -> String? {
        defer { index += 1 }
        return rows[index]
    }

    mutating func visit(_ key: some TCFSchemaKey, int value: Int) {
        lastNumber = value
        if let name = next() { keys[name] = .int(value) }
    }
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) {
        if let name = next() { keys[name] = .int(value ? 1 : 0) }
    }
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) { _ = next() }
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) {
        if let name = next() { keys[name] = .string(value.description) }
    }
    /// Purpose and special-feature strings cover at least every id TCF defines; custom purpose
    /// strings are NumCustomPurposes long.
    mutating func visit<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: S) {
        guard let name = next() else { return }
        keys[name] = .string(
            S.self == CustomPurposeSet.self
                ? TCString.binary(words: CollectionOfOne(value.rawValue), length: lastNumber)
                : TCString.binary(
                    value,
                    atLeast: S.self == SpecialFeatureSet.self
                        ? InAppKeys.definedSpecialFeatures : InAppKeys.definedPurposes
                )
        )
    }
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) {
        if let name = next(), let value { keys[name] = .string(TCString.binary(value)) }
    }
    /// The `IABTCF_PublisherRestrictions{ID}` keys are written per purpose, after the walk.
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) { _ = next() }
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) {
        _ = next()
        guard let value else { return }
        var nested = InAppKeyWriter(rows: Self.publisherRows)
        swap(&nested.keys, &keys)
        value.traverse(&nested)
        swap(&nested.keys, &keys)
    }
}

/// The in-app keys as a reader of the field tables: each row's `inAppKey` read by the row's type,
/// tolerantly (numbers from integers, booleans and numeric strings; flags as 1 or not; codes as
/// text; id sets from the first characters of a `0`/`1` string, as many as the row has ids, so a
/// hostile value of any length costs at most one array of that many ids). A row whose key is
/// absent keeps the model's value, except that flags then read as `false` and id sets as empty;
/// an absent `IABTCF_DisclosedVendors` stays `nil`. The restrictions are read from the
/// `IABTCF_PublisherRestrictions{ID}` keys, purposes 1-24; the Publisher TC segment is always read.
private struct InAppKeyReader: TCFReader {
    typealias Failure = Never

    /// What the reader needs of a row: its in-app key, the numbers it takes and where the model keeps it.
    struct Row: Sendable {
        let key: String?
        let values: ClosedRange<Int>?
        let keyPath: any AnyKeyPath & Sendable
        init<Model>(_ field: TCFField<Model>) {
            key = field.inAppKey
            values = field.values
            keyPath = field.keyPath
        }
    }
    /// The rows of ``TCString/fieldTable``, in its order.
    static let rows = TCString.fieldTable.map(Row.init)
    /// The rows of ``PublisherTC/fieldTable``, in its order.
    static let publisherRows = PublisherTC.fieldTable.map(Row.init)

    let keys: [String: InAppValue]
    let rows: [Row]
    var index = 0
    /// The number rows whose key holds a number: the others read as unset.
    var numbers: Set<AnyKeyPath> = []
    /// The code rows' text as stored (a ``TwoLetterCode`` holds two letters only).
    var texts: [AnyKeyPath: String] = [:]
    /// What each row's key means, by key, for comparing two sets of keys: a number or a code's text
    /// when the key holds one, a flag, an id set (empty for an absent `IABTCF_DisclosedVendors`).
    var readings: [String: AnyHashable] = [:]

    init(keys: [String: InAppValue], rows: [Row]) {
        self.keys = keys
        self.rows = rows
    }

    /// The row read now.
    mutating func next() -> Row {
        defer { index += 1 }
        return rows[index]
    }

    /// What `row`'s key holds, if it has a key and it is present.
    func stored(_ row: Row) -> InAppValue? { row.key.flatMap { keys[$0] } }

    /// The ids of the `1`s among the first characters of `row`'s binary string, as many as the
    /// row has ids; none when the key is absent or not a string.
    func ids(_ row: Row) -> [Int] {
        guard let text = stored(row)?.stringValue, let values = row.values else { return [] }
        return text.utf8.prefix(values.upperBound).enumerated().compactMap {
            $0.element == UInt8(ascii: "1") ? $0.offset + 1 : nil
        }
    }

    mutating func check(_ key: some TCFSchemaKey, version: Int) { _ = next() }
    mutating func read(_ key: some TCFSchemaKey, int value: inout Int) {
        let row = next()
        guard let key = row.key, let number = keys[key]?.intValue else { return }
        value = number
        numbers.insert(row.keyPath)
        readings[key] = number
    }
    mutating func read(_ key: some TCFSchemaKey, bool value: inout Bool) {
        guard let key = next().key else { return }
        value = keys[key]?.intValue == 1
        readings[key] = value
    }
    mutating func read(_ key: some TCFSchemaKey, timestamp value: inout Timestamp) { _ = next() }
    mutating func read(_ key: some TCFSchemaKey, code value: inout TwoLetterCode) {
        let row = next()
        guard let key = row.key, let text = keys[key]?.stringValue else { return }
        texts[row.keyPath] = text
        readings[key] = text
        if let code = try? TwoLetterCode(text) { value = code }
    }
    mutating func read<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: inout S) {
        let row = next()
        guard let key = row.key else { return }
        value = (try? S(ids(row))) ?? S()
        readings[key] = value
    }
    mutating func read(_ key: some TCFSchemaKey, vendors value: inout VendorSet) {
        let row = next()
        guard let key = row.key else { return }
        value = (try? VendorSet(ids(row))) ?? VendorSet()
        readings[key] = value
    }
    mutating func read(_ key: some TCFSchemaKey, optionalVendors value: inout VendorSet?) {
        let row = next()
        guard let key = row.key else { return }
        let vendors = (try? VendorSet(ids(row))) ?? VendorSet()
        value = keys[key] == nil ? nil : vendors
        readings[key] = vendors
    }
    mutating func read(_ key: some TCFSchemaKey, restrictionType value: inout RestrictionType) { _ = next() }
    mutating func read(_ key: some TCFSchemaKey, restrictions value: inout PublisherRestrictions) {
        _ = next()
        for purposeId in 1...PurposeSet.maxID {
            guard let text = keys[InAppKeys.publisherRestrictions(purposeId: purposeId)]?.stringValue else { continue }
            InAppConsent.readRestrictions(text, purposeId: purposeId, into: &value)
        }
    }
    mutating func read(_ key: some TCFSchemaKey, publisherTC value: inout PublisherTC?) {
        _ = next()
        var segment = value ?? PublisherTC()
        var nested = InAppKeyReader(keys: keys, rows: Self.publisherRows)
        segment.read(&nested)
        numbers.formUnion(nested.numbers)
        texts.merge(nested.texts) { $1 }
        readings.merge(nested.readings) { $1 }
        value = segment
    }
}

/// Something wrong with what the in-app keys hold (``InAppConsent/problems``).
public enum InAppProblem: Sendable, Hashable, CustomStringConvertible {
    /// `key` holds a value its reader cannot take: `IABTCF_gdprApplies` other than 0 or 1 (or a
    /// tolerated spelling of them: `true`/`false`, `yes`/`no` in any case, a boolean, `"1"`/`"0"`).
    /// The value then reads as unset.
    case malformed(key: String, value: InAppValue)
    /// `key` is out of step with `IABTCF_TCString`, a known CMP bug: a key derived from it
    /// (`IABTCF_PurposeConsents`, `IABTCF_VendorConsents`, ...) means something else than the
    /// string says, as when a CMP replaced the string and left the old choice's keys. Google reads
    /// the `IABTCF_` keys in the EEA; other SDKs read the derived keys. Writing the string with all
    /// its keys (`writeInAppKeys(for:gdprApplies:)` of IABTCFStorage) repairs them.
    case tcStringMismatch(key: String)

    /// `malformed IABTCF_gdprApplies: "maybe"`, `IABTCF_PurposeConsents differs from IABTCF_TCString`.
    public var description: String {
        switch self {
        case .malformed(let key, let value):
            let shown =
                switch value {
                case .int(let number): String(number)
                case .bool(let flag): String(flag)
                case .string(let text): "\"\(text.prefix(40))\""
                }
            return "malformed \(key): \(shown)"
        case .tcStringMismatch(let key): return "\(key) differs from \(InAppKeys.tcString)"
        }
    }
}

/// What an app finds under the `IABTCF_` keys, read tolerantly: integers, booleans and numeric
/// strings are all accepted for numeric keys (SDKs disagree on `IABTCF_gdprApplies` in
/// particular), and any character but `1` in a binary string means "no". Values no reader can
/// take, and derived keys out of step with `IABTCF_TCString`, are listed in ``problems``.
///
/// The GPP keys (`IABGPP_`) and the US keys are read by IABGPP's `GPPInAppConsent`.
public struct InAppConsent: Sendable, Hashable {
    /// `IABTCF_gdprApplies`: `nil` when unset, or malformed (a value other than 0 or 1 or a
    /// tolerated spelling: see ``InAppProblem/malformed(key:value:)`` in ``problems``).
    public var gdprApplies: Bool?
    /// `IABTCF_CmpSdkID`: set as soon as a CMP is present.
    public var cmpId: Int?
    /// `IABTCF_CmpSdkVersion`.
    public var cmpVersion: Int?
    /// `IABTCF_PolicyVersion`.
    public var policyVersion: Int?
    /// `IABTCF_PublisherCC`.
    public var publisherCountryCode: String?
    /// `IABTCF_PurposeOneTreatment` (unset reads as `false`).
    public var purposeOneTreatment: Bool
    /// `IABTCF_UseNonStandardTexts`.
    public var useNonStandardTexts: Bool
    /// `IABTCF_TCString`.
    public var tcString: String?
    /// `IABTCF_PurposeConsents`.
    public var purposeConsents: PurposeSet
    /// `IABTCF_PurposeLegitimateInterests`.
    public var purposeLegitimateInterests: PurposeSet
    /// `IABTCF_SpecialFeaturesOptIns`.
    public var specialFeatureOptIns: SpecialFeatureSet
    /// `IABTCF_VendorConsents`.
    public var vendorConsents: VendorSet
    /// `IABTCF_VendorLegitimateInterests`.
    public var vendorLegitimateInterests: VendorSet
    /// `IABTCF_DisclosedVendors`, or `nil` when the key is absent.
    public var disclosedVendors: VendorSet?
    /// `IABTCF_PublisherConsent`.
    public var publisherConsents: PurposeSet
    /// `IABTCF_PublisherLegitimateInterests`.
    public var publisherLegitimateInterests: PurposeSet
    /// `IABTCF_PublisherCustomPurposesConsents`.
    public var publisherCustomPurposeConsents: CustomPurposeSet
    /// `IABTCF_PublisherCustomPurposesLegitimateInterests`.
    public var publisherCustomPurposeLegitimateInterests: CustomPurposeSet
    /// From the `IABTCF_PublisherRestrictions{ID}` keys, purposes 1-24.
    public var publisherRestrictions: PublisherRestrictions
    /// What is wrong with the keys: a malformed `IABTCF_gdprApplies`, then derived keys out of
    /// step with `IABTCF_TCString`.
    public var problems: [InAppProblem]

    /// Reads the keys that are present; everything absent reads as empty or `nil`.
    ///
    /// When `IABTCF_TCString` decodes, each key derived from it (every CMP API v2 key but
    /// `IABTCF_gdprApplies` and the string itself) is read as it is stored and as the string's own
    /// keys (`TCString.inAppKeys(decoding:gdprApplies:options:)`) hold it; a key whose reading
    /// differs is a ``InAppProblem/tcStringMismatch(key:)``, listed after the other problems in the
    /// specification's order.
    /// The comparison is of meanings: a binary string that stops at its last `1`, or a number
    /// written as a string, agrees; an absent key reads as empty, so it agrees only where the string
    /// grants nothing.
    public init(keys: [String: InAppValue]) {
        self.init(reading: keys)
        guard let tcString,
            let expectedKeys = try? TCString.inAppKeys(decoding: tcString.utf8, gdprApplies: nil)
        else { return }
        problems += derivedKeyMismatches(keys: keys, expectedKeys).map {
            .tcStringMismatch(key: $0)
        }
    }

    /// The derived keys whose reading differs between `keys` (the stored keys) and `expectedKeys`
    /// (the string's own keys), in the specification's order, then the
    /// `IABTCF_PublisherRestrictions{ID}` keys by purpose. Each key is read by the same reader of
    /// the field tables as ``InAppConsent/init(keys:)`` (`InAppKeyReader`'s readings): numbers as
    /// numbers, flags as 1 or not, codes as text, id sets as the ids of their `1`s (an absent key
    /// has none).
    private func derivedKeyMismatches(keys: [String: InAppValue], _ expectedKeys: [String: InAppValue]) -> [String] {
        func readings(_ keys: [String: InAppValue]) -> [String: AnyHashable] {
            var model = TCString(created: Timestamp(deciseconds: 0))
            var reader = InAppKeyReader(keys: keys, rows: InAppKeyReader.rows)
            model.read(&reader)
            return reader.readings
        }
        let stored = readings(keys)
        let own = readings(expectedKeys)
        var mismatches = InAppKeys.fixedKeys.filter { stored[$0] != own[$0] }
        for purposeId in 1...PurposeSet.maxID {
            let key = InAppKeys.publisherRestrictions(purposeId: purposeId)
            let stored = keys[key]?.stringValue
            let own = expectedKeys[key]?.stringValue
            guard stored != own else { continue }
            var storedRestrictions = PublisherRestrictions()
            var ownRestrictions = PublisherRestrictions()
            Self.readRestrictions(stored ?? "", purposeId: purposeId, into: &storedRestrictions)
            Self.readRestrictions(own ?? "", purposeId: purposeId, into: &ownRestrictions)
            if storedRestrictions != ownRestrictions { mismatches.append(key) }
        }
        return mismatches
    }

    /// Reads the keys that are present, without comparing the derived keys with the string: the
    /// field tables' rows read into a ``TCString`` model (``InAppKeyReader``), then the properties
    /// from that model.
    private init(reading keys: [String: InAppValue]) {
        var problems: [InAppProblem] = []
        if let value = keys[InAppKeys.gdprApplies] {
            switch value.intValue {
            case 1?: gdprApplies = true
            case 0?: gdprApplies = false
            default: problems.append(.malformed(key: InAppKeys.gdprApplies, value: value))
            }
        }
        tcString = keys[InAppKeys.tcString]?.stringValue

        var model = TCString(created: Timestamp(deciseconds: 0))
        var reader = InAppKeyReader(keys: keys, rows: InAppKeyReader.rows)
        model.read(&reader)
        // A number row's value, `nil` when its key holds no number.
        func number(_ keyPath: KeyPath<TCString, Int>) -> Int? {
            reader.numbers.contains(keyPath) ? model[keyPath: keyPath] : nil
        }
        cmpId = number(\.cmpId)
        cmpVersion = number(\.cmpVersion)
        policyVersion = number(\.policyVersion)
        publisherCountryCode = reader.texts[\TCString.publisherCountryCode]
        purposeOneTreatment = model.purposeOneTreatment
        useNonStandardTexts = model.useNonStandardTexts
        purposeConsents = model.purposeConsents
        purposeLegitimateInterests = model.purposeLegitimateInterests
        specialFeatureOptIns = model.specialFeatureOptIns
        vendorConsents = model.vendorConsents
        vendorLegitimateInterests = model.vendorLegitimateInterests
        disclosedVendors = model.disclosedVendors
        let publisher = model.publisherTC ?? PublisherTC()
        publisherConsents = publisher.purposeConsents
        publisherLegitimateInterests = publisher.purposeLegitimateInterests
        publisherCustomPurposeConsents = publisher.customPurposeConsents
        publisherCustomPurposeLegitimateInterests = publisher.customPurposeLegitimateInterests
        publisherRestrictions = model.publisherRestrictions

        self.problems = problems
    }

    /// Adds the restrictions of one `IABTCF_PublisherRestrictions{ID}` value (`0`, `1` or `2` per
    /// vendor, anything else "no restriction") to `restrictions`.
    fileprivate static func readRestrictions(
        _ text: String,
        purposeId: Int,
        into restrictions: inout PublisherRestrictions
    ) {
        // One set per restriction type, merged once: inserting vendor by vendor re-merges the
        // restrictions for every character (quadratic on a long string).
        var byType = [[Int]](repeating: [], count: 3)
        for (index, byte) in text.utf8.prefix(VendorSet.maxID).enumerated()
        where (UInt8(ascii: "0")...UInt8(ascii: "2")).contains(byte) {
            byType[Int(byte - UInt8(ascii: "0"))].append(index + 1)
        }
        for (type, ids) in byType.enumerated() where !ids.isEmpty {
            guard let vendors = try? VendorSet(ids) else { continue }
            try? restrictions.insert(
                vendors: vendors,
                purposeId: purposeId,
                restrictionType: RestrictionType(rawValue: type)!
            )
        }
    }
}
