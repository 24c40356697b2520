// Codable in the codec itself (Codable is part of the standard library), with exactly the keys
// (`TCString+Schema.swift`) and value formats of `tcstring decode`'s JSON, so the CLI's output
// decodes with `JSONDecoder` and a value encodes to the same schema. Timestamps and two-letter
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
        let c = try decoder.container(keyedBy: SchemaKey.self)
        self.init(
            purposeId: try c.decode(Int.self, forKey: .purposeId),
            restrictionType: try c.decode(RestrictionType.self, forKey: .restrictionType),
            vendors: try c.decode(VendorSet.self, forKey: .vendors)
        )
    }

    /// Encodes one entry of the schema's `publisherRestrictions`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SchemaKey.self)
        for key in SchemaKey.allCases {
            switch key {
            case .purposeId: try c.encode(purposeId, forKey: key)
            case .restrictionType: try c.encode(restrictionType, forKey: key)
            case .vendors: try c.encode(vendors, forKey: key)
            }
        }
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
        let c = try decoder.container(keyedBy: SchemaKey.self)
        self.init(
            purposeConsents: try c.decode(PurposeSet.self, forKey: .purposeConsents),
            purposeLegitimateInterests: try c.decode(PurposeSet.self, forKey: .purposeLegitimateInterests),
            numCustomPurposes: try c.decode(Int.self, forKey: .numCustomPurposes),
            customPurposeConsents: try c.decode(CustomPurposeSet.self, forKey: .customPurposeConsents),
            customPurposeLegitimateInterests: try c.decode(
                CustomPurposeSet.self,
                forKey: .customPurposeLegitimateInterests
            )
        )
    }

    /// Encodes the `publisherTC` object `tcstring decode` prints.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SchemaKey.self)
        for key in SchemaKey.allCases {
            switch key {
            case .purposeConsents: try c.encode(purposeConsents, forKey: key)
            case .purposeLegitimateInterests: try c.encode(purposeLegitimateInterests, forKey: key)
            case .numCustomPurposes: try c.encode(numCustomPurposes, forKey: key)
            case .customPurposeConsents: try c.encode(customPurposeConsents, forKey: key)
            case .customPurposeLegitimateInterests: try c.encode(customPurposeLegitimateInterests, forKey: key)
            }
        }
    }
}

extension TCString: Codable {
    /// Decodes the schema `tcstring decode` prints. Every core key is required; the optional
    /// segments (`disclosedVendors`, `allowedVendors`, `publisherTC`) may be `null` or missing.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: SchemaKey.self)
        let version = try c.decode(Int.self, forKey: .version)
        guard version == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: c, debugDescription: "only version 2")
        }
        self.init(
            created: try c.decode(Timestamp.self, forKey: .created),
            lastUpdated: try c.decode(Timestamp.self, forKey: .lastUpdated)
        )
        cmpId = try c.decode(Int.self, forKey: .cmpId)
        cmpVersion = try c.decode(Int.self, forKey: .cmpVersion)
        consentScreen = try c.decode(Int.self, forKey: .consentScreen)
        consentLanguage = try c.decode(TwoLetterCode.self, forKey: .consentLanguage)
        vendorListVersion = try c.decode(Int.self, forKey: .vendorListVersion)
        policyVersion = try c.decode(Int.self, forKey: .policyVersion)
        isServiceSpecific = try c.decode(Bool.self, forKey: .isServiceSpecific)
        useNonStandardTexts = try c.decode(Bool.self, forKey: .useNonStandardTexts)
        specialFeatureOptIns = try c.decode(SpecialFeatureSet.self, forKey: .specialFeatureOptIns)
        purposeConsents = try c.decode(PurposeSet.self, forKey: .purposeConsents)
        purposeLegitimateInterests = try c.decode(PurposeSet.self, forKey: .purposeLegitimateInterests)
        purposeOneTreatment = try c.decode(Bool.self, forKey: .purposeOneTreatment)
        publisherCountryCode = try c.decode(TwoLetterCode.self, forKey: .publisherCountryCode)
        vendorConsents = try c.decode(VendorSet.self, forKey: .vendorConsents)
        vendorLegitimateInterests = try c.decode(VendorSet.self, forKey: .vendorLegitimateInterests)
        publisherRestrictions = try c.decode(PublisherRestrictions.self, forKey: .publisherRestrictions)
        disclosedVendors = try c.decodeIfPresent(VendorSet.self, forKey: .disclosedVendors)
        allowedVendors = try c.decodeIfPresent(VendorSet.self, forKey: .allowedVendors)
        publisherTC = try c.decodeIfPresent(PublisherTC.self, forKey: .publisherTC)
    }

    /// Encodes the schema `tcstring decode` prints; absent segments as `null`.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: SchemaKey.self)
        for key in SchemaKey.allCases {
            switch key {
            case .version: try c.encode(version, forKey: key)
            case .created: try c.encode(created, forKey: key)
            case .lastUpdated: try c.encode(lastUpdated, forKey: key)
            case .cmpId: try c.encode(cmpId, forKey: key)
            case .cmpVersion: try c.encode(cmpVersion, forKey: key)
            case .consentScreen: try c.encode(consentScreen, forKey: key)
            case .consentLanguage: try c.encode(consentLanguage, forKey: key)
            case .vendorListVersion: try c.encode(vendorListVersion, forKey: key)
            case .policyVersion: try c.encode(policyVersion, forKey: key)
            case .isServiceSpecific: try c.encode(isServiceSpecific, forKey: key)
            case .useNonStandardTexts: try c.encode(useNonStandardTexts, forKey: key)
            case .specialFeatureOptIns: try c.encode(specialFeatureOptIns, forKey: key)
            case .purposeConsents: try c.encode(purposeConsents, forKey: key)
            case .purposeLegitimateInterests: try c.encode(purposeLegitimateInterests, forKey: key)
            case .purposeOneTreatment: try c.encode(purposeOneTreatment, forKey: key)
            case .publisherCountryCode: try c.encode(publisherCountryCode, forKey: key)
            case .vendorConsents: try c.encode(vendorConsents, forKey: key)
            case .vendorLegitimateInterests: try c.encode(vendorLegitimateInterests, forKey: key)
            case .publisherRestrictions: try c.encode(publisherRestrictions, forKey: key)
            case .disclosedVendors: try c.encode(disclosedVendors, forKey: key)
            case .allowedVendors: try c.encode(allowedVendors, forKey: key)
            case .publisherTC: try c.encode(publisherTC, forKey: key)
            }
        }
    }
}
