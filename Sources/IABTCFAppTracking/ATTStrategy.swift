public import IABTCF

/// Our recommended consent flows: each guide's order of dialogs, with the guarantees of the
/// decision model added (see <doc:ChoosingAFlow>). The guides' own flows, reproduced literally,
/// are ``ATTFlow``.
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

    /// Whether the device may track as far as ATT is concerned: authorized, or no ATT at all
    /// without Limit Ad Tracking.
    func permitsTracking(_ status: ATTStatus) -> Bool {
        status == .authorized || (status == .unavailable && legacyLimitAdTracking != true)
    }
}

/// What the app knows about the flow so far, beyond the ATT status and the stored consent.
public struct ATTFlowState: Sendable, Hashable {
    /// Whether ATT was already requested in this run of the flow: a notDetermined status after the
    /// request means the alert could not show, so the flow moves on instead of asking again.
    public var attRequested: Bool
    /// The ATT status the app saw last time (persist it between launches), or `nil` if unknown:
    /// ``ATTDecision/statusChanged`` compares against it.
    public var previousStatus: ATTStatus?
    /// Whether the ATT alert, the CMP or an explainer is on screen right now, shown by another call
    /// (launch and `didBecomeActive` both evaluate): the decision is then ``ATTNextStep/wait``, so
    /// no second prompt starts on top of it.
    public var promptInProgress: Bool
    /// Whether the CMP was shown in this run. ``ATTFlow/googleUMP`` then requests ATT right after
    /// it, without the IDFA explainer.
    public var cmpShown: Bool
    /// Whether Apple's European Union rules apply to the person (Apple decides by the device's
    /// location and the Apple Account's country; pass the app's best knowledge): there an answered
    /// ATT prompt may be shown again after a year.
    public var region: ConsentFlow.Region
    /// The UTC day the person last answered the ATT prompt (authorized or denied), which the app
    /// records whenever a request returns one of them; `nil` when unknown.
    public var attAnswered: Timestamp?
    /// Whether the stored TC string carries the rejection an earlier evaluation of this flow applied
    /// after an ATT refusal: the app records it when it stores a rejected string and clears it once
    /// the CMP saved a new choice. With ATT authorized the CMP then shows again.
    public var rejectionApplied: Bool

    /// Creates a flow state; the defaults are a first evaluation.
    public init(
        attRequested: Bool = false,
        previousStatus: ATTStatus? = nil,
        promptInProgress: Bool = false,
        cmpShown: Bool = false,
        region: ConsentFlow.Region = .other,
        attAnswered: Timestamp? = nil,
        rejectionApplied: Bool = false
    ) {
        self.attRequested = attRequested
        self.previousStatus = previousStatus
        self.promptInProgress = promptInProgress
        self.cmpShown = cmpShown
        self.region = region
        self.attAnswered = attAnswered
        self.rejectionApplied = rejectionApplied
    }

    /// Whether `status` differs from ``previousStatus``.
    func changed(to status: ATTStatus) -> Bool { previousStatus.map { $0 != status } ?? false }
}

extension ATTDecision {
    /// The next step of `strategy` for the current ATT status and consent state.
    ///
    /// Call it on every launch, every return to the foreground, after every CMP save and after every
    /// ATT answer, reading the ATT status afresh each time. Guarantees, whatever the strategy:
    /// the IDFA only with `authorized` (or a pre-iOS 14 device without Limit Ad Tracking); trackers
    /// never with notDetermined, restricted or denied, and never before the CMP has recorded a
    /// choice where the GDPR applies; ATT is never requested after a CMP refusal, nor twice in one
    /// run (`state.attRequested`), nor while a prompt is on screen (`state.promptInProgress`: the
    /// step is ``ATTNextStep/wait``), nor unless the status is notDetermined; after an ATT refusal the
    /// tracking scope is rejected and re-applied after every CMP save, and no CMP may ask for
    /// tracking — except where a warning says the chosen options knowingly do otherwise.
    ///
    /// ``ConsentState/expired`` is handled like ``ConsentState/none`` (the CMP shows again) and
    /// ``ConsentState/dismissed`` like ``ConsentState/refused`` (no tracking consent; the CMP is not
    /// shown again in this run).
    public static func decide(
        status: ATTStatus,
        consent: ConsentState,
        gdprApplies: Bool = true,
        strategy: ATTStrategy,
        options: ATTOptions = ATTOptions(),
        state: ATTFlowState = ATTFlowState()
    ) -> ATTDecision {
        var decision = decideStrategy(
            status: status,
            consent: consent,
            gdprApplies: gdprApplies,
            strategy: strategy,
            options: options,
            attRequested: state.attRequested
        )
        decision.statusChanged = state.changed(to: status)
        decision.setRejection(decision.reject, scope: .appleDefault, vendors: .none)
        decision.waitIfPromptInProgress(state)
        return decision
    }

    private static func decideStrategy(
        status: ATTStatus,
        consent: ConsentState,
        gdprApplies: Bool,
        strategy: ATTStrategy,
        options: ATTOptions,
        attRequested: Bool
    ) -> ATTDecision {
        let s3Warning: [ATTWarning] = strategy == .attFirstCMPUnaffected ? [.appReviewRisk] : []
        let mayTrack = options.permitsTracking(status)
        guard gdprApplies else {
            // TCF is not in play: only ATT decides.
            let ask = status == .notDetermined && !attRequested
            return ATTDecision(next: ask ? .requestATT : .done, idfaAllowed: mayTrack, trackersAllowed: mayTrack)
        }

        if status == .restricted && !options.restrictedAsDenied {
            // Didomi's literal reading: the flow of a device without ATT, but still no tracking (G2).
            return ATTDecision(
                next: consent.needsCMP ? .showCMP : .done,
                warnings: [.restrictedShownFullCMP] + s3Warning
            )
        }

        if mayTrack {
            // Trackers only once the CMP has recorded a choice: before that the flow is not done.
            return ATTDecision(
                next: consent.needsCMP ? .showCMP : .done,
                idfaAllowed: true,
                trackersAllowed: consent.hasChoice,
                warnings: s3Warning
            )
        }

        if status == .notDetermined {
            // Never ask ATT after a refusal in the CMP (G5), nor again in this run: a status still
            // notDetermined after the request means the alert could not show, so the CMP comes next.
            let next: ATTNextStep
            switch consent {
            case .refused, .dismissed: next = .done
            case .granted: next = attRequested ? .done : .requestATT
            case .none, .expired:
                next = strategy == .cmpFirst || attRequested ? .showCMP : .requestATT
            }
            return ATTDecision(next: next, warnings: s3Warning)
        }

        // Denied, restricted (as denied), or a legacy device with Limit Ad Tracking.
        var decision = ATTDecision(next: .done, reject: .trackingScope, reapplyAfterCMP: true, warnings: s3Warning)
        switch (strategy, consent.needsCMP) {
        case (.attFirstDenyAll, true):
            decision.reject = .all
        case (.attFirstRejectTracking, true), (.cmpFirst, true):
            if options.cmpSupportsNonTrackingScope {
                decision.next = .showCMPWithoutTracking
            } else {
                decision.warnings.append(.cmpCannotHideTracking)
            }
        case (.attFirstCMPUnaffected, let needsCMP):
            if needsCMP { decision.next = .showCMP }
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
