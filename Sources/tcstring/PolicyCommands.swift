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
        return Inputs.each(operands, arguments, options: decoding.options, failure: failure) { input in
            let tc = try input.tcString()
            let findings = gvl.map { tc.validate(against: $0) } ?? tc.validate()
            if json {
                let list = findings.map {
                    JSON.object([("rule", .string($0.rule.name)), ("message", .string($0.message))])
                }
                Terminal.out(
                    JSON.object([("valid", .bool(findings.isEmpty)), ("findings", .array(list))])
                        .serialized(pretty: pretty)
                )
            } else if findings.isEmpty {
                Terminal.out((input.line.map { "line \($0): " } ?? "") + "valid: no policy findings")
            } else {
                for finding in findings {
                    Terminal.out((input.line.map { "line \($0): " } ?? "") + finding.description)
                }
            }
            return !findings.isEmpty
        }
    }

    /// Prints the IABTCF_ key/value map as one JSON object, keys sorted.
    static func inApp(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "inapp")
        var gdprApplies: Bool?
        var pretty = false
        var jobs: Int?
        var decoding = DecodingFlags()
        let operands = arguments.parse { option, arguments in
            switch option {
            case "--gdpr-applies": gdprApplies = arguments.gdprApplies()
            case "--pretty": pretty = true
            case "--jobs", "-j": jobs = arguments.jobs()
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
        // JSON Lines from standard input take the batch path (byte writer, parallel jobs), as decode's do.
        if !pretty && (operands.isEmpty || operands == ["-"]) {
            return BatchLines.run(jobs: jobs ?? BatchLines.defaultJobs, options: options) { input, output in
                output.writeInAppKeys(try keys(input))
            }
        }
        return Inputs.each(operands, arguments, options: options, failure: .errorObject(pretty: pretty)) { input in
            let members = try keys(input).sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }
            Terminal.out(JSON.object(members).serialized(pretty: pretty))
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
