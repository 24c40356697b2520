import IABTCF
import TCStringCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The strings a reading command works on: its one operand, or for `-` or none every line of
/// standard input, as bytes (so a byte that is not UTF-8 is reported as that byte).
enum Inputs {
    /// Calls `body` with each input and, for standard input, its 1-based line number; blank lines
    /// are skipped (but counted). Each result is written before the next line is read, so output
    /// follows input through a pipe. `body` returns whether the input failed; the status is
    /// ``Terminal/failure`` when any did. A line longer than `maximumLength` reaches `body` as its
    /// first `maximumLength + 1` bytes (see ``InputBlocks``), for it to refuse.
    static func each(
        _ operands: [String],
        _ arguments: Arguments,
        maximumLength: Int = TCString.DecodingOptions.defaultMaximumLength,
        _ body: (_ input: UnsafeBufferPointer<UInt8>, _ line: Int?) -> Bool
    ) -> Int32 {
        guard operands.count <= 1 else { arguments.fail("takes one string (or - for standard input)") }
        if let operand = operands.first, operand != "-" {
            let bytes = Terminal.rawArgument(operand)
            return bytes.withUnsafeBufferPointer { body($0.trimmingASCIISpaces(), nil) } ? Terminal.failure : 0
        }
        var input = InputBlocks(descriptor: 0, limit: maximumLength)
        defer { input.release() }
        var number = 0
        var failed = false
        func handle(_ line: UnsafeBufferPointer<UInt8>) {
            number += 1
            let trimmed = line.trimmingASCIISpaces()
            if !trimmed.isEmpty { failed = body(trimmed, number) || failed }
        }
        while input.readMore() {
            for line in input.completeLines() { handle(line) }
            input.consumeCompleteLines()
        }
        if let last = input.remainder() { handle(last) }
        return failed ? Terminal.failure : 0
    }

    /// Whether `bytes` look like a GPP string: a header starting with `D` (Type 3) and `~`. A `D`
    /// alone is not enough: it is also how a TC string with the unsupported Version 3 begins.
    static func isGPP(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.first == UInt8(ascii: "D") && bytes.contains(UInt8(ascii: "~"))
    }

    /// The TC string in `bytes`: a TC string, or a GPP string's TCF EU v2 section, decoded with
    /// `options` (`--strict`).
    static func tcString(
        _ bytes: UnsafeBufferPointer<UInt8>,
        options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) throws(TCStringError) -> TCString {
        guard isGPP(bytes) else { return try TCString(encodedBytes: bytes, options: options) }
        return try GPPString(encoded: String(decoding: bytes, as: UTF8.self), options: options).requiredTCFEuV2()
    }

    /// Reports a failed input on standard error, with its line number when it came from a stream.
    static func report(_ error: some Error, line: Int?) {
        Terminal.err("tcstring: " + (line.map { "line \($0): " } ?? "") + JSON.message(error))
    }
}

/// `--strict` and `--max-length N`, which every command that decodes TC strings takes.
struct DecodingFlags {
    private(set) var options = TCString.DecodingOptions()

    /// Takes `option` (and its value) when it is one of these flags; returns whether it was.
    mutating func parse(_ option: String, _ arguments: inout Arguments) -> Bool {
        switch option {
        case "--strict": options.strict = true
        case "--max-length":
            options.maximumLength = arguments.value(of: option, "a number of bytes (1 or more)") {
                Int($0).flatMap { $0 >= 1 ? $0 : nil }
            }
        default: return false
        }
        return true
    }
}
