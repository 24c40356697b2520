import TestSupport
import Testing

@testable import IABTCF

/// `DecodingOptions(strict: true)`: each case the lenient default accepts (as the reference
/// decoders do) but base64 or the specification does not allow fails with its own code and
/// position; every valid fixture still decodes; `validate()` reports each case of a lenient decode.
@Suite struct StrictDecodingTests {
    static let strict = TCString.DecodingOptions(strict: true)

    /// A core with empty vendor sections and the given letters and restrictions (one vendor each),
    /// zero-padded to 24 bits.
    static func core(
        consentLanguage: Int = 4 << 6 | 13,
        publisherCC: Int = 3 << 6 | 4,
        restrictionPurposes: [Int] = []
    ) -> String {
        var b = WireBuilder()
        b.put(2, 6)
        b.put(0, 72)
        b.put(7, 12)
        b.put(0, 12 + 6)
        b.put(consentLanguage, 12)
        b.put(0, 201 - 108 - 12)
        b.put(publisherCC, 12)
        b.put(0, 34)
        b.put(restrictionPurposes.count, 12)
        for purpose in restrictionPurposes {
            b.put(purpose, 6)
            b.put(1, 2)
            b.putEntries([3...3])
        }
        while b.bits.count % 24 != 0 { b.put(0, 1) }
        return b.base64URL
    }

    /// 44 characters, 259 bits of fields: 5 padding bits.
    static let plain = "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAA"
    /// 47 characters (4n+3), byte-padded as iabtcf-java writes it.
    static let byteAligned = "COvFyGBOvFyGBAbAAAENAPCAAOAAAAAAAAAAAEEUACCKAAA"

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var input: String
        var error: TCStringError
        var finding: PolicyRule
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "non-zero padding bits",
            input: String(plain.dropLast()) + "f",
            error: TCStringError(.nonZeroPadding, segment: 0, bitOffset: 259, position: 44),
            finding: .nonZeroPadding
        ),
        Case(
            name: "data after the last field",
            input: plain + "AAAB",
            error: TCStringError(.nonZeroPadding, segment: 0, bitOffset: 287, position: 48),
            finding: .nonZeroPadding
        ),
        Case(
            name: "padding bits of a later segment",
            input: plain + ".YAAAAAAAAAAB",
            error: TCStringError(.nonZeroPadding, segment: 1, bitOffset: 71, position: 57),
            finding: .nonZeroPadding
        ),
        Case(
            name: "= after a complete group of four",
            input: plain + "=",
            error: TCStringError(.invalidPadding, segment: 0, bitOffset: 264, value: 1, position: 45),
            finding: .invalidPadding
        ),
        Case(
            name: "== after 4n+3 characters",
            input: byteAligned + "==",
            error: TCStringError(.invalidPadding, segment: 0, bitOffset: 282, value: 2, position: 48),
            finding: .invalidPadding
        ),
        Case(
            name: "= inside the string",
            input: plain + "==.YAAAAAAAAAAA",
            error: TCStringError(.invalidPadding, segment: 0, bitOffset: 264, value: 2, position: 45),
            finding: .invalidPadding
        ),
        Case(
            name: "4n+1 characters",
            input: plain + "A",
            error: TCStringError(.invalidSegmentLength, segment: 0, bitOffset: 264, value: 45, position: 45),
            finding: .invalidSegmentLength
        ),
        Case(
            name: "ConsentLanguage letter 26",
            input: core(consentLanguage: 4 << 6 | 26),
            error: TCStringError(
                .invalidLetter,
                segment: 0,
                bitOffset: 114,
                field: "ConsentLanguage",
                value: 26,
                position: 20
            ),
            finding: .invalidLetterCode
        ),
        Case(
            name: "PublisherCC letter 63",
            input: core(publisherCC: 63 << 6),
            error: TCStringError(
                .invalidLetter,
                segment: 0,
                bitOffset: 201,
                field: "PublisherCC",
                value: 63,
                position: 34
            ),
            finding: .invalidLetterCode
        ),
        Case(
            name: "restriction purpose 0",
            input: core(restrictionPurposes: [0]),
            error: TCStringError(
                .invalidPurposeId,
                segment: 0,
                bitOffset: 259,
                field: "PurposeId",
                value: 0,
                position: 44
            ),
            finding: .invalidPublisherRestriction
        ),
        Case(
            name: "restriction purpose 25, after a valid one",
            input: core(restrictionPurposes: [24, 25]),
            error: TCStringError(
                .invalidPurposeId,
                segment: 0,
                bitOffset: 296,
                field: "PurposeId",
                value: 25,
                position: 50
            ),
            finding: .invalidPublisherRestriction
        ),
    ]

    /// Strict decoding refuses each case with its code and position; the default accepts it,
    /// re-encodes it byte for byte and `validate()` reports it.
    @Test(arguments: cases)
    func strictRefusesEachCase(_ item: Case) throws {
        #expect(throws: item.error) { try TCString(encoded: item.input, options: Self.strict) }
        let lenient = try TCString(encoded: item.input)
        #expect(try lenient.encoded(.preservingLayout) == item.input)
        #expect(lenient.validate().contains { $0.rule == item.finding })
    }

    /// Exact padding, unpadded strings and every valid fixture decode strictly, to the same value.
    @Test func strictAcceptsValidStrings() throws {
        let valid =
            [
                Self.plain, Self.byteAligned, Self.byteAligned + "=", String(Self.byteAligned.dropLast()) + "==",
                Self.core(restrictionPurposes: [1, 24]),
            ] + Fixtures.validDecodeVectors.map(\.tcString) + Fixtures.canonicalVectors.map(\.tcString)
        for text in valid {
            #expect(try TCString(encoded: text, options: Self.strict) == TCString(encoded: text), "\(text)")
        }
        // iabtcf-java's test string with correct `=` padding in its last segment.
        let e7 =
            "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA.IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA.cAAAAAAAITg="
        _ = try TCString(encoded: e7, options: Self.strict)
    }

    /// The error messages say what is wrong in words.
    @Test func messages() {
        let messages = Self.cases.map { $0.error.description }
        #expect(
            messages[0]
                == "a bit after the last field is set (non-zero padding or data after the last field) (character 44; segment 0, bit 259) [nonZeroPadding]"
        )
        #expect(
            messages[3]
                == "'=' is not exact base64 padding: 1 '=' do not complete the last group of four characters (character 45; segment 0, bit 264) [invalidPadding]"
        )
        #expect(
            messages[6]
                == "a segment of 45 characters (4n+1): its last character makes no whole byte (character 45; segment 0, bit 264) [invalidSegmentLength]"
        )
        #expect(messages[7].hasPrefix("letter value 26 is outside A-Z (0-25) (character 20; segment 0, bit 114"))
        #expect(messages[9].hasPrefix("restriction PurposeId 0 is outside 1-24 (character 44; segment 0, bit 259"))
    }
}
