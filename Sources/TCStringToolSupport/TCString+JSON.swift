package import IABTCF

/// The decode schema as a JSON tree: every key of `SchemaKey`, in its order (a contract other
/// tools depend on).
extension TCString {
    package var json: JSON { .object(SchemaKey.allCases.map { ($0.rawValue, json($0)) }) }

    private func json(_ key: SchemaKey) -> JSON {
        switch key {
        case .version: .int(version)
        case .created: .string(created.description)
        case .lastUpdated: .string(lastUpdated.description)
        case .cmpId: .int(cmpId)
        case .cmpVersion: .int(cmpVersion)
        case .consentScreen: .int(consentScreen)
        case .consentLanguage: .string(consentLanguage.description)
        case .vendorListVersion: .int(vendorListVersion)
        case .policyVersion: .int(policyVersion)
        case .isServiceSpecific: .bool(isServiceSpecific)
        case .useNonStandardTexts: .bool(useNonStandardTexts)
        case .specialFeatureOptIns: .ids(specialFeatureOptIns)
        case .purposeConsents: .ids(purposeConsents)
        case .purposeLegitimateInterests: .ids(purposeLegitimateInterests)
        case .purposeOneTreatment: .bool(purposeOneTreatment)
        case .publisherCountryCode: .string(publisherCountryCode.description)
        case .vendorConsents: .ids(vendorConsents)
        case .vendorLegitimateInterests: .ids(vendorLegitimateInterests)
        case .publisherRestrictions: .array(publisherRestrictions.map(\.json))
        case .disclosedVendors: disclosedVendors.map { .ids($0) } ?? .null
        case .allowedVendors: allowedVendors.map { .ids($0) } ?? .null
        case .publisherTC: publisherTC.map(\.json) ?? .null
        }
    }
}

extension PublisherRestriction {
    package var json: JSON { .object(SchemaKey.allCases.map { ($0.rawValue, json($0)) }) }

    private func json(_ key: SchemaKey) -> JSON {
        switch key {
        case .purposeId: .int(purposeId)
        case .restrictionType: .int(restrictionType.rawValue)
        case .vendors: .ids(vendors)
        }
    }
}

extension PublisherTC {
    package var json: JSON { .object(SchemaKey.allCases.map { ($0.rawValue, json($0)) }) }

    private func json(_ key: SchemaKey) -> JSON {
        switch key {
        case .purposeConsents: .ids(purposeConsents)
        case .purposeLegitimateInterests: .ids(purposeLegitimateInterests)
        case .numCustomPurposes: .int(numCustomPurposes)
        case .customPurposeConsents: .ids(customPurposeConsents)
        case .customPurposeLegitimateInterests: .ids(customPurposeLegitimateInterests)
        }
    }
}

extension JSON {
    /// The error object every command writes under `"error"`: `{"code", "segment", "bitOffset",
    /// "field", "value", "message", "position", "gppSection"}`, one shape for every kind of error,
    /// absent parts `null`.
    package static func error(
        code: String,
        message: String,
        segment: Int? = nil,
        bitOffset: Int? = nil,
        field: String? = nil,
        value: Int? = nil,
        position: Int? = nil,
        gppSection: Int? = nil
    ) -> JSON {
        func int(_ value: Int?) -> JSON { value.map { .int($0) } ?? .null }
        return .object([
            ("code", .string(code)),
            ("segment", int(segment)),
            ("bitOffset", int(bitOffset)),
            ("field", field.map { .string($0) } ?? .null),
            ("value", int(value)),
            ("message", .string(message)),
            ("position", int(position)),
            ("gppSection", int(gppSection)),
        ])
    }

    /// The error object of any error the commands report.
    package static func error(_ error: any Error) -> JSON {
        switch error {
        case let error as TCStringError: error.json
        case let error as AdditionalConsentError: error.json
        default: .error(code: "error", message: message(error))
        }
    }

    /// The message the commands print for any error they report (the `message` of ``error(_:)``):
    /// the error's own description, after what on the command line it is about: `source` (an
    /// option such as `--vendors`, or a file), by default the option that raises the limit of
    /// ``TCStringError/Code/encodingTooLong`` (`--max-length: the encoding would be longer ...`).
    /// The one place where the tool adds its own words to an error.
    package static func message(_ error: any Error, about source: String? = nil) -> String {
        let limit = (error as? TCStringError)?.code == .encodingTooLong ? "--max-length" : nil
        return (source ?? limit).map { "\($0): \(error)" } ?? "\(error)"
    }
}

extension TCStringError {
    /// The error object (``JSON/error(code:message:segment:bitOffset:field:value:position:gppSection:)``).
    package var json: JSON {
        .error(
            code: code.name,
            message: JSON.message(self),
            segment: segment,
            bitOffset: bitOffset,
            field: field,
            value: value,
            position: position
        )
    }
}

extension AdditionalConsentError {
    /// The error object (``JSON/error(code:message:segment:bitOffset:field:value:position:gppSection:)``).
    package var json: JSON {
        .error(code: code.name, message: JSON.message(self), value: value, position: position)
    }
}
