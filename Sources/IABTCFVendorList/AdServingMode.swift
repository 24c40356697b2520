public import IABTCF

/// The kind of ads a vendor may serve for one TC string, best first: Google's "Ad serving modes"
/// (AdMob, Ad Manager and IMA developer pages, "Privacy"), read for any vendor.
public enum AdServingMode: String, Sendable, Hashable, CaseIterable {
    /// "Personalized ads are ads that make inferences about a user's interests based on the sites
    /// they visit or the apps they use."
    case personalized
    /// "Non-personalized ads are ads that are not based on a user's past behavior", which "still
    /// require consent for cookies mobile identifiers".
    case nonPersonalized
    /// Limited ads: ads without consent for cookies or mobile identifiers (no Purpose 1 consent).
    case limited
    /// Technical ad delivery: ads "when consent and legitimate interest are not present for
    /// non-special purposes", relying on Special Purpose 2.
    case technical
    /// No ads: the string is too old or dated in the future, the vendor was not disclosed to the user, or where the GDPR
    /// applies the only TC string is one Google does not read (inside GPP).
    case none
}

/// The legal bases a row of Google's tables accepts for a purpose.
public enum AdPurposeNeed: String, Sendable, Hashable {
    /// "✅ Consent": the purpose's consent bit and the vendor's consent bit.
    case consent
    /// "✔ or ✅": consent, or legitimate interest (the purpose's LI bit and the vendor's LI bit).
    case consentOrLegitimateInterest
}

/// One row of a table: a purpose and what it needs.
public struct AdPurposeRequirement: Sendable, Hashable {
    /// The purpose id.
    public var purpose: Int
    /// The legal bases it accepts.
    public var need: AdPurposeNeed

    /// Creates a row.
    public init(purpose: Int, need: AdPurposeNeed) {
        self.purpose = purpose
        self.need = need
    }

    /// Whether `permission` (the string's answer for the vendor and this purpose) meets the row.
    func isMet(by permission: Permission) -> Bool {
        permission.isAllowed && (need == .consentOrLegitimateInterest || permission.basis == .consent)
    }
}

/// A purpose a mode needs and the string does not give the vendor, with the string's answer.
public struct MissingAdPurpose: Sendable, Hashable {
    /// The row that is not met.
    public var requirement: AdPurposeRequirement
    /// The string's answer for the vendor and the purpose (``IABTCF/TCString/basicPermission(vendor:purpose:)``):
    /// refused with its reason, or allowed on legitimate interest where the row needs consent.
    public var permission: Permission

    /// Creates a missing purpose.
    public init(requirement: AdPurposeRequirement, permission: Permission) {
        self.requirement = requirement
        self.permission = permission
    }
}

