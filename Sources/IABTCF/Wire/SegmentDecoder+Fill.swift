/// Pass 2: one word buffer for every set, then the rest of the value.
extension SegmentDecoder {
    /// A pair's entry in ``pairs`` once pass 2 has placed it: this flag, its word offset from the
    /// first restriction descriptor (bits 11-30) and its word count (bits 0-10, at most 1,024).
    private static let placed: UInt32 = 1 << 31

    /// Allocates the shared words, fills every set and writes what pass 1 left of `value`: its vendor
    /// sets, restrictions, Publisher TC segment and layout.
    mutating func fill(into value: inout TCString) {
        // Plan the word buffer: each set's words, then any non-canonical entries for the layout.
        var total = 0
        func reserve(_ count: Int) -> Range<Int> {
            defer { total &+= count }
            return total..<(total &+ count)
        }
        let consents = vendorConsents.map { (reserve($0.words), reserve($0.layoutWords)) }
        let interests = vendorLegitimateInterests.map { (reserve($0.words), reserve($0.layoutWords)) }
        let disclosed = disclosedVendors.map { (reserve($0.words), reserve($0.layoutWords)) }
        let allowed = allowedVendors.map { (reserve($0.words), reserve($0.layoutWords)) }
        // Restrictions: one descriptor per (purpose, type) pair, then each pair's vendor words.
        let restrictionStart = total
        let pairCount = pairKeys.count
        total &+= pairCount
        for key in pairKeys {
            let words = (Int(pairs[key]) &- 1 &+ 63) &>> 6
            pairs[key] = Self.placed | UInt32(total &- restrictionStart) << 11 | UInt32(words)
            total &+= words
        }
        let restrictionLayout = reserve(restrictions.map { $0.canonical ? 0 : $0.count &+ $0.totalEntries } ?? 0)

        var storage = [UInt64](repeating: 0, count: total)
        storage.withUnsafeMutableBufferPointer { words in
            func fill(_ section: VendorSection?, _ regions: (Range<Int>, Range<Int>)?) {
                guard let section, let (set, entries) = regions else { return }
                Self.fill(
                    section,
                    into: UnsafeMutableBufferPointer(rebasing: words[set]),
                    layout: UnsafeMutableBufferPointer(rebasing: words[entries])
                )
            }
            fill(vendorConsents, consents)
            fill(vendorLegitimateInterests, interests)
            fill(disclosedVendors, disclosed)
            fill(allowedVendors, allowed)
            if let restrictions, pairCount > 0 {
                for (i, key) in pairKeys.enumerated() {
                    let region = Self.region(pairs[key], from: 0)
                    words[restrictionStart &+ i] = PublisherRestrictions.descriptor(
                        purposeId: key >> 2,
                        restrictionType: key & 3,
                        words: region
                    )
                }
                fillRestrictions(
                    restrictions,
                    words: UnsafeMutableBufferPointer(rebasing: words[restrictionStart...]),
                    layout: UnsafeMutableBufferPointer(rebasing: words[restrictionLayout])
                )
            }
        }

        // Built in place (a local one would be copied into the value, then destroyed).
        value.layout = WireLayout(storage: storage)
        value.layout!.segments = segments
        func record(
            _ section: VendorSection?,
            _ regions: (Range<Int>, Range<Int>)?,
            _ kind: WireLayout.Section
        )
            -> VendorSet?
        {
            guard let section, let (setWords, _) = regions else { return nil }
            value.layout!.set(
                kind,
                VendorSectionLayout.Packed(
                    maxVendorId: section.maxVendorId,
                    isRange: section.isRange,
                    setWords: setWords,
                    keptEntries: section.canonical ? nil : section.entryCount
                )
            )
            return VendorSet(words: storage[setWords])
        }
        let vendorConsentSet = record(vendorConsents, consents, .vendorConsents)!
        let vendorInterestSet = record(vendorLegitimateInterests, interests, .vendorLegitimateInterests)!
        let disclosedSet = record(disclosedVendors, disclosed, .disclosedVendors)
        let allowedSet = record(allowedVendors, allowed, .allowedVendors)
        var publisherRestrictions = PublisherRestrictions()
        if let restrictions, pairCount > 0 {
            publisherRestrictions = PublisherRestrictions(storage: storage, start: restrictionStart, count: pairCount)
            if !restrictions.canonical { value.layout!.restrictions = (publisherRestrictions, restrictionLayout) }
        }
        value.vendorConsents = vendorConsentSet
        value.vendorLegitimateInterests = vendorInterestSet
        value.publisherRestrictions = publisherRestrictions
        value.disclosedVendors = disclosedSet
        value.allowedVendors = allowedSet
        value.publisherTC = publisherTC
    }

