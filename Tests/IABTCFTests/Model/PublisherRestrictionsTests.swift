import IABTCF
import TestSupport
import Testing

@testable import IABTCF

@Suite struct PublisherRestrictionsTests {
    /// Line 9 of the benchmark corpus: 15 (purpose, type) pairs, decoded into the decode's shared words.
    static func corpusLine9() throws -> TCString {
        try TCString(encoded: Fixtures.corpusLines()[8])
    }

    @Test func decodedEntriesMatchEntriesBuiltInCode() throws {
        let decoded = try Self.corpusLine9().publisherRestrictions
        #expect(decoded.count == 15)
        let rebuilt = try PublisherRestrictions(Array(decoded).reversed())
        #expect(rebuilt == decoded)
        #expect(rebuilt.hashValue == decoded.hashValue)
        #expect(Array(rebuilt) == Array(decoded))
        let keys = decoded.map { $0.purposeId << 2 | $0.restrictionType.rawValue }
        #expect(keys == keys.sorted() && Set(keys).count == keys.count)
        #expect(decoded.vendors(purposeId: 2, restrictionType: .requireLegitimateInterest) == [194])
    }

    @Test func mutatingADecodedListLeavesTheOriginalAlone() throws {
        let original = try Self.corpusLine9()
        var tc = original
        let before = tc.publisherRestrictions.vendors(purposeId: 2, restrictionType: .requireConsent)
        #expect(before.contains(8) && before.contains(857))

        tc.publisherRestrictions.remove(vendorId: 8)
        tc.publisherRestrictions.removeAll(purposeId: 2, restrictionType: .requireLegitimateInterest)
        try tc.publisherRestrictions.insert(vendorId: 9, purposeId: 24, restrictionType: .notAllowed)

        #expect(!tc.publisherRestrictions.vendors(purposeId: 2, restrictionType: .requireConsent).contains(8))
        #expect(tc.publisherRestrictions.vendors(purposeId: 2, restrictionType: .requireLegitimateInterest).isEmpty)
        #expect(tc.publisherRestrictions.count == 15)
        #expect(tc.publisherRestrictions.last?.purposeId == 24 && tc.publisherRestrictions.last?.vendors == [9])
        #expect(original.publisherRestrictions.vendors(purposeId: 2, restrictionType: .requireConsent) == before)
        #expect(original.publisherRestrictions.count == 15)

        let roundTripped = try TCString(encoded: tc.encoded())
        #expect(roundTripped.publisherRestrictions == tc.publisherRestrictions)
    }

    /// Decoded restrictions are read from the section's bytes: seeded sections of restriction
    /// entries in any order, with pairs that recur and ranges that overlap, starting at every bit
    /// of a byte, answer every question as the pairs' vendors merged in code do, and re-encode
    /// byte for byte.
    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func decodedSectionsAnswerAsTheirEntriesMerged(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var core = WireBuilder.coreHeader()
        // Vendor consents as a bitfield of 0-7 bits moves the section's start across a byte.
        let shift = Int.random(in: 0...7, using: &rng)
        core.put(shift, 16)
        core.put(0, 1)
        core.put(0, shift)
        core.putRangeSection(maxVendorId: 0, entries: [])
        var reference: [Int: Set<Int>] = [:]
        let count = Int.random(in: 1...12, using: &rng)
        core.put(count, 12)
        for _ in 0..<count {
            let key = Int.random(in: 0..<12, using: &rng) == 0 ? 3 << 2 | 1 : Int.random(in: 4..<100, using: &rng)
            core.put(key, 8)
            let entries = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                let start = Int.random(in: 1...900, using: &rng)
                return start...min(65535, start + [0, 0, 1, 70][Int.random(in: 0..<4, using: &rng)])
            }
            core.putEntries(entries)
            reference[key, default: []].formUnion(entries.flatMap { Array($0) })
        }
        let text = core.base64URL
        let tc = try TCString(encoded: text)
        let decoded = tc.publisherRestrictions
        let built = try PublisherRestrictions(
            reference.map {
                PublisherRestriction(
                    purposeId: $0.key >> 2,
                    restrictionType: RestrictionType(rawValue: $0.key & 3)!,
                    vendors: try VendorSet($0.value)
                )
            }
        )
        #expect(decoded.count == reference.count)
        #expect(decoded.map { $0.purposeId << 2 | $0.restrictionType.rawValue } == reference.keys.sorted())
        #expect(decoded == built && decoded.hashValue == built.hashValue && Array(decoded) == Array(built))
        // Iterating builds every entry's vendors in one buffer: the same entries the subscript
        // builds one at a time, each changed alone.
        var iterated = Array(decoded)
        #expect(iterated == decoded.indices.map { decoded[$0] })
        try iterated[0].vendors.insert(65535)
        #expect(iterated[0].vendors.contains(65535) && iterated[1...] == Array(decoded)[1...])
        #expect(!decoded[0].vendors.contains(65535))
        for (key, ids) in reference {
            let type = RestrictionType(rawValue: key & 3)!
            #expect(Array(decoded.vendors(purposeId: key >> 2, restrictionType: type)) == ids.sorted())
            #expect(decoded.restrictions(purposeId: key >> 2) == built.restrictions(purposeId: key >> 2))
            for vendor in [0, 1, 2, 899, 900, 901, 971, 972] + ids.prefix(5).flatMap({ [$0 - 1, $0, $0 + 1] }) {
                #expect(
                    decoded.restrictionType(vendorId: vendor, purposeId: key >> 2)
                        == built.restrictionType(vendorId: vendor, purposeId: key >> 2)
                )
            }
        }
        #expect(decoded.vendors(purposeId: 63, restrictionType: .undefined).isEmpty)
        #expect(decoded.restrictionType(vendorId: 1, purposeId: 63) == nil)
        #expect(try tc.encoded(.preservingLayout) == text)
        let vendor = reference.values.first { !$0.isEmpty }?.first ?? 1
        var (changed, expected) = (decoded, built)
        changed.remove(vendorId: vendor)
        expected.remove(vendorId: vendor)
        #expect(changed == expected && decoded == built)
    }
}
