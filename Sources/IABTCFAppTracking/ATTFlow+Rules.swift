// The guides' flows, rule by rule. Each rule names the guide's line in shared/seeds/ it comes from:
// Didomi = 000_1b043c6a936a75ed.txt, PubConsent = 001_98f8a442817ec511.txt,
// consentmanager = 002_eef79d1cddf8c048.txt, Adjust = 003_7bd3a79e2abd19d6.txt,
// Onesecondbefore = 004_81c635dad8329ae5.txt. The DocC article GuideFlows quotes them.

extension ATTFlow {
    /// The literal decision of this flow for `input`, refined by `flow` (trigger, rejection, options).
    func decide(_ input: ATTFlowInput, flow: ConsentFlow) -> ATTDecision {
        if self == .googleUMP { return decideGoogleUMP(input, flow: flow) }
        let status = input.status
        let consent = input.consent
        let firstRequest = status == .notDetermined && !input.state.attRequested
        // Only authorized, or a device without ATT and without Limit Ad Tracking, may track: an
        // unknown raw value is already .denied here (it fails closed).
        let mayTrack = status == .authorized || (status == .unavailable && flow.legacyLimitAdTracking != true)

        // Adjust has no CMP: "you must display a prompt" (Adjust 3) while notDetermined; the IDFA
        // "Only if the user grants ATT consent" (Adjust 93).
        if self == .adjust || !input.gdprApplies {
            // Without the GDPR no CMP is needed; the guides' ATT steps remain (a reading of ours).
            let next: ATTNextStep = firstRequest ? .requestATT : .done
            return ATTDecision(
                next: next,
                idfaAllowed: mayTrack,
                trackersAllowed: mayTrack && next == .done,
                warnings: input.isUnknownStatus ? [.unknownStatus] : []
            )
        }

        let restrictedAsRefusal = restrictedIsRefusal || flow.restrictedAsDenied
        let refusal =
            status == .denied || (status == .restricted && restrictedAsRefusal)
            || (status == .unavailable && flow.legacyLimitAdTracking == true)
        var decision = ATTDecision(next: .done, idfaAllowed: mayTrack)
        decision.next =
            asksATTFirst ? nextATTFirst(input, refusal: refusal, flow: flow) : nextCMPFirst(input, flow: flow)

        if refusal && flow.rejection != .none {
            decision.reject = flow.rejection
            decision.reapplyAfterCMP = true
        }
        // "Never initialize trackers before ATT + CMP flow finishes" (consentmanager 149), "Enable
        // ad/analytics only if CMP allows" (consentmanager 99): every flow waits for a CMP choice.
        decision.trackersAllowed = mayTrack && decision.next == .done && consent.hasChoice

        if input.isUnknownStatus { decision.warnings.append(.unknownStatus) }
        if decision.next == .showCMP && refusal && !input.isUnknownStatus {
            // "Do not show the CMP after a user denies an ATT permission request" (Didomi 303).
            decision.warnings.append(.appReviewRisk)
        }
        if status == .restricted && !restrictedAsRefusal && decision.next == .showCMP {
            decision.warnings.append(.restrictedShownFullCMP)
        }
        if decision.next == .requestATT && (consent == .refused || consent == .dismissed) {
            decision.warnings.append(.attAfterCMPRefusal)
        }
        if self == .didomiCMPFirst && consent == .dismissed {
            // "do not allow the CMP to be closed without the user agreeing or disagreeing" (Didomi 305).
            decision.warnings.append(.dismissableCMPBeforeATT)
        }
        return decision
    }

    /// ATT first: Didomi 398-442, PubConsent 8-13 and 18-23, consentmanager 51-102,
    /// Onesecondbefore 5-6.
    private func nextATTFirst(_ input: ATTFlowInput, refusal: Bool, flow: ConsentFlow) -> ATTNextStep {
        let consent = input.consent
        // The CMP shows only while it has to collect a choice: Didomi's setupUI and consentmanager's
        // checkAndOpen() open it when needed, Onesecondbefore "only when consent has not been given
        // previously (it either is not stored in UserDefaults or its value has expired)" (14).
        let cmpIfNeeded: ATTNextStep = consent.needsCMP ? .showCMP : .done
        switch input.status {
        case .notDetermined where !input.state.attRequested:
            // Didomi 408 "The ATT permission request will always be displayed if it is not
            // restricted"; PubConsent 22; consentmanager 53 "If status is .notDetermined, request
            // authorization"; Onesecondbefore 6 "First ask". A stored choice asks only if it meets
            // the trigger (always, by default).
            return consent.needsCMP || flow.trigger.isMet(by: consent) ? .requestATT : .done
        case .notDetermined:
            // Still notDetermined after the request: Didomi 431-434 "This is not supposed to happen
            // ... Show the Didomi CMP notice"; PubConsent 23 "cannot be shown"; consentmanager 78-79
            // `.notDetermined: openCMP()`; Onesecondbefore 6 "The consent dialogue will be shown after".
            return cmpIfNeeded
        case .authorized, .unavailable:
            // Didomi 421-423 and 437-439; PubConsent 20-23; consentmanager 62, 72-73, 99, 102.
            return cmpIfNeeded
        case .restricted where !refusal:
            // Didomi 427-430 "ATT is restricted ... Show the Didomi CMP notice"; PubConsent 21.
            return cmpIfNeeded
        case .restricted, .denied:
            switch self {
            case .didomiATTFirst, .pubConsentATTFirst:
                // Didomi 424-426 `setUserDisagreeToAll()` and no notice; PubConsent 8 "collect consent
                // from the CMP only if the user has granted permission via ATT", 11, 13.
                return .done
            case .consentmanager where input.isUnknownStatus:
                // consentmanager 80-81 `@unknown default: openCMP()`.
                return cmpIfNeeded
            case .consentmanager:
                // consentmanager 74-77, 100 "Reject ad purposes/vendors programmatically, then show
                // CMP for non-tracking purposes", 101 "Same as Denied".
                return consent.needsCMP ? .showCMPWithoutTracking : .done
            default:
                // Onesecondbefore 6 "No changes to the consent dialogue will be made depending on the
                // answer on the App Tracking Request."
                return cmpIfNeeded
            }
        }
    }

    /// CMP first: Didomi 359-396, PubConsent 14-17, Onesecondbefore 8-9, 14 and 42.
    private func nextCMPFirst(_ input: ATTFlowInput, flow: ConsentFlow) -> ATTNextStep {
        // Didomi 371 "The CMP consent notice will always be displayed"; PubConsent 16 "first by the
        // CMP and then by ATT"; Onesecondbefore 14, 33 "If consent has expired, the WebView should
        // be shown again".
        if input.consent.needsCMP { return .showCMP }
        // After the CMP: ATT only while notDetermined (Didomi 385) and only if the answer meets the
        // trigger (Didomi 369 "at least one purpose"; Onesecondbefore 42 "purposes 2-6"); otherwise
        // "The ATT status will remain notDetermined" (Didomi 371) and, once answered, "it is not
        // possible to resurface the App Tracking Request at will" (Onesecondbefore 9). A denial
        // changes nothing in the CMP: "The two are independent" (Didomi 345).
        let firstRequest = input.status == .notDetermined && !input.state.attRequested
        return firstRequest && flow.trigger.isMet(by: input.consent) ? .requestATT : .done
    }
}
