/// A Publisher Restrictions section that pass 1 validated, read where its decoded bytes are:
/// NumPubRestrictions, then per restriction entry PurposeId, RestrictionType, NumEntries and the
/// range entries. Nothing is checked again.
///
/// A decoded ``PublisherRestrictions`` keeps the section's bytes and reads them through this,
/// and so does ``TCString/query(encoded:options:_:)``.
struct RestrictionSection {
    /// Positioned at NumPubRestrictions.
    let reader: BitReader

    /// NumPubRestrictions: the restriction entries as written (a (purpose, type) pair may recur).
    var count: Int {
        var r = reader
        return r.readUnchecked(Field.numPubRestrictions.width)
    }

    /// Calls `body` with each restriction entry in wire order: its key (PurposeId << 2 |
    /// RestrictionType), its position from the section's start, NumEntries and a reader at its
    /// first range entry. `body` reads the range entries or not: the walk skips them itself.
    func forEachEntry(_ body: (_ key: Int, _ position: Int, _ entries: Int, _ reader: BitReader) -> Void) {
        var r = reader
        let count = r.readUnchecked(Field.numPubRestrictions.width)
        for _ in 0..<count {
            let position = r.offset &- reader.offset
            let key = r.readUnchecked(Field.purposeId.width &+ Field.restrictionType.width)
            let entries = r.readUnchecked(Field.numEntries.width)
            body(key, position, entries, r)
            for _ in 0..<entries { _ = r.readRangeEntryUnchecked() }
        }
    }

    /// The lowest RestrictionType of an entry for `purposeId` whose ranges hold `vendorId`.
    func restrictionType(vendorId: Int, purposeId: Int) -> Int? {
        var lowest: Int?
        forEachEntry { key, _, entries, reader in
            let type = key & 3
            guard key >> 2 == purposeId, type < lowest ?? 4 else { return }
            if Self.entries(entries, at: reader, hold: vendorId) { lowest = type }
        }
        return lowest
    }

    /// Whether the range entries of the restriction entry at `position` from the section's start
    /// hold `vendorId`.
    func holds(_ vendorId: Int, inEntryAt position: Int) -> Bool {
        var r = reader
        r.skip(position &+ Field.purposeId.width &+ Field.restrictionType.width)
        return Self.entries(r.readUnchecked(Field.numEntries.width), at: r, hold: vendorId)
    }

    /// Whether the `count` range entries from `reader` on hold `vendorId`.
    private static func entries(_ count: Int, at reader: BitReader, hold vendorId: Int) -> Bool {
        var r = reader
        for _ in 0..<count {
            let (_, start, end) = r.readRangeEntryUnchecked()
            if start <= vendorId && vendorId <= end { return true }
        }
        return false
    }

    /// The vendors of the (purpose, type) `key`, whose first restriction entry is at `position`
    /// from the section's start, and whose highest vendor id is `highest`. When `recurs`, the pair
    /// has more than one restriction entry and every one is merged in.
    func vendors(key: Int, at position: Int, highest: Int, recurs: Bool) -> VendorSet {
        guard highest > 0 else { return VendorSet() }
        var words = ZeroWords.array(count: Self.words(highest: highest))
        words.withUnsafeMutableBufferPointer { fill($0, key: key, at: position, recurs: recurs) }
        return VendorSet(trimmedWords: words[...])
    }

    /// The words a pair's vendors take when its highest vendor id is `highest`.
    static func words(highest: Int) -> Int { (highest &+ 63) &>> 6 }

    /// Sets the vendors of the (purpose, type) `key` in `words` (zeroed, as many as its highest
    /// vendor id needs); see ``vendors(key:at:highest:recurs:)``.
    func fill(_ words: UnsafeMutableBufferPointer<UInt64>, key: Int, at position: Int, recurs: Bool) {
        func apply(_ entries: Int, _ reader: BitReader) {
            SegmentDecoder.applyEntries(
                reader,
                count: entries,
                to: words,
                layout: UnsafeMutableBufferPointer(start: nil, count: 0)
            )
        }
        guard recurs else {
            var r = reader
            r.skip(position &+ Field.purposeId.width &+ Field.restrictionType.width)
            apply(r.readUnchecked(Field.numEntries.width), r)
            return
        }
        forEachEntry { entryKey, _, entries, reader in
            if entryKey == key { apply(entries, reader) }
        }
    }

    /// Calls `body` with each restriction entry as written: its purpose, its type and its range
    /// entries packed (``RangeEntry/packed``).
    func forEachWritten(_ body: (_ purposeId: Int, _ type: RestrictionType, _ entries: ArraySlice<UInt64>) -> Void) {
        // One array for every entry, emptied between them, allocated once for the most range
        // entries one can hold: NumEntries' largest value, or as many 17-bit entries as the bits
        // left (appending would grow it step by step).
        var entries: [UInt64] = []
        entries.reserveCapacity(Swift.min(1 &<< Field.numEntries.width &- 1, reader.remaining / 17))
        forEachEntry { key, _, count, reader in
            var r = reader
            entries.removeAll(keepingCapacity: true)
            for _ in 0..<count {
                let (isRange, start, end) = r.readRangeEntryUnchecked()
                entries.append(RangeEntry(start: start, end: end, isRange: isRange).packed)
            }
            body(key >> 2, RestrictionType(rawValue: key & 3)!, entries[...])
        }
    }
}
