// The TC string's field table and the visitor/reader pair over it: the one schema every format
// walks (swift-protobuf's `traverse<V: Visitor>` and `decodeMessage`, sized to this schema).
//
// `fieldTable` lists every key of the decode schema in output order with its wire field, type, key
// path, range and in-app key. `traverse(_:)` hands each field's value to a visitor in that order
// (the JSON tree, the JSON byte writer, `Codable`'s encoding); `read(_:)` asks a reader for each in
// the same order (`Codable`'s decoding, `tcstring encode`'s lenient reader, whose defaults are the
// ones `init(created:)` gives). The hand-tuned wire decoder and encoder (`Wire/`) stay as they are
// for speed; a test proves they read and write exactly the table's fields in its order.

/// The key of one of the decode schema's objects (``TCString``, ``PublisherTC``, ``PublisherRestriction``),
/// as the field tables' visitors and readers receive it.
public protocol TCFSchemaKey: CodingKey, CaseIterable, Hashable, Sendable {}

/// What a field of the decode schema holds.
@_spi(TCFSchema)
public enum TCFFieldType: Sendable, Hashable {
    /// Version: always 2.
    case version
    /// An unsigned number.
    case int
    /// `true` or `false`.
    case bool
    /// A time (``Timestamp``).
    case timestamp
    /// Two letters (``TwoLetterCode``).
    case code
    /// A small-id set holding ids 1 through the associated maximum.
    case ids(maxID: Int)
    /// A vendor set.
    case vendors
    /// A vendor set, or `nil` when its segment is absent.
    case optionalVendors
    /// The publisher restrictions.
    case restrictions
    /// The Publisher TC segment, or `nil`.
    case publisherTC
    /// A restriction type (0-3).
    case restrictionType
}

/// One row of a field table: the schema key, the specification's wire field, what it holds, where
/// the model keeps it, the numbers it takes and its `IABTCF_` in-app key.
@_spi(TCFSchema)
public struct TCFField<Model>: Sendable {
    /// The key in the decode schema's JSON, `Codable` and `tcstring encode`.
    public let key: any TCFSchemaKey
    /// The specification's field name (`PurposeOneTreatment`); `nil` for the vendor sections and segments.
    public var wireName: String? { wire?.rawValue }
    /// What the field holds.
    public let type: TCFFieldType
    /// Where the model keeps the value.
    public let keyPath: any PartialKeyPath<Model> & Sendable
    /// The CMP API v2 in-app key that stores the value, if any.
    public let inAppKey: String?
    /// The specification's field.
    let wire: Field?

    init(
        _ key: any TCFSchemaKey,
        _ keyPath: any PartialKeyPath<Model> & Sendable,
        _ type: TCFFieldType,
        wire: Field?,
        values: ClosedRange<Int>? = nil,
        inApp inAppKey: String? = nil
    ) {
        self.key = key
        self.keyPath = keyPath
        self.type = type
        self.wire = wire
        self.inAppKey = inAppKey
        self.values =
            values
            ?? {
                switch type {
                case .version, .int, .restrictionType: wire?.values
                case .ids(let maxID): 1...maxID
                case .vendors, .optionalVendors: 1...VendorSet.maxID
                case .bool, .timestamp, .code, .restrictions, .publisherTC: nil
                }
            }()
    }

    /// The numbers the field takes: a number field's values from its wire width (CmpId 0-4095), an
    /// id set's ids (purposes 1-24); `nil` for the fields that hold no number.
    public let values: ClosedRange<Int>?
}

extension Field {
    /// The values an unsigned field of ``width`` bits holds (CmpId: 0-4095).
    var values: ClosedRange<Int> { 0...(1 &<< width &- 1) }
}

extension TCString.SchemaKey: TCFSchemaKey {}
extension PublisherTC.SchemaKey: TCFSchemaKey {}
extension PublisherRestriction.SchemaKey: TCFSchemaKey {}

