/// Pass 2: one word buffer for every set, then the rest of the value.
extension SegmentDecoder {
    /// Allocates the shared words (none when there are no restrictions and each set is empty or
    /// one id written as a range entry: ``OneIDWords`` holds those),
    /// fills every vendor set and writes what pass 1 left of `value`: its words and layout, from
    /// which the value reads its vendor sets and restrictions (``WireLayout/decodedSet(_:in:)``,
    /// ``WireLayout/decodedRestrictions(in:)``) until code sets one.
    mutating func fill(into value: inout TCString) {
        // Plan the word buffer: each set's words (then its entries as written, when not canonical),
        // one descriptor per restriction (purpose, type) pair and the restriction section's bytes.
        var total = 0
        for k in 0..<4 where has(k) {
            sections[k].offset = total
            total &+= sections[k].words &+ sections[k].layoutWords
        }
        let restrictionStart = total
        let pairCount = pairKeys.isEmpty ? 0 : pairKeys.count
        // The section's bytes, from the one that holds NumPubRestrictions, and the zero tail a
        // ``BitReader`` needs.
        var sectionBytes = 0
        if let restrictions, pairCount > 0 {
            let first = restrictions.reader.offset &>> 3
            sectionBytes = (restrictions.end &+ 7) &>> 3 &- first &+ BitReader.tailPadding
            total &+= pairCount &+ (sectionBytes &+ 7) &>> 3
        }
        // Non-zero padding bits, rare, go last (``WireLayout/padding(of:in:)``).
        total &+= paddingWords

        // Everything is written into `value` in place: a local built and assigned would be copied.
        value.wire.segments = segments
        // Sets of at most one id each need no buffer of their own: they are slices of ``OneIDWords``.
        // `total == restrictionStart`: no restrictions and no padding bits need words.
        if total > 0 && total == restrictionStart && Self.placeInOneIDWords(sections, found: found) {
            Self.replaceEmpty(&value.words, with: OneIDWords.storage)
        } else if total > 0 {
            Self.replaceEmpty(&value.words, with: ZeroWords.array(count: total))
            value.words.withUnsafeMutableBufferPointer { words in
                for k in 0..<4 where has(k) { sections[k].fill(in: words) }
                if _slowPath(paddingWords > 0) { fillPadding(words) }
                guard let restrictions, pairCount > 0 else { return }
                for (i, key) in pairKeys.enumerated() {
                    words[restrictionStart &+ i] = PublisherRestrictions.decodedDescriptor(
                        key: key,
                        position: Int(pairs.firstEntry[key]),
                        highest: Int(pairs.highest[key]),
                        recurs: !recurringKeys.isEmpty && recurringKeys.contains(key)
                    )
                }
                // The words past the copied bytes stay zero: the tail a ``BitReader`` needs.
                let source: UnsafePointer<UInt8> = restrictions.reader.base + (restrictions.reader.offset &>> 3)
                let destination = UnsafeMutableRawPointer(words.baseAddress! + (restrictionStart &+ pairCount))
                destination.copyMemory(from: source, byteCount: sectionBytes &- BitReader.tailPadding)
            }
        }

        // The sets and restrictions are read from the layout (``WireLayout/decodedSet(_:in:)``).
        for k in 0..<4 where has(k) {
            value.wire.set(WireLayout.Section(rawValue: k)!, sections[k].packed)
        }
        if let restrictions, pairCount > 0 {
            value.wire.restrictionDescriptors = UInt64(restrictionStart) << 32 | UInt64(pairCount)
            value.wire.restrictionSection = WireLayout.restrictionSection(
                word: restrictionStart &+ pairCount,
                bit: restrictions.reader.offset & 7,
                canonical: restrictions.canonical
            )
        }
    }

    /// Points every set at its words in ``OneIDWords`` when each holds at most one id (up to
    /// 2,048) and keeps no entries as written; `false`, placing nothing, otherwise.
    ///
    /// What pass 1 noted rules most sets out, inline, before a call reads the sets.
    @inline(__always)
    private static func placeInOneIDWords(_ sections: UnsafeMutablePointer<VendorSection>, found: UInt8) -> Bool {
        for k in 0..<4 where found & 1 << k != 0 && sections[k].words > 0 {
            guard sections[k].mayHoldOneID() else { return false }
        }
        return placeOneIDs(sections, found: found)
    }

