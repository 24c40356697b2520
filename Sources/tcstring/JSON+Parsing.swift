/// A strict JSON parser (RFC 8259) producing ``JSON``; numbers must be integers, which is all the schemas use.
extension JSON {
    struct ParseError: Error, CustomStringConvertible {
        let offset: Int
        let reason: String
        var description: String { "invalid JSON at byte \(offset): \(reason)" }
    }

    init(parsing text: String) throws(ParseError) {
        var parser = Parser(bytes: Array(text.utf8))
        parser.skipSpace()
        self = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.fail("trailing characters") }
    }

    /// The member named `key`, if this is an object that has it.
    subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        func fail(_ reason: String) -> ParseError { ParseError(offset: index, reason: reason) }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func expect(_ literal: String) throws(ParseError) {
            for byte in literal.utf8 {
                guard index < bytes.count, bytes[index] == byte else { throw fail("expected \(literal)") }
                index += 1
            }
        }

        mutating func value(depth: Int) throws(ParseError) -> JSON {
            guard depth < 64 else { throw fail("nested too deeply") }
            guard index < bytes.count else { throw fail("unexpected end") }
            switch bytes[index] {
            case UInt8(ascii: "n"):
                try expect("null")
                return .null
            case UInt8(ascii: "t"):
                try expect("true")
                return .bool(true)
            case UInt8(ascii: "f"):
                try expect("false")
                return .bool(false)
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "["):
                index += 1
                var items: [JSON] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(items)
                }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect("]")
                    return .array(items)
                }
            case UInt8(ascii: "{"):
                index += 1
                var members: [(String, JSON)] = []
                skipSpace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    return .object(members)
                }
                while true {
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw fail("expected a key") }
                    let key = try string()
                    skipSpace()
                    try expect(":")
                    skipSpace()
                    members.append((key, try value(depth: depth + 1)))
                    skipSpace()
                    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue
                    }
                    try expect("}")
                    return .object(members)
                }
            default:
                return .int(try integer())
            }
        }

        mutating func integer() throws(ParseError) -> Int {
            let negative = index < bytes.count && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value = 0
            let start = index
            while index < bytes.count, (48...57).contains(bytes[index]) {
                let (times10, o1) = value.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(Int(bytes[index] - 48))
                guard !o1, !o2 else { throw fail("number too large") }
                value = sum
                index += 1
            }
            guard index > start else { throw fail("unexpected character") }
            if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
                throw fail("only integers are expected")
            }
            return negative ? -value : value
        }

        mutating func string() throws(ParseError) -> String {
            index += 1  // opening quote
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw = []
            }
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    flush()
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flush()
                    guard index < bytes.count else { throw fail("unterminated escape") }
                    let escape = bytes[index]
                    index += 1
                    switch escape {
                    case UInt8(ascii: "n"): scalars.append("\n")
                    case UInt8(ascii: "t"): scalars.append("\t")
                    case UInt8(ascii: "r"): scalars.append("\r")
                    case UInt8(ascii: "b"): scalars.append("\u{8}")
                    case UInt8(ascii: "f"): scalars.append("\u{C}")
                    case UInt8(ascii: "u"):
                        guard index + 4 <= bytes.count,
                            let code = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
                        else { throw fail("bad \\u escape") }
                        index += 4
                        scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"):
                        scalars.append(Unicode.Scalar(escape))
                    default: throw fail("unknown escape")
                    }
                case 0..<0x20: throw fail("control character in string")
                default: raw.append(byte)
                }
            }
            throw fail("unterminated string")
        }
    }
}