extension TCString {
    /// The TC string's fields, in the decode schema's order; the first 16 are the core's fixed
    /// fields in wire order (``CoreField``).
    @_spi(TCFSchema)
    public static let fieldTable: [TCFField<TCString>] = [
        TCFField(SchemaKey.version, \.version, .version, wire: .version),
        TCFField(SchemaKey.created, \.created, .timestamp, wire: .created),
        TCFField(SchemaKey.lastUpdated, \.lastUpdated, .timestamp, wire: .lastUpdated),
        TCFField(SchemaKey.cmpId, \.cmpId, .int, wire: .cmpId, inApp: InAppKeys.cmpSdkId),
        TCFField(SchemaKey.cmpVersion, \.cmpVersion, .int, wire: .cmpVersion, inApp: InAppKeys.cmpSdkVersion),
        TCFField(SchemaKey.consentScreen, \.consentScreen, .int, wire: .consentScreen),
        TCFField(SchemaKey.consentLanguage, \.consentLanguage, .code, wire: .consentLanguage),
        TCFField(SchemaKey.vendorListVersion, \.vendorListVersion, .int, wire: .vendorListVersion),
        TCFField(SchemaKey.policyVersion, \.policyVersion, .int, wire: .policyVersion, inApp: InAppKeys.policyVersion),
        TCFField(SchemaKey.isServiceSpecific, \.isServiceSpecific, .bool, wire: .isServiceSpecific),
        TCFField(
            SchemaKey.useNonStandardTexts,
            \.useNonStandardTexts,
            .bool,
            wire: .useNonStandardTexts,
            inApp: InAppKeys.useNonStandardTexts
        ),
        TCFField(
            SchemaKey.specialFeatureOptIns,
            \.specialFeatureOptIns,
            .ids(maxID: SpecialFeatureSet.maxID),
            wire: .specialFeatureOptIns,
            inApp: InAppKeys.specialFeaturesOptIns
        ),
        TCFField(
            SchemaKey.purposeConsents,
            \.purposeConsents,
            .ids(maxID: PurposeSet.maxID),
            wire: .purposesConsent,
            inApp: InAppKeys.purposeConsents
        ),
        TCFField(
            SchemaKey.purposeLegitimateInterests,
            \.purposeLegitimateInterests,
            .ids(maxID: PurposeSet.maxID),
            wire: .purposesLITransparency,
            inApp: InAppKeys.purposeLegitimateInterests
        ),
        TCFField(
            SchemaKey.purposeOneTreatment,
            \.purposeOneTreatment,
            .bool,
            wire: .purposeOneTreatment,
            inApp: InAppKeys.purposeOneTreatment
        ),
        TCFField(
            SchemaKey.publisherCountryCode,
            \.publisherCountryCode,
            .code,
            wire: .publisherCC,
            inApp: InAppKeys.publisherCC
        ),
        TCFField(SchemaKey.vendorConsents, \.vendorConsents, .vendors, wire: nil, inApp: InAppKeys.vendorConsents),
        TCFField(
            SchemaKey.vendorLegitimateInterests,
            \.vendorLegitimateInterests,
            .vendors,
            wire: nil,
            inApp: InAppKeys.vendorLegitimateInterests
        ),
        TCFField(SchemaKey.publisherRestrictions, \.publisherRestrictions, .restrictions, wire: .numPubRestrictions),
        TCFField(
            SchemaKey.disclosedVendors,
            \.disclosedVendors,
            .optionalVendors,
            wire: nil,
            inApp: InAppKeys.disclosedVendors
        ),
        TCFField(SchemaKey.allowedVendors, \.allowedVendors, .optionalVendors, wire: nil),
        TCFField(SchemaKey.publisherTC, \.publisherTC, .publisherTC, wire: nil),
    ]
}