    /// The rest of ``placeInOneIDWords(_:found:)``, for sets that may hold one id each.
    @inline(never)
    private static func placeOneIDs(_ sections: UnsafeMutablePointer<VendorSection>, found: UInt8) -> Bool {
        // Every set is checked before any is moved: the buffer's plan keeps the offsets otherwise.
        for k in 0..<4 where found & 1 << k != 0 && sections[k].words > 0 {
            guard sections[k].onlyID() != nil else { return false }
        }
        for k in 0..<4 where found & 1 << k != 0 && sections[k].words > 0 {
            sections[k].offset = OneIDWords.offset(of: sections[k].onlyID()!)
        }
        return true
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

    /// Re-reads the `count` entries at `reader`, which pass 1 validated, sets their ids in `words`
    /// and, when `layout` is not empty, also records them there packed. A vendor section's and a
    /// decoded restriction's vendors are both set by it.
    ///
    /// Takes the reader by value and returns nothing: the caller has no use for its end, and a
    /// reader written back would keep its base and bit count in registers through the loop.
    static func applyEntries(
        _ reader: BitReader,
        count: Int,
        to words: UnsafeMutableBufferPointer<UInt64>,
        layout: UnsafeMutableBufferPointer<UInt64>
    ) {
        var r = reader
        // A single id is one bit, a range (even of one id, as a non-canonical encoder may write
        // it) its masks; the callers branch on IsARange as they read it.
        @inline(__always) func apply(_ isRange: Bool, _ start: Int, _ end: Int) {
            if !isRange {
                let index = start &- 1
                words[index &>> 6] |= ((1 as UInt64) &<< 63) &>> UInt64(index & 63)
            } else {
                VendorSet.applyMasks(ClosedRange(uncheckedBounds: (start, end)), to: words) { $0 |= $1 }
            }
        }
        guard !layout.isEmpty else {
            // One load an entry, or for three single ids in a row (IsARange 0 at bits 0, 17 and 34).
            var left = count
            while left > 0 {
                let bits = r.peek64(at: r.offset)
                let start = Int(truncatingIfNeeded: bits &>> 47 & 0xFFFF)
                if bits &>> 63 == 0 {
                    if left >= 3, let (first, second, third) = BitReader.threeSingleIDs(bits) {
                        apply(false, first, 0)
                        apply(false, second, 0)
                        apply(false, third, 0)
                        r.offset &+= 51
                        left &-= 3
                        continue
                    }
                    apply(false, start, 0)
                    r.offset &+= 17
                } else {
                    apply(true, start, Int(truncatingIfNeeded: bits &>> 31 & 0xFFFF))
                    r.offset &+= 33
                }
                left &-= 1
            }
            return
        }
        for i in 0..<count {
            let (isRange, start, end) = r.readRangeEntryUnchecked()
            apply(isRange, start, end)
            layout[i] = RangeEntry(start: start, end: end, isRange: isRange).packed
        }
    }
}

extension SegmentDecoder.VendorSection {
    /// Whether the set may be one id up to 2,048, from what pass 1 noted: one range entry, kept
    /// by no layout. A bitfield is never taken for one: an encoder that picks the shorter form
    /// writes a set of one id above 29 as a range entry, and telling whether a bitfield holds one
    /// id would read its words on every decode.
    @inline(__always)
    fileprivate func mayHoldOneID() -> Bool {
        isRange && entryCount == 1 && canonical && words <= OneIDWords.blockWords
    }

    /// The set's one id, or `nil` when its one entry is a range; for a set that ``mayHoldOneID()``.
    fileprivate func onlyID() -> Int? {
        var r = reader
        let (_, start, end) = r.readRangeEntryUnchecked()
        return start == end ? start : nil
    }

    /// Copies the placed section's bitfield a word at a time, or applies its range entries with
    /// masks (recording them after its words when they were not canonical).
    ///
    /// A method, called on the section's slot: it reads the section where it is, not a copy. Always
    /// inlined: as a call it made every decode save more registers, even one with no sets to fill.
    @inline(__always)
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
        SegmentDecoder.applyEntries(
            reader,
            count: entryCount,
            to: set,
            layout: UnsafeMutableBufferPointer(rebasing: buffer[entries..<(entries &+ layoutWords)])
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
