/// Decodes one input in two passes.
///
/// Pass 1 (``scanSegments()``) base64url-decodes every segment and walks every field, vendor
/// section and restriction, validating everything and noting how many words each set needs.
/// What it found answers questions directly (``TCString/query(encoded:options:_:)``), or pass 2
/// (``readFields(into:)``, ``fill(into:)``) builds the value: it reads the fixed fields, makes one
/// zeroed word buffer of exactly that size and fills every set in it — bitfields a word at a
/// time, ranges with masks — then one descriptor word per restriction (purpose, type) and the
/// restriction section's bytes, which the value reads in place. A decode allocates that buffer
/// and nothing else (nothing when there are no restrictions and each set is empty or one id
/// written as a range entry, see ``OneIDWords``).
struct SegmentDecoder {
    /// A vendor section found by pass 1.
    struct VendorSection {
        /// Positioned at the bitfield, or at the first range entry.
        var reader: BitReader
        var maxVendorId: Int
        var isRange: Bool
        var entryCount: Int
        /// Whether the range entries were the set's maximal runs, ascending, IsARange only for runs.
        var canonical: Bool
        /// The words up to the last that holds an id: the set's size in the shared buffer. A
        /// section without ids (often range-encoded with no entries) then needs no allocation.
        var words: Int
        /// Packed entries to keep for the layout: only non-canonical ones are kept.
        var layoutWords: Int { canonical ? 0 : entryCount }
        /// Where pass 2 placed the set's words in the shared buffer (its kept entries follow them).
        var offset = 0

        /// The section's layout, once placed.
        var packed: VendorSectionLayout.Packed {
            VendorSectionLayout.Packed(
                maxVendorId: maxVendorId,
                isRange: isRange,
                setOffset: offset,
                setCount: words,
                keptEntries: canonical ? nil : entryCount
            )
        }
    }

    /// The Publisher Restrictions section found by pass 1.
    struct Restrictions {
        /// Positioned at NumPubRestrictions.
        var reader: BitReader
        var count: Int
        /// The bit after the section's last field.
        var end: Int
        var canonical: Bool
    }

    let input: UnsafeBufferPointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>
    var scratchUsed = 0
    /// Per (PurposeId << 2 | RestrictionType) seen: its highest vendor id (0: none), and where its
    /// first restriction entry starts, in bits from the section's start.
    let pairs: (highest: UnsafeMutableBufferPointer<UInt32>, firstEntry: UnsafeMutableBufferPointer<UInt32>)
    /// The (purpose, type) keys seen, so ``pairs`` needs no clearing and is walked by its used keys only.
    var pairKeys = KeySet()
    /// The keys seen in more than one restriction entry.
    var recurringKeys = KeySet()
    /// The segments in input order, packed for ``WireLayout/segments``.
    var segments = FixedList4<UInt64>(filler: 0)
    /// Words needed for the segments' non-zero padding bits (rare; usually 0).
    var paddingWords = 0
    /// The vendor sections, one slot per ``WireLayout/Section``, in memory the caller lends
    /// uninitialized: slot k holds a section only when bit k of ``found`` is set, so that a decode
    /// zero-fills no optionals.
    let sections: UnsafeMutablePointer<VendorSection>
    var found: UInt8 = 0
    var restrictions: Restrictions?
    /// The Publisher TC segment, when there is one (it is small enough to read whole in pass 1).
    var publisherTC: PublisherTC?

    init(
        input: UnsafeBufferPointer<UInt8>,
        scratch: UnsafeMutablePointer<UInt8>,
        pairs: (highest: UnsafeMutableBufferPointer<UInt32>, firstEntry: UnsafeMutableBufferPointer<UInt32>),
        sections: UnsafeMutablePointer<VendorSection>
    ) {
        self.input = input
        self.scratch = scratch
        self.pairs = pairs
        self.sections = sections
    }

    /// Whether pass 1 found the section of `kind` (then it is `sections[kind.rawValue]`).
    @inline(__always) func has(_ kind: Int) -> Bool { found & 1 << kind != 0 }

    // MARK: - Pass 1 (pass 2 is in SegmentDecoder+Fill.swift)

