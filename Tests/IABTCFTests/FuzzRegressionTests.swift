import IABTCF
import TCFJSON
import TestSupport
import Testing

@testable import IABTCF

/// Inputs that libFuzzer (`scripts/fuzz.sh TARGET SECONDS`) found, kept as plain literals so
/// `swift test` checks them without the fuzzer.
///
/// Each finding of a campaign (a crash, sanitizer report, broken invariant or timeout) is a test
/// named after its target and what it found, with the expected outcome. The `corpus` entries are
/// evolved TC strings that reach unusual but valid corners: non-zero padding bits, `=` padding
/// inside a segment, bytes after the last field, all four segments, custom purposes. Each must
/// keep the properties the `tcstring` target checks (Fuzz/TCStringTarget.swift).
@Suite struct FuzzRegressionTests {
    /// An evolved input; its layout-preserving re-encoding gives it back byte for byte, bits after
    /// the last field of a segment (padding, or garbage the fuzzer appended) included.
    static let corpus: [String] = [
        "CQd924AQAAAAAAAAAAAAAAAzAAAAAAAAAAAAAAAAAAAS==",
        "COrEAV4OCOw4XqLOw4XqLAAAAAENAXCAAAAAAAAAAAAG=.QAAA=",
        "CPKvr4APKvr4A12AAXJAUkEAAAAAAAAAAAJIAAAAAAAA.IAAA.QAAA1.YAAAAAAAAAAA",
        "CQd924AQdCCENCNFsAP_gAAAAAAAAAAAAAAAAAAAAAAAAF9IAIADgAA.IDAAAAAAAAAAAAAAAAAAAABAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.YIAAAAAAAA",
        "COx4XqLOw4XqLAAAAAENAAENQAAAAAAABAAAAAAAAAAAAAA.IAIAAIA.QAAA",
        "CPAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ZAA7_D_30uDdsMBoR6ZACA",
        "CQgYw8AQgYw8AAKABBENBkEAAMAAAAAAAAYgAEiKAAAAA.ICWQAoAAgBkASw.QAGiKo",
        "CPd2dsAPd2dsAbsYEDic__FgAEAgEQACEABAAAgAQFAEAIAACQ.QFuQAA.f37_4AAAAA",
        "COw4XqLOw4XqLAAAAAENAXCAAAAAAAENAAAAAAAAAAAA.YAAAAAAAAA",
        "COrEABENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAEAYQAQAAAACAAAABAAA.IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwpA.cAAAsQDdgLrAeiBDAAAAAg=",
    ]

    /// The fuzz target's properties: the layout-preserving re-encoding is the input, both
    /// re-encodings decode to an equal value and the canonical form is a fixed point.
    @Test(arguments: corpus.indices)
    func evolvedInputKeepsTheFuzzProperties(_ index: Int) throws {
        let input = Self.corpus[index]
        let value = try TCString(encoded: input)
        #expect(try value.encoded(.preservingLayout) == input)
        let canonical = try value.encoded()
        let fromCanonical = try TCString(encoded: canonical)
        #expect(fromCanonical == value)
        #expect(try fromCanonical.encoded() == canonical)
    }

    /// A decoded consent language or country code outside A-Z (values 26-63, shown as `A` + value)
    /// keeps its raw bits through both encodings and through the decode schema read back (what
    /// `tcstring decode | tcstring encode` does; tcstringTests runs that pipe); the fuzzer reaches
    /// these constantly.
    @Test func lettersOutsideAToZKeepTheirBits() throws {
        let value = try TCString(encoded: Self.corpus[7])
        #expect(!value.consentLanguage.isValid)
        #expect(TwoLetterCode(displayed: value.consentLanguage.description) == value.consentLanguage)
        #expect(try TCString(encoded: value.encoded()) == value)
        let json = try JSON(parsing: value.json.serialized())
        #expect(try TCString(json: json, today: Timestamp(deciseconds: 0)) == value)
    }

    /// `encode-json`, timeout: an unknown key thousands of characters long (the fuzzer's was a
    /// vendor list pasted in as a key) made the "did you mean" suggestion compute an edit distance
    /// over the whole key against every known key. A key whose length is more than two characters
    /// from every known key's gets no suggestion, and is refused as unknown.
    @Test func encodeJSONLongUnknownKeyIsRefusedWithoutASuggestion() throws {
        let key = (852...3_000).map(String.init).joined(separator: ", ")
        #expect(try Self.encodeError(#"{"version": 2, "\#(key)": 1, "cmpId": 7}"#) == "unknown key \"\(key)\"")
        #expect(
            try Self.encodeError(#"{"version": 2, "vendorListVersio": 1, "cmpId": 7}"#)
                == #"unknown key "vendorListVersio" (did you mean "vendorListVersion"?)"#
        )
    }

    /// `encode-json`, arithmetic overflow: `Timestamp(iso8601:)` read a fraction of seconds as one
    /// number, so one of 60 digits overflowed. Only its first digit counts; every other must be a digit.
    @Test func aLongFractionOfSecondsParsesWithoutOverflow() {
        let digits = "8" + String(repeating: "7", count: 60)
        #expect(Timestamp(iso8601: "2022-09-16T10:17:45.\(digits)Z")?.description == "2022-09-16T10:17:45.800Z")
        #expect(Timestamp(iso8601: "2022-09-16T10:17:45.\(digits)xZ") == nil)
        #expect(Timestamp(iso8601: "2022-09-16T10:17:45.Z") == nil)
    }

    /// `tcstring encode`'s error for a JSON document, or `nil` when it gives a model.
    static func encodeError(_ text: String) throws -> String? {
        do {
            _ = try TCString(json: JSON(parsing: text), today: Timestamp(deciseconds: 0))
            return nil
        } catch let error as ModelError {
            return error.path.isEmpty ? error.problem : "\(error.path): \(error.problem)"
        }
    }

    @Test func everyTwoLetterCodeReadsBackFromItsDescription() {
        for raw in 0..<4096 {
            let code = TwoLetterCode(rawValue: raw)
            #expect(TwoLetterCode(displayed: code.description) == code)
        }
        #expect(TwoLetterCode(displayed: "E") == nil && TwoLetterCode(displayed: "ENG") == nil)
        #expect(TwoLetterCode(displayed: "@A") == nil && TwoLetterCode(displayed: "A\u{81}") == nil)
    }
}
