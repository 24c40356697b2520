// The decode schema: the JSON object `tcstring decode` prints, `Codable` reads and writes, and
// `tcstring encode` reads. Its keys are spelled here and nowhere else; every writer walks
// `allCases`, so the order below is the output order.
//
// Two readers take the schema and differ on missing keys, both on purpose: `Codable` requires every
// key except the optional segments (`disclosedVendors`, `allowedVendors`, `publisherTC`, which may be
// `null` or missing), since a value it wrote carries them all; `tcstring encode` takes any subset
// and fills in the defaults its `--help` lists, requiring only what nothing neutral stands in for.

extension TCString {
    /// The keys of the decode schema, in output order.
    @usableFromInline
    package enum SchemaKey: String, CodingKey, CaseIterable, Sendable {
        case version, created, lastUpdated, cmpId, cmpVersion, consentScreen, consentLanguage, vendorListVersion
        case policyVersion, isServiceSpecific, useNonStandardTexts, specialFeatureOptIns, purposeConsents
        case purposeLegitimateInterests, purposeOneTreatment, publisherCountryCode, vendorConsents
        case vendorLegitimateInterests, publisherRestrictions, disclosedVendors, allowedVendors, publisherTC
    }
}

extension PublisherTC {
    /// The keys of the schema's `publisherTC` object, in output order.
    @usableFromInline
    package enum SchemaKey: String, CodingKey, CaseIterable, Sendable {
        case purposeConsents, purposeLegitimateInterests, numCustomPurposes, customPurposeConsents
        case customPurposeLegitimateInterests
    }
}

extension PublisherRestriction {
    /// The keys of one entry of the schema's `publisherRestrictions`, in output order.
    @usableFromInline
    package enum SchemaKey: String, CodingKey, CaseIterable, Sendable {
        case purposeId, restrictionType, vendors
    }
}
