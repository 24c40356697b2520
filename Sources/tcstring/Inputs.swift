import IABGPP
import IABTCF
import TCFJSON

/// One string a reading command works on: its operand, or one line of standard input, as bytes
/// without the ASCII spaces, tabs and carriage returns around it (so a byte that is not UTF-8 is
/// reported as that byte).
struct Input {
    /// The string's bytes. A line of standard input longer than `--max-length` holds only its
    /// first `maximumLength + 1` bytes (see ``InputBlocks``), which decoding refuses as too long.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The 1-based line number of a line of standard input; `nil` for an operand.
    let line: Int?
    /// `--strict` and `--max-length`.
    let options: TCString.DecodingOptions

    init(trimming bytes: UnsafeBufferPointer<UInt8>, line: Int?, options: TCString.DecodingOptions) {
        self.bytes = bytes.trimmingASCIISpaces()
        self.line = line
        self.options = options
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether the string is a GPP string by its header: its first character is `D`, base64url for
    /// 3 in the first 6 bits, the header's Type (GPP's Type 3). A TC string's first 6 bits are its
    /// Version (`B` 1, `C` 2); TCF has no Version 3, so no TC string is sent to the GPP reader, and a
    /// `D…` string with no sections (`DBAA`) or fewer than its header lists (`DBABM`) gets the GPP
    /// reader's answer, not "version 3".
    var isGPP: Bool { Self.isGPP(bytes) }

    /// Whether `bytes` are a GPP string by its header (see ``isGPP``): the one test of every command.
    static func isGPP(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.first == UInt8(ascii: "D")
    }

    /// The string decoded: a TC string, or a GPP string with every section (IABGPP; see
    /// ``GPPInput/decodeGPP(_:options:)`` for how errors and `--strict` carry over).
    func decode() throws -> Decoded {
        guard isGPP else { return .tc(try TCString(encodedBytes: bytes, options: options)) }
        return .gpp(try GPPInput.decodeGPP(text, options: options))
    }

    /// The TC string: the string itself, or a GPP string's TCF EU v2 section
    /// (``GPPError/Code/missingTCFSection`` when it has none).
    func tcString() throws -> TCString {
        switch try decode() {
        case .tc(let tc): return tc
        case .gpp(let gpp):
            return try gpp.requiredTCFEuV2()
        }
    }

    /// The text, for a reader without a length limit of its own (Additional Consent): refused
    /// (``TCStringError/Code/inputTooLong``) when longer than `--max-length`.
    func textWithinMaximumLength() throws(TCStringError) -> String {
        guard bytes.count <= options.maximumLength else {
            throw TCStringError(.inputTooLong, value: options.maximumLength)
        }
        return text
    }

    /// The line on standard error for `error`: `tcstring: line N: message` (no line number for an
    /// operand), with a hint when a character error comes from a common paste mistake.
    func message(_ error: some Error) -> String { Terminal.message(error, line: line) + hint(for: error) }

    /// The parameter name of a URL's TC string (IAB's `gdpr_consent` macro), often pasted with it.
    static let consentParameter = Array("gdpr_consent=".utf8)

    /// ` (hint: ...)` for an `invalidCharacter` error on a string pasted with its URL parameter name
    /// or its quotes; nothing otherwise.
    func hint(for error: some Error) -> String {
        guard let error = error as? TCStringError else { return "" }
        if Self.isUSPrivacy(bytes) {
            return " (hint: this is a US Privacy string; tcstring decode --section uspv1 reads it)"
        }
        guard error.code == .invalidCharacter else { return "" }
        if bytes.starts(with: Self.consentParameter) {
            return " (hint: give the value after gdpr_consent=, not the parameter)"
        }
        if let first = bytes.first, first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return " (hint: give the string without its quotes)"
        }
        return ""
    }

    /// Whether `bytes` have the shape of a bare US Privacy string (GPP section 6, `uspv1`): four
    /// characters, a Version digit, then Notice, OptOutSale and LspaCovered, each `Y`, `N` or `-`.
    static func isUSPrivacy(_ bytes: some Collection<UInt8>) -> Bool {
        guard bytes.count == 4, let version = bytes.first, (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(version)
        else { return false }
        return bytes.dropFirst().allSatisfy {
            $0 == UInt8(ascii: "Y") || $0 == UInt8(ascii: "N") || $0 == UInt8(ascii: "-")
        }
    }

    /// Writes ``message(_:)`` to standard error.
    func report(_ error: some Error) { Terminal.err(message(error)) }
}

/// A decoded ``Input``.
enum Decoded {
    case tc(TCString)
    case gpp(IABGPP.GPPString)

