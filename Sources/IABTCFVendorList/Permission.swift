public import IABTCF

/// A legal basis a vendor can process on.
public enum LegalBasis: String, Sendable, Hashable, CaseIterable {
    /// The user's consent (GDPR Art. 6(1)(a)).
    case consent
    /// The vendor's legitimate interest, not objected to (GDPR Art. 6(1)(f)).
    case legitimateInterest
}

/// Why a ``Permission`` was given or refused.
///
/// The rules are those of the TCF v2 specification ("Consent string and vendor list formats v2",
/// IAB Tech Lab) and the TCF Policies; each case names the section it comes from.
public enum PermissionReason: String, Sendable, Hashable, CaseIterable {
    /// Allowed: the purpose consent bit and the vendor consent bit are both set.
    case consent
    /// Allowed: the purpose LI bit (PurposesLITransparency) and the vendor LI bit are both set.
    case legitimateInterest
    /// Allowed: the vendor declares the special purpose (and, with a Disclosed Vendors segment, was disclosed).
    case specialPurpose
    /// Allowed: the special feature is opted in and the vendor declares it.
    case specialFeatureOptIn
    /// Purpose 1 under PurposeOneTreatment ("What if consent is governed differently in a
    /// country?"): purpose 1 was not disclosed; the answer follows the bits as they are and the
    /// vendor must judge the jurisdiction (PublisherCC) itself.
    case purposeOneTreatment
    /// The vendor id is not in the vendor list.
    case vendorNotInList
    /// The vendor's entry has a `deletedDate`: it has left the list and has no basis.
    case vendorDeleted
    /// The vendor declares the purpose on neither basis (or does not declare the special purpose or feature).
    case notDeclared
    /// A publisher restriction of type 0 ("Purpose Flatly Not Allowed by Publisher") for this purpose and vendor.
    case restrictedByPublisher
    /// A restriction of type 1 or 2 asks for the other basis than the one declared, and the vendor
    /// did not declare the purpose flexible: "the vendor should not process for that Purpose".
    case restrictionNotFlexible
    /// Legitimate interest for a purpose that may not rest on it: 1 on every string, 3-6 too under
    /// TCF 2.2 (`TCString.purposesWithoutLegitimateInterest`).
    case legitimateInterestNotAllowed
    /// The string has a Disclosed Vendors segment without this vendor: under TCF 2.3 a vendor not
    /// disclosed to the user is allowed nothing, on consent, legitimate interest, special purposes
    /// and special features alike.
    case notDisclosed
    /// The string was created on or after 2026-03-01 without the Disclosed Vendors segment TCF 2.3
    /// requires from then (`TCString.lacksRequiredDisclosedVendors`, the rule
    /// `tcf23.disclosedVendorsMissing`): it discloses no vendor, so every vendor is treated as not
    /// consented and allowed nothing, as ``notDisclosed``.
    case tcf23DisclosedVendorsMissing
    /// The purpose's bit in PurposesConsent is 0.
    case noPurposeConsent
    /// The vendor's bit in the Vendor Consent section is 0.
    case noVendorConsent
    /// The purpose's bit in PurposesLITransparency is 0.
    case noPurposeLegitimateInterest
    /// The vendor's bit in the Vendor Legitimate Interest section is 0.
    case noVendorLegitimateInterest
    /// The special feature's bit in SpecialFeatureOptIns is 0.
    case noSpecialFeatureOptIn
}

/// The answer to "may vendor V process for purpose P?": whether it may, on which basis and why.
public struct Permission: Sendable, Hashable, CustomStringConvertible {
    /// Whether the vendor may process.
    public var isAllowed: Bool
    /// The basis the answer was decided on: the one used when allowed; when refused, the basis that
    /// was checked and failed, or `nil` when no basis applies (not declared, restricted, deleted).
    public var basis: LegalBasis?
    /// Why.
    public var reason: PermissionReason

    /// Creates an answer.
    public init(isAllowed: Bool, basis: LegalBasis?, reason: PermissionReason) {
        self.isAllowed = isAllowed
        self.basis = basis
        self.reason = reason
    }

    /// `allowed (consent)` or `refused: noVendorConsent (consent)`.
    public var description: String {
        (isAllowed ? "allowed" : "refused: \(reason.rawValue)") + (basis.map { " (\($0.rawValue))" } ?? "")
    }

    static func refused(_ reason: PermissionReason, _ basis: LegalBasis? = nil) -> Permission {
        Permission(isAllowed: false, basis: basis, reason: reason)
    }
}

extension TCString {
    /// The restriction that applies to `vendor` for `purpose`: type 0 wins over 1 and 2 (the
    /// specification's RestrictionType notes: "Vendors must always respect a 0"), type 1 over 2
    /// (one type per vendor, as the in-app `IABTCF_PublisherRestrictions{ID}` keys hold); type 3
    /// (reserved) is ignored.
    func effectiveRestriction(vendor: Int, purpose: Int) -> RestrictionType? {
        // The lowest type that lists the vendor; it is 3 only when no other type does.
        let lowest = publisherRestrictions.restrictionType(vendorId: vendor, purposeId: purpose)
        return lowest == .undefined ? nil : lowest
    }

