public import IABTCF

/// The consent flow an app follows, named after the flows the consent tools document.
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

/// What the user decided in the CMP, as far as the tracking scope is concerned.
public enum ConsentState: String, Sendable, Hashable, CaseIterable {
    /// No valid choice yet (none, invalid, expired, or re-consent needed).
    case none
    /// A valid choice without consent to tracking.
    case refused
    /// A valid choice with consent to tracking.
    case granted

    /// The state a TC string records for `scope`: ``granted`` when a scope purpose has a consent bit
    /// (core or Publisher TC) and at least one vendor has consent, or a scope special feature is
    /// opted in; ``refused`` otherwise. Legitimate interest never counts as tracking consent.
    public init(_ tcString: TCString, scope: TrackingScope) {
        let purposeConsent =
            !tcString.purposeConsents.intersection(scope.purposes).isEmpty
            || !(tcString.publisherTC?.purposeConsents.intersection(scope.purposes).isEmpty ?? true)
        let specialFeature = !tcString.specialFeatureOptIns.intersection(scope.specialFeatures).isEmpty
        self = (purposeConsent && !tcString.vendorConsents.isEmpty) || specialFeature ? .granted : .refused
    }
}

/// The next step of the consent flow.
public enum ATTNextStep: String, Sendable, Hashable {
    /// Show the system ATT alert now (while the app is active).
    case requestATT
    /// Show the full consent notice; it must not be dismissable without a choice when an ATT request may follow.
    case showCMP
    /// Show the notice with the tracking scope pre-rejected and not selectable, worded so it does not ask for tracking.
    case showCMPWithoutTracking
    /// No UI.
    case done
}

/// What to remove from the TC string.
public enum ATTRejection: String, Sendable, Hashable {
    /// Nothing.
    case none
    /// The tracking scope.
    case trackingScope
    /// Every purpose (consent and legitimate interest), special feature and vendor, and the
    /// publisher's purposes: "disagree to all".
    case all
}

/// Why a decision deserves a second look.
public enum ATTWarning: String, Sendable, Hashable {
    /// The strategy shows a full CMP after an ATT refusal, which App Review has rejected.
    case appReviewRisk
    /// Restricted was treated as unavailable: the full CMP shows and nothing is rejected.
    case restrictedShownFullCMP
    /// The CMP cannot hide the tracking scope, so no CMP is shown after the refusal.
    case cmpCannotHideTracking
}

/// Choices that refine a strategy.
public struct ATTOptions: Sendable, Hashable {
    /// Treat ``ATTStatus/restricted`` as ``ATTStatus/unavailable`` (Didomi's literal reading):
    /// full CMP, no rejection, with ``ATTWarning/restrictedShownFullCMP``. Default `false`: as denied.
    public var restrictedAsUnavailable: Bool
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
        restrictedAsUnavailable: Bool = false,
        cmpSupportsNonTrackingScope: Bool = true,
        enforceOnCMPUnaffected: Bool = true,
        legacyLimitAdTracking: Bool? = nil
    ) {
        self.restrictedAsUnavailable = restrictedAsUnavailable
        self.cmpSupportsNonTrackingScope = cmpSupportsNonTrackingScope
        self.enforceOnCMPUnaffected = enforceOnCMPUnaffected
        self.legacyLimitAdTracking = legacyLimitAdTracking
    }
}

/// The outcome of ``ATTDecision/decide(status:consent:gdprApplies:strategy:options:)``.
public struct ATTDecision: Sendable, Hashable {
    /// What to show next.
    public var next: ATTNextStep
    /// What to remove from the TC string now.
    public var reject: ATTRejection
    /// Whether the IDFA may be read (only with ATT authorized, or below iOS 14 without Limit Ad Tracking).
    public var idfaAllowed: Bool
    /// Whether tracking SDKs may start, as far as the TC string then permits.
    public var trackersAllowed: Bool
    /// Whether to re-apply the rejection to whatever the CMP saves next.
    public var reapplyAfterCMP: Bool
    /// Anything the app should know about this decision.
    public var warnings: [ATTWarning]

