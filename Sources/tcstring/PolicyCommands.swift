import IABTCF

/// `tcstring validate STRING [--json]` and `tcstring inapp STRING [--gdpr-applies true|false]`.
enum PolicyCommands {
    /// Lists policy findings, one per line (`rule: message`), and exits 1 when there are any.
    static func validate(_ arguments: [String]) -> Int32 {
        var json = false
        var input: String?
        for argument in arguments {
            switch argument {
            case "--json": json = true
            case _ where argument.hasPrefix("--"): Terminal.usageError("unknown option \(argument)")
            default:
                guard input == nil else { Terminal.usageError("validate takes one TC string") }
                input = argument
            }
        }
        guard let input else { Terminal.usageError("validate takes one TC string") }
        let findings: [PolicyFinding]
        do throws(TCStringError) {
            findings = try TCString(encoded: input.trimmedASCII).validate()
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
        if json {
            Terminal.out(
                JSON.object([
                    ("valid", .bool(findings.isEmpty)),
                    (
                        "findings",
                        .array(
                            findings.map {
                                .object([("rule", .string($0.rule.name)), ("message", .string($0.message))])
                            }
                        )
                    ),
                ]).serialized()
            )
        } else if findings.isEmpty {
            Terminal.out("valid: no policy findings")
        } else {
            for finding in findings { Terminal.out(finding.description) }
        }
        return findings.isEmpty ? 0 : Terminal.failure
    }

    /// Prints the IABTCF_ key/value map as one JSON object, keys sorted.
    static func inApp(_ arguments: [String]) -> Int32 {
        var gdprApplies: Bool?
        var input: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--gdpr-applies":
                switch rest.popFirst() {
                case "true": gdprApplies = true
                case "false": gdprApplies = false
                default: Terminal.usageError("--gdpr-applies takes true or false")
                }
            case _ where argument.hasPrefix("--"): Terminal.usageError("unknown option \(argument)")
            default:
                guard input == nil else { Terminal.usageError("inapp takes one TC string") }
                input = argument
            }
        }
        guard let input else { Terminal.usageError("inapp takes one TC string") }
        do throws(TCStringError) {
            let keys = try TCString(encoded: input.trimmedASCII).inAppKeys(gdprApplies: gdprApplies)
            Terminal.out(JSON.object(keys.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) }).serialized())
            return 0
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
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
