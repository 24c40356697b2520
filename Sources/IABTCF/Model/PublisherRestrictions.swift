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
public struct PublisherRestrictions: Sendable, Hashable, RandomAccessCollection {
    /// Sorted by (purposeId, restrictionType), one entry per pair.
    var entries: [PublisherRestriction]

    /// Creates an empty list.
    public init() { entries = [] }

    /// Takes entries already sorted by (purposeId, restrictionType), one per pair.
    init(sortedEntries: [PublisherRestriction]) { entries = sortedEntries }

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

    /// The position of the first entry.
    public var startIndex: Int { entries.startIndex }
    /// The position past the last entry.
    public var endIndex: Int { entries.endIndex }
    /// The entry at `position`, in (purpose, type) order.
    public subscript(position: Int) -> PublisherRestriction { entries[position] }

    /// The vendors restricted for `purposeId` with `restrictionType` (empty when there is no such entry).
    public func vendors(purposeId: Int, restrictionType: RestrictionType) -> VendorSet {
        guard let index = index(purposeId, restrictionType) else { return VendorSet() }
        return entries[index].vendors
    }

    /// The restriction the publisher placed on `vendorId` for `purposeId`, or `nil` when there is none.
    /// If a vendor is listed under several types, the lowest (most restrictive) is returned.
    public func restrictionType(vendorId: Int, purposeId: Int) -> RestrictionType? {
        entries.first { $0.purposeId == purposeId && $0.vendors.contains(vendorId) }?.restrictionType
    }

    /// The entries for one purpose, ordered by type.
    public func restrictions(purposeId: Int) -> [PublisherRestriction] {
        entries.filter { $0.purposeId == purposeId }
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
        entries.removeAll { $0.purposeId == purposeId && $0.restrictionType == restrictionType }
    }

    /// Removes `vendorId` from every entry; entries stay even when they become empty.
    public mutating func remove(vendorId: Int) {
        for i in entries.indices { entries[i].vendors.remove(vendorId) }
    }

    /// Merges without validating the purpose (the decoder keeps whatever the wire says).
    mutating func merge(_ vendors: VendorSet, purposeId: Int, restrictionType: RestrictionType) {
        if let index = index(purposeId, restrictionType) {
            entries[index].vendors.formUnion(vendors)
            return
        }
        let key = purposeId << 2 | restrictionType.rawValue
        let position = entries.firstIndex { $0.purposeId << 2 | $0.restrictionType.rawValue > key } ?? entries.endIndex
        entries.insert(
            PublisherRestriction(purposeId: purposeId, restrictionType: restrictionType, vendors: vendors),
            at: position
        )
    }

    private func index(_ purposeId: Int, _ type: RestrictionType) -> Int? {
        entries.firstIndex { $0.purposeId == purposeId && $0.restrictionType == type }
    }
}
