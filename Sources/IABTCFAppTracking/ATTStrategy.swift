/// Our recommended consent flows: each guide's order of dialogs, with the guarantees of the
/// decision model added (see <doc:ChoosingAFlow>). The guides' own flows, reproduced literally,
/// are ``ATTFlow``.
///
/// Guarantees, whatever the strategy: the IDFA only with ATT's permission (and, where the GDPR
/// applies, Purpose 1 consent); trackers never with notDetermined, restricted or denied, and where
/// the GDPR applies never before the CMP has recorded a choice that consents to the tracking scope
/// and to Purpose 1 (the rule of every flow, ``ConsentFlow/Decision/trackersAllowed``); ATT is never requested after a
/// refusal in the CMP, nor while a prompt is on screen, nor unless the status is notDetermined or
/// a denial Apple lets the app ask again (``ConsentFlow/reprompt``); after an ATT refusal the
/// tracking scope is rejected and re-applied after every CMP save, and no CMP may ask for
/// tracking, except where a warning says the chosen options knowingly do otherwise.
/// ``ConsentState/expired`` is handled like ``ConsentState/none`` (the CMP shows again) and
/// ``ConsentState/dismissed`` like ``ConsentState/refused``. The rules are in one place, one
/// section a strategy, each naming its source.
public enum ATTStrategy: String, Sendable, Hashable, CaseIterable {
    /// S1, "ATT first, deny all on denial" (Didomi and PubConsent option 1, Axeptio's sample): ask
    /// ATT first; on denial reject everything and show no CMP. Smallest App Review surface.
    case attFirstDenyAll
    /// S2, "ATT first, reject tracking then CMP" (consentmanager): ask ATT first; on denial reject
    /// the tracking scope and show a CMP that cannot ask for it.
    case attFirstRejectTracking
    /// S3, "ATT first, CMP unaffected" (Onesecondbefore's recommendation): on denial the full CMP
    /// still shows. This matches a pattern App Review has rejected; every decision where the GDPR
    /// applies carries ``ATTWarning/appReviewRisk``.
    case attFirstCMPUnaffected
    /// S4, "CMP first, then ATT only with tracking consent" (Didomi option 2, UMP-style with the
    /// fix that never asks ATT after a refusal).
    case cmpFirst
}

/// Choices that refine a strategy.
public struct ATTOptions: Sendable, Hashable {
    /// Whether ``ATTStatus/restricted`` counts as a refusal, like ``ATTStatus/denied`` (default
    /// `true`). `false` is Didomi's literal reading, restricted as a device without ATT: full CMP,
    /// no rejection, with ``ATTWarning/restrictedShownFullCMP``. ``ConsentFlow/restrictedAsDenied``
    /// is the same option for a guide's flow.
    public var restrictedAsDenied: Bool
    /// Whether the CMP can hide or lock the tracking scope. When it cannot,
    /// ``ATTNextStep/showCMPWithoutTracking`` becomes ``ATTNextStep/done`` with the rejection.
    public var cmpSupportsNonTrackingScope: Bool
    /// For ``ATTStrategy/attFirstCMPUnaffected``: reject the tracking scope after an ATT refusal
    /// anyway (default `true`). `false` is the literal flow, which hands vendors tracking consent
    /// Apple says cannot replace ATT permission.
    public var enforceOnCMPUnaffected: Bool
    /// Below iOS 14: the Limit Ad Tracking setting. `true` treats ``ATTStatus/unavailable`` like ``ATTStatus/denied``.
    public var legacyLimitAdTracking: Bool?

    /// Creates options; the defaults are the safest.
    public init(
        restrictedAsDenied: Bool = true,
        cmpSupportsNonTrackingScope: Bool = true,
        enforceOnCMPUnaffected: Bool = true,
        legacyLimitAdTracking: Bool? = nil
    ) {
        self.restrictedAsDenied = restrictedAsDenied
        self.cmpSupportsNonTrackingScope = cmpSupportsNonTrackingScope
        self.enforceOnCMPUnaffected = enforceOnCMPUnaffected
        self.legacyLimitAdTracking = legacyLimitAdTracking
    }

}
