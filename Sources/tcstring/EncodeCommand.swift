import IABGPP
import IABTCF
import TCFJSON
import TCStringToolSupport

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
    /// itself, or standard input) and prints its canonical TC string.
    static func encodeJSON(_ paths: [String], maximumLength: Int, _ arguments: Arguments) -> Int32 {
        let text = jsonText(paths, arguments)
        do {
            let json = try JSON(parsing: text)
            let value = try TCString(json: json, today: today())
            Terminal.out(try value.encoded(maximumLength: maximumLength))
            return 0
        } catch {
            Terminal.err(Terminal.message(error))
            return Terminal.failure
        }
    }

    /// `encode --section`: reads `{"fields": {...}}` (the object `decode --section` prints; `id`,
    /// `name` and `value` may be there and are not read) and prints the section's canonical text.
    static func encodeSection(_ id: Int, _ paths: [String], _ arguments: Arguments) -> Int32 {
        let text = jsonText(paths, arguments)
        do {
            let json = try JSON(parsing: text)
            guard case .object(let members) = json, let fields = json["fields"], case .object(let pairs) = fields else {
                throw SectionInputError(message: "the input is not an object with \"fields\": {...}")
            }
            if let key = members.map(\.0).first(where: { !["id", "name", "value", "fields"].contains($0) }) {
                throw SectionInputError(message: "unknown key \(key)")
            }
            var values: [String: GPPValue] = [:]
            for (key, value) in pairs {
                guard let converted = try gppValue(value, key) else { continue }
                values[key] = converted
            }
            Terminal.out(try IABGPP.GPPSection(id: id, fields: values).encoded())
            return 0
        } catch {
            Terminal.err(Terminal.message(error))
            return Terminal.failure
        }
    }

    /// A field's JSON as a ``GPPValue`` (`nil` for `null`: the field or sub-section left out).
    static func gppValue(_ json: JSON, _ key: String) throws -> GPPValue? {
        switch json {
        case .null: return nil
        case .int(let int): return .int(int)
        case .bool(let flag): return .bool(flag)
        case .string(let text): return .string(text)
        case .array(let items):
            var ints: [Int] = []
            var records: [GPPRangeRecord] = []
            for item in items {
                switch item {
                case .int(let int): ints.append(int)
                case .object:
                    guard case .int(let recordKey)? = item["key"], case .int(let type)? = item["type"],
                        case .array(let ids)? = item["ids"]
                    else { throw SectionInputError(message: "\(key): a record is {\"key\", \"type\", \"ids\"}") }
                    records.append(
                        GPPRangeRecord(
                            key: recordKey,
                            type: type,
                            ids: ids.compactMap { if case .int(let id) = $0 { id } else { nil } }
                        )
                    )
                default: throw SectionInputError(message: "\(key): a list holds integers or records")
                }
            }
            return records.isEmpty ? .list(ints) : .records(records)
        case .object: throw SectionInputError(message: "\(key): an object is not a field value")
        }
    }

    /// A mistake in `encode --section`'s input.
    struct SectionInputError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Decodes each TC or GPP string and prints its layout-preserving re-encoding.
    /// `reencode`'s options, declared once (see ``OptionRow``).
    static var reencodeOptions: [OptionRow<DecodingFlags>] { DecodingFlags.rows(\.self, streams: true) }

    static func reencode(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "reencode")
        var decoding = DecodingFlags()
        let operands = arguments.parse(reencodeOptions, into: &decoding)
        let options = decoding.options
        return Inputs.lines(operands, arguments, options: options, jobs: decoding.jobs, failure: .emptyLine) {
            input,
            output,
            errors in
            // A GPP string comes back whole: its header and other sections as they were.
            switch try input.decode() {
            case .tc(let tc): output.append(try tc.encoded(.preservingLayout, maximumLength: options.maximumLength))
            case .gpp(let gpp):
                output.append(try gpp.encoded(.preservingLayout, maximumLength: options.maximumLength))
            }
            return false
        }
    }

    /// Now, from the system clock (the codec itself has none).
    static func today() -> Timestamp {
        Timestamp(deciseconds: Int64(time(nil)) * 10)
    }
}