    /// Pass 1: validates every segment and notes what pass 2 or a query needs. The core is always
    /// the first segment, so its bytes start the scratch (see ``core``).
    mutating func scanSegments() throws(TCStringError) {
        var start = 0
        var index = 0
        var seen: UInt8 = 0  // bit n: SegmentType n was seen
        while true {
            var (reader, end) = try decodeBase64(from: start, segment: index)
            let type: SegmentType
            if index == 0 {
                type = .core
                try scanCore(&reader)
            } else {
                let raw = try reader.read(.segmentType)
                guard let known = SegmentType(rawValue: raw), known != .core else {
                    throw TCStringError.at(
                        raw == 0 ? .duplicateSegment : .unknownSegmentType,
                        segment: index,
                        bit: 0,
                        field: .segmentType,
                        value: raw
                    )
                }
                guard seen & (1 << raw) == 0 else {
                    throw TCStringError.at(.duplicateSegment, segment: index, bit: 0, field: .segmentType, value: raw)
                }
                type = known
                try scanSegment(known, &reader)
            }
            seen |= 1 << type.rawValue
            var segment = WireLayout.Segment(
                type: type,
                characters: reader.bitCount / 6,
                equalsSigns: (end &- start) &- reader.bitCount / 6,
                contentBits: reader.offset
            ).packed
            // The bits after the last field are almost always zero padding, fewer than 57: one
            // load (the scratch is zero past the segment) says so. Anything else takes the rare path.
            if _slowPath(reader.hasBitsAfterOffset) {
                segment = notePaddingBits(reader, segment)
            }
            segments.append(segment)
            guard end < input.count else { return }
            start = end &+ 1
            index &+= 1
        }
    }

    /// The rare path of a segment's end: when a bit after the last field is set, flags the packed
    /// `segment` and reserves words for those bits, which pass 2 copies to the end of the storage
    /// (see `WireLayout.padding(of:in:)`), so the layout-preserving encoding writes them back.
    @inline(never)
    private mutating func notePaddingBits(_ reader: BitReader, _ segment: UInt64) -> UInt64 {
        var position = reader.offset
        while position < reader.bitCount {
            // Bits past the segment's end read as zero.
            if reader.peek64(at: position) != 0 {
                paddingWords &+= WireLayout.paddingWords(bits: reader.remaining)
                return segment | WireLayout.Segment.paddingFlag
            }
            position &+= 64
        }
        return segment
    }

    /// Base64url-decodes the segment starting at `start` into the next free scratch bytes, finding
    /// its end (the next `.`, or the end of the input) in the same pass. Up to two trailing `=` are
    /// accepted and ignored.
    ///
    /// - Returns: a reader over the segment, and the index of its end.
    @inline(__always)
    private mutating func decodeBase64(from start: Int, segment: Int) throws(TCStringError) -> (BitReader, end: Int) {
        let rest = UnsafeBufferPointer(rebasing: input[start...])
        let base = scratch + scratchUsed
        let characters = Base64URL.decodePrefix(rest, into: base)
        var end = characters
        while end < rest.count && end &- characters < 2 && rest[end] == UInt8(ascii: "=") { end &+= 1 }
        guard end == rest.count || rest[end] == UInt8(ascii: ".") else {
            // A byte outside the alphabet, or `=` that is not trailing padding.
            throw TCStringError.at(
                .invalidCharacter,
                segment: segment,
                bit: characters &* 6,
                value: Int(rest[characters])
            )
        }
        guard characters > 0 else { throw TCStringError(.emptySegment, segment: segment, bitOffset: 0) }
        scratchUsed &+= Base64URL.scratchSize(characters: characters)
        return (BitReader(base: base, bitCount: characters &* 6, segment: segment), start &+ end)
    }

    private mutating func scanCore(_ r: inout BitReader) throws(TCStringError) {
        let version = try r.read(.version)
        guard version == 2 else {
            throw TCStringError.at(.unsupportedVersion, segment: r.segment, bit: 0, field: .version, value: version)
        }
        // One bounds check for all fixed fields; a shorter core is read field by field only to say
        // in which field it ends.
        let fixedBits = CoreField.bitCount &- CoreField.created.offset
        if r.remaining < fixedBits {
            var probe = r
            for field in CoreField.allCases.dropFirst() { _ = try probe.read(field.field) }
        }
        r.skip(fixedBits)
        try scanVendorSection(&r, .vendorConsents)
        try scanVendorSection(&r, .vendorLegitimateInterests)
        try scanRestrictions(&r)
    }

