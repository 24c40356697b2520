import IABGPP
import Testing

import struct IABTCF.TCString

/// `GPPError` has `TCStringError`'s shape and wording: one word wide, every code a sentence, the
/// place in the package's one form (`(character N; section 7 usnat, bit B, field F) [code]`), the
/// header called the header.
@Suite struct ErrorWordingTests {
    /// One pointer, as `TCStringError`: an optional error or a typed throw costs a decoding path
    /// no more than that (it was 112 bytes).
    @Test func errorIsOneWordWide() {
        let word = MemoryLayout<UnsafeRawPointer>.size
        #expect(MemoryLayout<GPPError>.size == word)
        #expect(MemoryLayout<GPPError?>.size == word)
        #expect(MemoryLayout<GPPError.Code>.size == 1)
    }

    /// The shapes an error of each code takes: none placed, in the header, in a section's core, in
    /// a sub-section, with and without a value.
    static func shapes(_ code: GPPError.Code) -> [GPPError] {
        [
            GPPError(code),
            GPPError(code, sectionId: 3, field: "Sections", bit: 12, position: 3, value: 2, expected: 1),
            GPPError(code, sectionId: 7, subsection: 0, field: "SaleOptOut", bit: 30, position: 13, value: 3),
            GPPError(code, sectionId: 8, subsection: 1, field: "Gpc", bit: 2, position: 20),
            GPPError(code, sectionId: 6, field: "Notice", position: 9, value: 88),
        ]
    }

    /// Every code has a sentence of its own in every shape: not the fallback, not its bare name,
    /// ending with the code's name in brackets, and no two codes with the same sentence. A code
    /// added without one fails here.
    @Test(arguments: GPPError.Code.all)
    func everyCodeHasASentence(_ code: GPPError.Code) {
        for error in Self.shapes(code) {
            let text = error.description
            #expect(text.hasSuffix(" [\(code.name)]"), "\(text)")
            #expect(!text.hasPrefix(code.name), "\(text)")
            #expect(!text.hasPrefix("the input is not a valid GPP string"), "\(text)")
            #expect(!text.contains("section 3"), "\(text)")
        }
        for other in GPPError.Code.all where other != code {
            let mine = Self.shapes(code).map { Self.sentence($0.description) }
            let theirs = Self.shapes(other).map { Self.sentence($0.description) }
            #expect(Set(mine).isDisjoint(with: theirs), "\(code) and \(other) share a sentence")
        }
    }

    /// The words before the place.
    static func sentence(_ text: String) -> Substring {
        text.prefix { $0 != "(" && $0 != "[" }
    }

