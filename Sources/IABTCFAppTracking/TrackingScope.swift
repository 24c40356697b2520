public import IABTCF

/// The TCF purposes, special features and vendors that count as Apple-defined "tracking": what a
/// refusal of ATT rejects in the TC string.
///
/// The default, ``appleDefault``, covers exactly what maps onto Apple's definition: cross-company
/// ad targeting (purposes 3 and 4) and ad measurement and audience linking (7 and 9), plus the two
/// special features (precise geolocation, device scanning). Non-tracking processing (1, 2, 5, 6,
/// 8, 10, 11) stays under the user's own CMP choices. The cost: Google serves non-personalised ads
/// under TCF only when purposes 7 and 9 have consent or legitimate interest, so ``appleDefault``
/// stops Google's TCF demand for users who denied ATT; ``personalisedAdsOnly`` keeps it.
public struct TrackingScope: Sendable, Hashable {
    /// Purposes whose consent and legitimate-interest bits are cleared (core and Publisher TC).
    public var purposes: PurposeSet
    /// Special features whose opt-ins are cleared.
    public var specialFeatures: SpecialFeatureSet
    /// Whether every vendor consent and legitimate interest is cleared as well.
    public var includesAllVendors: Bool

    /// A custom scope.
    public init(purposes: PurposeSet, specialFeatures: SpecialFeatureSet = [1, 2], includesAllVendors: Bool = false) {
        self.purposes = purposes
        self.specialFeatures = specialFeatures
        self.includesAllVendors = includesAllVendors
    }

    /// Purposes 3, 4, 7, 9 and special features 1, 2: the strictest reading that still keeps the
    /// user's non-tracking choices. Ours (no guide names a scope): the default of ``ATTStrategy``.
    public static let appleDefault = TrackingScope(purposes: [3, 4, 7, 9])
    /// Purposes 3, 4 and special features 1, 2: personalised ads only. Keeps Google's
    /// non-personalised ads (which need 7 and 9) and relies on SKAdNetwork or AdAttributionKit and
    /// vendors' own ATT handling for measurement. Ours.
    public static let personalisedAdsOnly = TrackingScope(purposes: [3, 4])
    /// Purposes 2, 3, 4, 7 and special features 1, 2: TCF's advertising purposes, our reading of
    /// consentmanager, "[iOS] 4. Working with ATT (App Tracking Transparency / iOS)", "Step 6:
    /// Decision Table — ATT × CMP Behavior × SDK Actions": "Treat advertising/profiling as declined.
    /// Reject ad purposes/vendors programmatically, then show CMP for non-tracking purposes." (its
    /// example purpose ids are CMP-specific): the default of ``ATTFlow/consentmanager``.
    /// Rejecting purpose 2 stops even contextual ads under TCF.
    public static let adPurposes = TrackingScope(purposes: [2, 3, 4, 7])
    /// Purposes 2-6 and special features 1, 2: advertising and content personalisation.
    /// Onesecondbefore uses purposes 2-6 as its ATT *trigger* (``ATTTrigger/purposes2to6``), not as
    /// something to reject; as a rejection scope it is ours. Also stops contextual ads and
    /// personalised content.
    public static let marketing2to6 = TrackingScope(purposes: [2, 3, 4, 5, 6])
    /// Every defined purpose (1-11, `TCFPolicy.definedPurposes`), special features 1, 2 and every
    /// vendor: "disagree to all", as Didomi's (its sample calls `setUserDisagreeToAll()`) and
    /// PubConsent's ATT-first flows do on a denial. Stops all TCF-based processing, including
    /// storage access (purpose 1).
    public static let denyAll = TrackingScope(purposes: TCFPolicy.definedPurposes, includesAllVendors: true)

    /// The presets by name, as the command-line tool accepts them.
    public static let presets: [String: TrackingScope] = [
        "appleDefault": .appleDefault, "personalisedAdsOnly": .personalisedAdsOnly, "adPurposes": .adPurposes,
        "marketing2to6": .marketing2to6, "denyAll": .denyAll,
    ]
}
