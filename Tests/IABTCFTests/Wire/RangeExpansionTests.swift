import IABTCF
import Testing

@testable import IABTCF

/// Range entries expand into words exactly as inserting their ids one by one: the mask helper
/// on its own, and decoded range sections (canonical, and as non-canonical encoders write them),
/// with seeded ranges whose ends sit on word edges.
@Suite struct RangeExpansionTests {
    /// Ids on and next to word edges (vendor 64 is the last bit of word 0), and the highest id.
    static let edges = [1, 2, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257, 320, 321, 65534, 65535]

    /// An id near a word edge, or anywhere below `limit`.
    static func id(_ rng: inout SplitMix64, below limit: Int = 65535) -> Int {
        switch Int.random(in: 0..<3, using: &rng) {
        case 0: return Swift.min(limit, edges[Int.random(in: 0..<edges.count, using: &rng)])
        case 1:
            return Swift.min(
                limit,
                Swift.max(1, 64 * Int.random(in: 0...12, using: &rng) + Int.random(in: -1...1, using: &rng))
            )
        default: return Int.random(in: 1...limit, using: &rng)
        }
    }

    /// A range starting at ``id(_:below:)``: a single id, or ending at a word edge or a length
    /// past one (within one word, across one edge, over a few words), or now and then at another
    /// such id, up to 1,023 whole words away.
    static func range(_ rng: inout SplitMix64, below limit: Int = 65535) -> ClosedRange<Int> {
        let a = id(&rng, below: limit)
        let b: Int
        switch Int.random(in: 0..<8, using: &rng) {
        case 0, 1: b = a
        case 2: b = id(&rng, below: limit)
        default:
            let lengths = [1, 2, 62, 63, 64, 65, 126, 127, 128, 129, 191, 192, 255, 256, 300, 700]
            b = Swift.min(limit, a + lengths[Int.random(in: 0..<lengths.count, using: &rng)])
        }
        return Swift.min(a, b)...Swift.max(a, b)
    }

