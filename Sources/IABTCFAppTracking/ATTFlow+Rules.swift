// The guides' flows, rule by rule. Each rule cites its guide by vendor, section and the quoted
// sentence; the pages are Didomi's "App Tracking Transparency (iOS 14.5+)" (developers
// documentation, iOS and tvOS SDK), PubConsent's "App Tracking Transparency (iOS 14.5+)",
// consentmanager's "[iOS] 4. Working with ATT (App Tracking Transparency / iOS)", Adjust's "App
// Tracking Transparency framework" and Onesecondbefore's "iOS App Tracking · howto". The DocC
// article GuideFlows quotes them too. With ConsentFlow+Rules.swift (the rules every flow shares)
// this file holds a guide's whole flow: its defaults first, then its decision; Google UMP's is in
// ATTFlow+GoogleUMP.swift.

extension ATTFlow {
    /// Whether the ATT alert comes before the CMP.
    public var asksATTFirst: Bool {
        switch self {
        case .didomiCMPFirst, .pubConsentCMPFirst, .onesecondbeforeCMPFirst, .googleUMP: false
        default: true
        }
    }

    /// What lets ATT follow a CMP answer, as the guide says: Didomi's CMP-first sample needs consent
    /// to any purpose, Onesecondbefore's purposes 2-6; PubConsent's CMP-first option, Google UMP and
    /// every ATT-first flow ask ATT whatever the CMP holds.
    public var defaultTrigger: ATTTrigger {
        switch self {
        case .didomiCMPFirst: .anyPurpose
        case .onesecondbeforeCMPFirst: .purposes2to6
        default: .always
        }
    }

    /// What an ATT refusal rejects in the guide: everything for Didomi's and PubConsent's ATT-first
    /// flows ("disagree to all"), the ad purposes for consentmanager, nothing for the others.
    public var defaultRejection: ATTRejection {
        switch self {
        case .didomiATTFirst, .pubConsentATTFirst: .all
        case .consentmanager: .trackingScope
        default: .none
        }
    }

    /// The scope a ``ATTRejection/trackingScope`` rejection removes: ``TrackingScope/adPurposes``
    /// for consentmanager, ``TrackingScope/appleDefault`` when an option turns a rejection on elsewhere.
    public var defaultScope: TrackingScope {
        self == .consentmanager ? .adPurposes : .appleDefault
    }

    /// The vendors a refusal rejects: for consentmanager the vendors related to the rejected
    /// purposes (its recipe "Reject ad purposes/vendors when ATT denied or restricted" calls
    /// `rejectPurposes` with `updateVendor: true`; ``ConsentFlow/vendorList`` says which vendors
    /// those are), every vendor wherever everything is rejected, none otherwise.
    public var defaultRejectVendors: VendorSelection {
        switch self {
        case .didomiATTFirst, .pubConsentATTFirst, .consentmanager: .all
        default: .none
        }
    }

    /// Whether the guide handles restricted as a refusal. Didomi and PubConsent show the CMP
    /// instead (PubConsent: "The user has accepted the ATT permission request or ATT is
    /// restricted"). It is the default of ``ConsentFlow/restrictedAsDenied``, which gives a guide
    /// the other reading.
    public var restrictedIsRefusal: Bool {
        switch self {
        case .didomiATTFirst, .pubConsentATTFirst, .didomiCMPFirst, .pubConsentCMPFirst: false
        default: true
        }
    }

