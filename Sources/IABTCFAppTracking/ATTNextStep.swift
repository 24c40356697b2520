public import IABTCF

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
    /// Show the IDFA explainer message (``ATTFlow/googleUMP`` with ``ConsentFlow/idfaExplainer``):
    /// its "Continue" shows the ATT alert, so evaluate again with ``ConsentFlow/State/attRequested`` set.
    case showIDFAExplainer
    /// A prompt is already on screen (``ConsentFlow/State/promptInProgress``): show nothing and start no
    /// tracker; the call that showed the prompt evaluates again once it is answered.
    case wait
}

/// What to remove from the TC string.
public enum ATTRejection: String, Sendable, Hashable {
    /// Nothing.
    case none
    /// The tracking scope: its purposes, special features and selected vendors.
    case trackingScope
    /// Every purpose (consent and legitimate interest), special feature and vendor, and the
    /// publisher's purposes: "disagree to all".
    case all
}

/// Which vendors a rejection removes: their consent and legitimate-interest bits are cleared.
public enum VendorSelection: Sendable, Hashable {
    /// No vendor.
    case none
    /// Every vendor; in a ``ConsentFlow``'s tracking-scope rejection, the vendors related to the
    /// rejected purposes and special features (see ``ConsentFlow/vendorList``).
    case all
    /// The vendors in the set.
    case only(VendorSet)

    /// Whether nothing is selected.
    public var isEmpty: Bool {
        switch self {
        case .none: true
        case .all: false
        case .only(let vendors): vendors.isEmpty
        }
    }
}

/// Why a decision deserves a second look.
public enum ATTWarning: String, Sendable, Hashable {
    /// A full CMP shows after an ATT refusal, which App Review has rejected.
    case appReviewRisk
    /// Restricted was treated as unavailable: the full CMP shows and nothing is rejected.
    case restrictedShownFullCMP
    /// The CMP cannot hide the tracking scope, so no CMP is shown after the refusal.
    case cmpCannotHideTracking
    /// ATT is requested although the CMP recorded no tracking consent (a refusal, or a CMP closed
    /// without a choice): App Review has rejected an ATT alert after a refusal in the consent notice.
    case attAfterCMPRefusal
    /// The CMP came first and ATT is not requested because its answer did not meet the trigger.
    /// Didomi, "App Tracking Transparency (iOS 14.5+)", its App Review advice: "If you show the ATT
    /// permission request after the CMP, always show the ATT permission irrespective of the user
    /// choice in the CMP.", because Apple then treats the CMP as custom messaging before the alert.
    /// The guides' CMP-first samples skip it (Didomi's, Onesecondbefore's); ``ATTTrigger/always``
    /// asks anyway.
    case attNotRequestedAfterCMP
    /// The CMP was closed without a choice before an ATT request could follow: Didomi, "App Tracking
    /// Transparency (iOS 14.5+)", "Apple guidelines": "If the CMP is allowed to be closed, this would
    /// delay the permission request which Apple does not accept after showing a custom message
    /// before the alert."
    case dismissableCMPBeforeATT
    /// The ATT status was a raw value outside 0-3: it counts as denied (no IDFA, no trackers) and
    /// the flow followed its guide's branch for unknown values.
    case unknownStatus
    /// ATT was requested and the status is still notDetermined: the request ended without an answer
    /// (the prompt was dismissed, or the person tapped "Additional Information" in the expanded
    /// sheet). Apple, `requestTrackingAuthorization(completionHandler:)`, "Handle the person's
    /// response": "The status is notDetermined if the system dismisses the prompt without a decision
    /// from the person; in this scenario, your app needs to call the method again to receive an
    /// authorization answer from the person."
    case attNotAnswered
    /// ATT is authorized while the stored string still carries the rejection this flow applied after
    /// an earlier denial (``ConsentFlow/State/rejectionApplied``): the CMP shows again so the person can
    /// give back what the rejection removed, and no tracker starts until it has.
    case attAuthorizedAfterRejection
}