    /// `applyMasks` sets (or clears) exactly the range's bits: the words before, after and between
    /// keep every other bit, and no word past the buffer it is given changes.
    @Test(arguments: 1...10 as ClosedRange<UInt64>)
    func masksTouchExactlyTheRange(_ seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let range = Self.range(&rng)
            let clearing = Bool.random(using: &rng)
            let count = (range.upperBound + 63) / 64 + Int.random(in: 0...2, using: &rng)
            // Random words, then two guard words that the helper must not reach.
            var words = (0..<count + 2).map { _ in UInt64.random(in: 0...UInt64.max, using: &rng) }
            var expected = words
            for id in range {
                let bit = (1 as UInt64) << UInt64(63 - (id - 1) % 64)
                if clearing { expected[(id - 1) / 64] &= ~bit } else { expected[(id - 1) / 64] |= bit }
            }
            words.withUnsafeMutableBufferPointer { all in
                let set = UnsafeMutableBufferPointer(rebasing: all[0..<count])
                if clearing {
                    VendorSet.applyMasks(range, to: set) { $0 &= ~$1 }
                } else {
                    VendorSet.applyMasks(range, to: set) { $0 |= $1 }
                }
            }
            let wrong = words.indices.first { words[$0] != expected[$0] }
            #expect(wrong == nil, "\(clearing ? "clearing" : "setting") \(range) in \(count) words")
        }
    }

    /// A core whose two vendor sections are range-encoded with `consents` and `interests`, each
    /// entry written with IsARange as given.
    static func core(
        consents: [(isRange: Bool, ClosedRange<Int>)],
        interests: [(isRange: Bool, ClosedRange<Int>)],
        maxVendorIds: (Int, Int)
    ) -> String {
        var b = WireBuilder.coreHeader()
        for (entries, maxVendorId) in [(consents, maxVendorIds.0), (interests, maxVendorIds.1)] {
            b.put(maxVendorId, 16)
            b.put(1, 1)
            b.put(entries.count, 12)
            for (isRange, range) in entries {
                b.put(isRange ? 1 : 0, 1)
                b.put(range.lowerBound, 16)
                if isRange { b.put(range.upperBound, 16) }
            }
        }
        b.put(0, 12)  // NumPubRestrictions
        return b.base64URL
    }

    /// Seeded range sections decode to the sets that inserting every id of every entry one by one
    /// builds, and keep their layout: canonical entries (ascending maximal runs) and, for half the
    /// seeds, entries as non-canonical encoders write them (any order, overlapping or adjacent,
    /// single ids written as ranges of one). The decoded words equal the built set's words.
    @Test(arguments: 1...60 as ClosedRange<UInt64>)
    func decodedSectionsEqualIdsInsertedOneByOne(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var sections: [[(isRange: Bool, ClosedRange<Int>)]] = []
        var expected: [VendorSet] = []
        var maxVendorIds: [Int] = []
        for _ in 0..<2 {
            let limit = [130, 400, 2000, 65535][Int.random(in: 0..<4, using: &rng)]
            let ranges = (0..<Int.random(in: 0...40, using: &rng)).map { _ in Self.range(&rng, below: limit) }
            var entries: [(isRange: Bool, ClosedRange<Int>)]
            if seed.isMultiple(of: 2) {
                // Any order, overlaps and ranges of one id, as written.
                entries = ranges.map { ($0.count > 1 || Bool.random(using: &rng), $0) }
            } else {
                // Canonical: the maximal runs of the ranges' union, ascending.
                var ids = VendorSet()
                for range in ranges { try ids.insert(contentsOf: range) }
                entries = ids.ranges.map { ($0.count > 1, $0) }
            }
            var set = VendorSet()
            for (_, range) in entries {
                for id in range { try set.insert(id) }
            }
            sections.append(entries)
            expected.append(set)
            maxVendorIds.append((set.max ?? 0) + (Bool.random(using: &rng) ? 0 : Int.random(in: 0...70, using: &rng)))
        }
        let maxVendorIdPair = (Swift.min(maxVendorIds[0], 65535), Swift.min(maxVendorIds[1], 65535))
        let string = Self.core(consents: sections[0], interests: sections[1], maxVendorIds: maxVendorIdPair)
        let decoded = try TCString(encoded: string)
        let decodedSets = [decoded.vendorConsents, decoded.vendorLegitimateInterests]
        let kinds: [WireLayout.Section] = [.vendorConsents, .vendorLegitimateInterests]
        for ((set, built), (entries, kind)) in zip(zip(decodedSets, expected), zip(sections, kinds)) {
            #expect(set == built)
            #expect(set.words.count == built.words.count)
            #expect((0..<set.words.count).allSatisfy { set.word($0) == built.word($0) })
            #expect(Array(set) == Array(built))
            // Kept as written unless they were the set's maximal runs (then nothing is kept).
            let layout = try #require(decoded.wire.section(kind, in: decoded.words))
            let written = entries.map { RangeEntry(start: $1.lowerBound, end: $1.upperBound, isRange: $0).packed }
            #expect(layout.isRangeEncoding)
            #expect(Array(layout.entries ?? written[...]) == written)
            #expect(seed.isMultiple(of: 2) || layout.entries == nil)
        }
        #expect(try decoded.encoded(.preservingLayout) == string)
    }

    /// Runs of single ids, which pass 1 validates and pass 2 sets three at a time when they
    /// ascend with gaps, decode as one entry at a time would: seeded runs that ascend with gaps,
    /// touch (two adjacent ids), go out of order, or hold an id of 0 or above MaxVendorId, with a
    /// range now and then. A valid section gives its ids and keeps its entries exactly when they
    /// were not canonical; an invalid one fails at its first bad entry, with that entry's code
    /// and bit, in a decode and in a query alike.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func runsOfSingleIdsDecodeAsOneAtATime(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let maxVendorId = Int.random(in: 100...3000, using: &rng)
        var entries: [(isRange: Bool, ClosedRange<Int>)] = []
        var id = Int.random(in: 1...5, using: &rng)
        for _ in 0..<Int.random(in: 0...60, using: &rng) {
            switch Int.random(in: 0..<20, using: &rng) {
            case 0: entries.append((true, id...(id + Int.random(in: 1...70, using: &rng))))
            case 1: entries.append((false, (id - 1)...(id - 1)))  // touches the entry before
            case 2:  // any order
                let any = Int.random(in: 1...maxVendorId, using: &rng)
                entries.append((false, any...any))
            case 3 where seed.isMultiple(of: 4): entries.append((false, 0...0))
            case 4 where seed.isMultiple(of: 4): entries.append((false, (maxVendorId + 1)...(maxVendorId + 1)))
            default: entries.append((false, id...id))
            }
            id = Swift.min(entries.last!.1.upperBound, 65533) + Int.random(in: 2...9, using: &rng)
        }
        let interests: [(isRange: Bool, ClosedRange<Int>)] = []
        let string = Self.core(consents: entries, interests: interests, maxVendorIds: (maxVendorId, 0))
        // The first entry that is not 1 <= start <= end <= MaxVendorId, and where it starts: the
        // entries follow the fixed fields (213 bits), MaxVendorId, IsRangeEncoding and NumEntries.
        var bit = 213 + 16 + 1 + 12
        var firstBad: (code: TCStringError.Code, bit: Int)?
        for (isRange, range) in entries {
            if range.lowerBound < 1 {
                firstBad = (.invalidVendorId, bit + 1)
            } else if range.upperBound > maxVendorId {
                firstBad = (.invalidRange, bit)
            }
            if firstBad != nil { break }
            bit += isRange ? 33 : 17
        }
        if let firstBad {
            for error in [
                #expect(throws: TCStringError.self) { try TCString(encoded: string) },
                #expect(throws: TCStringError.self) { try TCString.query(encoded: string) { _ in } },
            ] {
                #expect(error?.code == firstBad.code && error?.bitOffset == firstBad.bit, "seed \(seed)")
            }
            return
        }
        let decoded = try TCString(encoded: string)
        var built = VendorSet()
        for (_, range) in entries { try built.insert(contentsOf: range) }
        #expect(decoded.vendorConsents == built, "seed \(seed)")
        #expect((0..<built.words.count).allSatisfy { decoded.vendorConsents.word($0) == built.word($0) })
        let canonical =
            entries.map { RangeEntry(start: $1.lowerBound, end: $1.upperBound, isRange: $0) }
            == built.ranges.map { RangeEntry(start: $0.lowerBound, end: $0.upperBound, isRange: $0.count > 1) }
        let layout = try #require(decoded.wire.section(.vendorConsents, in: decoded.words))
        #expect((layout.entries == nil) == canonical, "seed \(seed)")
        #expect(try decoded.encoded(.preservingLayout) == string)
        let answers = try TCString.query(encoded: string) { tc in built.map { tc.vendorConsents.contains($0) } }
        #expect(answers.allSatisfy { $0 }, "seed \(seed)")
    }
}
