/// The specification's fields, named as in "Consent string and vendor list formats v2", with their widths.
///
/// The raw value is the name an error reports; ``width`` is the number of bits on the wire
/// (0 for fields whose length varies).
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
    case gppType = "Type"
    case gppVersion = "Version (GPP)"
    case fibonacciInteger = "FibonacciInteger"

    /// Bits on the wire; 0 for the variable-length fields.
    var width: Int {
        switch self {
        case .version, .consentScreen, .policyVersion, .purposeId, .numCustomPurposes, .gppType, .gppVersion: 6
        case .created, .lastUpdated: 36
        case .cmpId, .cmpVersion, .consentLanguage, .vendorListVersion, .specialFeatureOptIns, .publisherCC,
            .numEntries, .numPubRestrictions:
            12
        case .isServiceSpecific, .useNonStandardTexts, .purposeOneTreatment, .isRangeEncoding, .isARange: 1
        case .purposesConsent, .purposesLITransparency, .pubPurposesConsent, .pubPurposesLITransparency: 24
        case .maxVendorId, .startOrOnlyVendorId, .endVendorId: 16
        case .restrictionType: 2
        case .segmentType: 3
        case .bitField, .customPurposesConsent, .customPurposesLITransparency, .fibonacciInteger: 0
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