extension PublisherTC {
    /// The Publisher TC segment's fields, in the decode schema's order (the segment's wire order).
    @_spi(TCFSchema)
    public static let fieldTable: [TCFField<PublisherTC>] = [
        TCFField(
            SchemaKey.purposeConsents,
            \.purposeConsents,
            .ids(maxID: PurposeSet.maxID),
            wire: .pubPurposesConsent,
            inApp: InAppKeys.publisherConsent
        ),
        TCFField(
            SchemaKey.purposeLegitimateInterests,
            \.purposeLegitimateInterests,
            .ids(maxID: PurposeSet.maxID),
            wire: .pubPurposesLITransparency,
            inApp: InAppKeys.publisherLegitimateInterests
        ),
        TCFField(SchemaKey.numCustomPurposes, \.numCustomPurposes, .int, wire: .numCustomPurposes),
        TCFField(
            SchemaKey.customPurposeConsents,
            \.customPurposeConsents,
            .ids(maxID: CustomPurposeSet.maxID),
            wire: .customPurposesConsent,
            inApp: InAppKeys.publisherCustomPurposesConsents
        ),
        TCFField(
            SchemaKey.customPurposeLegitimateInterests,
            \.customPurposeLegitimateInterests,
            .ids(maxID: CustomPurposeSet.maxID),
            wire: .customPurposesLITransparency,
            inApp: InAppKeys.publisherCustomPurposesLegitimateInterests
        ),
    ]
}

extension PublisherRestriction {
    /// A restriction entry's fields, in the decode schema's order (the wire's: PurposeId,
    /// RestrictionType, then the vendors).
    @_spi(TCFSchema)
    public static let fieldTable: [TCFField<PublisherRestriction>] = [
        // The wire's PurposeId holds 0-63, but ``PublisherRestrictions`` takes purposes 1-24.
        TCFField(SchemaKey.purposeId, \.purposeId, .int, wire: .purposeId, values: 1...PurposeSet.maxID),
        TCFField(SchemaKey.restrictionType, \.restrictionType, .restrictionType, wire: .restrictionType),
        TCFField(SchemaKey.vendors, \.vendors, .vendors, wire: nil),
    ]
}

// MARK: - The visitor (writing) side

/// Receives each field of a schema object, in the table's order, from `traverse(_:)`: the one
/// walk the JSON tree, the JSON byte writer, `Codable`'s encoding and the tests' recorders share.
/// A new format is one visitor; a new field is one table row and one line of `traverse(_:)`.
@_spi(TCFSchema)
public protocol TCFVisitor {
    /// What the visitor may throw (`Never` for the writers).
    associatedtype Failure: Error
    /// A number field.
    mutating func visit(_ key: some TCFSchemaKey, int value: Int) throws(Failure)
    /// A flag.
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) throws(Failure)
    /// A time.
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) throws(Failure)
    /// A two-letter code.
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) throws(Failure)
    /// A small-id set.
    mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) throws(Failure)
    /// A vendor set, or `nil` for an absent segment.
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) throws(Failure)
    /// The publisher restrictions (each entry traverses itself).
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) throws(Failure)
    /// The Publisher TC segment (which traverses itself), or `nil`.
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) throws(Failure)
}

