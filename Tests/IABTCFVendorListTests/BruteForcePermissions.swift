import IABTCF
import IABTCFVendorList

/// An independent evaluator of the permission rules, written straight from the rule list with
/// plain `Set`s and no shared code: the library's answers (one by one and as a matrix) must match it.
enum BruteForcePermissions {
    /// The string's sections as plain sets, built once per string.
    struct Snapshot {
        let tc: TCString
        let purposeConsents, purposeLegitimateInterests, vendorConsents, vendorLegitimateInterests: Set<Int>
        let disclosed: Set<Int>?
        let optIns: Set<Int>
        /// purpose -> vendor -> restriction types (0-2).
        let restrictions: [Int: [Int: Set<Int>]]

        init(_ tc: TCString) {
            self.tc = tc
            purposeConsents = Set(tc.purposeConsents)
            purposeLegitimateInterests = Set(tc.purposeLegitimateInterests)
            vendorConsents = Set(tc.vendorConsents)
            vendorLegitimateInterests = Set(tc.vendorLegitimateInterests)
            disclosed = tc.disclosedVendors.map { Set($0) }
            optIns = Set(tc.specialFeatureOptIns)
            var restrictions: [Int: [Int: Set<Int>]] = [:]
            for entry in tc.publisherRestrictions where entry.restrictionType != .undefined {
                for vendor in Array(entry.vendors) {
                    restrictions[entry.purposeId, default: [:]][vendor, default: []].insert(
                        entry.restrictionType.rawValue
                    )
                }
            }
            self.restrictions = restrictions
        }
    }

    /// The restriction types the string lists for (purpose, vendor), by walking every entry's ids.
    static func restrictionTypes(_ s: Snapshot, vendor: Int, purpose: Int) -> Set<Int> {
        s.restrictions[purpose]?[vendor] ?? []
    }

    /// TCF 2.3: with a Disclosed Vendors segment, a vendor absent from it gets nothing.
    static func undisclosed(_ s: Snapshot, _ vendor: Int) -> Bool {
        guard let disclosed = s.disclosed else { return false }
        return !disclosed.contains(vendor)
    }

    /// TCF 2.3: a string created from 2026-03-01 without the segment discloses no vendor; else a
    /// vendor absent from a present segment is not disclosed.
    static func disclosure(_ s: Snapshot, _ vendor: Int) -> PermissionReason? {
        if s.disclosed == nil && s.tc.created >= Timestamp(iso8601: "2026-03-01")! {
            return .tcf23DisclosedVendorsMissing
        }
        return undisclosed(s, vendor) ? .notDisclosed : nil
    }

    /// The signal check for one basis (consent: both consent bits; LI: 2.2 ban, both LI bits).
    static func check(_ s: Snapshot, vendor: Int, purpose: Int, basis: LegalBasis) -> Permission {
        var result: Permission
        if basis == .consent {
            let purposeBit = s.purposeConsents.contains(purpose)
            let vendorBit = s.vendorConsents.contains(vendor)
            result =
                !purposeBit
                ? Permission(isAllowed: false, basis: .consent, reason: .noPurposeConsent)
                : !vendorBit
                    ? Permission(isAllowed: false, basis: .consent, reason: .noVendorConsent)
                    : Permission(isAllowed: true, basis: .consent, reason: .consent)
        } else {
            // Purpose 1 never on legitimate interest; 3-6 not once TCF 2.2 binds the string (policy 4
            // on, or created from 2023-10-01).
            let tcf22 = s.tc.policyVersion >= 4 || s.tc.created >= Timestamp(iso8601: "2023-10-01")!
            let banned = purpose == 1 || (tcf22 && [3, 4, 5, 6].contains(purpose))
            let purposeBit = s.purposeLegitimateInterests.contains(purpose)
            let vendorBit = s.vendorLegitimateInterests.contains(vendor)
            let reason: PermissionReason? =
                banned
                ? .legitimateInterestNotAllowed
                : !purposeBit ? .noPurposeLegitimateInterest : !vendorBit ? .noVendorLegitimateInterest : nil
            result = Permission(
                isAllowed: reason == nil,
                basis: .legitimateInterest,
                reason: reason ?? .legitimateInterest
            )
        }
        if purpose == 1 && s.tc.purposeOneTreatment { result.reason = .purposeOneTreatment }
        return result
    }

