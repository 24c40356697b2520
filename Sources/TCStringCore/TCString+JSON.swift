package import IABTCF

/// The decode schema: the keys and their order are a contract other tools depend on.
extension TCString {
    package var json: JSON {
        .object([
            ("version", .int(version)),
            ("created", .string(created.description)),
            ("lastUpdated", .string(lastUpdated.description)),
            ("cmpId", .int(cmpId)),
            ("cmpVersion", .int(cmpVersion)),
            ("consentScreen", .int(consentScreen)),
            ("consentLanguage", .string(consentLanguage.description)),
            ("vendorListVersion", .int(vendorListVersion)),
            ("policyVersion", .int(policyVersion)),
            ("isServiceSpecific", .bool(isServiceSpecific)),
            ("useNonStandardTexts", .bool(useNonStandardTexts)),
            ("specialFeatureOptIns", .ids(specialFeatureOptIns)),
            ("purposeConsents", .ids(purposeConsents)),
            ("purposeLegitimateInterests", .ids(purposeLegitimateInterests)),
            ("purposeOneTreatment", .bool(purposeOneTreatment)),
            ("publisherCountryCode", .string(publisherCountryCode.description)),
            ("vendorConsents", .ids(vendorConsents)),
            ("vendorLegitimateInterests", .ids(vendorLegitimateInterests)),
            (
                "publisherRestrictions",
                .array(
                    publisherRestrictions.map {
                        .object([
                            ("purposeId", .int($0.purposeId)),
                            ("restrictionType", .int($0.restrictionType.rawValue)),
                            ("vendors", .ids($0.vendors)),
                        ])
                    }
                )
            ),
            ("disclosedVendors", disclosedVendors.map { .ids($0) } ?? .null),
            ("allowedVendors", allowedVendors.map { .ids($0) } ?? .null),
            ("publisherTC", publisherTC.map(\.json) ?? .null),
        ])
    }
}

extension PublisherTC {
    package var json: JSON {
        .object([
            ("purposeConsents", .ids(purposeConsents)),
            ("purposeLegitimateInterests", .ids(purposeLegitimateInterests)),
            ("numCustomPurposes", .int(numCustomPurposes)),
            ("customPurposeConsents", .ids(customPurposeConsents)),
            ("customPurposeLegitimateInterests", .ids(customPurposeLegitimateInterests)),
        ])
    }
}

extension TCStringError {
    /// `{"code", "segment", "bitOffset", "field", "value", "message", "position", "gppSection"}`;
    /// absent parts are `null`.
    package var json: JSON {
        .object([
            ("code", .string(code.name)),
            ("segment", segment.map { .int($0) } ?? .null),
            ("bitOffset", bitOffset.map { .int($0) } ?? .null),
            ("field", field.map { .string($0) } ?? .null),
            ("value", value.map { .int($0) } ?? .null),
            ("message", .string(description)),
            ("position", position.map { .int($0) } ?? .null),
            ("gppSection", gppSection.map { .int($0) } ?? .null),
        ])
    }
}