    /// The issue's examples, from the library: a section cut short, a header listing more
    /// sections than the string holds (`DBABM`: TCF EU v2 and nothing after it), and one
    /// listing fewer.
    @Test(arguments: [
        (
            "DBABL~BV",
            "the section ends before the field does (character 8; section 7 usnat, bit 12, field TargetedAdvertisingOptOutNotice) [truncated]"
        ),
        (
            "DBABM",
            "the header lists 1 section but the string has 0 (character 3; the header, bit 12, field Sections) [sectionCountMismatch]"
        ),
        (
            "DBACNY~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
            "the header lists 2 sections but the string has 1 (character 3; the header, bit 12, field Sections) [sectionCountMismatch]"
        ),
        (
            "DBABL~BVQqAAAAAg~1YNN",
            "the header lists 1 section but the string has 2 (character 3; the header, bit 12, field Sections) [sectionCountMismatch]"
        ),
        (
            "DBABL~BVQq+AAAAg",
            "'+' is not a base64url character, only A-Z a-z 0-9 - _ (character 11; section 7 usnat, bit 24) [invalidCharacter]"
        ),
        (
            "DBABL~BVQqAAAAAg.Q.Q",
            "sub-section type 1 is not one the section has, or it is given twice (character 20; section 7 usnat, sub-section 2, bit 0, field SubsectionType) [invalidSubsection]"
        ),
        (
            "DBABTA~1YXN",
            "'X' is not Y, N or - (character 10; section 6 uspv1, field OptOutSale) [invalidUSPrivacy]"
        ),
        (
            "EBABL~BV",
            "not a GPP string: the header's Type is 4, not 3 (character 1; the header, bit 0, field Type) [invalidHeaderType]"
        ),
        (
            "DCABL~BV",
            "the header's Version 2 is not one this library reads (character 2; the header, bit 6, field Version) [unsupportedVersion]"
        ),
        ("", "the input is empty (character 1) [empty]"),
    ])
    func decodingErrorsReadAsSentences(_ text: String, _ expected: String) {
        // Strict, the first failure refuses the whole string; read section by section, a section's
        // failure is kept with the section (a header's still refuses the string), in the same words.
        let strict = #expect(throws: GPPError.self) {
            try GPPString(encoded: text, options: TCString.DecodingOptions(strict: true))
        }
        #expect(strict?.description == expected)
        do {
            let gpp = try GPPString(encoded: text)
            #expect(gpp.failedSections.first?.error.description == expected)
        } catch {
            #expect(error.description == expected)
        }
    }

    /// A TCF EU v2 section's error is the TC string's, placed in the whole string, with the
    /// section named as every other: `section 2 tcfeuv2`, then the TC string's segment and bit.
    @Test func tcfEuV2ErrorsArePlacedInTheString() throws {
        let error = try GPPString(encoded: "DBABMA~CQtDjkAQtDjk").failedSection(2)?.error
        #expect(error?.code == .tcString)
        #expect(
            error?.description
                == "the segment ends before the field does (character 15; section 2 tcfeuv2, segment 0, bit 42, field LastUpdated) [truncated]"
        )
        let missing = #expect(throws: GPPError.self) { try GPPString(encoded: "DBABTA~1YNN").requiredTCFEuV2() }
        #expect(
            missing?.description
                == "the GPP string has no TCF EU v2 section (section 2 tcfeuv2) [missingTCFSection]"
        )
    }

    /// The header is the header: its errors say so, and `sectionId` stays the specification's 3.
    @Test func theHeaderIsCalledTheHeader() throws {
        for text in ["DBABM", "EBABL~BV", "DCABL~BV", "DBA+L~BV", "DBABL~BV~BV"] {
            let error = #expect(throws: GPPError.self) { try GPPString(encoded: text) }
            #expect(error?.isHeader == true, "\(text)")
            #expect(error?.sectionId == 3, "\(text)")
            #expect(error?.description.contains("the header") == true, "\(text): \(error?.description ?? "")")
            #expect(error?.description.contains("section 3") == false, "\(text)")
        }
        let encoding = #expect(throws: GPPError.self) {
            try GPPString(sections: [.usPrivacy(try USPrivacySection(encoded: "1YNN")), .tcfCaV1(TCFCanadaSection())])
                .encoded()
        }
        #expect(
            encoding?.description
                == "the section ids are not ascending, unique and positive (the header, field Sections) [invalidSectionIDs]"
        )
    }

    /// Encoding errors read as sentences too, naming the section by id and API prefix.
    @Test func encodingErrorsReadAsSentences() throws {
        var usnat = try #require(USSection(id: 7))
        usnat["SaleOptOut"] = .int(4)
        let error = #expect(throws: GPPError.self) { try usnat.encoded() }
        #expect(error?.description == "4 does not fit the field (section 7 usnat, field SaleOptOut) [invalidValue]")
        let unknownKey = #expect(throws: GPPError.self) { try GPPSection(id: 7, fields: ["saleOptout": .int(1)]) }
        #expect(
            unknownKey?.description
                == "the value does not fit the field, or the section has no such field (section 7 usnat, field saleOptout) [invalidValue]"
        )
        let tilde = #expect(throws: GPPError.self) { try GPPSection.unknown(id: 40, text: "a~b").encoded() }
        #expect(
            tilde?.description
                == "'~' separates the sections, so it cannot be in a section's text (character 2; section 40) [invalidCharacter]"
        )
    }

    /// Equal when every part is; codes compare alone through `code`.
    @Test func equalityIsOnEveryPart() {
        let a = GPPError(.truncated, sectionId: 7, field: "SaleOptOut", bit: 3, position: 8)
        #expect(a == GPPError(.truncated, sectionId: 7, field: "SaleOptOut", bit: 3, position: 8))
        #expect(a != GPPError(.truncated, sectionId: 7, field: "SaleOptOut", bit: 3, position: 9))
        #expect(a.hashValue == GPPError(.truncated, sectionId: 7, field: "SaleOptOut", bit: 3, position: 8).hashValue)
        #expect(a.code == .truncated && a.code.name == "truncated" && "\(a.code)" == "truncated")
    }
}
