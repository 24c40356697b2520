// JSON's primitives and the decode schema's value formats, written once: the codec's
// `Timestamp.description` and `TwoLetterCode.description` (so its `Codable`), the tool's JSON tree
// and its byte writer for the decode schema all write through these.

extension OutputBuffer {
    /// `null`.
    @inlinable public mutating func appendNull() { append("null") }

    /// `true` or `false`.
    @inlinable public mutating func appendBool(_ value: Bool) { value ? append("true") : append("false") }

    /// Any integer in decimal.
    @inlinable public mutating func appendInt(_ value: Int) {
        if value >= 0 && value < 100_000 {
            reserve(5)
            putSmall(value)
        } else {
            append(String(value))
        }
    }

    // MARK: - Strings

    /// 1 when a JSON string escapes `byte` (`"`, `\`, a control character), else 0; without a
    /// branch, so that a scan over many bytes vectorises.
    @inlinable public static func needsEscape(_ byte: UInt8) -> UInt8 {
        (byte < 0x20 ? 1 : 0) | (byte == 0x22 ? 1 : 0) | (byte == 0x5C ? 1 : 0)
    }

    /// One byte of a string's UTF-8 inside JSON quotes: `"` and `\` escaped, control characters as
    /// `\n`, `\r`, `\t` or `\u00XX` (lower-case hex), every other byte as it is.
    @inlinable public mutating func appendEscaped(_ byte: UInt8) {
        switch byte {
        case 0x22: append("\\\"")
        case 0x5C: append("\\\\")
        case 0x0A: append("\\n")
        case 0x0D: append("\\r")
        case 0x09: append("\\t")
        case ..<0x20:
            @inline(__always) func hex(_ nibble: UInt8) -> UInt8 { nibble < 10 ? 48 &+ nibble : 87 &+ nibble }
            append("\\u00")
            reserve(2)
            put(hex(byte >> 4))
            put(hex(byte & 15))
        default:
            reserve(1)
            put(byte)
        }
    }

    /// `value` as a JSON string: in quotes, each byte as ``appendEscaped(_:)`` writes it; copied
    /// whole when nothing in it needs escaping, as in the in-app keys' long binary strings.
    public mutating func appendString(_ value: String) {
        var value = value
        value.withUTF8 { bytes in
            var escapes: UInt8 = 0
            for byte in bytes { escapes |= Self.needsEscape(byte) }
            append("\"")
            guard escapes != 0 else {
                append(bytes)
                append("\"")
                return
            }
            var run = 0
            for (index, byte) in bytes.enumerated() where Self.needsEscape(byte) != 0 {
                append(UnsafeBufferPointer(rebasing: bytes[run..<index]))
                appendEscaped(byte)
                run = index + 1
            }
            append(UnsafeBufferPointer(rebasing: bytes[run...]))
            append("\"")
        }
    }

    // MARK: - The decode schema's values

    /// `value` in decimal, zero-padded to `width` digits; a value below 0 or of more digits is
    /// written whole after the zeros that bring it to `width` characters (`-5` as `00-5`).
    @inlinable public mutating func appendPadded(_ value: Int, width: Int) {
        var limit = 1
        for _ in 0..<width { limit &*= 10 }
        guard value >= 0, value < limit else {
            let digits = String(value)
            for _ in digits.utf8.count..<Swift.max(width, digits.utf8.count) { append("0") }
            return append(digits)
        }
        reserve(width)
        var divisor = limit / 10
        while divisor > 0 {
            put(UInt8(truncatingIfNeeded: value / divisor % 10) &+ 48)
            divisor /= 10
        }
    }

    /// A TC string timestamp's text from its UTC calendar fields: ISO 8601 with exactly three
    /// fractional digits, e.g. `2020-01-26T17:01:00.000Z`. Nothing in it needs escaping in JSON.
    @inlinable public mutating func appendISO8601(
        _ c: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int)
    ) {
        appendPadded(c.year, width: 4)
        append("-")
        appendPadded(c.month, width: 2)
        append("-")
        appendPadded(c.day, width: 2)
        append("T")
        appendPadded(c.hour, width: 2)
        append(":")
        appendPadded(c.minute, width: 2)
        append(":")
        appendPadded(c.second, width: 2)
        append(".")
        appendPadded(c.millisecond, width: 3)
        append("Z")
    }

    /// A two-letter code's text from its 12-bit value: the character `A` + each 6-bit value (`EN`;
    /// outside A-Z `[` for 26 … U+0080 for 63, as the reference decoders print it), in UTF-8. With
    /// `jsonEscaped`, as the inside of a JSON string (the value 27, `\`, as `\\`).
    @inlinable public mutating func appendTwoLetterCode(_ rawValue: Int, jsonEscaped: Bool) {
        reserve(4)
        appendLetter(rawValue >> 6 & 63, jsonEscaped: jsonEscaped)
        appendLetter(rawValue & 63, jsonEscaped: jsonEscaped)
    }

    /// One letter of ``appendTwoLetterCode(_:jsonEscaped:)``: `A` + `value` (0-63).
    @inlinable mutating func appendLetter(_ value: Int, jsonEscaped: Bool) {
        let scalar = UInt8(truncatingIfNeeded: 65 + value)
        if scalar >= 0x80 {
            // U+0080 in UTF-8.
            put(0xC2)
            put(scalar)
        } else if jsonEscaped {
            appendEscaped(scalar)
        } else {
            put(scalar)
        }
    }
}