/// Why the mode is not a better one.
public enum AdServingReason: Sendable, Hashable {
    /// The GDPR does not apply (`IABTCF_gdprApplies` is 0): the TC string does not limit the mode.
    case gdprDoesNotApply
    /// The choice (LastUpdated) is more than `maximumAge` days old on the day asked about: Google
    /// "will not serve ads" on it.
    case expired(lastUpdated: Timestamp, ageInDays: Int, maximumAge: Int)
    /// Created or LastUpdated falls after the day after `today`, the day asked about (midnight UTC;
    /// one day of clock skew is allowed, `TCString.allowedClockSkewDays`): the string records no
    /// choice the person has made yet, and Google cannot serve ads on a choice that has not happened.
    /// Both fields date the person's answer (IAB Tech Lab, *Transparency and Consent String with
    /// Global Vendor & CMP List Formats*, Core String table): Created "should not be changed unless
    /// a new TCString is created from scratch", LastUpdated "Must be updated any time a value is
    /// changed", and since IAB Europe's 2022 change "The Created and LastUpdated fields will have
    /// the same value", the day of that answer.
    case futureDated(created: Timestamp, lastUpdated: Timestamp, today: Timestamp)
    /// The string's Disclosed Vendors segment lacks the vendor: the vendor is allowed nothing, not
    /// even the special purposes limited ads and technical ad delivery rest on.
    case notDisclosed
    /// `mode` needs these purposes, which the string does not give the vendor.
    case missingPurposes(mode: AdServingMode, purposes: [MissingAdPurpose])
    /// Where the GDPR applies, no `IABTCF_TCString` is stored, only a TCF EU v2 section inside GPP,
    /// which Google does not read: "For ads served to users in the European Economic Area or the
    /// UK, AdMob will continue to use the IAB Europe TCF through the use of a certified Consent
    /// Management Platform. TCF strings sent through the GPP will not be accepted." (AdMob help,
    /// "Supporting the IAB's Global Privacy Platform").
    case tcfOnlyInGPP
    /// Where the GDPR does not apply, US section `sectionId` (`section`: `usnat`, `usca`…) is in
    /// force and its `field` records an opt-out: `SaleOptOut`, `SharingOptOut` or
    /// `TargetedAdvertisingOptOut` 1 ("Opted Out"), `Gpc` set, or section 6's `OptOutSale` `Y`.
    /// Google's restricted data processing: non-personalized ads. `readByGoogle` is `false` when
    /// Google's ads SDK does not read that section inside GPP: the app must then set `gad_rdp`
    /// itself for Google to restrict processing.
    case usOptOut(sectionId: Int, section: String, field: String, readByGoogle: Bool)
    /// `IABUSPrivacy_String` opts out of sale (its OptOutSale, the third character, is `Y`, as in
    /// `1YYN`), which Google reads: non-personalized ads.
    case usPrivacyOptOut(usPrivacy: String)
    /// `gad_rdp` is set: the app asked Google for restricted data processing, non-personalized ads.
    case restrictedDataProcessing
    /// Where the GDPR does not apply, the stored GPP string does not decode: whether the person
    /// opted out cannot be read, so the answer fails safe as an opt-out would (non-personalized
    /// ads, no trackers).
    case gppStringUnreadable
    /// Where the GDPR does not apply, the stored GPP string does not decode because its section
    /// `sectionId` does not (3: the header): `code` is the decoder's error code (IABGPP's `GPPError.Code`:
    /// `truncated`, `surplusData`, `invalidValue`…) and `position` the 1-based character of the
    /// GPP string where it was found, when known. Fails safe as ``gppStringUnreadable`` does,
    /// saying which section to repair.
    case gppSectionUnreadable(sectionId: Int, code: String, position: Int?)
    /// Where the GDPR does not apply, a rule of Prebid's US activity table holds for US section
    /// `sectionId` in force (`rule` in US National terms, as IABTCFAppTracking's `USActivities`
    /// names it): a known child without consent (`KnownChildSensitiveDataConsents[1]=1`,
    /// `KnownChildSensitiveDataConsents[2]<>0`), service provider mode
    /// (`MspaServiceProviderMode=1`) or an opt-out notice not given (`SaleOptOutNotice=2`). Prebid
    /// then suppresses user syncs and ids ("Suppress usersyncs when activity is not allowed"), so
    /// the ads are not personalized. `readByGoogle` as for
    /// ``usOptOut(sectionId:section:field:readByGoogle:)``.
    case usActivityRule(sectionId: Int, section: String, rule: String, readByGoogle: Bool)
    /// Where the GDPR does not apply, US section `sectionId` is in force (`IABGPP_GppSID` lists
    /// it) but the stored GPP string does not hold it: the person's choice in the section in force
    /// cannot be read, so the answer fails safe as an opt-out would (non-personalized ads, no
    /// trackers), never looser than that choice.
    case gppSectionMissing(sectionId: Int)
    /// Where the GDPR does not apply, the stored GPP string holds section `sectionId` but
    /// `IABGPP_GppSID` does not list it: the section is not in force and does not decide. Named so
    /// the answer is never silent about a section it did not read.
    case gppSectionNotInForce(sectionId: Int)
    /// The TC string was created on or after 2026-03-01 (`TCFPolicy.tcf23DisclosedVendorsCutoff`)
    /// and has no Disclosed Vendors segment, which TCF 2.3 requires from then: it discloses no
    /// vendor, so every vendor is treated as not consented and allowed nothing (the rule
    /// `tcf23.disclosedVendorsMissing` of `TCString.validate()`).
    case tcf23DisclosedVendorsMissing