    private mutating func scanSegment(_ type: SegmentType, _ r: inout BitReader) throws(TCStringError) {
        switch type {
        case .core:
            preconditionFailure("the core is decoded by scanCore")
        case .disclosedVendors:
            try scanVendorSection(&r, .disclosedVendors)
        case .allowedVendors:
            try scanVendorSection(&r, .allowedVendors)
        case .publisherTC:
            let consents = PurposeSet(rawValue: try r.readLeftAligned(24, .pubPurposesConsent))
            let interests = PurposeSet(rawValue: try r.readLeftAligned(24, .pubPurposesLITransparency))
            let count = try r.read(.numCustomPurposes)
            let customConsents = CustomPurposeSet(rawValue: try r.readLeftAligned(count, .customPurposesConsent))
            let customInterests = CustomPurposeSet(
                rawValue: try r.readLeftAligned(count, .customPurposesLITransparency)
            )
            publisherTC = PublisherTC(
                purposeConsents: consents,
                purposeLegitimateInterests: interests,
                numCustomPurposes: count,
                customPurposeConsents: customConsents,
                customPurposeLegitimateInterests: customInterests
            )
        }
    }

    /// MaxVendorId, IsRangeEncoding, then a bitfield (skipped) or range entries (validated), into
    /// the slot of `kind`.
    ///
    /// Writes the section in place, so that no just-stored stack copy of it is reloaded in wider
    /// pieces (a store-to-load forwarding stall), as returning and assigning it would.
    @inline(__always)
    private mutating func scanVendorSection(_ r: inout BitReader, _ kind: WireLayout.Section) throws(TCStringError) {
        let section = sections + kind.rawValue
        let maxVendorId = try r.read(.maxVendorId)
        if try !r.readBool(.isRangeEncoding) {
            try r.require(maxVendorId, .bitField)
            section.initialize(
                to: VendorSection(
                    reader: r,
                    maxVendorId: maxVendorId,
                    isRange: false,
                    entryCount: 0,
                    canonical: true,
                    words: Self.bitFieldWords(r, bits: maxVendorId)
                )
            )
            found |= 1 << kind.rawValue
            r.skip(maxVendorId)
            return
        }
        let count = try r.read(.numEntries)
        let start = r
        let (canonical, highest) = try Self.scanRangeEntries(&r, count: count, maxVendorId: maxVendorId)
        section.initialize(
            to: VendorSection(
                reader: start,
                maxVendorId: maxVendorId,
                isRange: true,
                entryCount: count,
                canonical: canonical,
                words: (highest &+ 63) &>> 6
            )
        )
        found |= 1 << kind.rawValue
    }

    /// The words of the `bits`-bit bitfield at `r` up to the last one with a bit set (its last
    /// word masked to the field). Usually the last word: MaxVendorId is the highest id present.
    private static func bitFieldWords(_ r: BitReader, bits: Int) -> Int {
        var words = (bits &+ 63) &>> 6
        guard words > 0 else { return 0 }
        let spare = words &* 64 &- bits
        if r.peek64(at: r.offset &+ (words &- 1) &* 64) & (~0 &<< UInt64(spare)) != 0 { return words }
        words &-= 1
        while words > 0 && r.peek64(at: r.offset &+ (words &- 1) &* 64) == 0 { words &-= 1 }
        return words
    }

    /// Reads and validates `count` range entries.
    ///
    /// - Parameter maxVendorId: the bound: MaxVendorId for vendor sections; 65535 for publisher
    ///   restrictions, which have none of their own.
    /// - Returns: whether the entries were canonical (ascending maximal runs, IsARange set exactly for runs
    ///   of two or more), and the highest id (0 when there are none).
    private static func scanRangeEntries(
        _ reader: inout BitReader,
        count: Int,
        maxVendorId: Int
    )
        throws(TCStringError) -> (canonical: Bool, highest: Int)
    {
        // A section without entries (often an empty set) needs neither the copy nor its store.
        guard count > 0 else { return (true, 0) }
        // A local copy stays in registers; the inout one would be stored back after every entry.
        var r = reader
        defer { reader = r }
        var canonical = true
        // The highest end so far: entries are canonical while each starts past it, with a gap.
        // -1 before the first, which may then start at vendor 1.
        var highest = -1
        // An entry starting at or before this bit has all of its (at most 33) bits.
        let lastWhole = r.bitCount &- 33
        var left = count
        while left > 0 {
            left &-= 1
            let entryOffset = r.offset
            let (isRange, start, end) = try Self.readRangeEntry(&r, lastWhole: lastWhole)
            guard start >= 1 else {
                throw TCStringError.at(
                    .invalidVendorId,
                    segment: r.segment,
                    bit: entryOffset &+ 1,
                    field: .startOrOnlyVendorId,
                    value: 0
                )
            }
            guard end >= start, end <= maxVendorId else {
                throw TCStringError.at(
                    .invalidRange,
                    segment: r.segment,
                    bit: entryOffset,
                    field: .endVendorId,
                    value: end
                )
            }
            if start <= highest &+ 1 || isRange != (end > start) { canonical = false }
            highest = Swift.max(highest, end)
            guard !isRange else { continue }
            // After a single id, more usually follow (long sections are mostly single ids): three
            // in a row (IsARange 0 at bits 0, 17 and 34) that ascend with gaps past the last entry,
            // within the bound, are valid and canonical, one load and five compares for the three.
            // Anything else goes one entry at a time above, which says what is wrong.
            while left >= 3 && r.offset <= lastWhole &- 18 {
                guard let (first, second, third) = BitReader.threeSingleIDs(r.peek64(at: r.offset)),
                    first >= highest &+ 2, second >= first &+ 2, third >= second &+ 2, third <= maxVendorId
                else { break }
                highest = third
                r.offset &+= 51
                left &-= 3
            }
        }
        return (canonical, highest)
    }

