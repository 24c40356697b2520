/// What a publisher restriction demands of the listed vendors for one purpose.
public enum RestrictionType: Int, Sendable, Hashable, CaseIterable {
    /// 0: the purpose is flatly not allowed for these vendors.
    case notAllowed = 0
    /// 1: the vendors need consent (they declared legitimate interest and are flexible).
    case requireConsent = 1
    /// 2: the vendors need legitimate interest (they declared consent and are flexible).
    case requireLegitimateInterest = 2
    /// 3: reserved by the specification; decoded so that no string is lost, flagged by validation.
    case undefined = 3
}

/// One (purpose, restriction type) pair and the vendors it applies to.
public struct PublisherRestriction: Sendable, Hashable {
    /// The restricted purpose (1-24 meaningful; the 6-bit field can hold 0-63 and a decoded value keeps it).
    public var purposeId: Int
    /// What the restriction demands.
    public var restrictionType: RestrictionType
    /// The vendors it applies to; may be empty (NumEntries = 0 on the wire).
    public var vendors: VendorSet

    /// Creates a restriction entry.
    public init(purposeId: Int, restrictionType: RestrictionType, vendors: VendorSet) {
        self.purposeId = purposeId
        self.restrictionType = restrictionType
        self.vendors = vendors
    }
}

/// The publisher restrictions of a TC string: one entry per (purpose, restriction type), sorted by
/// purpose then type, with entries for the same pair merged however they appeared on the wire.
///
/// Decoded restrictions are read where they were decoded: the list keeps the section's bytes and
/// one descriptor per pair saying where the pair's first restriction entry is, and an entry's
/// ``PublisherRestriction/vendors`` are built from its range entries when it is read.
/// ``restrictionType(vendorId:purposeId:)`` walks the range entries and builds nothing.
public struct PublisherRestrictions: Sendable, RandomAccessCollection {
    /// One descriptor word per entry, sorted by (purposeId, restrictionType), then what they point
    /// into: the entries' vendor words (``descriptor(purposeId:restrictionType:words:)``), or for a
    /// decoded list the section's bytes (``decodedDescriptor(key:position:highest:recurs:)``). A
    /// decode slices this out of its one word buffer, so restrictions cost no allocation of their
    /// own; the rare mutations rebuild it.
    ///
    /// A whole array and an offset rather than an `ArraySlice`: this keeps `TCString` smaller.
    private var storage: [UInt64]
    /// Where the descriptors start in ``storage``.
    private var start: UInt32
    /// The number of entries.
    @usableFromInline internal private(set) var entryCount: UInt32
    /// 0 for a list built in code; for a decoded one, bit 31 set, then the word of ``storage``
    /// where the section's bytes start (bits 3-30) and the bit of that byte where
    /// NumPubRestrictions starts (bits 0-2).
    private var section: UInt32

    /// Creates an empty list.
    public init() {
        storage = []
        start = 0
        entryCount = 0
        section = 0
    }

    /// Takes `count` descriptors (``descriptor(purposeId:restrictionType:words:)``) from `storage[start]` on,
    /// followed by the words they point into.
    init(storage: [UInt64], start: Int, count: Int) {
        self.storage = storage
        self.start = UInt32(start)
        entryCount = UInt32(count)
        section = 0
    }

    /// Takes `count` decoded descriptors (``decodedDescriptor(key:position:highest:recurs:)``) from
    /// `storage[start]` on; the section's bytes start at word `sectionWord` of `storage`, followed
    /// by ``BitReader/tailPadding`` bytes, with NumPubRestrictions at bit `sectionBit` (0-7).
    init(storage: [UInt64], start: Int, count: Int, sectionWord: Int, sectionBit: Int) {
        self.storage = storage
        self.start = UInt32(start)
        entryCount = UInt32(count)
        section = 1 << 31 | UInt32(sectionWord) << 3 | UInt32(sectionBit)
    }

    /// Takes entries already sorted by (purposeId, restrictionType), one per pair.
    init(sortedEntries: [PublisherRestriction]) {
        var words = [UInt64](repeating: 0, count: sortedEntries.count)
        for (i, entry) in sortedEntries.enumerated() {
            let start = words.count
            words.append(contentsOf: entry.vendors.words)
            words[i] = Self.descriptor(
                purposeId: entry.purposeId,
                restrictionType: entry.restrictionType.rawValue,
                words: start..<words.count
            )
        }
        self.init(storage: words, start: 0, count: sortedEntries.count)
    }

