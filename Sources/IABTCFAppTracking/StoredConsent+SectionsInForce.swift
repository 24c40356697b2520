// The sections in force, in one place: which sections of the stored GPP string the US answer reads
// and how a section in force that the string lacks, or that does not decode, fails safe. The US
// answer (StoredConsent+US.swift) asks only `usSectionsInForce(of:sectionIds:)`.
import IABGPP
import IABTCFVendorList

/// The US sections (``USActivities/usSectionIds``) of a GPP string as the US answer reads them under `IABGPP_GppSID`.
///
/// A section is in force when `IABGPP_GppSID` lists it, or, without that key, when the string holds
/// it (every section then counts as in force). Each US section in force is one of three:
/// decoded (its opt-outs decide), failed (``IABGPP/GPPString/failedSections``: the choice cannot be
/// read, so it counts as an opt-out) or missing from the string (likewise an opt-out: fail safe,
/// never silence). A section the string holds that is not in force is named, and does not decide. A
/// section outside them (TCF EU, TCF Canada, an unknown id) does not decide the US answer, whether
/// it decoded, failed or is missing: one bad section never hides the others.
struct USSectionsInForce {
    /// What the string holds for one US section in force.
    enum Standing {
        /// The section decoded.
        case decoded(GPPSection)
        /// The section is in the string but did not decode.
        case failed(GPPFailedSection)
        /// `IABGPP_GppSID` lists the section; the string does not hold it.
        case missing
    }

    /// The US sections in force, ascending by id, with what the string holds for each.
    var inForce: [(id: Int, standing: Standing)] = []
    /// The sections the string holds that are not in force, ascending (any id).
    var notInForce: [Int] = []

    /// The US section ids: 6 (`uspv1`) and every section with a US table (one owner,
    /// ``USActivities/usSectionIds``).
    static var usSectionIds: Set<Int> { USActivities.usSectionIds }

    /// Reads `gpp` with `sectionIds` (`IABGPP_GppSID`; `nil`: every section of the string is in force).
    init(_ gpp: GPPString, sectionIds: [Int]?) {
        let held = gpp.sectionIds
        let listed = sectionIds.map(Set.init) ?? Set(held)
        notInForce = held.filter { !listed.contains($0) }
        for id in listed.sorted() where Self.usSectionIds.contains(id) {
            if let section = gpp.section(id) {
                inForce.append((id, .decoded(section)))
            } else if let failure = gpp.failedSection(id) {
                inForce.append((id, .failed(failure)))
            } else {
                inForce.append((id, .missing))
            }
        }
    }
}

extension StoredConsent {
    /// The US sections in force in `gpp` under `sectionIds` (`IABGPP_GppSID`), the one reading of
    /// "in force" the US answer uses (``usOptOuts``, ``usAdServing(vendor:)``).
    static func usSectionsInForce(of gpp: GPPString, sectionIds: [Int]?) -> USSectionsInForce {
        USSectionsInForce(gpp, sectionIds: sectionIds)
    }

    /// The reasons a US section in force gives that is not read as decoded: a section that failed
    /// is `AdServingReason.gppSectionUnreadable(sectionId:code:position:)`, one the string lacks
    /// `AdServingReason.gppSectionMissing(sectionId:)`; both fail safe as opt-outs.
    static func failSafe(_ id: Int, _ standing: USSectionsInForce.Standing) -> AdServingReason? {
        switch standing {
        case .decoded: nil
        case .failed(let failure): unreadable(failure.error)
        case .missing: .gppSectionMissing(sectionId: id)
        }
    }
}
