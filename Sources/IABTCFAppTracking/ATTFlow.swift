/// The consent flows the five integration guides describe, each reproduced literally: the same
/// dialogs in the same order, the same reaction to every ATT status, and nothing the guide does not
/// do. Where a guide contradicts Apple's rules or itself, the decision follows the guide's sample
/// and carries a warning; the other reading is an option of ``ConsentFlow``.
///
/// Each rule quotes its guide in <doc:GuideFlows>; ``ATTStrategy`` holds our recommended flows.
/// ``googleUMP`` follows Google's public help and developer pages, which play the guide's part.
public enum ATTFlow: String, Sendable, Hashable, CaseIterable {
    /// Didomi, "Show the ATT permission then the CMP notice if the user accepts the ATT permission"
    /// (Didomi's recommended implementation): ATT first; authorized, restricted, iOS < 14 and
    /// notDetermined show the CMP; denied disagrees to all purposes and vendors, every time.
    case didomiATTFirst = "didomi-att-first"
    /// Didomi, "Show the CMP notice then the ATT permission if the user gives consent in the CMP
    /// notice": the notice always shows; ATT is requested if the status is notDetermined and at least
    /// one purpose has consent. The two answers are independent: a denial rejects nothing.
    case didomiCMPFirst = "didomi-cmp-first"
    /// PubConsent option 1: ATT first; the CMP only after authorized, restricted or iOS < 14; a user
    /// who denies ATT "is assumed to also deny consent through the CMP".
    case pubConsentATTFirst = "pubconsent-att-first"
    /// PubConsent option 2: the CMP first, then ATT ("first by the CMP and then by ATT"), whatever
    /// the CMP answer; the CMP choices stay as they are after a denial.
    case pubConsentCMPFirst = "pubconsent-cmp-first"
    /// consentmanager: ATT fully resolved first; denied and restricted reject the ad purposes and
    /// vendors, then open a CMP for the non-tracking purposes; no tracker before both finish.
    case consentmanager = "consentmanager"
    /// Onesecondbefore's recommended flow: ATT first, then the consent dialogue, unchanged whatever
    /// the ATT answer.
    case onesecondbeforeATTFirst = "onesecondbefore-att-first"
    /// Onesecondbefore's alternative flow: the consent dialogue first (again when consent expired);
    /// ATT only if the user consented to an advertising, social or marketing purpose (2-6).
    case onesecondbeforeCMPFirst = "onesecondbefore-cmp-first"
    /// Adjust, without a CMP: request ATT while notDetermined, the IDFA only when authorized, and
    /// report every status change to the SDK.
    case adjust = "adjust"
    /// Google's User Messaging Platform, the CMP of the Google Mobile Ads SDK: where the GDPR applies
    /// and no choice is stored, the European regulations message, then ATT whatever the answer;
    /// otherwise ATT, after the IDFA explainer when the app configured one. A denial changes nothing
    /// in the TC string; the ads SDK starts once both were answered or not needed. Google's own
    /// pages, not one of the five guides: see <doc:GuideFlows>.
    case googleUMP = "google-ump"

    /// The guide, as its file in `shared/seeds/` names it.
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

    /// The vendors a refusal rejects: every vendor for consentmanager (`rejectPurposes(...,
    /// updateVendor: true)`: without a vendor list, every vendor's consent goes and the CMP collects
    /// the non-tracking vendors again) and wherever everything is rejected; none otherwise.
    public var defaultRejectVendors: VendorSelection {
        switch self {
        case .didomiATTFirst, .pubConsentATTFirst, .consentmanager: .all
        default: .none
        }
    }

    /// Whether the guide handles restricted as a refusal. Didomi and PubConsent show the CMP
    /// instead ("ATT is restricted on the device so the user was not asked for a choice").
    var restrictedIsRefusal: Bool {
        switch self {
        case .didomiATTFirst, .pubConsentATTFirst, .didomiCMPFirst, .pubConsentCMPFirst: false
        default: true
        }
    }
}