    /// Creates a list from entries in any order, merging entries of the same pair.
    ///
    /// - Throws: ``TCStringError/Code/valueOutOfRange`` for a purpose outside 1-24.
    public init(_ restrictions: some Sequence<PublisherRestriction>) throws(TCStringError) {
        self.init()
        for restriction in restrictions {
            try insert(
                vendors: restriction.vendors,
                purposeId: restriction.purposeId,
                restrictionType: restriction.restrictionType
            )
        }
    }

    /// An entry's descriptor: the key (PurposeId << 2 | RestrictionType) in bits 48-55, the first of
    /// its vendor words (relative to the descriptors' start) in bits 16-47 and their count in bits 0-15.
    static func descriptor(purposeId: Int, restrictionType: Int, words: Range<Int>) -> UInt64 {
        UInt64(purposeId << 2 | restrictionType) << 48 | UInt64(words.lowerBound) << 16 | UInt64(words.count)
    }

    /// A decoded entry's descriptor: the key (PurposeId << 2 | RestrictionType) in bits 56-63,
    /// whether the pair has more than one restriction entry in bit 55, its highest vendor id in
    /// bits 32-47 and where its first restriction entry starts, in bits from the section's start,
    /// in bits 0-31.
    static func decodedDescriptor(key: Int, position: Int, highest: Int, recurs: Bool) -> UInt64 {
        let flag: UInt64 = recurs ? 1 << 55 : 0
        return UInt64(key) << 56 | flag | UInt64(highest) << 32 | UInt64(UInt32(truncatingIfNeeded: position))
    }

    /// Calls `body` with the decoded section, read where its bytes are; `nil` for a list built in code.
    private func withSection<R>(_ body: (RestrictionSection) -> R) -> R? {
        guard section != 0 else { return nil }
        let word = Int(section >> 3 & 0x0FFF_FFFF)
        return storage.withUnsafeBufferPointer { buffer in
            let bytes = UnsafeRawPointer(buffer.baseAddress! + word).assumingMemoryBound(to: UInt8.self)
            var reader = BitReader(base: bytes, bitCount: (buffer.count &- word) &* 64, segment: 0)
            reader.skip(Int(section & 7))
            return body(RestrictionSection(reader: reader))
        }
    }

    /// Calls `body` with each restriction entry as written, when the list was decoded: its purpose,
    /// type and range entries (packed ``RangeEntry`` words).
    func forEachWritten(_ body: (_ purposeId: Int, _ type: RestrictionType, _ entries: ArraySlice<UInt64>) -> Void) {
        withSection { $0.forEachWritten(body) }
    }

    /// NumPubRestrictions as written, when the list was decoded (a pair may recur); 0 otherwise.
    var writtenCount: Int { withSection { $0.count } ?? 0 }

    /// The position of the first entry.
    public var startIndex: Int { 0 }
    /// The position past the last entry.
    @inlinable public var endIndex: Int { Int(entryCount) }
    /// The number of entries.
    @inlinable public var count: Int { Int(entryCount) }

    /// The entry at `position`, in (purpose, type) order.
    public subscript(position: Int) -> PublisherRestriction {
        precondition(position >= 0 && position < count, "PublisherRestrictions index out of range")
        let descriptor = storage[Int(start) &+ position]
        if section != 0 {
            let key = Int(truncatingIfNeeded: descriptor >> 56)
            let vendors = withSection {
                $0.vendors(
                    key: key,
                    at: Int(truncatingIfNeeded: descriptor & 0xFFFF_FFFF),
                    highest: Int(truncatingIfNeeded: descriptor >> 32 & 0xFFFF),
                    recurs: descriptor >> 55 & 1 == 1
                )
            }
            return PublisherRestriction(
                purposeId: key >> 2,
                restrictionType: RestrictionType(rawValue: key & 3)!,
                vendors: vendors!
            )
        }
        let key = Int(truncatingIfNeeded: descriptor >> 48 & 0xFF)
        let start = Int(start) &+ Int(truncatingIfNeeded: descriptor >> 16 & 0xFFFF_FFFF)
        return PublisherRestriction(
            purposeId: key >> 2,
            restrictionType: RestrictionType(rawValue: key & 3)!,
            vendors: VendorSet(words: storage[start..<(start &+ Int(truncatingIfNeeded: descriptor & 0xFFFF))])
        )
    }

