import IABTCF
import IABTCFVendorList
import TCStringCore

/// `tcstring validate [--json] [--pretty] [STRING | -]` and
/// `tcstring inapp [--gdpr-applies true|false] [--pretty] [STRING | -]`.
enum PolicyCommands {
    /// Lists policy findings, one per line (`rule: message`), and exits 1 when there are any.
    static func validate(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "validate", usage: Usage.validate)
        var json = false
        var pretty = false
        var decoding = DecodingFlags()
        var operands: [String] = []
        var gvl: GlobalVendorList?
        while let argument = arguments.next() {
            switch argument {
            case .option("--gvl"): gvl = PermissionsCommand.loadGVL(arguments.value(of: "--gvl"))
            case .option("--json"): json = true
            case .option(let option) where decoding.parse(option, &arguments): break
            case .option("--pretty"): (json, pretty) = (true, true)
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        return Inputs.each(operands, arguments, maximumLength: decoding.options.maximumLength) { input, line in
            let findings: [PolicyFinding]
            do throws(TCStringError) {
                let tc = try Inputs.tcString(input, options: decoding.options)
                findings = gvl.map { tc.validate(against: $0) } ?? tc.validate()
            } catch {
                if json { Terminal.out(JSON.object([("error", error.json)]).serialized(pretty: pretty)) }
                Inputs.report(error, line: line)
                return true
            }
            if json {
                let list = findings.map {
                    JSON.object([("rule", .string($0.rule.name)), ("message", .string($0.message))])
                }
                Terminal.out(
                    JSON.object([("valid", .bool(findings.isEmpty)), ("findings", .array(list))]).serialized(
                        pretty: pretty
                    )
                )
            } else if findings.isEmpty {
                Terminal.out((line.map { "line \($0): " } ?? "") + "valid: no policy findings")
            } else {
                for finding in findings { Terminal.out((line.map { "line \($0): " } ?? "") + finding.description) }
            }
            return !findings.isEmpty
        }
    }

    /// Prints the IABTCF_ key/value map as one JSON object, keys sorted.
    static func inApp(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "inapp", usage: Usage.inApp)
        var gdprApplies: Bool?
        var pretty = false
        var decoding = DecodingFlags()
        var operands: [String] = []
        while let argument = arguments.next() {
            switch argument {
            case .option("--gdpr-applies"):
                let applies: Bool = arguments.value(of: "--gdpr-applies", "true or false") {
                    ["true": true, "false": false][$0]
                }
                gdprApplies = applies
            case .option("--pretty"): pretty = true
            case .option(let option) where decoding.parse(option, &arguments): break
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        return Inputs.each(operands, arguments, maximumLength: decoding.options.maximumLength) { input, line in
            do throws(TCStringError) {
                let keys = try Inputs.tcString(input, options: decoding.options).inAppKeys(
                    gdprApplies: gdprApplies,
                    maximumLength: decoding.options.maximumLength
                )
                let members = keys.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }
                Terminal.out(JSON.object(members).serialized(pretty: pretty))
                return false
            } catch {
                if line != nil { Terminal.out(JSON.object([("error", error.json)]).serialized(pretty: pretty)) }
                Inputs.report(error, line: line)
                return true
            }
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
