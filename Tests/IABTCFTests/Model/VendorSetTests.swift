import TCStringCore
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