    /// Iterates the entries in (purpose, type) order.
    @inlinable public func makeIterator() -> Iterator { Iterator(restrictions: self) }

    /// The entries in (purpose, type) order. A decoded list's entries build their vendors when
    /// read; the iterator turns a decoded list into a built one on its first step, every entry's
    /// vendors in one buffer, so that reading them all allocates once rather than once per entry.
    ///
    /// The end test is inlinable, so that iterating an empty list costs a caller no call.
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline var restrictions: PublisherRestrictions
        @usableFromInline var position: Int

        @inlinable init(restrictions: PublisherRestrictions) {
            self.restrictions = restrictions
            position = 0
        }

        /// The next entry, or `nil` after the last.
        @inlinable public mutating func next() -> PublisherRestriction? {
            guard position < restrictions.count else { return nil }
            defer { position &+= 1 }
            return entry()
        }

        /// The entry at `position`.
        @usableFromInline mutating func entry() -> PublisherRestriction {
            if restrictions.section != 0 { restrictions = restrictions.built() }
            return restrictions[position]
        }
    }

    /// A decoded list as a list built in code: the same entries, every one's vendors built from the
    /// section's bytes into one buffer after the descriptors.
    private func built() -> PublisherRestrictions {
        let descriptors = storage[Int(start)..<(Int(start) &+ count)]
        var total = count
        for descriptor in descriptors {
            total &+= RestrictionSection.words(highest: Int(truncatingIfNeeded: descriptor >> 32 & 0xFFFF))
        }
        var words = ZeroWords.array(count: total)
        _ = withSection { section in
            words.withUnsafeMutableBufferPointer { words in
                var next = count
                for (position, descriptor) in descriptors.enumerated() {
                    let key = Int(truncatingIfNeeded: descriptor >> 56)
                    let count = RestrictionSection.words(highest: Int(truncatingIfNeeded: descriptor >> 32 & 0xFFFF))
                    words[position] = Self.descriptor(
                        purposeId: key >> 2,
                        restrictionType: key & 3,
                        words: next..<(next &+ count)
                    )
                    guard count > 0 else { continue }
                    section.fill(
                        UnsafeMutableBufferPointer(rebasing: words[next..<(next &+ count)]),
                        key: key,
                        at: Int(truncatingIfNeeded: descriptor & 0xFFFF_FFFF),
                        recurs: descriptor >> 55 & 1 == 1
                    )
                    next &+= count
                }
            }
        }
        return PublisherRestrictions(storage: words, start: 0, count: count)
    }

    /// The vendors restricted for `purposeId` with `restrictionType` (empty when there is no such entry).
    public func vendors(purposeId: Int, restrictionType: RestrictionType) -> VendorSet {
        guard let index = index(purposeId, restrictionType) else { return VendorSet() }
        return self[index].vendors
    }

    /// The restriction the publisher placed on `vendorId` for `purposeId`, or `nil` when there is none.
    /// If a vendor is listed under several types, the lowest (most restrictive) is returned.
    public func restrictionType(vendorId: Int, purposeId: Int) -> RestrictionType? {
        if let decoded = withSection({ decodedRestrictionType(vendorId: vendorId, purposeId: purposeId, in: $0) }) {
            return decoded.map { RestrictionType(rawValue: $0)! }
        }
        return first { $0.purposeId == purposeId && $0.vendors.contains(vendorId) }?.restrictionType
    }

    /// The entries for one purpose, ordered by type.
    public func restrictions(purposeId: Int) -> [PublisherRestriction] {
        var result: [PublisherRestriction] = []
        for position in indices where key(at: position) >> 2 == purposeId { result.append(self[position]) }
        return result
    }

    /// Adds `vendors` to the entry for (`purposeId`, `restrictionType`), creating it (even when `vendors` is empty).
    ///
    /// - Throws: ``TCStringError/Code/valueOutOfRange`` for a purpose outside 1-24.
    public mutating func insert(
        vendors: VendorSet,
        purposeId: Int,
        restrictionType: RestrictionType
    ) throws(TCStringError) {
        guard (1...PurposeSet.maxID).contains(purposeId) else { throw .outOfRange(.purposeId, purposeId) }
        merge(vendors, purposeId: purposeId, restrictionType: restrictionType)
    }

    /// Adds one vendor to the entry for (`purposeId`, `restrictionType`).
    ///
    /// - Throws: ``TCStringError/Code/invalidVendorId`` or ``TCStringError/Code/valueOutOfRange``.
    public mutating func insert(vendorId: Int, purposeId: Int, restrictionType: RestrictionType) throws(TCStringError) {
        try insert(vendors: VendorSet([vendorId]), purposeId: purposeId, restrictionType: restrictionType)
    }

    /// Removes the entry for (`purposeId`, `restrictionType`).
    public mutating func removeAll(purposeId: Int, restrictionType: RestrictionType) {
        self = PublisherRestrictions(
            sortedEntries: filter {
                $0.purposeId != purposeId || $0.restrictionType != restrictionType
            }
        )
    }

    /// Removes `vendorId` from every entry; entries stay even when they become empty.
    public mutating func remove(vendorId: Int) {
        guard contains(where: { $0.vendors.contains(vendorId) }) else { return }
        self = PublisherRestrictions(
            sortedEntries: map {
                var entry = $0
                entry.vendors.remove(vendorId)
                return entry
            }
        )
    }

    /// Merges without validating the purpose (the decoder keeps whatever the wire says).
    mutating func merge(_ vendors: VendorSet, purposeId: Int, restrictionType: RestrictionType) {
        var entries = Array(self)
        if let index = index(purposeId, restrictionType) {
            entries[index].vendors.formUnion(vendors)
        } else {
            let key = purposeId << 2 | restrictionType.rawValue
            let position = entries.firstIndex { $0.purposeId << 2 | $0.restrictionType.rawValue > key } ?? count
            entries.insert(
                PublisherRestriction(purposeId: purposeId, restrictionType: restrictionType, vendors: vendors),
                at: position
            )
        }
        self = PublisherRestrictions(sortedEntries: entries)
    }

    private func index(_ purposeId: Int, _ type: RestrictionType) -> Int? {
        let key = purposeId << 2 | type.rawValue
        return indices.first { self.key(at: $0) == key }
    }

    /// ``restrictionType(vendorId:purposeId:)`` of a decoded list: walks only the range entries of
    /// `purposeId`'s pairs, in type order, unless one of them recurs on the wire.
    private func decodedRestrictionType(vendorId: Int, purposeId: Int, in section: RestrictionSection) -> Int? {
        for position in indices where key(at: position) >> 2 == purposeId {
            let descriptor = storage[Int(start) &+ position]
            guard descriptor >> 55 & 1 == 0 else {
                return section.restrictionType(vendorId: vendorId, purposeId: purposeId)
            }
            if section.holds(vendorId, inEntryAt: Int(truncatingIfNeeded: descriptor & 0xFFFF_FFFF)) {
                return Int(truncatingIfNeeded: descriptor >> 56 & 3)
            }
        }
        return nil
    }

    /// The purpose of the entry at `position`, without building its vendors.
    package func purposeId(at position: Int) -> Int { key(at: position) >> 2 }

    /// The key (PurposeId << 2 | RestrictionType) of the entry at `position`, read from its descriptor.
    private func key(at position: Int) -> Int {
        let descriptor = storage[Int(start) &+ position]
        return Int(truncatingIfNeeded: section != 0 ? descriptor >> 56 : descriptor >> 48 & 0xFF)
    }
}

extension PublisherRestrictions: Hashable {
    /// Equal when the entries are equal, however they are stored.
    public static func == (lhs: PublisherRestrictions, rhs: PublisherRestrictions) -> Bool {
        lhs.isSameDecodedList(as: rhs) || lhs.elementsEqual(rhs)
    }

    /// Whether both are the same decoded list, in the same words: equal without building a set
    /// (the encoder asks this of every unchanged decoded value).
    private func isSameDecodedList(as other: PublisherRestrictions) -> Bool {
        guard section != 0, section == other.section, start == other.start, entryCount == other.entryCount else {
            return false
        }
        return storage.withUnsafeBufferPointer { a in
            other.storage.withUnsafeBufferPointer { $0.baseAddress == a.baseAddress }
        }
    }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for entry in self { hasher.combine(entry) }
    }
}

extension PublisherRestrictions: CustomStringConvertible, CustomReflectable {
    /// The entries, as `print` shows them (not the words behind them).
    public var description: String { Array(self).description }

    /// The entries, as `dump` and debuggers show them.
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