    /// Creates a decision.
    public init(
        next: ATTNextStep,
        reject: ATTRejection = .none,
        idfaAllowed: Bool = false,
        trackersAllowed: Bool = false,
        reapplyAfterCMP: Bool = false,
        warnings: [ATTWarning] = []
    ) {
        self.next = next
        self.reject = reject
        self.idfaAllowed = idfaAllowed
        self.trackersAllowed = trackersAllowed
        self.reapplyAfterCMP = reapplyAfterCMP
        self.warnings = warnings
    }

    /// The next step of the flow for the current ATT status and consent state.
    ///
    /// Call it on every launch, every return to the foreground, after every CMP save and after every
    /// ATT answer, reading the ATT status afresh each time. Guarantees, whatever the strategy:
    /// the IDFA only with `authorized` (or a pre-iOS 14 device without Limit Ad Tracking); trackers
    /// never with notDetermined, restricted or denied; ATT is never requested after a CMP refusal nor
    /// unless the status is notDetermined; after an ATT refusal the tracking scope is rejected and
    /// re-applied after every CMP save, and no CMP may ask for tracking — except where a warning says
    /// the chosen options knowingly do otherwise.
    public static func decide(
        status: ATTStatus,
        consent: ConsentState,
        gdprApplies: Bool = true,
        strategy: ATTStrategy,
        options: ATTOptions = ATTOptions()
    ) -> ATTDecision {
        let s3Warning: [ATTWarning] = strategy == .attFirstCMPUnaffected ? [.appReviewRisk] : []
        // Without Limit Ad Tracking, a device without ATT is a legacy device: no TCF-independent restriction.
        let legacyTrackingAllowed = options.legacyLimitAdTracking != true
        let refusedATT =
            status == .denied || status == .restricted || (status == .unavailable && !legacyTrackingAllowed)
        guard gdprApplies else {
            // TCF is not in play: only ATT decides.
            switch status {
            case .notDetermined: return ATTDecision(next: .requestATT)
            case .authorized: return ATTDecision(next: .done, idfaAllowed: true, trackersAllowed: true)
            case .unavailable where legacyTrackingAllowed:
                return ATTDecision(next: .done, idfaAllowed: true, trackersAllowed: true)
            default: return ATTDecision(next: .done)
            }
        }

        if status == .restricted && options.restrictedAsUnavailable {
            // Didomi's literal reading: the flow of a device without ATT, but still no tracking (G2).
            return ATTDecision(
                next: consent == .none ? .showCMP : .done,
                warnings: [.restrictedShownFullCMP] + s3Warning
            )
        }

        if status == .authorized || (status == .unavailable && legacyTrackingAllowed) {
            return ATTDecision(
                next: consent == .none ? .showCMP : .done,
                idfaAllowed: true,
                trackersAllowed: true,
                warnings: s3Warning
            )
        }

        if status == .notDetermined {
            // Never ask ATT after a refusal in the CMP (G5).
            let next: ATTNextStep
            switch consent {
            case .refused: next = .done
            case .granted: next = .requestATT
            case .none: next = strategy == .cmpFirst ? .showCMP : .requestATT
            }
            return ATTDecision(next: next, warnings: s3Warning)
        }

        // Denied, restricted (as denied), or a legacy device with Limit Ad Tracking.
        assert(refusedATT)
        var decision = ATTDecision(next: .done, reject: .trackingScope, reapplyAfterCMP: true, warnings: s3Warning)
        switch (strategy, consent) {
        case (.attFirstDenyAll, .none):
            decision.reject = .all
        case (.attFirstRejectTracking, .none), (.cmpFirst, .none):
            if options.cmpSupportsNonTrackingScope {
                decision.next = .showCMPWithoutTracking
            } else {
                decision.warnings.append(.cmpCannotHideTracking)
            }
        case (.attFirstCMPUnaffected, _):
            if consent == .none { decision.next = .showCMP }
            if !options.enforceOnCMPUnaffected {
                decision.reject = .none
                decision.reapplyAfterCMP = false
            }
        default:
            break
        }
        return decision
    }
}
