/// Pass 2: one word buffer for every set, then the rest of the value.
extension SegmentDecoder {
    /// A pair's entry in ``pairs`` once pass 2 has placed it: this flag, its word offset from the
    /// first restriction descriptor (bits 11-30) and its word count (bits 0-10, at most 1,024).
    private static let placed: UInt32 = 1 << 31

    /// Allocates the shared words (none when no set holds an id), fills every set and writes what
    /// pass 1 left of `value`: its words and layout, from which the value reads its vendor sets and
    /// restrictions (``WireLayout/decodedSet(_:in:)``) until code sets one.
    mutating func fill(into value: inout TCString) {
        // Plan the word buffer: each set's words (then its entries as written, when not canonical),
        // one descriptor per restriction (purpose, type) pair, each pair's words, and the restriction
        // entries as written when they were not canonical.
        var total = 0
        for k in 0..<4 where has(k) {
            sections[k].offset = total
            total &+= sections[k].words &+ sections[k].layoutWords
        }
        let restrictionStart = total
        let pairCount = pairKeys.isEmpty ? 0 : pairKeys.count
        total &+= pairCount
        if pairCount > 0 {
            for key in pairKeys {
                let words = (Int(pairs[key]) &- 1 &+ 63) &>> 6
                pairs[key] = Self.placed | UInt32(total &- restrictionStart) << 11 | UInt32(words)
                total &+= words
            }
        }
        let keptEntries = restrictions.map { $0.canonical ? 0 : $0.count &+ $0.totalEntries } ?? 0
        let restrictionEntries = total..<(total &+ keptEntries)
        total = restrictionEntries.upperBound
        // Non-zero padding bits, rare, go last (``WireLayout/padding(of:in:)``).
        total &+= paddingWords

        // Everything is written into `value` in place: a local built and assigned would be copied.
        value.wire.segments = segments
        if total > 0 {
            Self.replaceEmpty(&value.words, with: ZeroWords.array(count: total))
            value.words.withUnsafeMutableBufferPointer { words in
                for k in 0..<4 where has(k) { sections[k].fill(in: words) }
                if _slowPath(paddingWords > 0) { fillPadding(words) }
                guard let restrictions, pairCount > 0 else { return }
                for (i, key) in pairKeys.enumerated() {
                    words[restrictionStart &+ i] = PublisherRestrictions.descriptor(
                        purposeId: key >> 2,
                        restrictionType: key & 3,
                        words: Self.region(pairs[key])
                    )
                }
                fillRestrictions(
                    restrictions,
                    words: UnsafeMutableBufferPointer(rebasing: words[restrictionStart...]),
                    layout: UnsafeMutableBufferPointer(rebasing: words[restrictionEntries])
                )
            }
        }

        // The sets and restrictions are read from the layout (``WireLayout/decodedSet(_:in:)``).
        for k in 0..<4 where has(k) {
            value.wire.set(WireLayout.Section(rawValue: k)!, sections[k].packed)
        }
        if let restrictions, pairCount > 0 {
            value.wire.restrictionDescriptors = UInt64(restrictionStart) << 32 | UInt64(pairCount)
            if !restrictions.canonical { value.wire.keptRestrictionEntries = restrictionEntries }
        }
    }

    /// Stores `new` over `slot` without releasing what `slot` held: its initial value, an empty
    /// array. That is the standard library's immortal empty-array storage, whose release does
    /// nothing but still costs a call into the runtime. Every decode starts from a value whose
    /// fields hold their initial values.
    @inline(__always)
    private static func replaceEmpty<T>(_ slot: inout T, with new: T) {
        withUnsafeMutablePointer(to: &slot) { $0.initialize(to: new) }
    }

    /// Copies the bits after the content of each flagged segment to the end of `words`, in input
    /// order. A segment's decoded bytes start where pass 1 put them: after the earlier segments'
    /// ``Base64URL/scratchSize(characters:)`` bytes.
    @inline(never)
    private func fillPadding(_ words: UnsafeMutableBufferPointer<UInt64>) {
        var next = words.count &- paddingWords
        var scratchOffset = 0
        for (index, packed) in segments.enumerated() {
            let segment = WireLayout.Segment(packed: packed)
            defer { scratchOffset &+= Base64URL.scratchSize(characters: segment.characters) }
            guard segment.hasPaddingBits else { continue }
            let reader = BitReader(base: scratch + scratchOffset, bitCount: segment.characters &* 6, segment: index)
            var position = segment.contentBits
            while position < reader.bitCount {
                words[next] = reader.peek64(at: position)  // zero past the segment's end
                next &+= 1
                position &+= 64
            }
        }
    }

    /// The words of a placed pair, from the first restriction descriptor.
    private static func region(_ pair: UInt32) -> Range<Int> {
        let offset = Int(pair >> 11 & 0xF_FFFF)
        return offset..<(offset &+ Int(pair & 0x7FF))
    }

    /// Re-reads `count` entries that pass 1 validated, sets their ids in `words` and, when `layout`
    /// has room, also records them packed from `layout[at]`.
    fileprivate static func applyEntries(
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
            let region = Self.region(pairs[purposeId << 2 | type])
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

extension SegmentDecoder.VendorSection {
    /// Copies the placed section's bitfield a word at a time, or applies its range entries with
    /// masks (recording them after its words when they were not canonical).
    ///
    /// A method, called on the section's slot: it reads the section where it is, not a copy.
    fileprivate func fill(in buffer: UnsafeMutableBufferPointer<UInt64>) {
        guard words > 0 else { return }
        let set = UnsafeMutableBufferPointer(rebasing: buffer[offset..<(offset &+ words)])
        guard isRange else {
            // Reads through `self` rather than a copy of its reader, so that the reader is not
            // reloaded in wider pieces than it was stored (a store-forwarding stall).
            BitReader.copyBitField(reader.base, at: reader.offset, bits: maxVendorId, into: set)
            return
        }
        let entries = offset &+ words
        var r = reader
        SegmentDecoder.applyEntries(
            &r,
            count: entryCount,
            to: set,
            layout: UnsafeMutableBufferPointer(rebasing: buffer[entries..<(entries &+ layoutWords)]),
            at: 0
        )
    }
}

/// `count` zero words, for ``SegmentDecoder/fill(into:)`` to allocate the shared words.
///
/// `Array(repeating:count:)` and, depending on what the optimizer inlines around it,
/// `Array(repeatElement(0, count:))` allocate through the standard library's unspecialized
/// `_allocateBufferUninitialized(minimumCapacity:)`, which looks up the array storage's generic
/// metadata on every call. Copying a collection of our own is specialized here: a cached
/// metadata access, the allocation and one `memset`.
struct ZeroWords: RandomAccessCollection {
    let count: Int
    var startIndex: Int { 0 }
    var endIndex: Int { count }
    subscript(position: Int) -> UInt64 { 0 }

    /// Out of line, so that the caller's inlining cannot change the path the allocation takes.
    @inline(never)
    static func array(count: Int) -> [UInt64] { Array(ZeroWords(count: count)) }
}
