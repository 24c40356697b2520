import IABGPP
import IABTCF
import TCFJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `tcstring encode [FILE | -]` and `tcstring reencode [STRING | -]`.
enum EncodeCommand {
    /// The keys `encode` reads, which it requires and what the others default to (for `encode --help`
    /// and the README): the schema's keys in order, with the reader's `inputHelp` for each. Any
    /// other key is an error, as is `null` outside the three segment keys.
    static let keysHelp: String = {
        let keys = TCString.SchemaKey.allCases
        let required = TCString.requiredJSONKeys
        let width = keys.map(\.rawValue.count).max() ?? 0
        func rows(_ keys: [TCString.SchemaKey]) -> String {
            Usage.options(keys.map { ($0.rawValue, $0.inputHelp) }, indent: 6, width: width)
        }
        let cmpId = TCString.SchemaKey.cmpId.rawValue
        let vendorListVersion = TCString.SchemaKey.vendorListVersion.rawValue
        return """
              Keys (the decode schema; any other key is an error naming it):
                required:
            \(rows(keys.filter { required.contains($0) }))
                optional, with their defaults:
            \(rows(keys.filter { !required.contains($0) }))
              null stands for an absent segment and is accepted for those three keys only. With a
              registered \(cmpId) (2 or more) and a \(vendorListVersion) of 1 or more, the defaults give a
              string validate finds nothing to flag in (policy version 5).
            """
    }()

    /// `tcstring encode`: both modes share one parser (``EncodeChoiceCommand/run(_:)``).
    static func encode(_ arguments: [String]) -> Int32 { EncodeChoiceCommand.run(arguments) }

    /// The JSON text of `encode`'s one operand: the argument itself when it starts with `{`, standard
    /// input for `-` or no operand, else the file it names.
    private static func jsonText(_ paths: [String], _ arguments: Arguments) -> String {
        guard paths.count <= 1 else { arguments.fail("takes one JSON file (or - for standard input)") }
        let source = paths.first ?? "-"
        if source.trimmedASCII.hasPrefix("{") { return source }
        return source == "-" ? Terminal.readAll() : Terminal.contents(of: source)
    }

    /// Reads one JSON object in the decode schema (from the one path of `paths`, the argument
    /// itself, or standard input) and prints its canonical TC string; an object with `"sections"`
    /// is a GPP string's decode schema (IABGPP's `GPPString(schema:rules:)`, lenient) and prints the
    /// GPP string. Input that is not one JSON value but several lines is read as JSON Lines: one
    /// string (or, for a line that fails, an empty line) per line.
    static func encodeJSON(_ paths: [String], maximumLength: Int, _ arguments: Arguments) -> Int32 {
        eachJSON(jsonText(paths, arguments)) { json in
            if json["sections"] != nil {
                let text = try IABGPP.GPPString(schema: json, rules: .lenient(today: today())).encoded()
                guard text.utf8.count <= maximumLength else {
                    throw TCStringError(.encodingTooLong, value: maximumLength)
                }
                return text
            }
            return try TCString(json: json, today: today()).encoded(maximumLength: maximumLength)
        }
    }

    /// Runs `encode` on the one JSON value of `text`, or on each line of `text` when it is not
    /// one value but several lines, the first of them one value (JSON Lines), printing each result; a failure prints its
    /// message on standard error (`line N:` for a line) and, for a line, an empty line in its
    /// place. Returns ``Terminal/failure`` when any failed.
    static func eachJSON(_ text: String, _ encode: (JSON) throws -> String) -> Int32 {
        let single: Result<JSON, any Error> = Result { try JSON(parsing: text) }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        // JSON Lines: not one value, but a first line that is one (a pretty object with a
        // mistake is one input, reported once).
        guard case .failure = single, lines.count > 1, (try? JSON(parsing: String(lines[0]))) != nil else {
            do {
                Terminal.out(try encode(try single.get()))
                return 0
            } catch {
                Terminal.err(Terminal.message(error))
                return Terminal.failure
            }
        }
        var failed = false
        for (number, line) in zip(1..., lines) {
            do {
                Terminal.out(try encode(try JSON(parsing: String(line))))
            } catch {
                Terminal.out("")
                Terminal.err(Terminal.message(error, line: number))
                failed = true
            }
        }
        return failed ? Terminal.failure : 0
    }

    /// `encode --section`: reads `{"fields": {...}}` (the object `decode --section` prints; `id`,
    /// `name` and `value` may be there and are not read, the reading keys `compatibility`,
    /// `layout`, `encoding` and `hasPubRestrictions` are) and prints the section's canonical
    /// text; for `tcfeuv2` the fields are the TC string's decode schema. A text longer than
    /// `maximumLength` (`--max-length`) is refused (`encodingTooLong`), as for a whole string.
    /// JSON Lines as ``eachJSON(_:_:)``.
    static func encodeSection(_ id: Int, _ paths: [String], maximumLength: Int, _ arguments: Arguments) -> Int32 {
        eachJSON(jsonText(paths, arguments)) { json in
            guard case .object(let members) = json, let fields = json["fields"], case .object = fields else {
                throw ModelError(.missingKey, at: "fields", "the input is not an object with \"fields\": {...}")
            }
            if let key = members.map(\.0).first(where: { !IABGPP.GPPSection.objectKeys.contains($0) }) {
                throw ModelError.unknownKey(key, at: "", known: IABGPP.GPPSection.objectKeys)
            }
            let section = try IABGPP.GPPSection(
                id: id,
                fields: fields,
                reading: members,
                at: "",
                rules: .lenient(today: today())
            )
            let text = try section.encoded()
            guard text.utf8.count <= maximumLength else {
                throw TCStringError(.encodingTooLong, value: maximumLength)
            }
            return text
        }
    }

    /// `reencode`'s values: `--canonical` and the decoding flags.
    struct ReencodeValues {
        var canonical = false
        var decoding = DecodingFlags()
    }

    /// `reencode`'s options, declared once (see ``OptionRow``).
    static var reencodeOptions: [OptionRow<ReencodeValues>] {
        [
            .flag(
                "--canonical",
                "print the canonical encoding instead of the input's layout (a GPP string: every part\n"
                    + "padded with zero bits to a whole character, each section in its canonical form)"
            ) { $0.canonical = true }
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    /// Decodes each TC or GPP string and prints its layout-preserving re-encoding (`--canonical`:
    /// its canonical encoding).
    static func reencode(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "reencode")
        var values = ReencodeValues()
        let operands = arguments.parse(reencodeOptions, into: &values)
        let (options, canonical) = (values.decoding.options, values.canonical)
        return Inputs.lines(operands, arguments, options: options, jobs: values.decoding.jobs, failure: .emptyLine) {
            input,
            output,
            errors in
            switch try input.decode() {
            case .tc(let tc):
                output.append(
                    try tc.encoded(canonical ? .canonical : .preservingLayout, maximumLength: options.maximumLength)
                )
            case .gpp(let gpp):
                // A section that did not decode cannot be re-encoded: the string is refused, as
                // with --strict, rather than echoed.
                if let failure = gpp.failedSections.first { throw failure.error }
                // Every string IABGPP decodes comes back byte for byte (header, sections, padding).
                let text = try gpp.encoded(canonical ? .canonical : .preservingLayout)
                guard text.utf8.count <= options.maximumLength else {
                    throw TCStringError(.encodingTooLong, value: options.maximumLength)
                }
                output.append(text)
            }
            return false
        }
    }

    /// Now, from the system clock (the codec itself has none).
    static func today() -> Timestamp {
        Timestamp(deciseconds: Int64(time(nil)) * 10)
    }
}
