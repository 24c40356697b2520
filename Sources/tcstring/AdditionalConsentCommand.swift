import IABTCF
import TCStringToolSupport

/// `tcstring ac [--pretty] [STRING | -]`: parses a Google Additional Consent string and prints
/// `{"version", "consentedProviders", "disclosedProviders", "formatted"}`.
enum AdditionalConsentCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "ac")
        var pretty = false
        let operands = arguments.parse { option, _ in
            if option == "--pretty" { pretty = true }
            return option == "--pretty"
        }
        return Inputs.each(operands, arguments, failure: .errorObject(pretty: pretty)) { input in
            let ac = try AdditionalConsent(try input.textWithinMaximumLength())
            let json = JSON.object([
                ("version", .int(ac.version)), ("consentedProviders", .ids(ac.consentedProviders)),
                ("disclosedProviders", .ids(ac.disclosedProviders)), ("formatted", .string(ac.description)),
            ])
            Terminal.out(json.serialized(pretty: pretty))
            return false
        }
    }
}
