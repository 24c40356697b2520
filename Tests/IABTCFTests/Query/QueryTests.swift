import IABTCF
import Testing

@testable import IABTCF

/// ``TCString/query(encoded:options:_:)`` answers exactly what a decoded ``TCString`` says, and
/// refuses exactly what ``TCString/init(encoded:options:)-(String,_)`` refuses, with the same error.
@Suite struct QueryTests {
    /// Every answer of `query` against `value`: the fixed fields, every purpose and special
    /// feature, each vendor set whole and id by id around its bounds, the Publisher TC segment and,
    /// when `restrictions`, publisher restriction lookups.
    static func expectSameAnswers(_ query: TCString.Query, _ value: TCString, _ text: String, restrictions: Bool) {
        #expect(query.created == value.created, "\(text)")
        #expect(query.lastUpdated == value.lastUpdated, "\(text)")
        #expect(query.cmpId == value.cmpId, "\(text)")
        #expect(query.cmpVersion == value.cmpVersion, "\(text)")
        #expect(query.consentScreen == value.consentScreen, "\(text)")
        #expect(query.consentLanguage == value.consentLanguage, "\(text)")
        #expect(query.vendorListVersion == value.vendorListVersion, "\(text)")
        #expect(query.policyVersion == value.policyVersion, "\(text)")
        #expect(query.isServiceSpecific == value.isServiceSpecific, "\(text)")
        #expect(query.useNonStandardTexts == value.useNonStandardTexts, "\(text)")
        #expect(query.specialFeatureOptIns == value.specialFeatureOptIns, "\(text)")
        #expect(query.purposeConsents == value.purposeConsents, "\(text)")
        #expect(query.purposeLegitimateInterests == value.purposeLegitimateInterests, "\(text)")
        #expect(query.purposeOneTreatment == value.purposeOneTreatment, "\(text)")
        #expect(query.publisherCountryCode == value.publisherCountryCode, "\(text)")
        #expect(query.publisherTC == value.publisherTC, "\(text)")
        let pairs: [(TCString.Query.Vendors?, VendorSet?)] = [
            (query.vendorConsents, value.vendorConsents),
            (query.vendorLegitimateInterests, value.vendorLegitimateInterests),
            (query.disclosedVendors, value.disclosedVendors),
            (query.allowedVendors, value.allowedVendors),
        ]
        for (vendors, set) in pairs {
            #expect((vendors == nil) == (set == nil), "\(text)")
            guard let vendors, let set else { continue }
            #expect(vendors.set == set, "\(text)")
            // Every id up to 300, each run's edges and their neighbours, MaxVendorId's
            // neighbours, and ids outside 1...65535.
            var ids = [-1, 0, 65_535, 65_536, Int.max] + Array(1...300)
            for run in set.ranges { ids += [run.lowerBound - 1, run.lowerBound, run.upperBound, run.upperBound + 1] }
            ids += [vendors.maxVendorId, vendors.maxVendorId + 1]
            let mismatches = ids.filter { vendors.contains($0) != set.contains($0) }
            #expect(mismatches.isEmpty, "\(text): \(mismatches.prefix(5))")
        }
        guard restrictions else { return }
        // Restrictions: every purpose a restriction names (and 0, 1, 25), for the runs' edges.
        var vendorIds = [0, 1, 2, 65_535]
        for restriction in value.publisherRestrictions {
            for run in restriction.vendors.ranges { vendorIds += [run.lowerBound - 1, run.lowerBound, run.upperBound] }
        }
        // At most about 20 of them, evenly spread: the reference answer is a slow linear search.
        vendorIds = stride(from: 0, to: vendorIds.count, by: max(1, vendorIds.count / 20)).map { vendorIds[$0] }
        let purposeIds = Set(value.publisherRestrictions.map(\.purposeId) + [0, 1, 25])
        for purposeId in purposeIds {
            for vendorId in vendorIds {
                #expect(
                    query.restrictionType(vendorId: vendorId, purposeId: purposeId)
                        == value.publisherRestrictions.restrictionType(vendorId: vendorId, purposeId: purposeId),
                    "\(text): purpose \(purposeId), vendor \(vendorId)"
                )
            }
        }
    }

    /// The same outcome from both fronts for `text`: the same error, or the same answers.
    static func expectSameOutcome(
        _ text: String,
        options: TCString.DecodingOptions = .init(),
        checksRestrictions: Bool = true
    ) {
        let decoded = Result { () throws(TCStringError) in try TCString(encoded: text, options: options) }
        let queried = Result { () throws(TCStringError) in
            try TCString.query(encoded: text, options: options) { query in
                if case .success(let value) = decoded {
                    expectSameAnswers(query, value, text, restrictions: checksRestrictions)
                }
                return query.cmpId
            }
        }
        switch (decoded, queried) {
        case (.success(let value), .success(let cmpId)): #expect(cmpId == value.cmpId)
        case (.failure(let expected), .failure(let error)): #expect(error == expected, "\(text)")
        default: Issue.record("decode and query disagree on \(text): \(decoded) vs \(queried)")
        }
    }

    /// Every fixture and corpus line, each named, leniently and strictly.
    @Test(arguments: RoundTripPropertyTests.fixtures)
    func fixtureAnswersMatchTheDecodedValue(_ text: String) {
        Self.expectSameOutcome(text)
        Self.expectSameOutcome(text, options: .init(strict: true))
    }

    /// Seeded mutants of every fixture (truncations, flipped characters, padding): accepted or
    /// refused alike, with the same answers or the same error (restriction lookups on every 25th: the
    /// reference answer is slow in a debug build, and the fuzz target checks them on every input).
    @Test func mutantsAnswerLikeTheDecodedValue() {
        for (index, text) in RoundTripPropertyTests.fixtures.enumerated() {
            let mutants = RoundTripPropertyTests.mutants(of: text, seed: UInt64(index) &+ 1000, count: 8)
            // Every fifth systematic mutant (they differ little), and every random one (the last 8).
            for (number, mutant) in mutants.enumerated() where number % 5 == 0 || number >= mutants.count - 8 {
                Self.expectSameOutcome(mutant, checksRestrictions: number % 25 == 0)
            }
        }
    }

    /// Seeded random models, encoded canonically and with non-canonical range entries, answer
    /// like their decoded values: bitfields, bisected ranges and linearly searched ranges.
    @Test func randomModelsAnswerLikeTheDecodedValue() throws {
        var rng = SplitMix64(seed: 18)
        for _ in 0..<300 {
            let model = RandomModels.model(&rng)
            Self.expectSameOutcome(try model.encoded())
        }
    }

    /// Range entries out of order, overlapping or touching are searched one by one and still agree.
    @Test func nonCanonicalRangesAreSearchedLinearly() throws {
        var wire = WireBuilder.coreHeader()
        wire.putRangeSection(maxVendorId: 300, entries: [200...300, 5...5, 6...9, 7...150, 1...1])
        wire.putRangeSection(maxVendorId: 0, entries: [])
        wire.put(0, 12)  // NumPubRestrictions
        let text = wire.base64URL
        let value = try TCString(encoded: text)
        #expect(value.vendorConsents.contains(150) && !value.vendorConsents.contains(151))
        Self.expectSameOutcome(text)
    }

    /// The README's example.
    @Test func answersTheUsersQuestion() throws {
        let text = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA"
        let answer = try TCString.query(encoded: text) { tc in
            (tc.cmpId, tc.vendorConsents.contains(2), tc.disclosedVendors?.contains(404), tc.allowedVendors == nil)
        }
        #expect(answer == (880, true, true, true))
    }
}
