// The sections in force, in one place: which US sections of a GPP string decide and how a section
// in force that the string lacks, or that does not decode, fails safe. Both US answers ask only
// this: Prebid's activities (USActivities.swift) and the opt-outs ads read (StoredConsent+US.swift).
import IABGPP
import IABTCFVendorList

/// The US sections (``USActivities/usSectionIds``) of a GPP string under the sections in force
/// (`IABGPP_GppSID`, `--gpp-sid`).
///
/// A section is in force when that list names it, or, without a list, when the string holds it
/// (every section then counts as in force). Each US section in force is one of three: decoded (its
/// values decide), unreadable (``IABGPP/GPPString/failedSections``: the choice cannot be read, so
/// it counts as an opt-out) or missing from the string (likewise an opt-out: fail safe, never
/// silence). A section the string holds that is not in force is named, and does not decide. A
/// section outside the US sections (TCF EU, TCF Canada, an unknown id) does not decide, whether it
/// decoded, failed or is missing: one bad section never hides the others.
struct USSectionsInForce {
    /// What the string holds for one US section in force.
    enum Standing {
        /// The section decoded.
        case decoded(GPPSection)
        /// The section is in the string but did not decode: its error's code and 1-based character.
        case unreadable(code: String, position: Int?)
        /// The list of sections in force names the section; the string does not hold it.
        case missing
    }

    /// The US sections in force, each once, in the order of the list in force (without one, of
    /// the sections given), with what the string holds for each.
    var inForce: [(id: Int, standing: Standing)] = []
    /// The sections given that are not in force (any id), in the order given.
    var notInForce: [Int] = []

    /// Reads `sections` with `listed` in force (`nil`: every section given is in force).
    init(_ sections: [USActivities.SectionInput], inForce listed: [Int]?) {
        let ids = listed ?? sections.map(\.id)
        let inList = Set(ids)
        notInForce = sections.map(\.id).filter { !inList.contains($0) }
        var seen = Set<Int>()
        for id in ids where USActivities.usSectionIds.contains(id) && seen.insert(id).inserted {
            switch sections.first(where: { $0.id == id }) {
            case .decoded(let section)?: inForce.append((id, .decoded(section)))
            case .unreadable(_, let code, let position)?:
                inForce.append((id, .unreadable(code: code, position: position)))
            case nil: inForce.append((id, .missing))
            }
        }
    }
}

extension GPPString {
    /// The sections as the US answers read them: those that decoded, then those that did not
    /// (``failedSections``), each with its error's code and 1-based character.
    var usSectionInputs: [USActivities.SectionInput] {
        sections.map(USActivities.SectionInput.decoded)
            + failedSections.map { .unreadable(id: $0.id, code: $0.error.code.name, position: $0.error.position) }
    }
}

extension StoredConsent {
    /// The US sections in force in `gpp` under `sectionIds` (`IABGPP_GppSID`; `nil`: every section
    /// of the string), ascending by id, for ``usOptOuts`` and ``usAdServing(vendor:)``.
    static func usSectionsInForce(of gpp: GPPString, sectionIds: [Int]?) -> USSectionsInForce {
        var sections = USSectionsInForce(gpp.usSectionInputs, inForce: (sectionIds ?? gpp.sectionIds).sorted())
        sections.notInForce.sort()
        return sections
    }

    /// The reasons a US section in force gives that is not read as decoded: one that does not
    /// decode is `AdServingReason.gppSectionUnreadable(sectionId:code:position:)`, one the string
    /// lacks `AdServingReason.gppSectionMissing(sectionId:)`; both fail safe as opt-outs.
    static func failSafe(_ id: Int, _ standing: USSectionsInForce.Standing) -> AdServingReason? {
        switch standing {
        case .decoded: nil
        case .unreadable(let code, let position): .gppSectionUnreadable(sectionId: id, code: code, position: position)
        case .missing: .gppSectionMissing(sectionId: id)
        }
    }
}
