// The numbers each key of the decode schema takes, from the widths in `Field` and the id sets'
// `maxID`: what `tcstring encode` accepts and its `--help` lists, spelled nowhere else.

extension Field {
    /// The values an unsigned field of ``width`` bits holds (CmpId: 0-4095).
    var values: ClosedRange<Int> { 0...(1 &<< width &- 1) }
}

extension TCString.SchemaKey {
    /// The numbers the key takes: a number field's values (CmpId 0-4095), an id set's ids
    /// (purposes 1-24); `nil` for the keys that hold no number.
    package var values: ClosedRange<Int>? {
        switch self {
        case .version: Field.version.values
        case .cmpId: Field.cmpId.values
        case .cmpVersion: Field.cmpVersion.values
        case .consentScreen: Field.consentScreen.values
        case .vendorListVersion: Field.vendorListVersion.values
        case .policyVersion: Field.policyVersion.values
        case .specialFeatureOptIns: 1...SpecialFeatureSet.maxID
        case .purposeConsents, .purposeLegitimateInterests: 1...PurposeSet.maxID
        case .vendorConsents, .vendorLegitimateInterests, .disclosedVendors, .allowedVendors: 1...VendorSet.maxID
        case .created, .lastUpdated, .consentLanguage, .isServiceSpecific, .useNonStandardTexts, .purposeOneTreatment,
            .publisherCountryCode, .publisherRestrictions, .publisherTC:
            nil
        }
    }
}

extension PublisherTC.SchemaKey {
    /// The numbers the key takes: NumCustomPurposes 0-63, purposes 1-24, custom purposes 1-63.
    package var values: ClosedRange<Int> {
        switch self {
        case .purposeConsents, .purposeLegitimateInterests: 1...PurposeSet.maxID
        case .numCustomPurposes: Field.numCustomPurposes.values
        case .customPurposeConsents, .customPurposeLegitimateInterests: 1...CustomPurposeSet.maxID
        }
    }
}

extension PublisherRestriction.SchemaKey {
    /// The numbers the key takes: the purposes ``PublisherRestrictions`` takes (1-24; the wire's
    /// PurposeId holds 0-63), RestrictionType 0-3, vendor ids 1-65535.
    package var values: ClosedRange<Int> {
        switch self {
        case .purposeId: 1...PurposeSet.maxID
        case .restrictionType: Field.restrictionType.values
        case .vendors: 1...VendorSet.maxID
        }
    }
}

extension ClosedRange<Int> {
    /// `1-24`, as messages and the tool's help write a range.
    package var text: String { "\(lowerBound)-\(upperBound)" }
}
