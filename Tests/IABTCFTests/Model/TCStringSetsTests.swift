import IABTCF
import TestSupport
import Testing

@testable import IABTCF

/// A decoded value reads its vendor sets and restrictions from the words it decoded until code
/// sets one; these check that values stay values through that (copies never see each other's changes).
@Suite struct TCStringSetsTests {
    /// Every set property, as plain arrays.
    struct Snapshot: Equatable {
        var consents, interests: [Int]
        var restrictions: [String]
        var disclosed, allowed: [Int]?

        init(_ tc: TCString) {
            consents = Array(tc.vendorConsents)
            interests = Array(tc.vendorLegitimateInterests)
            restrictions = tc.publisherRestrictions.map {
                "\($0.purposeId)/\($0.restrictionType): \(Array($0.vendors))"
            }
            disclosed = tc.disclosedVendors.map(Array.init)
            allowed = tc.allowedVendors.map(Array.init)
        }
    }

    @Test func changingACopyLeavesTheDecodedValueAsItWas() throws {
        for (number, line) in try Fixtures.corpusLines().enumerated() {
            let original = try TCString(encoded: line)
            let before = Snapshot(original)
            var copy = original
            try copy.vendorConsents.insert(65535)
            copy.vendorLegitimateInterests.remove(contentsOf: 1...65535)
            try copy.publisherRestrictions.insert(vendorId: 7, purposeId: 2, restrictionType: .requireConsent)
            copy.disclosedVendors = copy.disclosedVendors == nil ? [5] : nil
            copy.allowedVendors = [9]

            #expect(Snapshot(original) == before, "corpus line \(number + 1)")
            #expect(original == (try TCString(encoded: line)), "corpus line \(number + 1)")
            let changed = Snapshot(copy)
            #expect(changed.consents == before.consents + [65535], "corpus line \(number + 1)")
            #expect(changed.interests.isEmpty, "corpus line \(number + 1)")
            #expect(changed.restrictions.contains { $0.hasPrefix("2/requireConsent") && $0.contains("7") })
            #expect(changed.disclosed == (before.disclosed == nil ? [5] : nil), "corpus line \(number + 1)")
            #expect(changed.allowed == [9], "corpus line \(number + 1)")

            // A copy of a changed value is a value too.
            var second = copy
            second.vendorConsents.remove(65535)
            second.allowedVendors = nil
            #expect(Snapshot(copy) == changed, "corpus line \(number + 1)")
            #expect(Array(second.vendorConsents) == before.consents && second.allowedVendors == nil)

            // Setting a decoded set to what it holds changes nothing the value says.
            var same = original
            same.vendorConsents = original.vendorConsents
            #expect(same == original && same.hashValue == original.hashValue, "corpus line \(number + 1)")
            #expect(try same.encoded(.preservingLayout) == original.encoded(.preservingLayout))
        }
    }

    /// A decode whose sets are each one id written as a range entry (up to 2,048) allocates no
    /// words of its own; its sets are read, changed and encoded like any others, for ids in every
    /// word, at that bound and past it.
    @Test func setsOfOneIdDecodeAsValues() throws {
        var rng = SplitMix64(seed: 0x0_1D_5E7)
        var ids = [1, 2, 63, 64, 65, 128, 129, 284, 2047, 2048, 2049, 65535]
        for _ in 0..<300 { ids.append(Int(rng.next() % 2100) + 1) }
        let start = Timestamp(deciseconds: 16_000_000_000)
        for id in ids {
            let other = Int(rng.next() % 2100) + 1
            let value = TCString(
                created: start,
                vendorConsents: [id],
                vendorLegitimateInterests: [other],
                disclosedVendors: [other, id]
            )
            let text = try value.encoded()
            let decoded = try TCString(encoded: text)
            #expect(decoded == value, "ids \(id), \(other)")
            let consents = decoded.vendorConsents
            #expect(Array(consents) == [id] && consents.count == 1 && consents.max == id, "id \(id)")
            #expect(consents.contains(id) && !consents.contains(id - 1) && !consents.contains(id + 1), "id \(id)")
            #expect(Array(decoded.vendorLegitimateInterests) == [other], "id \(other)")
            #expect(try decoded.encoded(.preservingLayout) == text, "ids \(id), \(other)")

            var changed = decoded
            try changed.vendorConsents.insert(id == 1 ? 2 : id - 1)
            changed.vendorLegitimateInterests.remove(other)
            let again = try TCString(encoded: text)
            #expect(Snapshot(decoded) == Snapshot(value) && Snapshot(again) == Snapshot(value), "id \(id)")
            #expect(changed.vendorConsents.count == 2 && changed.vendorLegitimateInterests.isEmpty)
        }
    }

