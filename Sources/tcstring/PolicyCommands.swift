import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFStorage
import IABTCFVendorList
import TCFJSON

/// `tcstring validate [--json] [--pretty] [--gvl FILE] [--today YYYY-MM-DD] [STRING | -]` and
/// `tcstring inapp [--gdpr-applies true|false] [--pretty] [STRING | -]`.
enum PolicyCommands {
    /// Lists policy findings, one per line (`rule: message`), and exits 1 when there are any.
    struct ValidateValues {
        var json = false
        var pretty = false
        var gvl: GlobalVendorList?
        var today: Timestamp?
        var gppSID: [Int]?
        var decoding = DecodingFlags()
    }

    /// `validate`'s options, declared once (see ``OptionRow``).
    static var validateOptions: [OptionRow<ValidateValues>] {
        [
            .flag(
                "--json",
                "print {\"valid\", \"findings\": [{\"rule\", \"message\"}]}, or {\"error\": {...}} for\n"
                    + "input that does not decode (exit 1 for both; the JSON tells them apart)"
            ) { $0.json = true },
            .flag("--pretty", "indent the JSON (implies --json)") { ($0.json, $0.pretty) = (true, true) },
            SharedOptions.gvl(
                \.gvl,
                help: "also check against the vendor list: vendors absent or deleted, a newer\n"
                    + "VendorListVersion, LI bits for vendors declaring no LI purpose, restrictions\n"
                    + "of type 1/2 on purposes the vendor does not declare flexible"
            ),
            SharedOptions.today(
                \.today,
                help: "check the dates against this UTC day (default: today, UTC, as ads does): Created or\n"
                    + "LastUpdated after the next day (tcf.dateInFuture); given, also a time of day\n"
                    + "(tcf.timestampNotWholeDay)"
            ),
            SharedOptions.gppSectionIds(\.gppSID),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func validate(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "validate")
        var values = ValidateValues()
        let operands = arguments.parse(validateOptions, into: &values)
        let (json, pretty, decoding, gvl, today) = (
            values.json, values.pretty, values.decoding, values.gvl, values.today
        )
        let failure: FailureOutput = json ? .errorObjectAlways(pretty: pretty) : .nothing
        let (asJSON, list, indent, gppSID) = (json, gvl, pretty, values.gppSID)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            let findings = try Self.findings(input, gvl: list, today: today, gppSID: gppSID)
            // A GPP section that did not decode is a finding, and its error goes to standard error.
            for error in findings.compactMap(\.error) { errors.append(input.message(error) + "\n") }
            if asJSON {
                let list = findings.map(\.json)
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
    struct InAppValues {
        var gdprApplies: Bool?
        var readPath: String?
        var today: Timestamp?
        var pretty = false
        var decoding = DecodingFlags()
    }

    /// `inapp`'s options, declared once (see ``OptionRow``).
    static var inAppOptions: [OptionRow<InAppValues>] {
        [
            SharedOptions.gdprApplies(
                \.gdprApplies,
                help: "add IABTCF_gdprApplies: true or 1 gives 1, false or 0 gives 0"
            ),
            .value(
                ["--read"],
                "FILE",
                "read a JSON object of keys and values as UserDefaults holds them and print\n"
                    + "{\"storedConsent\", \"problems\", \"adServing\"} (adServing as tcstring ads prints it)"
            ) { values, arguments, name in values.readPath = arguments.value(of: name) },
            SharedOptions.today(\.today, help: "with --read: the day to check the ads on (default: today, UTC)"),
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    /// `inapp --read FILE`: what the library reads from the keys (`InAppConsent`, `GPPInAppConsent`,
    /// `StoredConsent`) and its ad serving answer (`StoredConsent.adServing(vendor:today:maximumAge:)`).
    static func readKeys(_ path: String, today: Timestamp, pretty: Bool) -> Int32 {
        let keys = keyFile(path)
        let (consent, gpp) = (InAppConsent(keys: keys), GPPInAppConsent(keys: keys))
        let stored = StoredConsent(inAppConsent: consent, gppInAppConsent: gpp)
        // Values that do not read, then keys out of step: the GPP keys', then the derived IABTCF_ keys'.
        func isMalformed(_ problem: InAppProblem) -> Bool {
            if case .malformed = problem { return true }
            return false
        }
        let problems =
            consent.problems.filter(isMalformed).map(\.description) + gpp.problems.map(\.description)
            + consent.problems.filter { !isMalformed($0) }.map(\.description)
        let result = JSON.object([
            ("storedConsent", stored.json),
            ("problems", .array(problems.map { .string($0) })),
            ("adServing", stored.adServing(today: today)?.json ?? .null),
        ])
        Terminal.out(result.serialized(pretty: pretty))
        return 0
    }

    /// The keys of an `inapp --read` / `webview-js --read` key file: a JSON object of keys and
    /// values as UserDefaults holds them (integers, strings, booleans; other values are skipped).
    static func keyFile(_ path: String) -> [String: InAppValue] {
        let text = Terminal.contents(of: path)
        // Foundation's reader gives the values a property list holds (`1.0` a number, `true` a
        // boolean), and IABTCFStorage reads each as `UserDefaults` values are read
        // (`InAppValue(propertyListValue:)`, the one owner): `1.0` is 1; other types are skipped.
        let parsed = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
        guard let members = parsed as? [String: Any] else { Terminal.inputError("\(path): not a JSON object") }
        return members.compactMapValues(InAppValue.init(propertyListValue:))
    }

    static func inApp(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "inapp")
        var values = InAppValues()
        let operands = arguments.parse(inAppOptions, into: &values)
        if let path = values.readPath {
            guard operands.isEmpty else { Terminal.usageError("inapp: --read takes no STRING", command: "inapp") }
            return readKeys(path, today: values.today ?? EncodeCommand.today(), pretty: values.pretty)
        }
        let (gdprApplies, pretty, decoding) = (values.gdprApplies, values.pretty, values.decoding)
        let (options, applies) = (decoding.options, gdprApplies)
        // A TC string's own text is its IABTCF_TCString (what re-encoding it would give back).
        @Sendable func keys(_ input: Input) throws -> [String: InAppValue] {
            guard input.isGPP else {
                return try TCString.inAppKeys(decoding: input.bytes, gdprApplies: applies, options: options)
            }
            // Every section's IABGPP_ keys (pre-parsed fields included), and the IABTCF_ keys of a
            // TCF EU v2 section.
            let gpp = try GPPInput.decodeGPP(input.text, options: input.options)
            // A section that did not decode has no fields to write: its keys are left out, the
            // input fails (exit 1) and says why on standard error (``failedSectionMessages``).
            return try gpp.gppInAppKeys().merging(gpp.tcfEuV2 == nil ? [:] : gpp.inAppKeys(gdprApplies: applies)) {
                $1
            }.merging(gpp.preParsedInAppKeys()) {
                $1
            }
        }
        // JSON Lines take the byte writer; pretty JSON goes through the JSON tree.
        let (failure, indent) = (FailureOutput.errorObject(pretty: pretty), pretty)
        return Inputs.lines(operands, arguments, options: options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            if indent {
                output.append(InAppValue.json(try keys(input)).serialized(pretty: true))
            } else {
                output.writeInAppKeys(try keys(input))
            }
            return GPPInput.reportFailedSections(input, &errors)
        }
    }
}
