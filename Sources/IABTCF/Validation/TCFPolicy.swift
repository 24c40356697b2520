/// The numbers the TCF policy rules use, in one place: which purposes and special features are
/// defined, which purposes may never rest on legitimate interest, and the days TCF 2.2 and 2.3 took
/// effect.
///
/// Decoding and encoding apply none of this (the wire fields hold more: PurposesConsent has room
/// for 24 purposes). ``TCString/validate()``, the vendor-list permissions and the CMP string
/// builder all read the legitimate-interest ban from
/// ``purposesWithoutLegitimateInterest(policyVersion:created:)``, so they give one answer.
public enum TCFPolicy {
    /// The purposes TCF v2.2 defines (Policies, Appendix A): 1-11.
    public static let definedPurposes: PurposeSet = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]

    /// The special features TCF v2 defines: 1 (precise geolocation) and 2 (device scanning).
    public static let definedSpecialFeatures: SpecialFeatureSet = [1, 2]

    /// The CmpIds IAB Europe can assign to a registered CMP: 2-4095 (the field's 12 bits; 0 and 1
    /// are assigned to none, see ``PolicyRule/cmpIdInvalid``).
    public static let registeredCmpIds: ClosedRange<Int> = 2...Field.cmpId.values.upperBound

    /// The purposes that may rest on consent only under TCF 2.2: 1 and 3-6.
    ///
    /// TCF 2.2 removed legitimate interest as a legal basis for purposes 3, 4, 5 and 6 (IAB Europe,
    /// *TCF v2.2 Implementation FAQs*: "Vendors will only be able to select consent as an
    /// acceptable legal basis for purposes 3, 4, 5 and 6"); the specification's
    /// PurposesLITransparency bits for them must be 0. Purpose 1 never had legitimate interest.
    public static let consentOnlyPurposes: PurposeSet = [1, 3, 4, 5, 6]

    /// The first TcfPolicyVersion of TCF 2.2.
    public static let tcf22PolicyVersion = 4

    /// The first day on which TCF 2.2 requires TcfPolicyVersion ≥ 4: strings "created after
    /// 30 September 2023" (2023-10-01T00:00:00Z).
    public static let tcf22PolicyVersionCutoff = Timestamp(deciseconds: 16_961_184_000)

    /// The day before ``tcf22PolicyVersionCutoff``, `2023-09-30`, for messages that say as the
    /// policy does: "created after" it.
    package static var tcf22LastDayBefore: String {
        String(Timestamp(deciseconds: tcf22PolicyVersionCutoff.deciseconds - 864_000).description.prefix(10))
    }

    /// The first day on which TCF 2.3 requires the Disclosed Vendors segment (2026-03-01T00:00:00Z).
    ///
    /// IAB Europe's transition note says strings "created after 28 February 2026" without it are
    /// invalid; the string carries only a day, so the rule starts with 1 March.
    public static let tcf23DisclosedVendorsCutoff = Timestamp(deciseconds: 17_723_232_000)

    /// Whether TCF 2.3 requires the Disclosed Vendors segment of a string created at `created`:
    /// on or after ``tcf23DisclosedVendorsCutoff``. The one reading of the cut-over:
    /// `TCString.validate()` (`tcf23.disclosedVendorsMissing`), the vendor-list permissions and
    /// the ad serving answer all ask it.
    public static func requiresDisclosedVendors(created: Timestamp) -> Bool {
        created >= tcf23DisclosedVendorsCutoff
    }

    /// Whether TCF 2.2 binds a string with `policyVersion` created at `created`: one written under
    /// it (TcfPolicyVersion 4 on) or since it took effect (``tcf22PolicyVersionCutoff``).
    public static func isTCF22(policyVersion: Int, created: Timestamp) -> Bool {
        policyVersion >= tcf22PolicyVersion || created >= tcf22PolicyVersionCutoff
    }

    /// The purposes a string with `policyVersion`, created at `created`, may not rest on legitimate
    /// interest: ``consentOnlyPurposes`` when TCF 2.2 binds it
    /// (``isTCF22(policyVersion:created:)``), otherwise purpose 1 alone.
    ///
    /// The one reading of the ban. Purpose 1 (store and/or access information on a device) is
    /// consent-only on every string, whatever its policy version: the specification lets no
    /// vendor register it as flexible, and IAB Tech Lab's reference encoder, `@iabtcf/core`,
    /// clears its PurposesLITransparency bit on every string ("Purpose 1 is never allowed to be
    /// true for legitimate interest", `SemanticPreEncoder`). Purposes 3-6 lost legitimate interest
    /// with TCF 2.2, which binds strings written under it or created since it took effect; a TCF
    /// 2.0/2.1 string created before 2023-10-01 may still rest them on legitimate interest.
    public static func purposesWithoutLegitimateInterest(policyVersion: Int, created: Timestamp) -> PurposeSet {
        isTCF22(policyVersion: policyVersion, created: created) ? consentOnlyPurposes : [1]
    }
}

extension TCString {
    /// Whether the string lacks the Disclosed Vendors segment TCF 2.3 requires: created on or
    /// after 2026-03-01 (``TCFPolicy/requiresDisclosedVendors(created:)``) without it. Such a
    /// string discloses no vendor, so every permission and ad serving answer treats each vendor as
    /// not consented; ``validate()`` reports it as ``PolicyRule/disclosedVendorsMissing``.
    public var lacksRequiredDisclosedVendors: Bool {
        disclosedVendors == nil && TCFPolicy.requiresDisclosedVendors(created: created)
    }

    /// The purposes this string may not rest on legitimate interest:
    /// ``TCFPolicy/purposesWithoutLegitimateInterest(policyVersion:created:)`` for its
    /// TcfPolicyVersion and Created.
    public var purposesWithoutLegitimateInterest: PurposeSet {
        TCFPolicy.purposesWithoutLegitimateInterest(policyVersion: policyVersion, created: created)
    }
}