extension TCString {
    /// Hands every field to `visitor`, in ``fieldTable``'s order.
    @_spi(TCFSchema)
    @inlinable
    public func traverse<V: TCFVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.visit(SchemaKey.version, int: version)
        try visitor.visit(SchemaKey.created, timestamp: created)
        try visitor.visit(SchemaKey.lastUpdated, timestamp: lastUpdated)
        try visitor.visit(SchemaKey.cmpId, int: cmpId)
        try visitor.visit(SchemaKey.cmpVersion, int: cmpVersion)
        try visitor.visit(SchemaKey.consentScreen, int: consentScreen)
        try visitor.visit(SchemaKey.consentLanguage, code: consentLanguage)
        try visitor.visit(SchemaKey.vendorListVersion, int: vendorListVersion)
        try visitor.visit(SchemaKey.policyVersion, int: policyVersion)
        try visitor.visit(SchemaKey.isServiceSpecific, bool: isServiceSpecific)
        try visitor.visit(SchemaKey.useNonStandardTexts, bool: useNonStandardTexts)
        try visitor.visit(SchemaKey.specialFeatureOptIns, ids: specialFeatureOptIns)
        try visitor.visit(SchemaKey.purposeConsents, ids: purposeConsents)
        try visitor.visit(SchemaKey.purposeLegitimateInterests, ids: purposeLegitimateInterests)
        try visitor.visit(SchemaKey.purposeOneTreatment, bool: purposeOneTreatment)
        try visitor.visit(SchemaKey.publisherCountryCode, code: publisherCountryCode)
        try visitor.visit(SchemaKey.vendorConsents, vendors: vendorConsents)
        try visitor.visit(SchemaKey.vendorLegitimateInterests, vendors: vendorLegitimateInterests)
        try visitor.visit(SchemaKey.publisherRestrictions, restrictions: publisherRestrictions)
        try visitor.visit(SchemaKey.disclosedVendors, vendors: disclosedVendors)
        try visitor.visit(SchemaKey.allowedVendors, vendors: allowedVendors)
        try visitor.visit(SchemaKey.publisherTC, publisherTC: publisherTC)
    }
}

extension PublisherTC {
    /// Hands every field to `visitor`, in ``fieldTable``'s order.
    @_spi(TCFSchema)
    @inlinable
    public func traverse<V: TCFVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.visit(SchemaKey.purposeConsents, ids: purposeConsents)
        try visitor.visit(SchemaKey.purposeLegitimateInterests, ids: purposeLegitimateInterests)
        try visitor.visit(SchemaKey.numCustomPurposes, int: numCustomPurposes)
        try visitor.visit(SchemaKey.customPurposeConsents, ids: customPurposeConsents)
        try visitor.visit(SchemaKey.customPurposeLegitimateInterests, ids: customPurposeLegitimateInterests)
    }
}

extension PublisherRestriction {
    /// Hands every field to `visitor`, in ``fieldTable``'s order.
    @_spi(TCFSchema)
    @inlinable
    public func traverse<V: TCFVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.visit(SchemaKey.purposeId, int: purposeId)
        try visitor.visit(SchemaKey.restrictionType, int: restrictionType.rawValue)
        try visitor.visit(SchemaKey.vendors, vendors: vendors)
    }
}

// MARK: - The reader side

/// Supplies each field of a schema object, in the table's order, to `read(_:)`: `Codable`'s
/// decoding and `tcstring encode`'s lenient reader. Each method gets the field's current value
/// and may replace it; a reader that leaves it keeps the model's default (those of
/// ``TCString/init(created:lastUpdated:cmpId:cmpVersion:consentScreen:consentLanguage:vendorListVersion:policyVersion:isServiceSpecific:useNonStandardTexts:specialFeatureOptIns:purposeConsents:purposeLegitimateInterests:purposeOneTreatment:publisherCountryCode:vendorConsents:vendorLegitimateInterests:publisherRestrictions:disclosedVendors:allowedVendors:publisherTC:)``).
@_spi(TCFSchema)
public protocol TCFReader {
    /// What the reader throws.
    associatedtype Failure: Error
    /// Version: the reader checks that what it holds is `version` (2).
    mutating func check(_ key: some TCFSchemaKey, version: Int) throws(Failure)
    /// A number field.
    mutating func read(_ key: some TCFSchemaKey, int value: inout Int) throws(Failure)
    /// A flag.
    mutating func read(_ key: some TCFSchemaKey, bool value: inout Bool) throws(Failure)
    /// A time.
    mutating func read(_ key: some TCFSchemaKey, timestamp value: inout Timestamp) throws(Failure)
    /// A two-letter code.
    mutating func read(_ key: some TCFSchemaKey, code value: inout TwoLetterCode) throws(Failure)
    /// A small-id set.
    mutating func read<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: inout S) throws(Failure)
    /// A vendor set.
    mutating func read(_ key: some TCFSchemaKey, vendors value: inout VendorSet) throws(Failure)
    /// A vendor set, or `nil` for an absent segment.
    mutating func read(_ key: some TCFSchemaKey, optionalVendors value: inout VendorSet?) throws(Failure)
    /// A restriction type.
    mutating func read(_ key: some TCFSchemaKey, restrictionType value: inout RestrictionType) throws(Failure)
    /// The publisher restrictions.
    mutating func read(_ key: some TCFSchemaKey, restrictions value: inout PublisherRestrictions) throws(Failure)
    /// The Publisher TC segment, or `nil`.
    mutating func read(_ key: some TCFSchemaKey, publisherTC value: inout PublisherTC?) throws(Failure)
}