    /// The literal decision of this flow for `input`, refined by `flow` (trigger, rejection, options).
    func decision(for input: ConsentFlow.Input, permission: ATTPermission, flow: ConsentFlow) -> ConsentFlow.Decision {
        if self == .googleUMP { return googleUMPDecision(for: input, permission: permission, flow: flow) }
        let status = input.status
        let consent = input.consent
        let firstRequest = status == .notDetermined && !input.state.attRequested
        let mayTrack = permission.mayTrack
        let refusal = permission.refusal

        // Adjust has no CMP: "If you want to record the device's ID for Advertisers (IDFA), you
        // must display a prompt in your app to gather the user's consent" (Adjust, introduction);
        // the IDFA "Only if the user grants ATT consent" (Adjust, "iOS 17 consent handling").
        if self == .adjust || !input.gdprApplies {
            // Without the GDPR no CMP is needed; the guides' ATT steps remain (a reading of ours).
            let next: ATTNextStep = firstRequest ? .requestATT : .done
            var decision = ConsentFlow.Decision(
                next: next,
                idfaAllowed: mayTrack,
                trackersAllowed: mayTrack && next == .done,
                warnings: input.isUnknownStatus ? [.unknownStatus] : []
            )
            // A rejection an option turns on (Adjust rejects nothing itself) applies to the TC
            // string the app's CMP stored; without the GDPR there is no TC string to change.
            if input.gdprApplies && refusal && flow.rejection != .none {
                decision.reject = flow.rejection
                decision.reapplyAfterCMP = true
            }
            return decision
        }

        var decision = ConsentFlow.Decision(next: .done, idfaAllowed: mayTrack)
        decision.next =
            asksATTFirst ? nextATTFirst(input, refusal: refusal, flow: flow) : nextCMPFirst(input, flow: flow)

        if refusal && flow.rejection != .none {
            decision.reject = flow.rejection
            decision.reapplyAfterCMP = true
        }
        // consentmanager, "Step 11: Best Practices": "Never initialize trackers before ATT + CMP
        // flow finishes"; "Step 6: Decision Table": "Enable ad/analytics only if CMP allows". Every
        // flow waits for a CMP choice.
        decision.trackersAllowed = mayTrack && decision.next == .done && consent.hasChoice

        if input.isUnknownStatus { decision.warnings.append(.unknownStatus) }
        if decision.next == .showCMP && refusal && !input.isUnknownStatus {
            // Didomi, "Apple guidelines": "Do not show the CMP after a user denies an ATT permission request."
            decision.warnings.append(.appReviewRisk)
        }
        if status == .restricted && !refusal && decision.next == .showCMP {
            decision.warnings.append(.restrictedShownFullCMP)
        }
        if decision.next == .requestATT && (consent == .refused || consent == .dismissed) {
            decision.warnings.append(.attAfterCMPRefusal)
        }
        if !asksATTFirst && firstRequest && consent == .refused && decision.next == .done {
            // The sample asks ATT only after consent, against Didomi's own App Review advice ("We
            // recommend being careful about the following points"): "If you show the ATT permission
            // request after the CMP, always show the ATT permission irrespective of the user choice
            // in the CMP."
            decision.warnings.append(.attNotRequestedAfterCMP)
        }
        if self == .didomiCMPFirst && consent == .dismissed {
            // Didomi, "Apple guidelines": "If you show the ATT permission request after the CMP, do
            // not allow the CMP to be closed without the user agreeing or disagreeing."
            decision.warnings.append(.dismissableCMPBeforeATT)
        }
        return decision
    }

