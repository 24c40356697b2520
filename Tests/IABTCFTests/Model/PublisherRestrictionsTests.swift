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
}
