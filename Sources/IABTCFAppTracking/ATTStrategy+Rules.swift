// Our four strategies, rule by rule: first the rows every strategy shares (the guarantees listed on
// ATTStrategy), then one section a strategy with what it adds: the order of its dialogs and its
// answer to an ATT refusal. Each is named after the guide whose order of dialogs it keeps (see the
// DocC article ChoosingAFlow). The rules every flow shares (a request without an answer, the yearly
// re-prompt, authorization after a rejection, the IDFA's Purpose 1, a prompt on screen) are in
// ConsentFlow+Rules.swift.

extension ATTStrategy: FlowRules {
    /// The strategy's decision for `input` in `flow`, with the options `flow` holds.
    func decision(for input: ConsentFlow.Input, permission: ATTPermission, flow: ConsentFlow) -> ConsentFlow.Decision {
        decision(for: input, permission: permission, options: flow.strategyOptions)
    }

    /// Every strategy rejects the tracking scope on a refusal, except S3 without enforcement.
    func rejectsOnRefusal(in flow: ConsentFlow) -> Bool {
        self != .attFirstCMPUnaffected || flow.strategyOptions.enforceOnCMPUnaffected
    }

    /// A strategy asks again a request that ended without an answer (Apple: "your app needs to call
    /// the method again to receive an authorization answer from the person").
    var asksAgainWhenUnanswered: Bool { true }
    /// G5: never ask ATT after a refusal in the CMP.
    var refusalInCMPIsFinal: Bool { true }
    /// ATT after a CMP refusal never happens in a strategy.
    var documentsATTAfterCMPRefusal: Bool { false }
    /// S3 carries appReviewRisk on every decision, re-prompt or not.
    var reviewRiskIsAboutTheCMP: Bool { false }

    /// The alert itself: no strategy shows an explainer.
    func repromptStep(for input: ConsentFlow.Input, in flow: ConsentFlow) -> ATTNextStep { .requestATT }

    /// The strategy's decision for `input`, given what the ATT status allows (`permission`): the
    /// guarantees listed on ``ATTStrategy``, before the rules every flow shares.
    func decision(
        for input: ConsentFlow.Input,
        permission: ATTPermission,
        options: ATTOptions
    ) -> ConsentFlow.Decision {
        let consent = input.consent
        guard input.gdprApplies else {
            // TCF is not in play: only ATT decides.
            let ask = input.status == .notDetermined
            let mayTrack = permission.mayTrack
            return ConsentFlow.Decision(
                next: ask ? .requestATT : .done,
                idfaAllowed: mayTrack,
                trackersAllowed: mayTrack
            )
        }
        let warnings = rules.warnings

        if input.status == .restricted && !permission.refusal {
            // Didomi's literal reading: the flow of a device without ATT, but still no tracking (G2).
            return ConsentFlow.Decision(
                next: consent.needsCMP ? .showCMP : .done,
                warnings: [.restrictedShownFullCMP] + warnings
            )
        }

        if permission.mayTrack {
            // Trackers only once the CMP has recorded a choice: before that the flow is not done.
            return ConsentFlow.Decision(
                next: consent.needsCMP ? .showCMP : .done,
                idfaAllowed: true,
                trackersAllowed: consent.hasChoice,
                warnings: warnings
            )
        }

        if input.status == .notDetermined {
            // Never ask ATT after a refusal in the CMP (G5). Without a choice, the strategy's order.
            let next: ATTNextStep
            switch consent {
            case .refused, .dismissed: next = .done
            case .granted: next = .requestATT
            case .none, .expired: next = rules.asksCMPFirst ? .showCMP : .requestATT
            }
            return ConsentFlow.Decision(next: next, warnings: warnings)
        }

        // A refusal: denied, restricted as denied, or a legacy device with Limit Ad Tracking. The
        // tracking scope is rejected and re-applied after every CMP save, unless the strategy says.
        var decision = ConsentFlow.Decision(
            next: .done,
            reject: .trackingScope,
            reapplyAfterCMP: true,
            warnings: warnings
        )
        rules.afterRefusal(&decision, consent: consent, options: options)
        return decision
    }

