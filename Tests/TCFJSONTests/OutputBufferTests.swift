import TCFJSON
import Testing

/// The one writer of JSON text: the primitives and the decode schema's value formats, byte for byte.
@Suite struct OutputBufferTests {
    func text(_ write: (inout OutputBuffer) -> Void) -> String { OutputBuffer.text(capacity: 1, write) }

    @Test func scalars() {
        #expect(text { $0.appendNull() } == "null")
        #expect(text { $0.appendBool(true) } + text { $0.appendBool(false) } == "truefalse")
        let ints = [0, 7, 99_999, 100_000, -1, Int.max, Int.min]
        #expect(ints.map { n in text { $0.appendInt(n) } } == ints.map { String($0) })
    }

    /// `"` and `\` escaped, `\n` `\r` `\t` by name, other control characters as `\u00XX` in lower-case
    /// hex, everything else (DEL, non-ASCII) as it is; a string without escapes is copied whole.
    @Test func strings() {
        #expect(text { $0.appendString("") } == #""""#)
        #expect(text { $0.appendString("plain é 😀") } == #""plain é 😀""#)
        #expect(
            text { $0.appendString("a\"b\\c\nd\re\tf\u{1}\u{1F}\u{7F}/") } == #""a\"b\\c\nd\re\tf\u0001\u001f"#
                + "\u{7F}/\""
        )
        let controls = (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }
        let written = text { $0.appendString(String(controls)) }
        #expect(written.hasPrefix(#""\u0000\u0001"#) && written.contains(#"\u000b\u000c"#))
        #expect(written.count == 2 + 3 * 2 + 29 * 6)
    }

    /// ISO 8601 with three fractional digits; a year outside 0-9999 is written whole.
    @Test func timestamps() {
        #expect(text { $0.appendISO8601((2020, 1, 26, 17, 1, 0, 0)) } == "2020-01-26T17:01:00.000Z")
        #expect(text { $0.appendISO8601((9999, 12, 31, 23, 59, 59, 900)) } == "9999-12-31T23:59:59.900Z")
        #expect(text { $0.appendISO8601((7, 2, 3, 4, 5, 6, 100)) } == "0007-02-03T04:05:06.100Z")
        #expect(text { $0.appendISO8601((12_345, 1, 1, 0, 0, 0, 0)) } == "12345-01-01T00:00:00.000Z")
        #expect(text { $0.appendISO8601((-5, 1, 1, 0, 0, 0, 0)) } == "00-5-01-01T00:00:00.000Z")
    }

    /// `A` + each 6-bit value: outside A-Z `[` (26) … U+0080 (63); `\` (27) escaped only in JSON.
    @Test func twoLetterCodes() {
        func code(_ first: Int, _ second: Int, escaped: Bool = false) -> String {
            text { $0.appendTwoLetterCode(first << 6 | second, jsonEscaped: escaped) }
        }
        #expect(code(4, 13) == "EN")
        #expect(code(26, 62) == "[\u{7F}")
        #expect(code(27, 63) == "\\\u{80}")
        #expect(code(27, 27, escaped: true) == #"\\\\"#)
        #expect(code(63, 0, escaped: true) == "\u{80}A")
        #expect(text { $0.appendTwoLetterCode(0x1FFF, jsonEscaped: false) } == code(63, 63))
    }

    /// Growing keeps what was written, whatever the starting capacity.
    @Test func growsAndTrims() {
        var buffer = OutputBuffer(capacity: 1)
        for n in 0..<1000 { buffer.appendInt(n) }
        let all = String(decoding: buffer.bytes, as: UTF8.self)
        #expect(all == (0..<1000).map { String($0) }.joined())
        buffer.removeLast(3)
        #expect(buffer.count == all.utf8.count - 3)
        buffer.removeAll()
        #expect(buffer.bytes.isEmpty)
    }
}