    /// May `vendor` process for `purpose`, by this string and the vendor's declarations in `gvl`?
    ///
    /// The rules, in the order they are applied (sections of "Consent string and vendor list
    /// formats v2" unless noted):
    /// 1. A vendor not in `gvl`, or whose entry has a `deletedDate`, has no basis
    ///    (``PermissionReason/vendorNotInList``, ``PermissionReason/vendorDeleted``).
    /// 2. When the string has a Disclosed Vendors segment, a vendor absent from it is allowed
    ///    nothing (``PermissionReason/notDisclosed``; see ``IABTCF/TCString/isUndisclosed(vendor:)``).
    ///    A string created on or after 2026-03-01 without the segment discloses no vendor
    ///    (``PermissionReason/tcf23DisclosedVendorsMissing``: TCF 2.3 requires it from then); an
    ///    older string without it records no disclosure, and nothing is inferred.
    /// 3. A restriction of type 0 for (P, V) forbids ("The Core String", RestrictionType: "Purpose
    ///    Flatly Not Allowed by Publisher ... regardless of Vendor declarations"); it wins over a
    ///    type 1 or 2 for the same pair, and type 1 wins over type 2 (see the in-app
    ///    `IABTCF_PublisherRestrictions{ID}` keys, one type per vendor).
    /// 4. V's declared basis is consent when P is in its `purposes`, else legitimate interest when
    ///    in `legIntPurposes`; neither is ``PermissionReason/notDeclared``.
    /// 5. A type 1 (require consent) or 2 (require legitimate interest) asking for the declared
    ///    basis changes nothing; asking for the other basis switches to it when V lists P in
    ///    `flexiblePurposes`, and otherwise forbids ("When a vendor's Purpose registration is not
    ///    flexible ... the vendor should not process for that Purpose";
    ///    ``PermissionReason/restrictionNotFlexible``).
    /// 6. Consent needs P's PurposesConsent bit and V's Vendor Consent bit.
    /// 7. Legitimate interest needs: P outside `TCString.purposesWithoutLegitimateInterest` (never
    ///    1; 3-6 neither once TCF 2.2 binds the string, as `TCFPolicy` reads the ban); P's
    ///    PurposesLITransparency bit and V's Vendor Legitimate Interest bit.
    /// 8. With PurposeOneTreatment set, purpose 1 is decided by steps 6-7 on the bits as they are
    ///    and carries ``PermissionReason/purposeOneTreatment`` ("What if consent is governed
    ///    differently in a country?"): the vendor judges the jurisdiction from PublisherCC.
    ///
    /// ``permissions(in:)`` gives the same answers for every vendor at once.
    public func permission(vendor: Int, purpose: Int, in gvl: GlobalVendorList) -> Permission {
        guard let entry = gvl.vendors[vendor] else { return .refused(.vendorNotInList) }
        guard entry.deletedDate == nil else { return .refused(.vendorDeleted) }
        if let refusal = disclosureRefusal(vendor: vendor) { return .refused(refusal) }
        let restriction = effectiveRestriction(vendor: vendor, purpose: purpose)
        if restriction == .notAllowed { return .refused(.restrictedByPublisher) }
        var basis: LegalBasis
        if entry.purposes.contains(purpose) {
            basis = .consent
        } else if entry.legIntPurposes.contains(purpose) {
            basis = .legitimateInterest
        } else {
            return .refused(.notDeclared)
        }
        let asked: LegalBasis? =
            switch restriction {
            case .requireConsent: .consent
            case .requireLegitimateInterest: .legitimateInterest
            default: nil
            }
        if let asked, asked != basis {
            guard entry.flexiblePurposes.contains(purpose) else { return .refused(.restrictionNotFlexible) }
            basis = asked
        }
        return signals(vendor: vendor, purpose: purpose, basis: basis)
    }

    /// Whether the string has a Disclosed Vendors segment and `vendor` is absent from it: such a
    /// vendor is allowed nothing (``PermissionReason/notDisclosed``).
    ///
    /// TCF 2.3 ("Consent string and vendor list formats v2", Disclosed Vendors): the segment
    /// "records which vendors have been disclosed to a given user by a CMP. This is a mandatory
    /// segment." Prebid Server reads it the same way (prebid-server issue 4750): "If ID was not
    /// disclosed to the user, treat the vendor as not consented to." A string without the segment
    /// records nothing, so this is `false` for every vendor, except that one created on or after
    /// 2026-03-01 without it discloses no vendor (`lacksRequiredDisclosedVendors`, which every
    /// permission checks first to name it): then `true` for every vendor.
    public func isUndisclosed(vendor: Int) -> Bool {
        guard let disclosedVendors else { return lacksRequiredDisclosedVendors }
        return !disclosedVendors.contains(vendor)
    }

