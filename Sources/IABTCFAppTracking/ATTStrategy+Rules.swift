// Our four strategies, rule by rule: the rows common to all of them, then what each does after an
// ATT refusal. Each is named after the guide whose order of dialogs it keeps; the guarantees it adds
// are the decision model's (see the DocC article ChoosingAFlow). The rules every flow shares (a
// request without an answer, the yearly re-prompt, authorization after a rejection, the IDFA's
// Purpose 1, a prompt on screen) are in ConsentFlow+Rules.swift.

extension ATTStrategy {
    /// The strategy's decision for `input`, given what the ATT status allows (`permission`): the
    /// guarantees listed on ``ATTStrategy``, before the rules every flow shares.
    func decision(
        for input: ConsentFlow.Input,
        permission: ATTPermission,
        options: ATTOptions
    ) -> ConsentFlow.Decision {
        let consent = input.consent
        // S3 matches a pattern App Review has rejected: every decision says so.
        let s3Warning: [ATTWarning] = self == .attFirstCMPUnaffected ? [.appReviewRisk] : []
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

        if input.status == .restricted && !permission.refusal {
            // Didomi's literal reading: the flow of a device without ATT, but still no tracking (G2).
            return ConsentFlow.Decision(
                next: consent.needsCMP ? .showCMP : .done,
                warnings: [.restrictedShownFullCMP] + s3Warning
            )
        }

        if permission.mayTrack {
            // Trackers only once the CMP has recorded a choice: before that the flow is not done.
            return ConsentFlow.Decision(
                next: consent.needsCMP ? .showCMP : .done,
                idfaAllowed: true,
                trackersAllowed: consent.hasChoice,
                warnings: s3Warning
            )
        }

        if input.status == .notDetermined {
            // Never ask ATT after a refusal in the CMP (G5). The CMP comes first only in cmpFirst.
            let next: ATTNextStep
            switch consent {
            case .refused, .dismissed: next = .done
            case .granted: next = .requestATT
            case .none, .expired: next = self == .cmpFirst ? .showCMP : .requestATT
            }
            return ConsentFlow.Decision(next: next, warnings: s3Warning)
        }

        // A refusal: denied, restricted as denied, or a legacy device with Limit Ad Tracking.
        var decision = ConsentFlow.Decision(
            next: .done,
            reject: .trackingScope,
            reapplyAfterCMP: true,
            warnings: s3Warning
        )
        switch self {
        case .attFirstDenyAll:
            // S1, Didomi's "Recommended solutions": "a user who does not give consent to ATT is
            // assumed to also not give consent to the CMP": no notice, everything rejected while no
            // choice is stored; a stored choice loses the tracking scope only.
            if consent.needsCMP { decision.reject = .all }
        case .attFirstRejectTracking, .cmpFirst:
            // S2, consentmanager's decision table: "Reject ad purposes/vendors programmatically,
            // then show CMP for non-tracking purposes."; S4 after the same refusal. A CMP that
            // cannot hide the tracking scope shows nothing (it would ask for tracking).
            guard consent.needsCMP else { break }
            if options.cmpSupportsNonTrackingScope {
                decision.next = .showCMPWithoutTracking
            } else {
                decision.warnings.append(.cmpCannotHideTracking)
            }
        case .attFirstCMPUnaffected:
            // S3, Onesecondbefore: "No changes to the consent dialogue will be made depending on the
            // answer on the App Tracking Request."; the rejection is ours unless `--no-enforce`.
            if consent.needsCMP { decision.next = .showCMP }
            if !options.enforceOnCMPUnaffected {
                decision.reject = .none
                decision.reapplyAfterCMP = false
            }
        }
        return decision
    }
}
