import IABTCF
import TCFJSON
import TCStringToolSupport

/// `tcstring ac [--pretty] [STRING | -]`: parses a Google Additional Consent string and prints
/// `{"version", "consentedProviders", "disclosedProviders", "formatted"}`.
enum AdditionalConsentCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "ac")
        var pretty = false
        var jobs: Int?
        let operands = arguments.parse { option, arguments in
            switch option {
            case "--pretty": pretty = true
            case "--jobs", "-j": jobs = arguments.jobs()
            default: return false
            }
            return true
        }
        let indent = pretty
        return Inputs.lines(operands, arguments, jobs: jobs, failure: .errorObject(pretty: pretty)) {
            input,
            output,
            errors in
            let ac = try AdditionalConsent(try input.textWithinMaximumLength())
            let json = JSON.object([
                ("version", .int(ac.version)), ("consentedProviders", .ids(ac.consentedProviders)),
                ("disclosedProviders", .ids(ac.disclosedProviders)), ("formatted", .string(ac.description)),
            ])
            output.append(json.serialized(pretty: indent))
            return false
        }
    }
}
