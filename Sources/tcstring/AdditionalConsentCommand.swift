import IABTCF

/// `tcstring ac STRING`: parses a Google Additional Consent string and prints
/// `{"version", "consentedProviders", "disclosedProviders", "formatted"}`.
enum AdditionalConsentCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let input = arguments.first else { Terminal.usageError("ac takes one AC string") }
        do throws(AdditionalConsentError) {
            let ac = try AdditionalConsent(String(input.trimmedASCII))
            Terminal.out(
                JSON.object([
                    ("version", .int(ac.version)), ("consentedProviders", .ids(ac.consentedProviders)),
                    ("disclosedProviders", .ids(ac.disclosedProviders)), ("formatted", .string(ac.description)),
                ]).serialized()
            )
            return 0
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
    }
}