    /// Whether the reason makes the answer worse: every reason but
    /// ``gppSectionNotInForce(sectionId:)`` and ``gdprDoesNotApply``, which only say what was read.
    public var decides: Bool {
        switch self {
        case .gppSectionNotInForce, .gdprDoesNotApply: false
        default: true
        }
    }
}

/// The answer to "may I request ads from this vendor, and which kind?"
/// (``IABTCF/TCString/adServing(vendor:gdprApplies:today:maximumAge:)``).
public struct AdServing: Sendable, Hashable {
    /// The vendor asked about.
    public var vendor: Int
    /// The best mode the string allows.
    public var mode: AdServingMode
    /// Why the mode is not a better one, best mode first.
    public var reasons: [AdServingReason]

    /// Creates an answer.
    public init(vendor: Int, mode: AdServingMode, reasons: [AdServingReason]) {
        self.vendor = vendor
        self.mode = mode
        self.reasons = reasons
    }

    /// Whether ads may be requested at all (any mode but ``AdServingMode/none``).
    public var mayRequestAds: Bool { mode != .none }

    /// The answer where the GDPR does not apply, whatever is stored: the TC string does not limit
    /// the mode, so ``AdServingMode/personalized`` with ``AdServingReason/gdprDoesNotApply``.
    public static func outsideGDPR(vendor: Int) -> AdServing {
        AdServing(vendor: vendor, mode: .personalized, reasons: [.gdprDoesNotApply])
    }
}

extension AdServingMode {
    /// The purposes the mode needs, from Google's "Ad serving modes" tables; empty for
    /// ``technical`` (Special Purpose 2 only) and ``none``.
    ///
    /// - Personalized ads: Purpose 1 ✅, 2 ✔ or ✅, 3 ✅, 4 ✅, 7 ✔ or ✅, 9 ✔ or ✅, 10 ✔ or ✅.
    /// - Non-personalized ads: Purpose 1 ✅, 2 ✔ or ✅, 7 ✔ or ✅, 9 ✔ or ✅, 10 ✔ or ✅.
    /// - Limited ads: Purpose 1 🚫 (no consent), 2 ✔ or ✅, 7 ✔ or ✅, 9 ✔ or ✅, 10 ✔ or ✅. The
    ///   Purpose 1 row never decides: a string that meets the others with Purpose 1 consent meets
    ///   the non-personalized table, a better mode, so it is not listed here.
    public var requirements: [AdPurposeRequirement] {
        let measured = [2, 7, 9, 10].map { AdPurposeRequirement(purpose: $0, need: .consentOrLegitimateInterest) }
        let storage = AdPurposeRequirement(purpose: 1, need: .consent)
        switch self {
        case .personalized:
            return [storage, measured[0]] + [3, 4].map { AdPurposeRequirement(purpose: $0, need: .consent) }
                + measured[1...]
        case .nonPersonalized: return [storage] + measured
        case .limited: return measured
        case .technical, .none: return []
        }
    }
}

extension TCString {
    /// Google's vendor id in the Global Vendor List ("Google Advertising Products").
    public static let googleVendorId = 755

