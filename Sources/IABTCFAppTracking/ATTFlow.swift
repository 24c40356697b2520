/// The consent flows the five integration guides describe, each reproduced literally: the same
/// dialogs in the same order, the same reaction to every ATT status, and nothing the guide does not
/// do. Where a guide contradicts Apple's rules or itself, the decision follows the guide's sample
/// and carries a warning; the other reading is an option of ``ConsentFlow``.
///
/// The guides are the vendors' pages Didomi, "App Tracking Transparency (iOS 14.5+)" (developers
/// documentation, iOS and tvOS SDK); PubConsent, "App Tracking Transparency (iOS 14.5+)";
/// consentmanager, "[iOS] 4. Working with ATT (App Tracking Transparency / iOS)"; Adjust, "App
/// Tracking Transparency framework"; Onesecondbefore, "iOS App Tracking · howto". Each case names
/// the section it follows; each rule quotes its guide in <doc:GuideFlows>. ``ATTStrategy`` holds
/// our recommended flows.
/// ``googleUMP`` follows Google's public help and developer pages, which play the guide's part.
public enum ATTFlow: String, Sendable, Hashable, CaseIterable {
    /// Didomi, section "Show the ATT permission then the CMP notice if the user accepts the ATT
    /// permission" ("This is our recommended implementation.", "Recommended solutions"): ATT first;
    /// authorized, restricted, iOS < 14 and notDetermined show the CMP; denied disagrees to all
    /// purposes and vendors, every time.
    case didomiATTFirst = "didomi-att-first"
    /// Didomi, section "Show the CMP notice then the ATT permission if the user gives consent in the
    /// CMP notice": "The CMP consent notice will always be displayed"; ATT is requested if the
    /// status is notDetermined and at least one purpose has consent. "The two are independent."
    /// (section "What happens if the customer gives consent in the Didomi CMP but rejects the ATT
    /// permission?"): a denial rejects nothing.
    case didomiCMPFirst = "didomi-cmp-first"
    /// PubConsent, option 1, "Ask for permission via ATT, then collect consent from the CMP only if
    /// the user has granted permission via ATT.": the CMP only after authorized, restricted or
    /// iOS < 14; a user who denies ATT is "assumed to also deny consent through the CMP".
    case pubConsentATTFirst = "pubconsent-att-first"
    /// PubConsent, option 2 (its pros and cons): the CMP first, then ATT ("first by the CMP and then
    /// by ATT"), whatever the CMP answer; the CMP choices stay as they are after a denial.
    case pubConsentCMPFirst = "pubconsent-cmp-first"
    /// consentmanager, steps 3 to 7: ATT fully resolved first; denied and restricted reject the ad
    /// purposes and the vendors related to them, then open a CMP "for non-tracking purposes"
    /// ("Step 6: Decision Table — ATT × CMP Behavior × SDK Actions"); "Never initialize trackers
    /// before ATT + CMP flow finishes." ("Step 11: Best Practices").
    case consentmanager = "consentmanager"
    /// Onesecondbefore, "1. Recommended consent flow": ATT first, then the consent dialogue, "No
    /// changes to the consent dialogue will be made depending on the answer on the App Tracking
    /// Request."
    case onesecondbeforeATTFirst = "onesecondbefore-att-first"
    /// Onesecondbefore, "2. Alternative consent flow": "First show the consent dialogue." (again
    /// when consent expired); ATT only if the user consented to an advertising, social or marketing
    /// purpose (2-6), as "Open WebView with consent page" says.
    case onesecondbeforeCMPFirst = "onesecondbefore-cmp-first"
    /// Adjust, without a CMP: request ATT while notDetermined, the IDFA "Only if the user grants ATT
    /// consent" ("iOS 17 consent handling"), and report every status change to the SDK ("Check for
    /// authorization status change").
    case adjust = "adjust"
    /// Google's User Messaging Platform, the CMP of the Google Mobile Ads SDK: where the GDPR applies
    /// and no choice is stored, the European regulations message, then ATT whatever the answer;
    /// otherwise ATT, after the IDFA explainer when the app configured one. A denial changes nothing
    /// in the TC string. Google gates its ads SDK on `canRequestAds` once consent was gathered (the
    /// step's ``ConsentFlow/Step/adServing``); ATT decides only the IDFA and, as in every flow, the
    /// trackers the app gates itself. Google's own pages, not one of the five guides: see
    /// <doc:GuideFlows>.
    case googleUMP = "google-ump"

    /// The vendor whose guide the flow reproduces.
    public var guide: String {
        switch self {
        case .didomiATTFirst, .didomiCMPFirst: "Didomi"
        case .pubConsentATTFirst, .pubConsentCMPFirst: "PubConsent"
        case .consentmanager: "consentmanager"
        case .onesecondbeforeATTFirst, .onesecondbeforeCMPFirst: "Onesecondbefore"
        case .adjust: "Adjust"
        case .googleUMP: "Google"
        }
    }
}

// A guide's defaults and decision: each guide's rules are in its file under Flows/, the rules every
// flow shares in ConsentFlow+Rules.swift. What follows only reads them.

