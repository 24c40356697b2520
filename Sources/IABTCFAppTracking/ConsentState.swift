public import IABTCF

/// What the user decided in the CMP, as far as the flow's trigger is concerned.
public enum ConsentState: String, Sendable, Hashable, CaseIterable {
    /// No valid choice yet (none stored, or an invalid string).
    case none
    /// A valid choice that does not meet the flow's trigger (for ``ATTTrigger/trackingScope``: no
    /// consent to tracking).
    case refused
    /// A valid choice that meets the flow's trigger (for ``ATTTrigger/trackingScope``: consent to tracking).
    case granted
    /// A choice that has expired (Onesecondbefore's `expirationDate`) or needs to be asked again:
    /// the CMP shows again.
    case expired
    /// The CMP was closed without a choice (PubConsent's `disableCmpPopup()`): no consent, and the
    /// CMP is not shown again until the app re-enables it.
    case dismissed

    /// The state a TC string records for `scope`: ``granted`` when a scope purpose has a consent bit
    /// (core or Publisher TC) and at least one vendor has consent, or a scope special feature is
    /// opted in; ``refused`` otherwise. Legitimate interest never counts as tracking consent.
    public init(_ tcString: TCString, scope: TrackingScope) {
        self.init(tcString, trigger: .trackingScope, scope: scope)
    }

    /// The state a TC string records for `trigger`: ``granted`` when the string meets it,
    /// ``refused`` otherwise. `scope` is what ``ATTTrigger/trackingScope`` looks at; so does
    /// ``ATTTrigger/always``, which asks ATT after either answer but still tells a refusal apart
    /// (the request then carries ``ATTWarning/attAfterCMPRefusal``).
    public init(_ tcString: TCString, trigger: ATTTrigger, scope: TrackingScope = .appleDefault) {
        let reading = trigger == .always ? .trackingScope : trigger
        self = reading.isMet(by: tcString, scope: scope) ? .granted : .refused
    }

    /// Whether the CMP has to collect a choice (none yet, or it expired).
    var needsCMP: Bool { self == .none || self == .expired }
    /// Whether a valid choice is stored.
    var hasChoice: Bool { self == .refused || self == .granted }
}

/// What choice in the CMP lets an ATT request follow it: the question "did the user consent to
/// enough that the app may now ask ATT?", separate from what an ATT refusal rejects (the scope).
public enum ATTTrigger: String, Sendable, Hashable, CaseIterable {
    /// Consent to at least one purpose, standard or publisher's (Didomi, "App Tracking Transparency
    /// (iOS 14.5+)", section "Show the CMP notice then the ATT permission if the user gives consent
    /// in the CMP notice": "The user gave consent to at least one purpose in the Didomi consent
    /// notice").
    case anyPurpose
    /// Consent to any of purposes 2-6 (Onesecondbefore, "iOS App Tracking · howto", section "Open
    /// WebView with consent page": "If the user consented to any advertising, social or marketing
    /// purposes (e.g. IAB purposes 2-6), ask for Apple App Tracking (see below).").
    case purposes2to6
    /// Consent to the tracking scope: a scope purpose with consent and at least one vendor with
    /// consent, or a scope special feature (ours; the rule of ``ATTStrategy``).
    case trackingScope
    /// Any answer in the CMP, even a refusal (PubConsent, "App Tracking Transparency (iOS 14.5+)",
    /// option 2: users are asked "first by the CMP and then by ATT"; Didomi, "App Tracking
    /// Transparency (iOS 14.5+)", its App Review advice: "If you show the ATT permission request
    /// after the CMP, always show the ATT permission irrespective of the user choice in the CMP.").
    /// A request after a refusal carries ``ATTWarning/attAfterCMPRefusal``.
    case always

    /// Whether `tcString`, a choice the CMP saved, meets the trigger.
    public func isMet(by tcString: TCString, scope: TrackingScope = .appleDefault) -> Bool {
        switch self {
        case .anyPurpose:
            let publisher = tcString.publisherTC
            return !tcString.purposeConsents.isEmpty || !(publisher?.purposeConsents.isEmpty ?? true)
                || !(publisher?.customPurposeConsents.isEmpty ?? true)
        case .purposes2to6:
            return !tcString.purposeConsents.intersection([2, 3, 4, 5, 6]).isEmpty
        case .trackingScope:
            let purposeConsent =
                !tcString.purposeConsents.intersection(scope.purposes).isEmpty
                || !(tcString.publisherTC?.purposeConsents.intersection(scope.purposes).isEmpty ?? true)
            let specialFeature = !tcString.specialFeatureOptIns.intersection(scope.specialFeatures).isEmpty
            return (purposeConsent && !tcString.vendorConsents.isEmpty) || specialFeature
        case .always:
            return true
        }
    }

    /// Whether a CMP outcome lets ATT be requested: a granted choice, or any answer for ``always``.
    func isMet(by consent: ConsentState) -> Bool {
        consent == .granted || (self == .always && (consent == .refused || consent == .dismissed))
    }
}