extension TCString {
    /// Asks `reader` for every field, in ``fieldTable``'s order.
    @_spi(TCFSchema)
    public mutating func read<R: TCFReader>(_ reader: inout R) throws(R.Failure) {
        try reader.check(SchemaKey.version, version: version)
        try reader.read(SchemaKey.created, timestamp: &created)
        try reader.read(SchemaKey.lastUpdated, timestamp: &lastUpdated)
        try reader.read(SchemaKey.cmpId, int: &cmpId)
        try reader.read(SchemaKey.cmpVersion, int: &cmpVersion)
        try reader.read(SchemaKey.consentScreen, int: &consentScreen)
        try reader.read(SchemaKey.consentLanguage, code: &consentLanguage)
        try reader.read(SchemaKey.vendorListVersion, int: &vendorListVersion)
        try reader.read(SchemaKey.policyVersion, int: &policyVersion)
        try reader.read(SchemaKey.isServiceSpecific, bool: &isServiceSpecific)
        try reader.read(SchemaKey.useNonStandardTexts, bool: &useNonStandardTexts)
        try reader.read(SchemaKey.specialFeatureOptIns, ids: &specialFeatureOptIns)
        try reader.read(SchemaKey.purposeConsents, ids: &purposeConsents)
        try reader.read(SchemaKey.purposeLegitimateInterests, ids: &purposeLegitimateInterests)
        try reader.read(SchemaKey.purposeOneTreatment, bool: &purposeOneTreatment)
        try reader.read(SchemaKey.publisherCountryCode, code: &publisherCountryCode)
        try reader.read(SchemaKey.vendorConsents, vendors: &vendorConsents)
        try reader.read(SchemaKey.vendorLegitimateInterests, vendors: &vendorLegitimateInterests)
        try reader.read(SchemaKey.publisherRestrictions, restrictions: &publisherRestrictions)
        try reader.read(SchemaKey.disclosedVendors, optionalVendors: &disclosedVendors)
        try reader.read(SchemaKey.allowedVendors, optionalVendors: &allowedVendors)
        try reader.read(SchemaKey.publisherTC, publisherTC: &publisherTC)
    }
}

extension PublisherTC {
    /// Asks `reader` for every field, in ``fieldTable``'s order.
    @_spi(TCFSchema)
    public mutating func read<R: TCFReader>(_ reader: inout R) throws(R.Failure) {
        try reader.read(SchemaKey.purposeConsents, ids: &purposeConsents)
        try reader.read(SchemaKey.purposeLegitimateInterests, ids: &purposeLegitimateInterests)
        try reader.read(SchemaKey.numCustomPurposes, int: &numCustomPurposes)
        try reader.read(SchemaKey.customPurposeConsents, ids: &customPurposeConsents)
        try reader.read(SchemaKey.customPurposeLegitimateInterests, ids: &customPurposeLegitimateInterests)
    }
}

extension PublisherRestriction {
    /// Asks `reader` for every field, in ``fieldTable``'s order.
    @_spi(TCFSchema)
    public mutating func read<R: TCFReader>(_ reader: inout R) throws(R.Failure) {
        try reader.read(SchemaKey.purposeId, int: &purposeId)
        try reader.read(SchemaKey.restrictionType, restrictionType: &restrictionType)
        try reader.read(SchemaKey.vendors, vendors: &vendors)
    }
}