/// What a guide's flow does before any option changes it: the values of ``ATTFlow``'s defaults.
struct GuideDefaults: Sendable {
    /// ``ATTFlow/asksATTFirst``.
    var asksATTFirst: Bool
    /// ``ATTFlow/defaultTrigger``.
    var trigger: ATTTrigger = .always
    /// ``ATTFlow/defaultRejection``.
    var rejection: ATTRejection = .none
    /// ``ATTFlow/defaultScope``.
    var scope: TrackingScope = .appleDefault
    /// ``ATTFlow/defaultRejectVendors``.
    var rejectVendors: VendorSelection = .none
    /// ``ATTFlow/restrictedIsRefusal``.
    var restrictedIsRefusal = true
    /// Whether ATT after a refusal in the CMP is the guide's documented order (Google's), so it
    /// carries no ``ATTWarning/attAfterCMPRefusal``.
    var documentsATTAfterCMPRefusal = false
    /// Whether the guide shows its IDFA explainer (``ConsentFlow/idfaExplainer``) before the alert
    /// when it asks again, unless its consent message came just before in this run.
    var explainsBeforeATT = false
}

extension ATTFlow: FlowRules {
    /// Whether the ATT alert comes before the CMP.
    public var asksATTFirst: Bool { defaults.asksATTFirst }

    /// What lets ATT follow a CMP answer, as the guide says: Didomi's CMP-first sample needs consent
    /// to any purpose, Onesecondbefore's purposes 2-6; PubConsent's CMP-first option, Google UMP and
    /// every ATT-first flow ask ATT whatever the CMP holds.
    public var defaultTrigger: ATTTrigger { defaults.trigger }

    /// What an ATT refusal rejects in the guide: everything for Didomi's and PubConsent's ATT-first
    /// flows ("disagree to all"), the ad purposes for consentmanager, nothing for the others.
    public var defaultRejection: ATTRejection { defaults.rejection }

    /// The scope a ``ATTRejection/trackingScope`` rejection removes: ``TrackingScope/adPurposes``
    /// for consentmanager, ``TrackingScope/appleDefault`` when an option turns a rejection on elsewhere.
    public var defaultScope: TrackingScope { defaults.scope }

    /// The vendors a refusal rejects: for consentmanager the vendors related to the rejected
    /// purposes (its recipe "Reject ad purposes/vendors when ATT denied or restricted" calls
    /// `rejectPurposes` with `updateVendor: true`; ``ConsentFlow/vendorList`` says which vendors
    /// those are), every vendor wherever everything is rejected, none otherwise.
    public var defaultRejectVendors: VendorSelection { defaults.rejectVendors }

    /// Whether the guide handles restricted as a refusal. Didomi and PubConsent show the CMP
    /// instead (PubConsent: "The user has accepted the ATT permission request or ATT is
    /// restricted"). It is the default of ``ConsentFlow/restrictedAsDenied``, which gives a guide
    /// the other reading.
    public var restrictedIsRefusal: Bool { defaults.restrictedIsRefusal }

    /// The guide's defaults, from its file.
    private var defaults: GuideDefaults {
        switch self {
        case .didomiATTFirst: Didomi.attFirst
        case .didomiCMPFirst: Didomi.cmpFirst
        case .pubConsentATTFirst: PubConsent.attFirst
        case .pubConsentCMPFirst: PubConsent.cmpFirst
        case .consentmanager: Consentmanager.defaults
        case .onesecondbeforeATTFirst: Onesecondbefore.attFirst
        case .onesecondbeforeCMPFirst: Onesecondbefore.cmpFirst
        case .adjust: Adjust.defaults
        case .googleUMP: GoogleUMP.defaults
        }
    }

    /// A guide never asks ATT again on its own: its literal next step stays, with
    /// ``ATTWarning/attNotAnswered``.
    var asksAgainWhenUnanswered: Bool { false }
    /// A guide's flow follows its own steps after a refusal in the CMP.
    var refusalInCMPIsFinal: Bool { false }
    /// Google documents ATT after its message, whatever the answer.
    var documentsATTAfterCMPRefusal: Bool { defaults.documentsATTAfterCMPRefusal }
    /// A guide warns about the CMP it shows after a denial.
    var reviewRiskIsAboutTheCMP: Bool { true }

    /// A guide rejects on a refusal when `flow`'s ``ConsentFlow/rejection`` says so.
    func rejectsOnRefusal(in flow: ConsentFlow) -> Bool { flow.rejection != .none }

    /// The alert, or the guide's explainer first where it shows one and the app configured it.
    func repromptStep(for input: ConsentFlow.Input, in flow: ConsentFlow) -> ATTNextStep {
        defaults.explainsBeforeATT && flow.idfaExplainer && !input.state.cmpShown ? .showIDFAExplainer : .requestATT
    }

    /// The literal decision of this flow for `input`, refined by `flow` (trigger, rejection, options):
    /// the next step and warnings from the guide's file, completed by
    /// ``ConsentFlow/guideDecision(for:permission:next:asksATTFirst:warnings:)``; Adjust and Google UMP
    /// decide in their files.
    func decision(for input: ConsentFlow.Input, permission: ATTPermission, flow: ConsentFlow) -> ConsentFlow.Decision {
        let guide: any CMPGuide.Type
        switch self {
        case .didomiATTFirst, .didomiCMPFirst: guide = Didomi.self
        case .pubConsentATTFirst, .pubConsentCMPFirst: guide = PubConsent.self
        case .consentmanager: guide = Consentmanager.self
        case .onesecondbeforeATTFirst, .onesecondbeforeCMPFirst: guide = Onesecondbefore.self
        case .adjust: return Adjust.decision(for: input, permission: permission, flow: flow)
        case .googleUMP: return GoogleUMP.decision(for: input, permission: permission, flow: flow)
        }
        return flow.guideDecision(
            for: input,
            permission: permission,
            next: guide.next(self, input, refusal: permission.refusal, flow: flow),
            asksATTFirst: asksATTFirst,
            warnings: guide.warnings(of: self, for: input)
        )
    }
}
