import IABTCF
import TCFJSON

/// `tcstring ac [--pretty] [STRING | -]`: parses a Google Additional Consent string and prints
/// `{"version", "consentedProviders", "disclosedProviders", "formatted"}`.
enum AdditionalConsentCommand {
    struct Values {
        var pretty = false
        var jobs: Int?
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            SharedOptions.pretty(\.pretty),
            SharedOptions.jobs(\.jobs),
        ]
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "ac")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (pretty, jobs) = (values.pretty, values.jobs)
        let indent = pretty
        return Inputs.lines(operands, arguments, jobs: jobs, failure: .errorObject(pretty: pretty)) {
            input,
            output,
            errors in
            let ac = try AdditionalConsent(try input.textWithinMaximumLength())
            output.append(ac.json.serialized(pretty: indent))
            return false
        }
    }
}