    /// Why `vendor` is allowed nothing for want of disclosure, if it is: the string lacks the
    /// segment TCF 2.3 requires (``PermissionReason/tcf23DisclosedVendorsMissing``, checked first:
    /// it discloses no vendor), or the segment leaves the vendor out
    /// (``PermissionReason/notDisclosed``).
    func disclosureRefusal(vendor: Int) -> PermissionReason? {
        if lacksRequiredDisclosedVendors { return .tcf23DisclosedVendorsMissing }
        return isUndisclosed(vendor: vendor) ? .notDisclosed : nil
    }

    /// Steps 6-8 of ``permission(vendor:purpose:in:)``: the string's bits for one basis.
    func signals(vendor: Int, purpose: Int, basis: LegalBasis) -> Permission {
        var answer: Permission
        switch basis {
        case .consent:
            if !purposeConsents.contains(purpose) {
                answer = .refused(.noPurposeConsent, .consent)
            } else if !vendorConsents.contains(vendor) {
                answer = .refused(.noVendorConsent, .consent)
            } else {
                answer = Permission(isAllowed: true, basis: .consent, reason: .consent)
            }
        case .legitimateInterest:
            if purposesWithoutLegitimateInterest.contains(purpose) {
                answer = .refused(.legitimateInterestNotAllowed, .legitimateInterest)
            } else if !purposeLegitimateInterests.contains(purpose) {
                answer = .refused(.noPurposeLegitimateInterest, .legitimateInterest)
            } else if !vendorLegitimateInterests.contains(vendor) {
                answer = .refused(.noVendorLegitimateInterest, .legitimateInterest)
            } else {
                answer = Permission(isAllowed: true, basis: .legitimateInterest, reason: .legitimateInterest)
            }
        }
        if purpose == 1 && purposeOneTreatment { answer.reason = .purposeOneTreatment }
        return answer
    }

    /// May `vendor` process for special purpose `specialPurpose`? Special purposes need no user
    /// choice, only V's declaration in `gvl` ("What is contained in the Global Vendor List?");
    /// they rest on legitimate interest, so with a Disclosed Vendors segment V must be in it
    /// (TCF 2.3, ``isUndisclosed(vendor:)``). Deleted or unknown vendors have no basis.
    public func permission(vendor: Int, specialPurpose: Int, in gvl: GlobalVendorList) -> Permission {
        guard let entry = gvl.vendors[vendor] else { return .refused(.vendorNotInList) }
        guard entry.deletedDate == nil else { return .refused(.vendorDeleted) }
        if let refusal = disclosureRefusal(vendor: vendor) { return .refused(refusal) }
        guard entry.specialPurposes.contains(specialPurpose) else { return .refused(.notDeclared) }
        return Permission(isAllowed: true, basis: .legitimateInterest, reason: .specialPurpose)
    }

    /// May `vendor` use special feature `specialFeature`? It needs the SpecialFeatureOptIns bit
    /// and V's declaration in `gvl`, and with a Disclosed Vendors segment V must be in it
    /// (``isUndisclosed(vendor:)``); the answer has no basis (an opt-in is neither of the two).
    public func permission(vendor: Int, specialFeature: Int, in gvl: GlobalVendorList) -> Permission {
        guard let entry = gvl.vendors[vendor] else { return .refused(.vendorNotInList) }
        guard entry.deletedDate == nil else { return .refused(.vendorDeleted) }
        if let refusal = disclosureRefusal(vendor: vendor) { return .refused(refusal) }
        guard entry.specialFeatures.contains(specialFeature) else { return .refused(.notDeclared) }
        guard specialFeatureOptIns.contains(specialFeature) else { return .refused(.noSpecialFeatureOptIn) }
        return Permission(isAllowed: true, basis: nil, reason: .specialFeatureOptIn)
    }

    /// The check without a vendor list ("basic" enforcement, as Prebid calls it): the string's
    /// bits and restrictions only, since the vendor's declared basis is unknown.
    ///
    /// A vendor absent from a present Disclosed Vendors segment is allowed nothing
    /// (``isUndisclosed(vendor:)``). A type 0 restriction forbids; type 1 allows only the consent
    /// route, type 2 only the legitimate-interest route; with neither, consent is tried first, then
    /// legitimate interest. Each route follows steps 6-8 of ``permission(vendor:purpose:in:)``
    /// (TCF 2.2 ban, PurposeOneTreatment). When both routes fail the consent route's reason is given.
    public func basicPermission(vendor: Int, purpose: Int) -> Permission {
        if let refusal = disclosureRefusal(vendor: vendor) { return .refused(refusal) }
        switch effectiveRestriction(vendor: vendor, purpose: purpose) {
        case .notAllowed: return .refused(.restrictedByPublisher)
        case .requireConsent: return signals(vendor: vendor, purpose: purpose, basis: .consent)
        case .requireLegitimateInterest: return signals(vendor: vendor, purpose: purpose, basis: .legitimateInterest)
        default:
            let consent = signals(vendor: vendor, purpose: purpose, basis: .consent)
            if consent.isAllowed { return consent }
            let legitimateInterest = signals(vendor: vendor, purpose: purpose, basis: .legitimateInterest)
            return legitimateInterest.isAllowed ? legitimateInterest : consent
        }
    }
}
