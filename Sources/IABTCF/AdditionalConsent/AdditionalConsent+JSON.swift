package import TCFJSON

extension AdditionalConsent {
    /// `{"version", "consentedProviders", "disclosedProviders", "formatted"}`, as `tcstring ac`
    /// prints it: the provider ids as lists, and the string as ``description`` writes it.
    package var json: JSON {
        .object([
            ("version", .int(version)), ("consentedProviders", .ids(consentedProviders)),
            ("disclosedProviders", .ids(disclosedProviders)), ("formatted", .string(description)),
        ])
    }
}
