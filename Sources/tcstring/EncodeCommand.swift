import IABTCF

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `tcstring encode [FILE | -]` and `tcstring reencode STRING`.
enum EncodeCommand {
    /// Reads one JSON object in the decode schema and prints its canonical TC string.
    static func encode(_ arguments: [String]) -> Int32 {
        guard arguments.count <= 1, arguments.first?.hasPrefix("--") != true else {
            Terminal.usageError("encode takes one JSON file (or - for standard input)")
        }
        let path = arguments.first ?? "-"
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

    /// Decodes a TC string and prints its layout-preserving re-encoding.
    static func reencode(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let input = arguments.first, !input.hasPrefix("--") else {
            Terminal.usageError("reencode takes one TC string")
        }
        do throws(TCStringError) {
            Terminal.out(try TCString(encoded: input.trimmedASCII).encoded(.preservingLayout))
            return 0
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
    }

    /// Now, from the system clock (the codec itself has none).
    static func today() -> Timestamp {
        Timestamp(deciseconds: Int64(time(nil)) * 10)
    }
}
