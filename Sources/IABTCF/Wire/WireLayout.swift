/// How a decoded TC string was laid out on the wire, beyond what the model says: the choices
/// another encoder made (MaxVendorId, bitfield or ranges, the range entries as written, segment
/// order, padding). The encoder reuses a section's layout while the section still holds the value
/// it was decoded with, so an unchanged string re-encodes byte for byte.
///
/// It holds packed integers only: where things are in the decode's words (``TCString/words``, which
/// also hold the vendor sets and any range entries as written). Those stay out of it so that
/// reading one set copies no more than that set's slice, never the whole layout. A value built in
/// code has an empty one (no
/// segments); it is not optional so that a decode writes its parts in place.
struct WireLayout: Sendable {
    /// One segment as it appeared in the input.
    struct Segment: Sendable {
        var type: SegmentType
        /// Base64url characters, without `=`.
        var characters: Int
        /// Trailing `=` characters (0-2).
        var equalsSigns: Int
        /// Bits the fields used; the rest of `characters * 6` was padding.
        var contentBits: Int
        /// Whether a bit after ``contentBits`` was set (non-zero padding, or data after the last
        /// field): those bits are then kept in `storage` (see `padding(of:in:)`).
        var hasPaddingBits: Bool

        /// The bits after the content: `characters * 6 - contentBits`.
        var paddingBits: Int { characters &* 6 &- contentBits }

        /// Bit 59 of a packed segment: ``hasPaddingBits``.
        static let paddingFlag: UInt64 = 1 << 59

        /// Type in bits 62-63, `=` count in 60-61, ``hasPaddingBits`` in 59, characters in 30-58
        /// (``TCString/DecodingOptions/largestMaximumLength`` keeps them below 2^29), content bits in
        /// 0-29 (a core's fields take at most 553 million bits).
        init(packed: UInt64) {
            type = SegmentType(rawValue: Int(packed >> 62))!
            equalsSigns = Int(packed >> 60 & 3)
            hasPaddingBits = packed & Self.paddingFlag != 0
            characters = Int(packed >> 30 & 0x1FFF_FFFF)
            contentBits = Int(packed & 0x3FFF_FFFF)
        }

        init(type: SegmentType, characters: Int, equalsSigns: Int, contentBits: Int, hasPaddingBits: Bool = false) {
            self.type = type
            self.characters = characters
            self.equalsSigns = equalsSigns
            self.contentBits = contentBits
            self.hasPaddingBits = hasPaddingBits
        }

        var packed: UInt64 {
            UInt64(type.rawValue) << 62 | UInt64(equalsSigns) << 60 | (hasPaddingBits ? Self.paddingFlag : 0)
                | UInt64(characters) << 30 | UInt64(contentBits)
        }
    }

    /// The segments in input order, packed (``Segment/init(packed:)``) to keep the value small.
    var segments = FixedList4<UInt64>(filler: 0)
    /// Packed ``VendorSectionLayout``s for vendor consents, vendor LI, disclosed and allowed vendors (0: absent).
    var sections: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    /// Where the decoded restrictions' descriptors are in the words: their offset in the high 32
    /// bits, their count in the low 32 (0: none). Offsets rather than a ``PublisherRestrictions``:
    /// one reference less to release with every value.
    var restrictionDescriptors: UInt64 = 0
    /// Where the restriction section's bytes are in the words (``restrictionSection(word:bit:canonical:)``).
    var restrictionSection: UInt64 = 0

    /// The restriction section's bytes from word `word` of the words on, NumPubRestrictions at bit
    /// `bit` (0-7) of the first byte: bits 3-62 and 0-2; bit 63 set when the restriction entries
    /// were not canonical (their layout is then kept for the encoder).
    static func restrictionSection(word: Int, bit: Int, canonical: Bool) -> UInt64 {
        (canonical ? 0 : 1 << 63) | UInt64(word) << 3 | UInt64(bit)
    }