    /// The shared words of the sets of one id, written out as a literal, are what they stand for:
    /// block `b` is zero words and then the word with only bit `63 - b` set, and the words at
    /// each id's offset are the set of that id alone.
    @Test func oneIDWordsHoldEverySetOfOneId() {
        let words = OneIDWords.storage
        let block = OneIDWords.blockWords
        #expect(words.count == 64 * block)
        for (index, word) in words.enumerated() {
            let expected: UInt64 = index % block == block - 1 ? 1 << (63 - index / block) : 0
            #expect(word == expected, "word \(index)")
        }
        for id in 1...(64 * block) {
            let start = OneIDWords.offset(of: id)
            let set = VendorSet(words: words[start..<(start + (id + 63) / 64)])
            #expect(Array(set) == [id], "id \(id)")
        }
    }

    /// One entry that is a range, or one id written with IsARange set, is not a set of one id as
    /// a decode keeps it, even after a set of one id: the range's ids, and the entry as written,
    /// come back.
    @Test func oneEntryThatIsNotOneIdKeepsItsIdsAndLayout() throws {
        for (entry, isRange) in [(5...6, true), (9...9, true), (2040...2048, true), (300...300, false)] {
            var b = WireBuilder.coreHeader()
            b.putRangeSection(maxVendorId: 700, entries: [700...700])
            b.put(entry.upperBound, 16)
            b.put(1, 1)
            b.put(1, 12)
            b.put(isRange ? 1 : 0, 1)
            b.put(entry.lowerBound, 16)
            if isRange { b.put(entry.upperBound, 16) }
            b.put(0, 12)
            let text = b.base64URL
            let decoded = try TCString(encoded: text)
            #expect(Array(decoded.vendorConsents) == [700], "\(entry)")
            #expect(Array(decoded.vendorLegitimateInterests) == Array(entry), "\(entry)")
            #expect(try decoded.encoded(.preservingLayout) == text, "\(entry)")
        }
    }

    @Test func emptySetsInTheInitializerEqualTheDefaults() throws {
        let start = Timestamp(deciseconds: 16_000_000_000)
        let plain = TCString(created: start)
        let explicit = TCString(
            created: start,
            vendorConsents: [],
            vendorLegitimateInterests: [],
            publisherRestrictions: PublisherRestrictions()
        )
        #expect(plain == explicit && plain.hashValue == explicit.hashValue)
        var edited = plain
        try edited.vendorConsents.insert(3)
        #expect(edited != plain && Array(edited.vendorConsents) == [3] && plain.vendorConsents.isEmpty)
        edited.vendorConsents.remove(3)
        #expect(edited == plain && edited.hashValue == plain.hashValue)
        let decoded = try TCString(encoded: explicit.encoded())
        #expect(decoded == explicit && decoded.disclosedVendors == nil && decoded.allowedVendors == nil)
    }

    @Test func printingShowsTheFieldsNotTheStorage() throws {
        let tc = try TCString(encoded: "COzSDo9OzSDo9B9AAAENAiCAALAAAAAAAAAACOQAQCOAAAAA")
        let text = String(describing: tc)
        #expect(text.hasPrefix("TCString(created: 2020-05-12T09:28:25.300Z,"))
        #expect(text.contains("vendorConsents: [284], vendorLegitimateInterests: [], publisherRestrictions: []"))
        #expect(!text.contains("words") && !text.contains("wire") && !text.contains("edited"))
        var restrictions = PublisherRestrictions()
        try restrictions.insert(vendorId: 5, purposeId: 2, restrictionType: .requireConsent)
        #expect(
            String(describing: restrictions).contains("purposeId: 2")
                && !String(describing: restrictions).contains("storage")
        )
    }
}
