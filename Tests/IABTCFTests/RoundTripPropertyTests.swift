import IABTCF
import TestSupport
import Testing

@testable import IABTCF

/// The README's promise, `try TCString(encoded: text).encoded(.preservingLayout) == text` for every
/// string the decoder accepts, checked over every fixture and over seeded mutations of each:
/// truncation, flipped characters, `=` appended, padding bits set, characters appended, and the
/// last character of every segment replaced by every base64url letter.
@Suite struct RoundTripPropertyTests {
    /// Every TC string in the fixtures (valid, invalid, canonical encodings) and the corpus.
    static let fixtures: [String] = {
        var strings = Fixtures.validDecodeVectors.map(\.tcString)
        strings += Fixtures.invalidDecodeVectors.map(\.tcString)
        strings += Fixtures.canonicalVectors.map(\.tcString)
        strings += (try? Fixtures.corpusLines()) ?? []
        return strings
    }()

    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// Mutants of `text`: the systematic ones (per segment: last character replaced by each letter,
    /// `=` and `==` appended, last character dropped) and `count` random ones from `seed`.
    static func mutants(of text: String, seed: UInt64, count: Int) -> [String] {
        var result: [String] = []
        let segments = text.split(separator: ".", omittingEmptySubsequences: false).map { Array($0) }
        func replacing(_ index: Int, with segment: [Character]) -> String {
            var copy = segments
            copy[index] = segment
            return copy.map { String($0) }.joined(separator: ".")
        }
        for (index, segment) in segments.enumerated() where !segment.isEmpty {
            var body = segment
            var equals: [Character] = []
            while body.last == "=" { equals.insert(body.removeLast(), at: 0) }
            if !body.isEmpty {
                for letter in alphabet { result.append(replacing(index, with: body.dropLast() + [letter] + equals)) }
            }
            result.append(replacing(index, with: segment + ["="]))
            result.append(replacing(index, with: segment + ["=", "="]))
            if segment.count > 1 { result.append(replacing(index, with: Array(segment.dropLast()))) }
        }
        // Padding bits: every bit after the content of each segment, set one at a time.
        if let value = try? TCString(encoded: text) {
            for (index, packed) in value.wire.segments.enumerated() {
                let segment = WireLayout.Segment(packed: packed)
                for bit in segment.contentBits..<(segment.characters * 6) {
                    var characters = segments[index]
                    let position = bit / 6
                    guard let old = alphabet.firstIndex(of: characters[position]) else { continue }
                    characters[position] = alphabet[old | 1 << (5 - bit % 6)]
                    result.append(replacing(index, with: characters))
                }
            }
        }
        var random = SplitMix64(seed: seed)
        let characters = Array(text)
        for _ in 0..<(characters.isEmpty ? 0 : count) {
            var mutant = characters
            switch Int.random(in: 0..<5, using: &random) {
            case 0:  // truncation
                mutant = Array(mutant.prefix(Int.random(in: 1...mutant.count, using: &random)))
            case 1:  // flipped characters (now and then a `.` or `=`)
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let position = Int.random(in: 0..<mutant.count, using: &random)
                    let roll = Int.random(in: 0..<40, using: &random)
                    mutant[position] = roll == 0 ? "." : roll == 1 ? "=" : alphabet.randomElement(using: &random)!
                }
            case 2:  // `=` appended at the end of a segment
                let ends = mutant.indices.filter { mutant[$0] == "." } + [mutant.count]
                let end = ends.randomElement(using: &random)!
                mutant.insert(contentsOf: Array(repeating: "=", count: Int.random(in: 1...3, using: &random)), at: end)
            case 3:  // a bit set in the last characters of a segment
                let ends = mutant.indices.filter { mutant[$0] == "." } + [mutant.count]
                let end = ends.randomElement(using: &random)!
                let position = end - Int.random(in: 1...3, using: &random)
                if position >= 0, let old = alphabet.firstIndex(of: mutant[position]) {
                    mutant[position] = alphabet[old | 1 << Int.random(in: 0..<6, using: &random)]
                }
            default:  // characters appended to a segment
                let ends = mutant.indices.filter { mutant[$0] == "." } + [mutant.count]
                let end = ends.randomElement(using: &random)!
                let extra = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                    alphabet.randomElement(using: &random)!
                }
                mutant.insert(contentsOf: extra, at: end)
            }
            result.append(String(mutant))
        }
        return result
    }

    /// Every fixture re-encodes byte for byte with its layout.
    @Test func everyFixtureRoundTrips() throws {
        var accepted = 0
        for text in Self.fixtures {
            guard let value = try? TCString(encoded: text) else { continue }
            accepted += 1
            #expect(try value.encoded(.preservingLayout) == text)
        }
        #expect(accepted > 140)
    }

    /// Every accepted mutant of each fixture re-encodes byte for byte with its layout, and that
    /// encoding decodes to an equal value. One case per fixture: short cases leave the cooperative
    /// threads to the other suites' tasks.
    @Test(arguments: fixtures.indices)
    func everyAcceptedMutantRoundTrips(_ index: Int) throws {
        for mutant in Self.mutants(of: Self.fixtures[index], seed: UInt64(index), count: 40) {
            guard let value = try? TCString(encoded: mutant) else { continue }
            let preserved = try value.encoded(.preservingLayout)
            #expect(preserved == mutant)
            if preserved != mutant { continue }
            #expect(try TCString(encoded: preserved) == value)
            // Strict decoding fails exactly when validate() reports what it refuses.
            let strict = try? TCString(encoded: mutant, options: TCString.DecodingOptions(strict: true))
            #expect((strict == nil) == value.hasStrictFindings, "\(mutant)")
            if let strict { #expect(strict == value) }
        }
    }

    /// The example: a set padding bit is written back, not cleared.
    @Test func nonZeroPaddingBitsComeBack() throws {
        let text = "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAf"
        let value = try TCString(encoded: text)
        #expect(try value.encoded(.preservingLayout) == text)
        // Canonically, padding is zero.
        #expect(try value.encoded() == "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAA")
        // A changed field of the same length keeps the padding; a longer content drops it.
        var changed = value
        changed.cmpId = 301
        #expect(try changed.encoded(.preservingLayout).hasSuffix("f"))
        changed.vendorConsents = try VendorSet([7])
        #expect(try changed.encoded(.preservingLayout).hasSuffix("A"))
    }
}
