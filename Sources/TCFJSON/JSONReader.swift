/// The one strict JSON reader (RFC 8259) of the package: a pull reader over UTF-8 bytes, used by
/// the vendor list (`GlobalVendorList`) and by the `tcstring` tool's JSON tree. It builds nothing
/// itself: callers ask for the next object member, array element, string, integer or literal, and
/// skip what they do not need.
///
/// Bounded: input over `maxBytes` is refused before reading, nesting over `maxDepth` is an error,
/// integers must fit in `Int`, so time is linear in the input and memory is what the caller keeps.
/// Strings must be UTF-8 with no raw control characters; `\u` escapes must pair surrogates.
package struct JSONReader {
    /// The largest input accepted by default: 16 MiB, room for many times a real vendor list.
    package static let defaultMaxBytes = 16 << 20
    /// The deepest nesting accepted by default.
    package static let defaultMaxDepth = 64

    /// What the next value is, judged by its first byte.
    package enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    /// An object key, as its raw bytes between the quotes (escapes not yet decoded).
    package struct Key {
        let raw: UnsafeBufferPointer<UInt8>
        let hasEscapes: Bool
        let decoded: String?

        /// The key as a string (escapes decoded).
        package var text: String { decoded ?? String(decoding: raw, as: UTF8.self) }

        /// Whether the key is `literal` (an ASCII name).
        package static func == (key: Key, literal: StaticString) -> Bool {
            if let decoded = key.decoded {
                return decoded.utf8.elementsEqual(
                    UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
                )
            }
            guard key.raw.count == literal.utf8CodeUnitCount else { return false }
            return memoryEqual(key.raw, literal)
        }

        /// The key as a string.
        package var string: String { decoded ?? String(decoding: raw, as: UTF8.self) }

        private static func memoryEqual(_ raw: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
            let other = literal.utf8Start
            for i in 0..<raw.count where raw[i] != other[i] { return false }
            return true
        }
    }

    let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next unread byte.
    package private(set) var index = 0
    private var depth = 0
    private let maxDepth: Int

    /// Calls `body` with a reader over `bytes`, after checking the size limit.
    package static func read<T>(
        _ bytes: UnsafeBufferPointer<UInt8>,
        maxBytes: Int = defaultMaxBytes,
        maxDepth: Int = defaultMaxDepth,
        _ body: (inout JSONReader) throws(JSONInputError) -> T
    ) throws(JSONInputError) -> T {
        guard bytes.count <= maxBytes else {
            throw JSONInputError(
                .tooLarge,
                position: maxBytes + 1,
                message: "input of \(bytes.count) bytes is over the limit of \(maxBytes)"
            )
        }
        var reader = JSONReader(bytes: bytes, maxDepth: maxDepth)
        let result = try body(&reader)
        try reader.expectEnd()
        return result
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    // MARK: - Errors

    /// An error at the current offset.
    package func fail(_ code: JSONInputError.Code, _ message: String) -> JSONInputError {
        JSONInputError(code, position: index + 1, message: message)
    }

    /// A schema error at `offset` (0-based, as ``index`` counts).
    package static func schema(_ offset: Int, _ message: String) -> JSONInputError {
        JSONInputError(.schema, position: offset + 1, message: message)
    }

    private func endOrSyntax(_ message: String) -> JSONInputError {
        index >= bytes.count ? fail(.unexpectedEnd, "unexpected end of input, " + message) : fail(.syntax, message)
    }

    // MARK: - Structure

    @inline(__always)
    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index &+= 1
            default: return
            }
        }
    }

    /// Skips white space and tells what the next value is.
    package mutating func peek() throws(JSONInputError) -> Kind {
        skipSpace()
        guard index < bytes.count else { throw fail(.unexpectedEnd, "unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return .object
        case UInt8(ascii: "["): return .array
        case UInt8(ascii: "\""): return .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return .bool
        case UInt8(ascii: "n"): return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number
        default: throw fail(.syntax, "expected a value")
        }
    }

    /// After the top-level value: only white space may follow.
    mutating func expectEnd() throws(JSONInputError) {
        skipSpace()
        guard index == bytes.count else { throw fail(.syntax, "unexpected characters after the value") }
    }

    private mutating func open(_ byte: UInt8, _ name: String) throws(JSONInputError) {
        guard try peek() == (byte == UInt8(ascii: "{") ? .object : .array) else {
            throw fail(.schema, "expected \(name)")
        }
        guard depth < maxDepth else { throw fail(.tooDeep, "nested deeper than \(maxDepth) levels") }
        depth &+= 1
        index &+= 1
    }

    /// Consumes `{`; then call ``nextMember(first:)`` until it returns `nil`.
    package mutating func beginObject() throws(JSONInputError) { try open(UInt8(ascii: "{"), "an object") }

    /// Consumes `[`; then call ``nextElement(first:)`` until it returns `false`.
    package mutating func beginArray() throws(JSONInputError) { try open(UInt8(ascii: "["), "an array") }

    /// The next member's key, positioned at its value; `nil` after the closing `}`.
    /// `first` starts `true` for each object and is updated here.
    package mutating func nextMember(first: inout Bool) throws(JSONInputError) -> Key? {
        skipSpace()
        guard index < bytes.count else { throw fail(.unexpectedEnd, "unexpected end of input in an object") }
        if bytes[index] == UInt8(ascii: "}") {
            index &+= 1
            depth &-= 1
            return nil
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else { throw fail(.syntax, "expected ',' or '}'") }
            index &+= 1
            skipSpace()
        }
        first = false
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw endOrSyntax("expected a key") }
        let key = try readKey()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw endOrSyntax("expected ':'") }
        index &+= 1
        return key
    }

    /// Whether another element follows (positioned at it); `false` after the closing `]`.
    /// `first` starts `true` for each array and is updated here.
    package mutating func nextElement(first: inout Bool) throws(JSONInputError) -> Bool {
        skipSpace()
        guard index < bytes.count else { throw fail(.unexpectedEnd, "unexpected end of input in an array") }
        if bytes[index] == UInt8(ascii: "]") {
            index &+= 1
            depth &-= 1
            return false
        }
        if !first {
            guard bytes[index] == UInt8(ascii: ",") else { throw fail(.syntax, "expected ',' or ']'") }
            index &+= 1
        }
        first = false
        return true
    }

    // MARK: - Scalars

    /// Reads `true` or `false`.
    package mutating func readBool() throws(JSONInputError) -> Bool {
        guard try peek() == .bool else { throw fail(.schema, "expected true or false") }
        if bytes[index] == UInt8(ascii: "t") {
            try literal("true")
            return true
        }
        try literal("false")
        return false
    }

    /// Consumes `null` and returns `true`, or returns `false` (consuming nothing) for any other value.
    package mutating func readNull() throws(JSONInputError) -> Bool {
        guard try peek() == .null else { return false }
        try literal("null")
        return true
    }

    private mutating func literal(_ text: StaticString) throws(JSONInputError) {
        let start = text.utf8Start
        for i in 0..<text.utf8CodeUnitCount {
            guard index < bytes.count, bytes[index] == start[i] else { throw endOrSyntax("expected \(text)") }
            index &+= 1
        }
    }

    /// Reads an integer (`-?(0|[1-9][0-9]*)`); a fraction, an exponent or a value beyond `Int` is an error.
    package mutating func readInt() throws(JSONInputError) -> Int {
        guard try peek() == .number else { throw fail(.schema, "expected an integer") }
        let start = index
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index &+= 1 }
        guard index < bytes.count, bytes[index] &- 48 < 10 else { throw endOrSyntax("expected a digit") }
        if bytes[index] == UInt8(ascii: "0"), index &+ 1 < bytes.count, bytes[index &+ 1] &- 48 < 10 {
            throw fail(.syntax, "a number must not start with 0")
        }
        var value = 0
        while index < bytes.count, bytes[index] &- 48 < 10 {
            let digit = Int(bytes[index] &- 48)
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            guard !o1, !o2 else {
                index = start
                throw fail(.invalidNumber, "number does not fit in 64 bits")
            }
            value = sum
            index &+= 1
        }
        if index < bytes.count, [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[index]) {
            index = start
            throw fail(.invalidNumber, "expected an integer, found a fraction or exponent")
        }
        return value
    }

    /// Skips a number of any RFC 8259 form (fraction and exponent allowed).
    private mutating func skipNumber() throws(JSONInputError) {
        if bytes[index] == UInt8(ascii: "-") { index &+= 1 }
        func digits(_ reader: inout JSONReader) throws(JSONInputError) {
            guard reader.index < reader.bytes.count, reader.bytes[reader.index] &- 48 < 10 else {
                throw reader.endOrSyntax("expected a digit")
            }
            while reader.index < reader.bytes.count, reader.bytes[reader.index] &- 48 < 10 { reader.index &+= 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "0") {
            index &+= 1
        } else {
            try digits(&self)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index &+= 1
            try digits(&self)
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index &+= 1
            }
            try digits(&self)
        }
    }

    /// Reads a string value.
    package mutating func readString() throws(JSONInputError) -> String {
        guard try peek() == .string else { throw fail(.schema, "expected a string") }
        let (raw, escaped) = try scanString()
        return escaped ? try unescape(raw) : String(decoding: raw, as: UTF8.self)
    }

    private mutating func readKey() throws(JSONInputError) -> Key {
        let (raw, escaped) = try scanString()
        return Key(raw: raw, hasEscapes: escaped, decoded: escaped ? try unescape(raw) : nil)
    }

    /// Moves past a string (at its opening quote), checking UTF-8 and escapes; returns the bytes
    /// between the quotes and whether they hold an escape.
    private mutating func scanString() throws(JSONInputError) -> (UnsafeBufferPointer<UInt8>, Bool) {
        index &+= 1
        let start = index
        var escaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index &+= 1
                return (raw, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                index &+= 1
                guard index < bytes.count else { break }
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                    UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index &+= 1
                case UInt8(ascii: "u"):
                    index &+= 1
                    _ = try hex4()
                default: throw fail(.syntax, "unknown escape")
                }
            } else if byte < 0x20 {
                throw fail(.invalidString, "control character in a string")
            } else if byte < 0x80 {
                index &+= 1
            } else {
                try skipUTF8Sequence()
            }
        }
        throw fail(.unexpectedEnd, "unexpected end of input in a string")
    }

    /// Checks one multi-byte UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF).
    private mutating func skipUTF8Sequence() throws(JSONInputError) {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            (length, low) = (3, 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            (length, high) = (3, 0x9F)
        case 0xF0:
            (length, low) = (4, 0x90)
        case 0xF1...0xF3: length = 4
        case 0xF4:
            (length, high) = (4, 0x8F)
        default: throw fail(.invalidString, "byte 0x\(String(lead, radix: 16, uppercase: true)) is not UTF-8")
        }
        for i in 1..<length {
            guard index &+ i < bytes.count else { throw fail(.unexpectedEnd, "unexpected end of input in a string") }
            let byte = bytes[index &+ i]
            guard byte >= (i == 1 ? low : 0x80) && byte <= (i == 1 ? high : 0xBF) else {
                throw fail(.invalidString, "invalid UTF-8 sequence")
            }
        }
        index &+= length
    }

    private mutating func hex4() throws(JSONInputError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw fail(.unexpectedEnd, "unexpected end of input in a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- 48
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- 87
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- 55
            default: throw fail(.syntax, "bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index &+= 1
        }
        return value
    }

    /// Decodes the escapes of a scanned (so well-formed) string.
    private func unescape(_ raw: UnsafeBufferPointer<UInt8>) throws(JSONInputError) -> String {
        var scalars = String.UnicodeScalarView()
        var i = 0
        var runStart = 0
        let base = raw.baseAddress.map { $0 - bytes.baseAddress! } ?? 0
        func flush(_ end: Int) {
            if end > runStart {
                scalars.append(
                    contentsOf: String(decoding: UnsafeBufferPointer(rebasing: raw[runStart..<end]), as: UTF8.self)
                        .unicodeScalars
                )
            }
        }
        func hex(_ at: Int) -> UInt32 {
            var value: UInt32 = 0
            for k in at..<at + 4 {
                let b = raw[k]
                value = value << 4 | UInt32(b <= 57 ? b - 48 : (b | 0x20) - 87)
            }
            return value
        }
        while i < raw.count {
            guard raw[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            flush(i)
            let escape = raw[i + 1]
            let escapeOffset = base + i
            i += 2
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                var code = hex(i)
                i += 4
                let lone = JSONInputError(.invalidString, position: escapeOffset + 1, message: "lone surrogate escape")
                if (0xD800...0xDBFF).contains(code) {
                    guard i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"), raw[i + 1] == UInt8(ascii: "u") else {
                        throw lone
                    }
                    let low = hex(i + 2)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw lone
                    }
                    code = 0x10000 + ((code - 0xD800) << 10 | (low - 0xDC00))
                    i += 6
                }
                guard let scalar = Unicode.Scalar(code) else {
                    throw lone
                }
                scalars.append(scalar)
            default: scalars.append(Unicode.Scalar(escape))  // " \ /
            }
            runStart = i
        }
        flush(raw.count)
        return String(scalars)
    }

    // MARK: - Skipping

    /// Skips one value of any kind, checking it as strictly as reading it would.
    package mutating func skipValue() throws(JSONInputError) {
        switch try peek() {
        case .string: _ = try scanString()
        case .number: try skipNumber()
        case .bool: _ = try readBool()
        case .null: _ = try readNull()
        case .array:
            try beginArray()
            var first = true
            while try nextElement(first: &first) { try skipValue() }
        case .object:
            try beginObject()
            var first = true
            while try nextMember(first: &first) != nil { try skipValue() }
        }
    }
}
