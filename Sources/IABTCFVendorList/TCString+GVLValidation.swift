public import IABTCF

extension PolicyRule {
    /// A vendor id in the string (consent, LI, Disclosed Vendors, a restriction) that the vendor list does not have.
    public static let vendorNotInList = PolicyRule("gvl.vendorNotInList")
    /// A vendor in the string whose vendor list entry has a `deletedDate`.
    public static let vendorDeleted = PolicyRule("gvl.vendorDeleted")
    /// VendorListVersion is above the vendor list's version: the string names a newer list.
    public static let vendorListVersionAhead = PolicyRule("gvl.vendorListVersionAhead")
    /// The Vendor Legitimate Interest bit is set for a vendor that declares no purpose on
    /// legitimate interest (nor a flexible purpose or a special purpose, which can rest on it).
    public static let legitimateInterestUndeclared = PolicyRule("gvl.legitimateInterestUndeclared")
    /// A restriction of type 1 or 2 on a vendor that does not declare the purpose flexible.
    public static let restrictionNotFlexible = PolicyRule("gvl.restrictionNotFlexible")
}

extension TCString {
    /// The findings of `validate()` plus those that need the vendor list the string refers to:
    /// vendor ids absent from or deleted in `gvl`, a VendorListVersion above `gvl`'s, the LI bit
    /// for vendors declaring nothing that can rest on legitimate interest, and restrictions of
    /// type 1 or 2 on purposes the vendor does not declare flexible ("The Core String",
    /// RestrictionType: "Values 1 and 2 are in accordance with a vendor's declared flexibility").
    public func validate(against gvl: GlobalVendorList) -> [PolicyFinding] {
        validate() + listFindings(gvl)
    }

    /// ``validate(against:)`` with the rules that need today's date, as `validate(today:)` checks
    /// them: Created or LastUpdated after the day after `today`, and timestamps that are not
    /// midnight UTC.
    public func validate(against gvl: GlobalVendorList, today: Timestamp) -> [PolicyFinding] {
        validate(today: today) + listFindings(gvl)
    }

    /// The findings that need the vendor list (see ``validate(against:)``).
    private func listFindings(_ gvl: GlobalVendorList) -> [PolicyFinding] {
        var findings: [PolicyFinding] = []
        func report(_ rule: PolicyRule, _ message: String) {
            findings.append(PolicyFinding(rule: rule, message: message))
        }
        if vendorListVersion > gvl.vendorListVersion {
            report(
                .vendorListVersionAhead,
                "VendorListVersion \(vendorListVersion) is above the vendor list's \(gvl.vendorListVersion)"
            )
        }
        var mentioned = vendorConsents.union(vendorLegitimateInterests).union(disclosedVendors ?? VendorSet())
        for entry in publisherRestrictions { mentioned.formUnion(entry.vendors) }
        let unknown = mentioned.subtracting(gvl.vendorIds)
        if !unknown.isEmpty {
            report(.vendorNotInList, "vendors \(unknown) are not in vendor list \(gvl.vendorListVersion)")
        }
        let deleted = mentioned.intersection(gvl.deletedVendorIds)
        if !deleted.isEmpty {
            report(.vendorDeleted, "vendors \(deleted) are deleted in vendor list \(gvl.vendorListVersion)")
        }
        var canUseLI = VendorSet()
        for purpose in 1...PurposeSet.maxID {
            canUseLI.formUnion(gvl.legitimateInterestDeclarations[purpose])
            canUseLI.formUnion(gvl.flexibleDeclarations[purpose])
            canUseLI.formUnion(gvl.specialPurposeDeclarations[purpose])
        }
        let undeclaredLI = vendorLegitimateInterests.intersection(gvl.vendorIds).subtracting(canUseLI)
        if !undeclaredLI.isEmpty {
            report(
                .legitimateInterestUndeclared,
                "vendors \(undeclaredLI) have the LI bit but declare no purpose on legitimate interest"
            )
        }
        for entry in publisherRestrictions
        where entry.restrictionType == .requireConsent || entry.restrictionType == .requireLegitimateInterest {
            guard (1...PurposeSet.maxID).contains(entry.purposeId) else { continue }
            let inflexible = entry.vendors.intersection(gvl.vendorIds).subtracting(
                gvl.flexibleDeclarations[entry.purposeId]
            )
            if !inflexible.isEmpty {
                report(
                    .restrictionNotFlexible,
                    "restriction type \(entry.restrictionType.rawValue) on purpose \(entry.purposeId) for vendors \(inflexible), which do not declare it flexible"
                )
            }
        }
        return findings
    }
}
