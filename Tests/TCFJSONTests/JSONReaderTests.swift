import TCFJSON
import Testing

/// The shared strict JSON reader, through the CLI's tree builder.
@Suite struct JSONReaderTests {
    @Test func readsEveryKindOfValue() throws {
        let json = try JSON(
            parsing: #" {"a": [1, -2, 0, true, false, null], "b\u0041": "x\n\u00e9\ud83d\ude00/", "": {}} "#
        )
        #expect(json["a"] == .array([.int(1), .int(-2), .int(0), .bool(true), .bool(false), .null]))
        #expect(json["bA"] == .string("x\né😀/"))
        #expect(json[""] == .object([]))
        #expect(try JSON(parsing: "-9223372036854775808") == .int(Int.min))
    }

    @Test(arguments: [
        ("", 1, JSONInputError.Code.unexpectedEnd),
        ("[1,]", 4, .syntax),
        ("{\"a\" 1}", 6, .syntax),
        ("{\"a\":1,}", 8, .syntax),
        ("[01]", 2, .syntax),
        ("[1.5]", 2, .invalidNumber),
        ("[1e3]", 2, .invalidNumber),
        ("9223372036854775808", 1, .invalidNumber),
        ("\"\u{1}\"", 2, .invalidString),
        ("\"\\ud800\"", 2, .invalidString),
        ("\"\\x\"", 3, .syntax),
        ("[1] 2", 5, .syntax),
        ("tru", 4, .unexpectedEnd),
        ("{\"a\":", 6, .unexpectedEnd),
    ])
    func rejectsWithAPosition(input: String, position: Int, code: JSONInputError.Code) {
        #expect(throws: JSONInputError.self) { try JSON(parsing: input) }
        do {
            _ = try JSON(parsing: input)
        } catch {
            #expect(error.position == position && error.code == code, "\(input): \(error)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xC0, 0xAF, 0x22]  // an overlong "/"
        let result = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONInputError) in
                try JSONReader.read(buffer) { reader throws(JSONInputError) in try reader.readString() }
            }
        }
        #expect(throws: JSONInputError.self) { try result.get() }
    }

    @Test func limitsDepthAndSize() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        do {
            _ = try JSON(parsing: deep)
            Issue.record("accepted")
        } catch {
            #expect(error.code == .tooDeep && error.position == 65)
        }
        let big = [UInt8](repeating: 0x20, count: 33)
        let result = big.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONInputError) in
                try JSONReader.read(buffer, maxBytes: 32) { reader throws(JSONInputError) in try reader.skipValue() }
            }
        }
        // The first byte over the limit, 1-based.
        let tooLarge = JSONInputError(.tooLarge, position: 33, message: "input of 33 bytes is over the limit of 32")
        #expect(throws: tooLarge) { try result.get() }
        #expect("\(tooLarge)" == "invalid JSON: input of 33 bytes is over the limit of 32 (byte 33) [tooLarge]")
    }
}
