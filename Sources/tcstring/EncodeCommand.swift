import IABTCF

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `tcstring encode [FILE | -]` and `tcstring reencode [STRING | -]`.
enum EncodeCommand {
    /// The keys `encode` reads and their defaults.
    static let keysHelp = """
          Missing keys take defaults: created = today (UTC midnight), lastUpdated = created,
          policyVersion 5, isServiceSpecific true, consentLanguage EN, publisherCountryCode AA,
          other numbers 0, empty sets, absent segments.
        """

    /// Reads one JSON object in the decode schema and prints its canonical TC string.
    static func encode(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "encode", usage: Usage.encode)
        var paths: [String] = []
        while let argument = arguments.next() {
            switch argument {
            case .option(let option): arguments.unknown(option)
            case .operand(let path): paths.append(path)
            }
        }
        guard paths.count <= 1 else { arguments.fail("takes one JSON file (or - for standard input)") }
        let path = paths.first ?? "-"
        guard let text = path == "-" ? Terminal.readAll() : Terminal.readFile(path) else {
            Terminal.err("tcstring: cannot read \(path)")
            return Terminal.failure
        }
        do {
            let json = try JSON(parsing: text)
            let value = try TCString(json: json, today: today())
            Terminal.out(try value.encoded())
            return 0
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
    }

    /// Decodes each TC string and prints its layout-preserving re-encoding.
    static func reencode(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "reencode", usage: Usage.reencode)
        var operands: [String] = []
        var strict = false
        while let argument = arguments.next() {
            switch argument {
            case .option("--strict"): strict = true
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        return Inputs.each(operands, arguments) { input, line in
            do throws(TCStringError) {
                Terminal.out(
                    try Inputs.tcString(input, options: Inputs.options(strict: strict)).encoded(.preservingLayout)
                )
                return false
            } catch {
                if line != nil { Terminal.out("") }  // one output line per input line
                Inputs.report(error, line: line)
                return true
            }
        }
    }

    /// Now, from the system clock (the codec itself has none).
    static func today() -> Timestamp {
        Timestamp(deciseconds: Int64(time(nil)) * 10)
    }
}
