/// The vendor sets and publisher restrictions of a ``TCString`` once code sets any of them.
///
/// A class so that a value holds them behind one reference, and only when it needs them (a
/// decoded value reads them from its shared words). ``TCString`` copies it before changing it
/// when it is shared, so every value keeps its own sets.
final class EditedSets: @unchecked Sendable {
    // Unchecked: it is only changed through a ``TCString`` that holds the only reference to it.
    var vendorConsents: VendorSet
    var vendorLegitimateInterests: VendorSet
    var publisherRestrictions: PublisherRestrictions
    var disclosedVendors: VendorSet?
    var allowedVendors: VendorSet?

    init(
        vendorConsents: VendorSet,
        vendorLegitimateInterests: VendorSet,
        publisherRestrictions: PublisherRestrictions,
        disclosedVendors: VendorSet?,
        allowedVendors: VendorSet?
    ) {
        self.vendorConsents = vendorConsents
        self.vendorLegitimateInterests = vendorLegitimateInterests
        self.publisherRestrictions = publisherRestrictions
        self.disclosedVendors = disclosedVendors
        self.allowedVendors = allowedVendors
    }
}
