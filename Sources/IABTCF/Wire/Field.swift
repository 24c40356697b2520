/// The specification's fields, named as in "Consent string and vendor list formats v2", with their
/// widths and how their bits read.
///
/// The raw value is the name errors and ``TCString/explanation(of:options:)`` report; ``width`` is
/// the number of bits on the wire (0 for fields whose length varies). ``CoreField`` puts the core's
/// fixed fields in wire order.
@usableFromInline
enum Field: String, Sendable {
    case version = "Version"
    case created = "Created"
    case lastUpdated = "LastUpdated"
    case cmpId = "CmpId"
    case cmpVersion = "CmpVersion"
    case consentScreen = "ConsentScreen"
    case consentLanguage = "ConsentLanguage"
    case vendorListVersion = "VendorListVersion"
    case policyVersion = "TcfPolicyVersion"
    case isServiceSpecific = "IsServiceSpecific"
    case useNonStandardTexts = "UseNonStandardTexts"
    case specialFeatureOptIns = "SpecialFeatureOptIns"
    case purposesConsent = "PurposesConsent"
    case purposesLITransparency = "PurposesLITransparency"
    case purposeOneTreatment = "PurposeOneTreatment"
    case publisherCC = "PublisherCC"
    case maxVendorId = "MaxVendorId"
    case isRangeEncoding = "IsRangeEncoding"
    case bitField = "BitField"
    case numEntries = "NumEntries"
    case isARange = "IsARange"
    case startOrOnlyVendorId = "StartOrOnlyVendorId"
    case endVendorId = "EndVendorId"
    case numPubRestrictions = "NumPubRestrictions"
    case purposeId = "PurposeId"
    case restrictionType = "RestrictionType"
    case segmentType = "SegmentType"
    case pubPurposesConsent = "PubPurposesConsent"
    case pubPurposesLITransparency = "PubPurposesLITransparency"
    case numCustomPurposes = "NumCustomPurposes"
    case customPurposesConsent = "CustomPurposesConsent"
    case customPurposesLITransparency = "CustomPurposesLITransparency"

    /// Bits on the wire; 0 for the variable-length fields.
    @inlinable var width: Int {
        switch self {
        case .version, .consentScreen, .policyVersion, .purposeId, .numCustomPurposes: 6
        case .created, .lastUpdated: 36
        case .cmpId, .cmpVersion, .consentLanguage, .vendorListVersion, .specialFeatureOptIns, .publisherCC,
            .numEntries, .numPubRestrictions:
            12
        case .isServiceSpecific, .useNonStandardTexts, .purposeOneTreatment, .isRangeEncoding, .isARange: 1
        case .purposesConsent, .purposesLITransparency, .pubPurposesConsent, .pubPurposesLITransparency: 24
        case .maxVendorId, .startOrOnlyVendorId, .endVendorId: 16
        case .restrictionType: 2
        case .segmentType: 3
        case .bitField, .customPurposesConsent, .customPurposesLITransparency: 0
        }
    }

    /// How a field's bits read.
    enum Kind: Sendable {
        /// An unsigned integer.
        case number
        /// One bit: `true` or `false`.
        case flag
        /// Two letters of 6 bits each, A = 0.
        case letters
        /// Deciseconds since 1970-01-01T00:00:00Z.
        case time
        /// A set of ids, most significant bit first: id n is the n-th bit.
        case ids
        /// SegmentType: which segment follows.
        case segmentType
    }

    /// How the field's bits read.
    var kind: Kind {
        switch self {
        case .created, .lastUpdated: .time
        case .consentLanguage, .publisherCC: .letters
        case .isServiceSpecific, .useNonStandardTexts, .purposeOneTreatment, .isRangeEncoding, .isARange: .flag
        case .specialFeatureOptIns, .purposesConsent, .purposesLITransparency, .bitField, .pubPurposesConsent,
            .pubPurposesLITransparency, .customPurposesConsent, .customPurposesLITransparency:
            .ids
        case .segmentType: .segmentType
        case .version, .cmpId, .cmpVersion, .consentScreen, .vendorListVersion, .policyVersion, .maxVendorId,
            .numEntries, .startOrOnlyVendorId, .endVendorId, .numPubRestrictions, .purposeId, .restrictionType,
            .numCustomPurposes:
            .number
        }
    }
}

/// The SegmentType of the segments that follow the core (the core itself has none; its first three
/// bits are the top of Version = 2, which reads as 0).
enum SegmentType: Int, Sendable, CaseIterable {
    case core = 0
    case disclosedVendors = 1
    case allowedVendors = 2
    case publisherTC = 3
}