    /// What this strategy adds to the rows every strategy shares.
    private var rules: any StrategyRules.Type {
        switch self {
        case .attFirstDenyAll: DenyAll.self
        case .attFirstRejectTracking: RejectTracking.self
        case .attFirstCMPUnaffected: CMPUnaffected.self
        case .cmpFirst: CMPFirst.self
        }
    }
}

/// What one strategy adds to the guarantees every strategy shares: the order of its dialogs, the
/// warnings it always carries, and its answer to an ATT refusal.
private protocol StrategyRules {
    /// Whether the CMP comes before ATT while no choice is stored.
    static var asksCMPFirst: Bool { get }
    /// The warnings every decision carries where the GDPR applies.
    static var warnings: [ATTWarning] { get }
    /// The answer to an ATT refusal, from `decision`: done, the tracking scope rejected and
    /// re-applied after every CMP save.
    static func afterRefusal(_ decision: inout ConsentFlow.Decision, consent: ConsentState, options: ATTOptions)
}

extension StrategyRules {
    static var asksCMPFirst: Bool { false }
    static var warnings: [ATTWarning] { [] }
}

extension ATTStrategy {
    // MARK: S1, attFirstDenyAll

    /// S1, ``ATTStrategy/attFirstDenyAll``: ATT first; on a refusal no CMP.
    private enum DenyAll: StrategyRules {
        static func afterRefusal(_ decision: inout ConsentFlow.Decision, consent: ConsentState, options: ATTOptions) {
            // Didomi's "Recommended solutions": "a user who does not give consent to ATT is assumed
            // to also not give consent to the CMP": no notice, everything rejected while no choice
            // is stored; a stored choice loses the tracking scope only.
            if consent.needsCMP { decision.reject = .all }
        }
    }

    // MARK: S2, attFirstRejectTracking

    /// S2, ``ATTStrategy/attFirstRejectTracking``: ATT first; on a refusal a CMP without the
    /// tracking scope.
    private enum RejectTracking: StrategyRules {
        static func afterRefusal(_ decision: inout ConsentFlow.Decision, consent: ConsentState, options: ATTOptions) {
            // consentmanager's decision table: "Reject ad purposes/vendors programmatically, then
            // show CMP for non-tracking purposes." A CMP that cannot hide the tracking scope shows
            // nothing (it would ask for tracking).
            guard consent.needsCMP else { return }
            if options.cmpSupportsNonTrackingScope {
                decision.next = .showCMPWithoutTracking
            } else {
                decision.warnings.append(.cmpCannotHideTracking)
            }
        }
    }

    // MARK: S3, attFirstCMPUnaffected

    /// S3, ``ATTStrategy/attFirstCMPUnaffected``: ATT first; on a refusal the full CMP.
    private enum CMPUnaffected: StrategyRules {
        /// S3 matches a pattern App Review has rejected: every decision says so.
        static var warnings: [ATTWarning] { [.appReviewRisk] }

        static func afterRefusal(_ decision: inout ConsentFlow.Decision, consent: ConsentState, options: ATTOptions) {
            // Onesecondbefore: "No changes to the consent dialogue will be made depending on the
            // answer on the App Tracking Request."; the rejection is ours unless `--no-enforce`.
            if consent.needsCMP { decision.next = .showCMP }
            if !options.enforceOnCMPUnaffected {
                decision.reject = .none
                decision.reapplyAfterCMP = false
            }
        }
    }

    // MARK: S4, cmpFirst

    /// S4, ``ATTStrategy/cmpFirst``: the CMP first, then ATT only with tracking consent (Didomi's
    /// "Show the CMP notice then the ATT permission if the user gives consent in the CMP notice").
    private enum CMPFirst: StrategyRules {
        static var asksCMPFirst: Bool { true }

        static func afterRefusal(_ decision: inout ConsentFlow.Decision, consent: ConsentState, options: ATTOptions) {
            // A refusal after the CMP: as S2, the tracking scope rejected and a CMP without it.
            RejectTracking.afterRefusal(&decision, consent: consent, options: options)
        }
    }
}