    /// The words of a placed pair, offset by `start`.
    private static func region(_ pair: UInt32, from start: Int) -> Range<Int> {
        let offset = start &+ Int(pair >> 11 & 0xF_FFFF)
        return offset..<(offset &+ Int(pair & 0x7FF))
    }

    /// Copies a bitfield a word at a time, or applies range entries with masks.
    private static func fill(
        _ section: VendorSection,
        into words: UnsafeMutableBufferPointer<UInt64>,
        layout: UnsafeMutableBufferPointer<UInt64>
    ) {
        guard section.isRange else {
            // Reads through `section` rather than a copy of its reader: copying the reader whole
            // reloaded it in wider pieces than it was written, stalling store forwarding.
            let start = section.reader.offset
            for i in 0..<words.count { words[i] = section.reader.peek64(at: start &+ i &* 64) }
            // The last word's bits past MaxVendorId belong to the next field.
            let spare = words.count &* 64 &- section.maxVendorId
            if spare > 0 { words[words.count &- 1] &= ~0 &<< UInt64(spare) }
            return
        }
        var r = section.reader
        applyEntries(&r, count: section.entryCount, to: words, layout: layout, at: 0)
    }

    /// Re-reads `count` entries that pass 1 validated, sets their ids in `words` and, when `layout`
    /// has room, also records them packed from `layout[at]`.
    private static func applyEntries(
        _ reader: inout BitReader,
        count: Int,
        to words: UnsafeMutableBufferPointer<UInt64>,
        layout: UnsafeMutableBufferPointer<UInt64>,
        at position: Int
    ) {
        // A local copy stays in registers; the inout one would be stored back after every entry.
        var r = reader
        defer { reader = r }
        @inline(__always) func apply(_ start: Int, _ end: Int) {
            if start == end {
                // Single ids are the common entry: one word, one bit.
                let index = start &- 1
                words[index &>> 6] |= (1 as UInt64) &<< UInt64(63 &- (index & 63))
            } else {
                VendorSet.applyMasks(start...end, to: words) { $0 |= $1 }
            }
        }
        guard position < layout.count else {
            for _ in 0..<count {
                let (_, start, end) = r.readRangeEntryUnchecked()
                apply(start, end)
            }
            return
        }
        for i in 0..<count {
            let (isRange, start, end) = r.readRangeEntryUnchecked()
            apply(start, end)
            layout[position &+ i] = RangeEntry(start: start, end: end, isRange: isRange).packed
        }
    }

    /// Applies every restriction entry to its (purpose, type) words, placed in ``pairs`` by ``fill()``;
    /// records the entries as written when `layout` has room (they were not canonical).
    private func fillRestrictions(
        _ section: Restrictions,
        words: UnsafeMutableBufferPointer<UInt64>,
        layout: UnsafeMutableBufferPointer<UInt64>
    ) {
        var r = section.reader
        _ = r.readUnchecked(Field.numPubRestrictions.width)
        var recorded = 0
        for _ in 0..<section.count {
            let purposeId = r.readUnchecked(Field.purposeId.width)
            let type = r.readUnchecked(Field.restrictionType.width)
            let count = r.readUnchecked(Field.numEntries.width)
            let region = Self.region(pairs[purposeId << 2 | type], from: 0)
            if recorded < layout.count {
                layout[recorded] = UInt64(purposeId << 16 | type << 12 | count)
                recorded &+= 1
            }
            Self.applyEntries(
                &r,
                count: count,
                to: UnsafeMutableBufferPointer(rebasing: words[region]),
                layout: layout,
                at: recorded
            )
            if !layout.isEmpty { recorded &+= count }
        }
    }
}
