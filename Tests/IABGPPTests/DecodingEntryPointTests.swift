import IABGPP
import IABTCF
import TestSupport
import Testing

/// The decoding entry points: `String`, any `StringProtocol` and UTF-8 bytes give the same value
/// and the same error; `TCString.DecodingOptions` reach section 2 (strict mode, with the error's
/// position in the whole string) under one length limit, the whole string's.
@Suite struct DecodingEntryPointTests {
    /// A TC string of 44 characters whose last 5 bits are padding (IABTCF's strict-mode example).
    static let plain = "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAA"
    /// The header of a string with section 2 only.
    static let header = "DBABMA"

    /// What one entry point gives: the value and its text written back, or the error.
    enum Outcome: Equatable {
        case value(GPPString, String?)
        case error(GPPError)

        init(_ body: () throws(GPPError) -> GPPString) {
            do throws(GPPError) {
                let gpp = try body()
                self = .value(gpp, try? gpp.encoded(.preservingLayout))
            } catch {
                self = .error(error)
            }
        }

        var isValue: Bool { if case .value = self { true } else { false } }
        var error: GPPError? { if case .error(let error) = self { error } else { nil } }
    }

    /// Every outcome of `text` through the `String`, `Substring`, contiguous-bytes and
    /// non-contiguous-bytes entry points, with `options`.
    static func outcomes(_ text: String, options: TCString.DecodingOptions) -> [Outcome] {
        let cut = ("~~" + text + "~")[...].dropFirst(2).dropLast()
        return [
            Outcome { () throws(GPPError) in try GPPString(encoded: text, options: options) },
            Outcome { () throws(GPPError) in try GPPString(encoded: cut, options: options) },
            Outcome { () throws(GPPError) in try GPPString(encodedBytes: Array(text.utf8), options: options) },
            Outcome { () throws(GPPError) in try GPPString(encodedBytes: text.utf8.lazy.map { $0 }, options: options) },
        ]
    }

