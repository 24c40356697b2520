import IABTCF
import TCStringCore

/// `tcstring ac [--pretty] [STRING | -]`: parses a Google Additional Consent string and prints
/// `{"version", "consentedProviders", "disclosedProviders", "formatted"}`.
enum AdditionalConsentCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "ac", usage: Usage.additionalConsent)
        var pretty = false
        var operands: [String] = []
        while let argument = arguments.next() {
            switch argument {
            case .option("--pretty"): pretty = true
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        let limit = TCString.DecodingOptions.defaultMaximumLength
        return Inputs.each(operands, arguments, maximumLength: limit) { input, line in
            do {
                // The parser has no length limit of its own; a line the reader cut short is refused here.
                guard input.count <= limit else { throw TCStringError(.inputTooLong, value: limit) }
                let ac = try AdditionalConsent(String(decoding: input, as: UTF8.self))
                let json = JSON.object([
                    ("version", .int(ac.version)), ("consentedProviders", .ids(ac.consentedProviders)),
                    ("disclosedProviders", .ids(ac.disclosedProviders)), ("formatted", .string(ac.description)),
                ])
                Terminal.out(json.serialized(pretty: pretty))
                return false
            } catch {
                if line != nil { Terminal.out(JSON.object([("error", .error(error))]).serialized(pretty: pretty)) }
                Inputs.report(error, line: line)
                return true
            }
        }
    }
}