    static func permission(_ s: Snapshot, vendor: Int, purpose: Int, gvl: GlobalVendorList) -> Permission {
        let no = { (reason: PermissionReason) in Permission(isAllowed: false, basis: nil, reason: reason) }
        guard let entry = gvl.vendors[vendor] else { return no(.vendorNotInList) }
        if entry.deletedDate != nil { return no(.vendorDeleted) }
        if let reason = disclosure(s, vendor) { return no(reason) }
        let types = restrictionTypes(s, vendor: vendor, purpose: purpose)
        if types.contains(0) { return no(.restrictedByPublisher) }
        let declaresConsent = Array(entry.purposes).contains(purpose)
        let declaresLI = Array(entry.legIntPurposes).contains(purpose)
        let flexible = Array(entry.flexiblePurposes).contains(purpose)
        if !declaresConsent && !declaresLI { return no(.notDeclared) }
        let declared: LegalBasis = declaresConsent ? .consent : .legitimateInterest
        let required: LegalBasis? = types.contains(1) ? .consent : types.contains(2) ? .legitimateInterest : nil
        var basis = declared
        if let required, required != declared {
            if !flexible { return no(.restrictionNotFlexible) }
            basis = required
        }
        return check(s, vendor: vendor, purpose: purpose, basis: basis)
    }

    static func specialPurpose(_ s: Snapshot, vendor: Int, id: Int, gvl: GlobalVendorList) -> Permission {
        let no = { (reason: PermissionReason, basis: LegalBasis?) in
            Permission(isAllowed: false, basis: basis, reason: reason)
        }
        guard let entry = gvl.vendors[vendor] else { return no(.vendorNotInList, nil) }
        if entry.deletedDate != nil { return no(.vendorDeleted, nil) }
        if let reason = disclosure(s, vendor) { return no(reason, nil) }
        if !Array(entry.specialPurposes).contains(id) { return no(.notDeclared, nil) }
        return Permission(isAllowed: true, basis: .legitimateInterest, reason: .specialPurpose)
    }

    static func specialFeature(_ s: Snapshot, vendor: Int, id: Int, gvl: GlobalVendorList) -> Permission {
        let no = { (reason: PermissionReason) in Permission(isAllowed: false, basis: nil, reason: reason) }
        guard let entry = gvl.vendors[vendor] else { return no(.vendorNotInList) }
        if entry.deletedDate != nil { return no(.vendorDeleted) }
        if let reason = disclosure(s, vendor) { return no(reason) }
        if !Array(entry.specialFeatures).contains(id) { return no(.notDeclared) }
        if !s.optIns.contains(id) { return no(.noSpecialFeatureOptIn) }
        return Permission(isAllowed: true, basis: nil, reason: .specialFeatureOptIn)
    }

    /// Without a list: an undisclosed vendor gets nothing, type 0 forbids, type 1 / 2 pick the
    /// route, else consent then LI.
    static func basic(_ s: Snapshot, vendor: Int, purpose: Int) -> Permission {
        if let reason = disclosure(s, vendor) { return Permission(isAllowed: false, basis: nil, reason: reason) }
        let types = restrictionTypes(s, vendor: vendor, purpose: purpose)
        if types.contains(0) { return Permission(isAllowed: false, basis: nil, reason: .restrictedByPublisher) }
        if types.contains(1) { return check(s, vendor: vendor, purpose: purpose, basis: .consent) }
        if types.contains(2) { return check(s, vendor: vendor, purpose: purpose, basis: .legitimateInterest) }
        let consent = check(s, vendor: vendor, purpose: purpose, basis: .consent)
        let li = check(s, vendor: vendor, purpose: purpose, basis: .legitimateInterest)
        return consent.isAllowed ? consent : li.isAllowed ? li : consent
    }
}
