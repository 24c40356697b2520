import IABTCF
import IABTCFVendorList
import TCStringCore
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
        ("", 0, JSONInputError.Code.unexpectedEnd),
        ("[1,]", 3, .syntax),
        ("{\"a\" 1}", 5, .syntax),
        ("{\"a\":1,}", 7, .syntax),
        ("[01]", 1, .syntax),
        ("[1.5]", 1, .invalidNumber),
        ("[1e3]", 1, .invalidNumber),
        ("9223372036854775808", 0, .invalidNumber),
        ("\"\u{1}\"", 1, .invalidString),
        ("\"\\ud800\"", 1, .invalidString),
        ("\"\\x\"", 2, .syntax),
        ("[1] 2", 4, .syntax),
        ("tru", 3, .unexpectedEnd),
        ("{\"a\":", 5, .unexpectedEnd),
    ])
    func rejectsWithAnOffset(input: String, offset: Int, code: JSONInputError.Code) {
        #expect(throws: JSONInputError.self) { try JSON(parsing: input) }
        do {
            _ = try JSON(parsing: input)
        } catch {
            #expect(error.offset == offset && error.code == code, "\(input): \(error)")
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
            #expect(error.code == .tooDeep && error.offset == 64)
        }
        let big = [UInt8](repeating: 0x20, count: 33)
        let result = big.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONInputError) in
                try JSONReader.read(buffer, maxBytes: 32) { reader throws(JSONInputError) in try reader.skipValue() }
            }
        }
        #expect(throws: JSONInputError.self) { try result.get() }
    }
}