    /// ATT first: Didomi's "Show the ATT permission then the CMP notice if the user accepts the ATT
    /// permission", PubConsent's option 1, consentmanager's steps 3 to 6, Onesecondbefore's
    /// "Recommended consent flow".
    private func nextATTFirst(_ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep {
        let consent = input.consent
        // The CMP shows only while it has to collect a choice: Didomi's sample and consentmanager's
        // `checkAndOpen()` open it when needed; Onesecondbefore, "Open WebView with consent page":
        // "Do this only when consent has not been given previously (it either is not stored in
        // UserDefaults or its value has expired)."
        let cmpIfNeeded: ATTNextStep = consent.needsCMP ? .showCMP : .done
        switch input.status {
        case .notDetermined where !input.state.attRequested:
            // Didomi: "The ATT permission request will always be displayed if it is not
            // restricted." PubConsent: "The ATT permission request will always be displayed if the
            // device is running iOS 14 or later and the ATT status is not restricted."
            // consentmanager, "Step 3: Request ATT Authorization": "If status is .notDetermined,
            // request authorization when the app is active". Onesecondbefore: "First ask if you can
            // use the ID for Advertisers with an App Tracking Request." A stored choice asks only if
            // it meets the trigger (always, by default).
            return consent.needsCMP || flow.trigger.isMet(by: consent) ? .requestATT : .done
        case .notDetermined:
            // Still notDetermined after the request: the alert could not show. Didomi's sample
            // shows the notice then; PubConsent: "The PubConsent UI will be shown only if the user
            // accepts the ATT permission request or if the ATT permission request cannot be shown";
            // consentmanager's decision table for .notDetermined: "Wait for ATT prompt, then launch
            // CMP."; Onesecondbefore: "The consent dialogue will be shown after."
            return cmpIfNeeded
        case .authorized, .unavailable:
            // Didomi: "The Didomi consent notice will only be displayed if the user accepts the ATT
            // permission OR the ATT permission cannot be displayed for any reason (restricted or
            // iOS < 14)." consentmanager's decision table: ".authorized Yes Collect granular CMP
            // consent." and "iOS < 14 N/A Skip ATT, use CMP only."
            return cmpIfNeeded
        case .restricted where !refusal:
            // Didomi (as above) and PubConsent: "The user has accepted the ATT permission request or
            // ATT is restricted".
            return cmpIfNeeded
        case .restricted, .denied:
            switch self {
            case .didomiATTFirst, .pubConsentATTFirst:
                // No notice: Didomi, "Recommended solutions": "a user who does not give consent to
                // ATT is assumed to also not give consent to the CMP" (its sample calls
                // `setUserDisagreeToAll()`); PubConsent, option 1: "collect consent from the CMP
                // only if the user has granted permission via ATT".
                return .done
            case .consentmanager where input.isUnknownStatus:
                // consentmanager, "Step 4: Handle ATT Result": an unknown status opens the CMP.
                return cmpIfNeeded
            case .consentmanager:
                // consentmanager's decision table: "Reject ad purposes/vendors programmatically,
                // then show CMP for non-tracking purposes." and for .restricted "Same as Denied."
                return consent.needsCMP ? .showCMPWithoutTracking : .done
            default:
                // Onesecondbefore: "No changes to the consent dialogue will be made depending on the
                // answer on the App Tracking Request."
                return cmpIfNeeded
            }
        }
    }

    /// CMP first: Didomi's "Show the CMP notice then the ATT permission if the user gives consent in
    /// the CMP notice", PubConsent's option 2, Onesecondbefore's "Alternative consent flow".
    private func nextCMPFirst(_ input: ConsentFlow.Input, flow: ConsentFlow) -> ATTNextStep {
        // Didomi: "The CMP consent notice will always be displayed"; PubConsent: "first by the CMP
        // and then by ATT"; Onesecondbefore, "Open WebView with consent page": "If consent has
        // expired, the WebView should be shown again."
        if input.consent.needsCMP { return .showCMP }
        // After the CMP: ATT only while notDetermined and only if the answer meets the trigger
        // (Didomi: "The user gave consent to at least one purpose in the Didomi consent notice";
        // Onesecondbefore: "If the user consented to any advertising, social or marketing purposes
        // (e.g. IAB purposes 2-6), ask for Apple App Tracking"); otherwise "The ATT status will
        // remain notDetermined" (Didomi) and, once answered, "it is not possible to resurface the
        // App Tracking Request at will" (Onesecondbefore). A denial changes nothing in the CMP:
        // "The two are independent." (Didomi, "What happens if the customer gives consent in the
        // Didomi CMP but rejects the ATT permission?").
        let firstRequest = input.status == .notDetermined && !input.state.attRequested
        return firstRequest && flow.trigger.isMet(by: input.consent) ? .requestATT : .done
    }
}