    /// The set a decode found in `section`, sharing `words`: empty when it has no ids, `nil` when
    /// the section was absent (or for a value built in code).
    @inline(__always)
    func decodedSet(_ section: Section, in words: [UInt64]) -> VendorSet? {
        let packed = packedSection(section)
        return packed == 0 ? nil : VendorSectionLayout.set(packed, in: words)
    }

    /// The publisher restrictions a decode found, sharing `words`; none for a value built in code.
    func decodedRestrictions(in words: [UInt64]) -> PublisherRestrictions {
        let count = Int(restrictionDescriptors & 0xFFFF_FFFF)
        guard count > 0 else { return PublisherRestrictions() }
        return PublisherRestrictions(
            storage: words,
            start: Int(restrictionDescriptors >> 32),
            count: count,
            sectionWord: Int(restrictionSection >> 3 & 0x0FFF_FFFF_FFFF_FFFF),
            sectionBit: Int(restrictionSection & 7)
        )
    }

    /// Whether this is a decode's layout; a value built in code has none.
    var isDecoded: Bool { !segments.isEmpty }

    /// Words a segment's padding bits take in the words.
    static func paddingWords(bits: Int) -> Int { (bits &+ 63) &>> 6 }

    /// The bits after the content of the segment at `index` (in input order), MSB first, when one
    /// of them was set; `nil` when they were all zero (the common case: nothing is kept then).
    ///
    /// They are the last of the decode's `words`, segment after segment in input order.
    func padding(of index: Int, in storage: [UInt64]) -> ArraySlice<UInt64>? {
        guard Segment(packed: segments[index]).hasPaddingBits else { return nil }
        var start = storage.count
        for packed in segments {
            let segment = Segment(packed: packed)
            if segment.hasPaddingBits { start -= Self.paddingWords(bits: segment.paddingBits) }
        }
        for packed in segments[..<index] {
            let segment = Segment(packed: packed)
            if segment.hasPaddingBits { start += Self.paddingWords(bits: segment.paddingBits) }
        }
        let words = Self.paddingWords(bits: Segment(packed: segments[index]).paddingBits)
        return storage[start..<(start + words)]
    }

    /// The vendor sections, in the order of ``sections``.
    enum Section: Int {
        case vendorConsents, vendorLegitimateInterests, disclosedVendors, allowedVendors
    }

    func section(_ section: Section, in words: [UInt64]) -> VendorSectionLayout? {
        let packed = packedSection(section)
        return packed == 0 ? nil : VendorSectionLayout(packed: packed, storage: words)
    }

    /// The packed layout of `section` (0: absent).
    @inline(__always)
    private func packedSection(_ section: Section) -> UInt64 {
        switch section {
        case .vendorConsents: sections.0
        case .vendorLegitimateInterests: sections.1
        case .disclosedVendors: sections.2
        case .allowedVendors: sections.3
        }
    }

    mutating func set(_ section: Section, _ layout: VendorSectionLayout.Packed) {
        withUnsafeMutableBytes(of: &sections) {
            $0.storeBytes(of: layout.value, toByteOffset: section.rawValue * 8, as: UInt64.self)
        }
    }

    /// The restriction entries as written, when they were not canonical.
    func restrictionsLayout(in words: [UInt64]) -> RestrictionsLayout? {
        restrictionSection >> 63 == 1 ? RestrictionsLayout(decoded: decodedRestrictions(in: words)) : nil
    }
}

/// A decoded value's layout with the words it points into: what the encoder reads.
struct DecodedLayout {
    let wire: WireLayout
    let words: [UInt64]

    var segments: FixedList4<UInt64> { wire.segments }
    func section(_ section: WireLayout.Section) -> VendorSectionLayout? { wire.section(section, in: words) }
    var restrictionsLayout: RestrictionsLayout? { wire.restrictionsLayout(in: words) }
    func padding(of index: Int) -> ArraySlice<UInt64>? { wire.padding(of: index, in: words) }
}