    /// Seeded mutants of every vector (a byte replaced, cut or doubled, separators and padding
    /// characters among the replacements): each entry point gives the `String` front's outcome.
    @Test func everyEntryPointGivesTheSameValueAndError() {
        var rng = SplitMix64(seed: 0xE47_2E5)
        let replacements = Array("AQgw_-~.=+/é ".utf8) + Array("DBABMA~".utf8)
        let texts = SectionVector.all.map(\.gpp) + [Self.header + "~" + Self.plain, "", "~", "DBABM"]
        var accepted = 0
        var refused = 0
        for text in texts {
            var inputs = [text]
            for _ in 0..<40 where !text.isEmpty {
                var bytes = Array(text.utf8)
                let index = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[index] = replacements.randomElement(using: &rng)!
                case 1: bytes.remove(at: index)
                default: bytes.insert(bytes[index], at: index)
                }
                inputs.append(String(decoding: bytes, as: UTF8.self))
            }
            for input in inputs {
                let string = Outcome { () throws(GPPError) in try GPPString(encoded: input) }
                #expect(Self.outcomes(input, options: .init()).allSatisfy { $0 == string }, "\(input)")
                if string.isValue { accepted += 1 } else { refused += 1 }
            }
        }
        // Both kinds are checked.
        #expect(accepted > 100 && refused > 100, "\(accepted) accepted, \(refused) refused")
    }

    /// A byte that is not UTF-8 is refused as that byte, at its place.
    @Test func aByteThatIsNotUTF8IsRefusedAsItself() {
        let bytes = Array("DBABL~BVQqAAAAAg".utf8) + [0xFF]
        #expect(throws: GPPError(.invalidCharacter, sectionId: 7, subsection: 0, bit: 60, position: 17, value: 0xFF)) {
            try GPPString(encodedBytes: bytes, options: TCString.DecodingOptions(strict: true))
        }
    }

    /// What `TCString(encoded:options:)` refuses in strict mode, the TCF EU v2 section of a GPP
    /// string refuses with the same error, at its position in the whole string; leniently the
    /// section decodes as the TC string alone does.
    @Test(arguments: [
        String(plain.dropLast()) + "f",  // non-zero padding bits
        plain + "AAAB",  // a set bit after the last field
        plain + "=",  // `=` after a complete group of four
        plain + "A",  // 4n+1 characters
        plain + ".YAAAAAAAAAAB",  // padding bits of a later segment
    ])
    func strictModeReachesSectionTwo(_ section: String) throws {
        let strict = TCString.DecodingOptions(strict: true)
        let alone = Result { () throws(TCStringError) in try TCString(encoded: section, options: strict) }
        guard case .failure(let aloneError) = alone else {
            Issue.record("strict mode accepts \(section)")
            return
        }
        let text = Self.header + "~" + section
        let expected = GPPError(
            .tcString,
            sectionId: 2,
            position: aloneError.position.map { $0 + Self.header.utf8.count + 1 },
            tcString: aloneError
        )
        #expect(aloneError.position != nil)
        #expect(Self.outcomes(text, options: strict) == Array(repeating: .error(expected), count: 4))
        let lenient = try GPPString(encoded: text[...], options: .init())
        #expect(lenient.tcfEuV2 == (try TCString(encoded: section)))
        #expect(try lenient.encoded(.preservingLayout) == text)
    }

    /// Strict mode is about section 2: every vector without a TCF EU v2 section that fails
    /// strictly decodes the same with it.
    @Test func strictModeLeavesTheOtherSectionsAlone() throws {
        for vector in SectionVector.all {
            let lenient = try GPPString(encoded: vector.gpp)
            let strict = Result { () throws(GPPError) in
                try GPPString(encodedBytes: vector.gpp.utf8, options: .init(strict: true))
            }
            switch strict {
            case .success(let value): #expect(value == lenient, "\(vector.name)")
            case .failure(let error): #expect(error.sectionId == 2 && error.code == .tcString, "\(vector.name)")
            }
        }
    }

    /// One length limit: the whole string's. A TCF EU v2 section longer than the TC string's
    /// default limit decodes inside a GPP string within the given limit, and the limit is the
    /// whole string's length in UTF-8 bytes, whichever entry point reads it.
    @Test func theWholeStringsLimitIsTheOnlyOne() throws {
        // Zero bits after the last field: accepted leniently, so the section is as long as we like.
        let section = Self.plain + String(repeating: "A", count: 140_000)
        let text = Self.header + "~" + section
        #expect(throws: TCStringError(.inputTooLong, value: TCString.DecodingOptions.defaultMaximumLength)) {
            try TCString(encoded: section)
        }
        let alone = try TCString(encoded: section, options: .init(maximumLength: section.utf8.count))
        let length = text.utf8.count
        for outcome in Self.outcomes(text, options: .init(maximumLength: length)) {
            guard case .value(let gpp, _) = outcome else {
                Issue.record("refused: \(outcome.error.map(String.init(describing:)) ?? "")")
                continue
            }
            #expect(gpp.tcfEuV2 == alone)
        }
        #expect(try GPPString(encoded: text, maximumLength: length).tcfEuV2 == alone)
        let tooLong = GPPError(.inputTooLong, value: length - 1)
        let refused = Self.outcomes(text, options: .init(maximumLength: length - 1)).map(\.error)
        #expect(refused == Array(repeating: tooLong, count: 4))
        #expect(throws: GPPError(.inputTooLong, value: GPPString.defaultMaximumLength)) {
            try GPPString(encoded: text)
        }
    }

    /// A bare section with options: the same value as without from a `Substring`, section 2
    /// strict as `TCString` is, and the length limit on the section's text.
    @Test func aBareSectionTakesTheSameOptions() throws {
        for vector in SectionVector.all {
            let text = String(vector.gpp.split(separator: "~", maxSplits: 1)[1])
            let cut = ("~" + text + "~").dropFirst().dropLast()
            #expect(
                try GPPSection(id: vector.sectionId, encoded: cut, options: .init())
                    == GPPSection(id: vector.sectionId, encoded: text)
            )
        }
        let section = String(Self.plain.dropLast()) + "f"
        #expect(try GPPSection(id: 2, encoded: section, options: .init()) == .tcfEuV2(try TCString(encoded: section)))
        let strict = TCString.DecodingOptions(strict: true)
        let alone = Result { () throws(TCStringError) in try TCString(encoded: section, options: strict) }
        guard case .failure(let aloneError) = alone else {
            Issue.record("strict mode accepts \(section)")
            return
        }
        #expect(throws: GPPError(.tcString, sectionId: 2, position: aloneError.position, tcString: aloneError)) {
            try GPPSection(id: 2, encoded: section[...], options: strict)
        }
        #expect(throws: GPPError(.inputTooLong, value: 10)) {
            try GPPSection(id: 7, encoded: "BVQqAAAAAg.QA", options: .init(maximumLength: 10))
        }
        #expect(try GPPSection(id: 7, encoded: "BVQqAAAAAg", options: .init(maximumLength: 10)).id == 7)
    }
}