    /// The TC string: the string itself, or a GPP string's TCF EU v2 section when it has one.
    var tcString: TCString? {
        switch self {
        case .tc(let tc): tc
        case .gpp(let gpp): gpp.tcfEuV2
        }
    }
}

/// What a reading command writes on standard output for an input that fails, besides its message
/// on standard error.
enum FailureOutput {
    /// `{"error": {...}}` in place of a failed line of standard input, so that the output keeps one
    /// line per input line; nothing for an operand, which has only the message.
    case errorObject(pretty: Bool)
    /// `{"error": {...}}` for every failed input, operand or line (`validate --json`).
    case errorObjectAlways(pretty: Bool)
    /// An empty line in place of a failed line of standard input (`reencode`).
    case emptyLine
    /// Nothing (`explain`, whose table shows what was read before the error; `validate` without `--json`).
    case nothing

    /// The standard output for `error` on an input from `line` (`nil`: an operand), if any.
    func output(_ error: some Error, line: Int?) -> String? {
        switch self {
        case .errorObject(let pretty): line == nil ? nil : Self.errorObject(error, line: line, pretty: pretty)
        case .errorObjectAlways(let pretty): Self.errorObject(error, line: line, pretty: pretty)
        case .emptyLine: line == nil ? nil : ""
        case .nothing: nil
        }
    }

    /// `{"error": {...}}`: the error object, which for a line of standard input ends with its
    /// 1-based `"line"`, so that a stream's output can be joined back to its input.
    static func errorObject(_ error: some Error, line: Int?, pretty: Bool = false) -> String {
        var object = GPPInput.errorJSON(error)
        if let line, case .object(var members) = object {
            members.append(("line", .int(line)))
            object = .object(members)
        }
        return JSON.object([("error", object)]).serialized(pretty: pretty)
    }
}

/// The inputs of a reading command: its one operand, or for `-` or none every line of standard input.
enum Inputs {
    /// Runs `write` on the one operand, or on every line of standard input on `jobs` cores
    /// (default: all) with the output in input order (``BatchLines``): the path of every command
    /// whose output for one input is one line (JSON, or pretty JSON). A failure writes `failure`'s
    /// output and the message on standard error; the status is ``Terminal/failure`` when any failed.
    static func lines(
        _ operands: [String],
        _ arguments: Arguments,
        options: TCString.DecodingOptions = TCString.DecodingOptions(),
        jobs: Int?,
        failure: FailureOutput,
        _ write: @escaping BatchLines.LineWriter
    ) -> Int32 {
        guard operands.count <= 1 else { arguments.fail("takes one string (or - for standard input)") }
        guard let operand = operands.first, operand != "-" else {
            return BatchLines.run(jobs: jobs ?? BatchLines.defaultJobs, options: options, failure: failure, write)
        }
        return Terminal.rawArgument(operand).withUnsafeBufferPointer { bytes in
            let input = Input(trimming: bytes, line: nil, options: options)
            var output = OutputBuffer(capacity: 1 << 12)
            var errors = OutputBuffer(capacity: 1 << 10)
            do {
                let failed = try write(input, &output, &errors)
                // Nothing to say (no vendor in range, no table) is no line at all.
                if output.count > 0 { Terminal.out(String(decoding: output.bytes, as: UTF8.self)) }
                _ = errors.writeAll(to: 2)
                return failed ? Terminal.failure : 0
            } catch {
                if let text = failure.output(error, line: nil) { Terminal.out(text) }
                input.report(error)
                return Terminal.failure
            }
        }
    }

    /// Calls `body` with each input, one per line of standard input: a blank line is an input too,
    /// which fails as empty (`emptyString`), so the output keeps one line per line in. Each result
    /// is written before the next line is read, so output follows input through a pipe.
    ///
    /// An error `body` throws is the input's failure: ``FailureOutput`` on standard output, the
    /// message on standard error. `body` returns whether the input failed otherwise (having said
    /// why itself, like `validate`'s findings). The status is ``Terminal/failure`` when any input failed.
    static func each(
        _ operands: [String],
        _ arguments: Arguments,
        options: TCString.DecodingOptions = TCString.DecodingOptions(),
        failure: FailureOutput,
        _ body: (Input) throws -> Bool
    ) -> Int32 {
        guard operands.count <= 1 else { arguments.fail("takes one string (or - for standard input)") }
        var failed = false
        func handle(_ input: Input) {
            do {
                failed = try body(input) || failed
            } catch {
                if let output = failure.output(error, line: input.line) { Terminal.out(output) }
                input.report(error)
                failed = true
            }
        }
        if let operand = operands.first, operand != "-" {
            Terminal.rawArgument(operand).withUnsafeBufferPointer {
                handle(Input(trimming: $0, line: nil, options: options))
            }
        } else {
            InputBlocks.readLines(limit: options.maximumLength) { lines, firstNumber in
                for (number, line) in zip(firstNumber..., lines) {
                    handle(Input(trimming: line, line: number, options: options))
                }
            }
        }
        return failed ? Terminal.failure : 0
    }
}