/// One range entry as written: `isRange` is the IsARange bit (a range may cover a single id).
struct RangeEntry: Sendable, Hashable {
    var start: Int
    var end: Int
    var isRange: Bool

    /// Entries are kept packed in one word each: IsARange in bit 32, start in bits 16-31, end in 0-15.
    init(packed: UInt64) {
        isRange = packed >> 32 & 1 == 1
        start = Int(packed >> 16 & 0xFFFF)
        end = Int(packed & 0xFFFF)
    }

    init(start: Int, end: Int, isRange: Bool) {
        self.start = start
        self.end = end
        self.isRange = isRange
    }

    var packed: UInt64 { (isRange ? 1 << 32 : 0) | UInt64(start) << 16 | UInt64(end) }

    /// IsARange(1) + StartOrOnlyVendorId(16) [+ EndVendorId(16)].
    var bits: Int { isRange ? 33 : 17 }
}

/// A vendor section as it was decoded.
struct VendorSectionLayout: Sendable {
    /// The set as decoded; the layout applies while the model still holds exactly this set.
    var decoded: VendorSet
    var maxVendorId: Int
    var isRangeEncoding: Bool
    /// The entries as written (packed ``RangeEntry`` words), or `nil` when they were the set's
    /// maximal runs in ascending order.
    var entries: ArraySlice<UInt64>?

    /// The section in one word: bit 63 present, 47-62 MaxVendorId, 46 IsRangeEncoding, 45 entries
    /// kept, 24-44 offset of the set's words in the storage, 12-23 its word count (at most 1,024),
    /// 0-11 the number of entries kept (they follow the set's words).
    struct Packed {
        var value: UInt64

        /// Every argument is in range by construction (the decoder's bounds), so nothing is checked.
        init(maxVendorId: Int, isRange: Bool, setOffset: Int, setCount: Int, keptEntries: Int?) {
            func bits(_ value: Int, at shift: UInt64) -> UInt64 { UInt64(truncatingIfNeeded: value) &<< shift }
            value =
                1 << 63 | bits(maxVendorId, at: 47) | (isRange ? 1 << 46 : 0) | (keptEntries != nil ? 1 << 45 : 0)
                | bits(setOffset, at: 24) | bits(setCount, at: 12) | bits(keptEntries ?? 0, at: 0)
        }
    }

    /// Where the set's words are in the storage (they end with the last word that holds an id).
    static func words(_ packed: UInt64) -> Range<Int> {
        let offset = Int(packed >> 24 & 0x1F_FFFF)
        return offset..<(offset &+ Int(packed >> 12 & 0xFFF))
    }

    /// The set of the section `packed` describes, sharing `storage`.
    @inline(__always)
    static func set(_ packed: UInt64, in storage: [UInt64]) -> VendorSet {
        let words = Self.words(packed)
        return words.isEmpty ? VendorSet() : VendorSet(trimmedWords: storage[words])
    }

    init(packed: UInt64, storage: [UInt64]) {
        let words = Self.words(packed)
        decoded = Self.set(packed, in: storage)
        maxVendorId = Int(packed >> 47 & 0xFFFF)
        isRangeEncoding = packed >> 46 & 1 == 1
        entries = packed >> 45 & 1 == 1 ? storage[words.upperBound..<(words.upperBound + Int(packed & 0xFFF))] : nil
    }
}

/// Publisher restrictions as written, for the encoder when they differ from the canonical form:
/// read from the section's bytes the decoded list keeps.
struct RestrictionsLayout: Sendable {
    var decoded: PublisherRestrictions

    /// Calls `body` with each restriction entry as written: its range entries are packed
    /// ``RangeEntry`` words.
    func forEach(_ body: (_ purposeId: Int, _ type: RestrictionType, _ entries: ArraySlice<UInt64>) -> Void) {
        decoded.forEachWritten(body)
    }

    /// How many restriction entries were written.
    var count: Int { decoded.writtenCount }
}
