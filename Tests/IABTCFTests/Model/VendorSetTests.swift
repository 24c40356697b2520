import IABTCF
import Testing

@testable import IABTCF

@Suite struct VendorSetTests {
    @Test func basicMembership() throws {
        var set: VendorSet = [1, 64, 65, 128, 65535]
        #expect(set.contains(1) && set.contains(64) && set.contains(65) && set.contains(65535))
        #expect(
            !set.contains(2) && !set.contains(0) && !set.contains(-1) && !set.contains(65536) && !set.contains(70_000)
        )
        #expect(Array(set) == [1, 64, 65, 128, 65535])
        #expect(set.count == 5)
        #expect(set.max == 65535)
        set.remove(65535)
        #expect(set.max == 128)
        #expect(set.words.count == 2)  // trailing zero words are dropped
        #expect(throws: TCStringError(.invalidVendorId, value: 0)) { try set.insert(0) }
        #expect(throws: TCStringError(.invalidVendorId, value: 65536)) { try set.insert(65536) }
        #expect(throws: TCStringError.self) { try set.insert(contentsOf: 5...65536) }
    }

    @Test func equalityIgnoresHowTheSetWasBuilt() throws {
        var a = VendorSet()
        try a.insert(contentsOf: 1...300)
        a.remove(contentsOf: 100...300)
        let b = try VendorSet(1...99)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(VendorSet(words: [0, 0, 0]) == VendorSet())
    }

    @Test func rangesAreMaximalRuns() throws {
        let set: VendorSet = [1, 2, 3, 7, 63, 64, 65, 66, 200]
        #expect(set.ranges == [1...3, 7...7, 63...66, 200...200])
        var full = VendorSet()
        try full.insert(contentsOf: 1...65535)
        #expect(full.ranges == [1...65535])
        #expect(full.count == 65535)
        #expect(set.description == "[1-3, 7, 63-66, 200]")
    }

    /// Random operations checked against `Set<Int>`, seeded.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func matchesAReferenceSet(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var set = VendorSet()
        var reference = Set<Int>()
        let limit = [100, 700, 5000, 65535][Int(seed % 4)]
        for _ in 0..<2000 {
            let a = Int.random(in: 1...limit, using: &rng)
            let b = min(limit, a + Int.random(in: 0...200, using: &rng))
            switch Int.random(in: 0..<5, using: &rng) {
            case 0:
                try set.insert(a)
                reference.insert(a)
            case 1:
                try set.insert(contentsOf: a...b)
                reference.formUnion(a...b)
            case 2:
                set.remove(a)
                reference.remove(a)
            case 3:
                set.remove(contentsOf: a...b)
                reference.subtract(a...b)
            default:
                let other = try VendorSet((0..<10).map { _ in Int.random(in: 1...limit, using: &rng) })
                if Bool.random(using: &rng) {
                    set.formUnion(other)
                    reference.formUnion(other)
                } else {
                    set.subtract(other)
                    reference.subtract(other)
                }
            }
            #expect(set.contains(a) == reference.contains(a))
        }
        #expect(Array(set) == reference.sorted())
        #expect(set.count == reference.count)
        #expect(set.max == reference.max())
        #expect(set == (try VendorSet(reference)))
        #expect(set.ranges.flatMap { Array($0) } == reference.sorted())
        #expect(set.words.last != 0)
    }

    /// Decoded sets answer and change exactly as the reference sets they were encoded from: seeded
    /// sets of every density and size, encoded (as bitfields unless ranges are smaller) at the four
    /// places a string gives them (vendor consents and legitimate interests in the core, disclosed
    /// and allowed vendors in their own segments), so each bitfield starts at its own bit offset.
    /// Half the sets are at most 9 runs above id 400, which take fewer bits as range entries (at
    /// most 12 + 9 × 33) than as a bitfield, so they are decoded from range entries.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func decodedSetsBehaveAsTheirIds(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var fromRuns: [Bool] = []
        func randomIds() -> Set<Int> {
            fromRuns.append(Bool.random(using: &rng))
            if fromRuns.last! {
                var ids: Set<Int> = []
                var next = Int.random(in: 400...530, using: &rng)
                for _ in 0..<Int.random(in: 1...9, using: &rng) {
                    let length = [1, 1, 2, 63, 64, 65, 130, 300][Int.random(in: 0..<8, using: &rng)]
                    ids.formUnion(next..<(next + length))
                    next += length + Int.random(in: 1...200, using: &rng)
                }
                return ids
            }
            let highest = [1, 63, 64, 65, 127, 128, 700, 1300, 4000][Int.random(in: 0..<9, using: &rng)]
            let density = [0.15, 0.3, 0.5, 0.8, 1.0][Int.random(in: 0..<5, using: &rng)]
            var ids: Set<Int> = [highest]
            for id in 1..<highest where Double.random(in: 0..<1, using: &rng) < density { ids.insert(id) }
            return ids
        }
        let references = (0..<4).map { _ in randomIds() }
        var value = TCString(created: Timestamp(deciseconds: 16_000_000_000))
        value.vendorConsents = try VendorSet(references[0])
        value.vendorLegitimateInterests = try VendorSet(references[1])
        value.disclosedVendors = try VendorSet(references[2])
        value.allowedVendors = try VendorSet(references[3])
        let decoded = try TCString(encoded: value.encoded())
        let sets = [
            decoded.vendorConsents, decoded.vendorLegitimateInterests, decoded.disclosedVendors!,
            decoded.allowedVendors!,
        ]
        let sections: [WireLayout.Section] = [
            .vendorConsents, .vendorLegitimateInterests, .disclosedVendors, .allowedVendors,
        ]
        for (((set, reference), fromRuns), section) in zip(zip(zip(sets, references), fromRuns), sections) {
            let built = try VendorSet(reference)
            let layout = try #require(decoded.wire.section(section, in: decoded.words))
            #expect(!fromRuns || layout.isRangeEncoding)
            #expect(set == built && built == set && set.hashValue == built.hashValue)
            #expect(Array(set) == reference.sorted())
            var iterator = set.makeIterator()
            while iterator.next() != nil {}
            #expect(iterator.next() == nil)
            #expect(set.count == reference.count && set.max == reference.max())
            #expect(set.ranges == built.ranges && set.description == built.description)
            #expect(set.words.count == built.words.count)
            #expect((0..<set.words.count).allSatisfy { set.word($0) == built.word($0) })
            #expect((-1...(reference.max()! + 130)).allSatisfy { set.contains($0) == reference.contains($0) })
            let id = Int.random(in: 1...(reference.max()! + 70), using: &rng)
            var (removed, inserted) = (set, set)
            removed.remove(id)
            try inserted.insert(id)
            #expect(Array(removed) == reference.subtracting([id]).sorted())
            #expect(Array(inserted) == reference.union([id]).sorted())
            let other = try VendorSet((0..<20).map { _ in Int.random(in: 1...5000, using: &rng) })
            #expect(Array(set.union(other)) == reference.union(other).sorted())
            #expect(Array(set.subtracting(other)) == reference.subtracting(other).sorted())
            #expect(Array(set.intersection(other)) == reference.intersection(other).sorted())
            #expect(Array(other.union(set)) == reference.union(other).sorted())
            #expect(Array(other.subtracting(set)) == Set(other).subtracting(reference).sorted())
        }
    }
}

@Suite struct SmallIDSetTests {
    @Test func purposeSetBoundsAndOrder() throws {
        var set: PurposeSet = [1, 24, 3]
        #expect(Array(set) == [1, 3, 24])
        #expect(set.rawValue == (1 as UInt64) << 63 | 1 << 61 | 1 << 40)
        #expect(set.contains(24) && !set.contains(25) && !set.contains(0))
        #expect(throws: TCStringError.idOutOfRange(25, in: PurposeSet.self)) { try set.insert(25) }
        #expect(throws: TCStringError.idOutOfRange(0, in: PurposeSet.self)) { try set.insert(0) }
        set.remove(1)
        #expect(set.count == 2 && set.max == 24)
        #expect(PurposeSet(rawValue: ~0).count == 24)
        #expect(SpecialFeatureSet(rawValue: ~0).count == 12)
        #expect(CustomPurposeSet(rawValue: ~0).count == 63)
        #expect(set.description == "[3, 24]")
    }
}