    /// Reads IsARange, StartOrOnlyVendorId and, for a range, EndVendorId, with one load when the
    /// entry starts at or before bit `lastWhole`, which leaves room for a whole range entry.
    @inline(__always)
    private static func readRangeEntry(_ r: inout BitReader, lastWhole: Int) throws(TCStringError) -> (Bool, Int, Int) {
        guard r.offset <= lastWhole else {
            let isRange = try r.readBool(.isARange)
            let start = try r.read(.startOrOnlyVendorId)
            return (isRange, start, isRange ? try r.read(.endVendorId) : start)
        }
        return r.readRangeEntryUnchecked()
    }

    /// Validates the restrictions into ``restrictions`` and notes, per (purpose, type), where its
    /// first restriction entry is and its highest vendor id.
    ///
    /// Always inlined, like ``scanVendorSection(_:_:)`` and ``decodeBase64(from:segment:)``: a short
    /// string is bound by stores, and each call saved and restored registers on the stack.
    @inline(__always)
    private mutating func scanRestrictions(_ r: inout BitReader) throws(TCStringError) {
        let sectionStart = r
        let count = try r.read(.numPubRestrictions)
        var canonical = true
        var previousKey = -1
        for _ in 0..<count {
            let position = UInt32(truncatingIfNeeded: r.offset &- sectionStart.offset)
            let key = try r.read(.purposeId) << 2 | r.read(.restrictionType)
            let entryCount = try r.read(.numEntries)
            let (entriesCanonical, highest) = try Self.scanRangeEntries(
                &r,
                count: entryCount,
                maxVendorId: VendorSet.maxID
            )
            if !entriesCanonical || key <= previousKey { canonical = false }
            previousKey = key
            if pairKeys.insert(key) {
                pairs.highest[key] = UInt32(truncatingIfNeeded: highest)
                pairs.firstEntry[key] = position
            } else {
                _ = recurringKeys.insert(key)
                pairs.highest[key] = Swift.max(pairs.highest[key], UInt32(truncatingIfNeeded: highest))
            }
        }
        restrictions = Restrictions(reader: sectionStart, count: count, end: r.offset, canonical: canonical)
    }
}

/// A set of (PurposeId << 2 | RestrictionType) keys, 0-255, iterated in ascending order.
struct KeySet: Sequence, IteratorProtocol {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Whether there are no keys: cheaper than `count == 0` (baseline x86-64 has no popcount instruction).
    var isEmpty: Bool { words.0 | words.1 | words.2 | words.3 == 0 }

    /// The number of keys.
    var count: Int {
        words.0.nonzeroBitCount &+ words.1.nonzeroBitCount &+ words.2.nonzeroBitCount &+ words.3.nonzeroBitCount
    }

    /// Whether `key` is in the set.
    func contains(_ key: Int) -> Bool {
        withUnsafeBytes(of: words) { raw in
            raw.load(fromByteOffset: key &>> 6 &* 8, as: UInt64.self) & (1 as UInt64) &<< UInt64(key & 63) != 0
        }
    }

    /// Inserts `key`; returns whether it was new.
    mutating func insert(_ key: Int) -> Bool {
        let bit = (1 as UInt64) &<< UInt64(key & 63)
        return withUnsafeMutableBytes(of: &words) { raw in
            let word = raw.baseAddress!.assumingMemoryBound(to: UInt64.self) + (key &>> 6)
            defer { word.pointee |= bit }
            return word.pointee & bit == 0
        }
    }

    /// Removes and returns the lowest key.
    mutating func next() -> Int? {
        withUnsafeMutableBytes(of: &words) { raw in
            let words = raw.baseAddress!.assumingMemoryBound(to: UInt64.self)
            for i in 0..<4 where words[i] != 0 {
                let bit = words[i].trailingZeroBitCount
                words[i] &= words[i] &- 1
                return i &* 64 &+ bit
            }
            return nil
        }
    }
}
