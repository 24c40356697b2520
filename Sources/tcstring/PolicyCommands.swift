import IABTCF
import IABTCFVendorList
import TCFJSON
import TCStringToolSupport

/// `tcstring validate [--json] [--pretty] [STRING | -]` and
/// `tcstring inapp [--gdpr-applies true|false] [--pretty] [STRING | -]`.
enum PolicyCommands {
    /// Lists policy findings, one per line (`rule: message`), and exits 1 when there are any.
    static func validate(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "validate")
        var json = false
        var pretty = false
        var decoding = DecodingFlags()
        var gvl: GlobalVendorList?
        let operands = arguments.parse { option, arguments in
            switch option {
            case "--gvl": gvl = VendorListFile.load(arguments.value(of: option))
            case "--json": json = true
            case "--pretty": (json, pretty) = (true, true)
            default: return decoding.parse(option, &arguments)
            }
            return true
        }
        let failure: FailureOutput = json ? .errorObjectAlways(pretty: pretty) : .nothing
        let (asJSON, list, indent) = (json, gvl, pretty)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            let tc = try input.tcString()
            let findings = list.map { tc.validate(against: $0) } ?? tc.validate()
            if asJSON {
                let list = findings.map {
                    JSON.object([("rule", .string($0.rule.name)), ("message", .string($0.message))])
                }
                output.append(
                    JSON.object([("valid", .bool(findings.isEmpty)), ("findings", .array(list))])
                        .serialized(pretty: indent)
                )
            } else {
                let prefix = input.line.map { "line \($0): " } ?? ""
                let lines = findings.isEmpty ? ["valid: no policy findings"] : findings.map(\.description)
                output.append(lines.map { prefix + $0 }.joined(separator: "\n"))
            }
            return !findings.isEmpty
        }
    }

    /// Prints the IABTCF_ key/value map as one JSON object, keys sorted.
    static func inApp(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "inapp")
        var gdprApplies: Bool?
        var pretty = false
        var decoding = DecodingFlags()
        let operands = arguments.parse { option, arguments in
            switch option {
            case "--gdpr-applies": gdprApplies = arguments.gdprApplies()
            case "--pretty": pretty = true
            default: return decoding.parse(option, &arguments)
            }
            return true
        }
        let (options, applies) = (decoding.options, gdprApplies)
        // A TC string's own text is its IABTCF_TCString (what re-encoding it would give back).
        @Sendable func keys(_ input: Input) throws -> [String: InAppValue] {
            switch try input.isGPP ? input.decode() : nil {
            case .gpp(let gpp)?: try gpp.inAppKeys(gdprApplies: applies, maximumLength: options.maximumLength)
            case .tc, nil: try TCString.inAppKeys(decoding: input.bytes, gdprApplies: applies, options: options)
            }
        }
        // JSON Lines take the byte writer; pretty JSON goes through the JSON tree.
        let (failure, indent) = (FailureOutput.errorObject(pretty: pretty), pretty)
        return Inputs.lines(operands, arguments, options: options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            if indent {
                let members = try keys(input).sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }
                output.append(JSON.object(members).serialized(pretty: true))
            } else {
                output.writeInAppKeys(try keys(input))
            }
            return false
        }
    }
}

extension InAppValue {
    var json: JSON {
        switch self {
        case .int(let value): .int(value)
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        }
    }
}
