/// How a decoded TC string was laid out on the wire, beyond what the model says: the choices
/// another encoder made (MaxVendorId, bitfield or ranges, the range entries as written, segment
/// order, padding). The encoder reuses a section's layout while the section still holds the value
/// it was decoded with, so an unchanged string re-encodes byte for byte.
struct WireLayout: Sendable {
    /// One segment as it appeared in the input.
    struct Segment: Sendable {
        var type: SegmentType
        /// Base64url characters, without `=`.
        var characters: Int
        /// Trailing `=` characters.
        var equalsSigns: Int
        /// Bits the fields used; the rest of `characters * 6` was padding.
        var contentBits: Int
    }

    /// The segments in input order.
    var segments: [Segment] = []
    var vendorConsents: VendorSectionLayout?
    var vendorLegitimateInterests: VendorSectionLayout?
    var disclosedVendors: VendorSectionLayout?
    var allowedVendors: VendorSectionLayout?
    /// Present only when the restrictions were not written canonically (sorted, merged, maximal runs).
    var publisherRestrictions: RestrictionsLayout?
}

/// One range entry as written: `isRange` is the IsARange bit (a range may cover a single id).
struct RangeEntry: Sendable, Hashable {
    var start: Int
    var end: Int
    var isRange: Bool
}

/// A vendor section as it was decoded.
struct VendorSectionLayout: Sendable {
    /// The set as decoded; the layout applies while the model still holds exactly this set.
    var decoded: VendorSet
    var maxVendorId: Int
    var isRangeEncoding: Bool
    /// The entries as written, or `nil` when they were the set's maximal runs in ascending order.
    var entries: [RangeEntry]?
}

/// Publisher restrictions as written, kept only when they differ from the canonical form.
struct RestrictionsLayout: Sendable {
    struct Entry: Sendable {
        var purposeId: Int
        var restrictionType: RestrictionType
        var entries: [RangeEntry]
    }

    var decoded: PublisherRestrictions
    var entries: [Entry]
}