    /// May ads be requested from `vendor`, and which kind? The best ``AdServingMode`` this string
    /// allows, by Google's "Ad serving modes" tables, with why it is not a better one.
    ///
    /// The rules, in order:
    /// 1. Where the GDPR does not apply (`gdprApplies` false), the TC string does not limit the
    ///    mode: ``AdServingMode/personalized`` with ``AdServingReason/gdprDoesNotApply``.
    /// 2. A Created or LastUpdated after the day after `today` (`TCString.isFutureDated(on:)`,
    ///    one day of clock skew allowed) gives ``AdServingMode/none`` with
    ///    ``AdServingReason/futureDated(created:lastUpdated:today:)``, whatever `maximumAge`: the
    ///    string records no choice the person has made yet, as every consent flow reads it.
    /// 3. A LastUpdated more than `maximumAge` days before `today` gives ``AdServingMode/none``
    ///    (Google, "Troubleshooting IAB EU TCF v2.2 implementation": "If the consent decision is
    ///    more than 13 months old, the TC string will no longer be considered valid by Google and
    ///    Google will not serve ads to that user").
    /// 4. A string created on or after 2026-03-01 without a Disclosed Vendors segment
    ///    (`TCString.lacksRequiredDisclosedVendors`) discloses no vendor: ``AdServingMode/none``
    ///    with ``AdServingReason/tcf23DisclosedVendorsMissing``. A vendor absent from a present
    ///    Disclosed Vendors segment gives ``AdServingMode/none`` (``isUndisclosed(vendor:)``):
    ///    TCF 2.3 allows it nothing.
    /// 5. Otherwise the first of personalized, non-personalized and limited whose
    ///    ``AdServingMode/requirements`` the string meets; a purpose counts only as
    ///    ``basicPermission(vendor:purpose:)`` answers it for the vendor: the purpose's bit and
    ///    the vendor's own consent or legitimate-interest bit ("Both purposes consent and vendor
    ///    consent are required for any vendor, such as Google, to serve appropriate ads"), and the
    ///    publisher's restrictions. A row that needs consent is not met on legitimate interest.
    /// 6. When none is met, ``AdServingMode/technical``: it needs no purpose, only Special Purpose 2.
    ///
    /// - Parameters:
    ///   - vendor: the vendor id (default Google, 755).
    ///   - gdprApplies: whether the GDPR applies (`IABTCF_gdprApplies`).
    ///   - today: the day to check on.
    ///   - maximumAge: days a choice is valid (default ``commonMaximumAge``, Google's 13 months);
    ///     `nil`: no limit.
    public func adServing(
        vendor: Int = TCString.googleVendorId,
        gdprApplies: Bool = true,
        today: Timestamp,
        maximumAge: Int? = TCString.commonMaximumAge
    ) -> AdServing {
        func answer(_ mode: AdServingMode, _ reasons: [AdServingReason]) -> AdServing {
            AdServing(vendor: vendor, mode: mode, reasons: reasons)
        }
        guard gdprApplies else { return .outsideGDPR(vendor: vendor) }
        if isFutureDated(on: today) {
            return answer(.none, [.futureDated(created: created, lastUpdated: lastUpdated, today: today.startOfDay)])
        }
        if let maximumAge {
            let age = ageInDays(on: today)
            if age > maximumAge {
                return answer(.none, [.expired(lastUpdated: lastUpdated, ageInDays: age, maximumAge: maximumAge)])
            }
        }
        if lacksRequiredDisclosedVendors { return answer(.none, [.tcf23DisclosedVendorsMissing]) }
        if isUndisclosed(vendor: vendor) { return answer(.none, [.notDisclosed]) }
        var reasons: [AdServingReason] = []
        for mode in [AdServingMode.personalized, .nonPersonalized, .limited] {
            let missing = mode.requirements.compactMap { requirement -> MissingAdPurpose? in
                let permission = basicPermission(vendor: vendor, purpose: requirement.purpose)
                return requirement.isMet(by: permission)
                    ? nil : MissingAdPurpose(requirement: requirement, permission: permission)
            }
            if missing.isEmpty { return answer(mode, reasons) }
            reasons.append(.missingPurposes(mode: mode, purposes: missing))
        }
        return answer(.technical, reasons)
    }
}
