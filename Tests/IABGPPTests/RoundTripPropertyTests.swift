import IABGPP
import Testing

/// Per section: random value → encode → decode gives the value back; every mutant of an encoding
/// that decodes re-encodes byte for byte with `.preservingLayout`, and its canonical encoding
/// decodes to the same value. Seeded: the section id is the seed.
@Suite struct RoundTripPropertyTests {
    static let models = 150
    static let mutantsPerModel = 12

    @Test(arguments: [5, 6] + Array(7...27))
    func roundTrip(_ id: Int) throws {
        var random = RandomSections(seed: UInt64(id))
        var accepted = 0
        for _ in 0..<Self.models {
            let section = random.section(id)
            let gpp = GPPString(sections: [section])
            let text = try gpp.encoded()
            let decoded = try GPPString(encoded: text)
            #expect(Self.sameOrAmbiguous(decoded, Self.expected(gpp), text), "\(text)")
            #expect(try decoded.encoded(.preservingLayout) == text)
            for _ in 0..<Self.mutantsPerModel {
                let mutant = random.mutant(of: text)
                guard let read = try? GPPString(encoded: mutant) else { continue }
                accepted += 1
                #expect(try read.encoded(.preservingLayout) == mutant, "\(mutant)")
                let canonical = try read.encoded()
                #expect(Self.sameOrAmbiguous(try GPPString(encoded: canonical), read, canonical), "\(mutant)")
            }
        }
        // The mutants exercise decoding, not only refusal.
        #expect(accepted > 0)
    }

    /// What decoding `gpp`'s encoding gives: a TCF Canada value written the legacy way whose bits
    /// are those of the specification's encoding (bitfields only, no restriction ids) reads as
    /// the specification's.
    static func expected(_ gpp: GPPString) -> GPPString {
        guard case .tcfCaV1(var canada) = gpp.sections.first, canada.encoding == .legacy else { return gpp }
        var fibonacci = canada
        fibonacci.encoding = .fibonacci
        if (try? canada.encoded()) == (try? fibonacci.encoded()) { canada.encoding = .fibonacci }
        return GPPString(sections: [.tcfCaV1(canada)])
    }

    /// `decoded` is `expected`, or else a TCF Canada value written the legacy way whose bits also
    /// read the specification's way, which the decoder prefers and flags (`isAmbiguous`).
    static func sameOrAmbiguous(_ decoded: GPPString, _ expected: GPPString, _ text: String) -> Bool {
        if decoded == expected || decoded == Self.expected(expected) { return true }
        guard case .tcfCaV1(let read) = decoded.sections.first, case .tcfCaV1(let wanted) = expected.sections.first,
            wanted.encoding == .legacy
        else { return false }
        return read.encoding == .fibonacci && read.isAmbiguous && (try? decoded.encoded()) == text
    }

    /// Several sections in one string, in order, with TCF EU v2 among them.
    @Test func wholeStrings() throws {
        var random = RandomSections(seed: 2026)
        for _ in 0..<100 {
            let ids = ([5, 6] + Array(7...27)).filter { _ in random.int(4) == 0 }
            let gpp = Self.expected(GPPString(sections: ids.map { random.section($0) }))
            let text = try gpp.encoded()
            let decoded = try GPPString(encoded: text)
            #expect(decoded == gpp || decoded.validate().contains { $0.rule == .ambiguousEncoding }, "\(text)")
        }
    }
}
