public import IABTCF
public import IABTCFVendorList

/// Google's consent mode values (`Analytics.setConsent` of Google Analytics for Firebase, the Google
/// tag's `gtag('consent', ...)`) for what is stored: each of the four consent types granted or
/// denied, with the reasons for every denial.
///
/// The mapping from the TC string is Google's own, "Implement TCF strings" (Google tag platform,
/// https://developers.google.com/tag-platform/security/guides/implement-TCF-strings; "Google's TCF
/// integration was updated in November 2023 to map to the new consent parameters `ad_user_data` and
/// `ad_personalization`"): "When enabled, the consent mode TCF integration maps from TCF Purposes to
/// consent mode commands as follows", Google tag behavior when the purpose is denied:
/// Purpose 1 "Store and/or access information on a device": `ad_storage = denied`,
/// `ad_user_data = denied`; Purpose 3 "Create a personalized ads profile" and Purpose 4 "Select
/// personalized ads": `ad_personalization = denied`; Purpose 7 "Measure ad performance":
/// `ad_user_data = denied`. Where Google's pages give no mapping, the stricter value is chosen, and
/// each such rule says so (see ``ConsentModeReason``).
public struct ConsentMode: Sendable, Hashable {
    /// One consent mode value.
    public enum Value: String, Sendable, Hashable, CaseIterable {
        /// The consent type is granted.
        case granted
        /// The consent type is denied.
        case denied
    }

    /// Google's four consent types, by their consent mode names.
    public enum ConsentType: String, Sendable, Hashable, CaseIterable {
        /// "Enables storage (such as cookies) related to analytics e.g. visit duration."
        case analyticsStorage = "analytics_storage"
        /// "Enables storage (such as cookies) related to advertising."
        case adStorage = "ad_storage"
        /// "Sets consent for sending user data related to advertising to Google."
        case adUserData = "ad_user_data"
        /// "Sets consent for personalized advertising."
        case adPersonalization = "ad_personalization"

        /// The three advertising types (all but `analytics_storage`).
        public static let advertising: [ConsentType] = [.adStorage, .adUserData, .adPersonalization]
    }

    /// Why a type is denied, in the order the rules ran; empty when everything is granted where the
    /// GDPR applies. Where it does not apply the first reason is `gdprDoesNotApply`, which denies nothing.
    public var reasons: [ConsentModeReason]

    /// Whether Google's SDKs derive these values from the TC string themselves: the CMP set
    /// `IABTCF_EnableAdvertiserConsentMode` to 1 (``StoredConsent/advertiserConsentMode``), the GDPR
    /// applies (or is undetermined) and an `IABTCF_TCString` is stored. Google, "Implement TCF
    /// strings": "TCF integrations may be automatically enabled by your CMP". When `false`, the app
    /// calls `Analytics.setConsent` with ``values`` itself; when `true`, Google reads the purposes and
    /// the app's own rules here (ATT, US opt-outs) are still the app's to apply.
    public var inferredByGoogle: Bool

    /// The value of `type`: denied when any reason denies it.
    public func value(of type: ConsentType) -> Value {
        reasons.contains { $0.denied.contains(type) } ? .denied : .granted
    }

    /// `analytics_storage`.
    public var analyticsStorage: Value { value(of: .analyticsStorage) }
    /// `ad_storage`.
    public var adStorage: Value { value(of: .adStorage) }
    /// `ad_user_data`.
    public var adUserData: Value { value(of: .adUserData) }
    /// `ad_personalization`.
    public var adPersonalization: Value { value(of: .adPersonalization) }

    /// Every type with its value, in the order of `ConsentType.allCases` (Firebase's `setConsent` takes
    /// such a dictionary, keyed by its own `ConsentType` constants of the same names).
    public var values: [(type: ConsentType, value: Value)] {
        ConsentType.allCases.map { ($0, value(of: $0)) }
    }

    /// The answer made of `reasons`.
    public init(reasons: [ConsentModeReason], inferredByGoogle: Bool = false) {
        self.reasons = reasons
        self.inferredByGoogle = inferredByGoogle
    }

    /// Everything denied: no choice is known (the answer before any evaluation).
    public static let nothingKnown = ConsentMode(reasons: [.noChoice])
}

/// Why a consent mode value is denied (``ConsentMode/reasons``); ``denied`` lists the types it denies.
public enum ConsentModeReason: Sendable, Hashable {
    /// The GDPR does not apply (`IABTCF_gdprApplies` 0): the TC string does not limit the values;
    /// denies nothing.
    case gdprDoesNotApply
    /// The GDPR applies (or is undetermined, which fails safe) and no choice is stored: everything
    /// denied (Google's default without a CMP answer is the app's default; the stricter is denied).
    case noChoice
    /// `IABTCF_TCString` does not decode: no choice can be read, everything denied.
    case tcStringUnreadable
    /// The only TC string is inside GPP, which Google does not read where the GDPR applies ("TCF
    /// strings sent through the GPP will not be accepted", AdMob help 14126918): everything denied.
    case tcfOnlyInGPP
    /// The choice is not current (the ad answer's `expired` or `futureDated` reason): "If the consent
    /// decision is more than 13 months old, the TC string will no longer be considered valid by
    /// Google" (AdMob help, "Troubleshooting IAB EU TCF v2.2 implementation"): everything denied.
    case notCurrent(AdServingReason)
    /// The purpose lacks the person's consent for Google: Purposes 1, 3, 4 and 7 by Google's
    /// table; Purpose 1 also denies `analytics_storage` (no Google mapping: the stricter value,
    /// as analytics storage is storage on the device) and Purpose 8 "Measure content performance"
    /// denies it too (no Google mapping: the stricter value). Only a consent counts: Google's table
    /// does not say which legal basis "denied" refers to, so legitimate interest does not grant.
    case purposeNotConsented(purpose: Int)
    /// A publisher restriction on Google (vendor 755) for the purpose forbids processing by
    /// consent (not allowed, or legitimate interest required): as ``purposeNotConsented(purpose:)``
    /// (no Google mapping: the stricter value).
    case purposeRestricted(purpose: Int, type: RestrictionType)
    /// Google (vendor 755) has no vendor consent, or was not disclosed (TCF 2.3): the advertising
    /// types are denied. Google's consent mode table names purposes only; its ad serving rule
    /// says "both purposes consent and vendor consent are required" (the stricter value).
    case vendorNotConsented(vendor: Int)
    /// ATT does not allow tracking (`denied`, `restricted`, or `notDetermined`: no IDFA): the
    /// advertising types are denied. Google gives no ATT mapping; Firebase, "Prepare for iOS 14":
    /// "User acceptance of the App Tracking Transparency system prompt does not constitute consent
    /// under Google's EU user consent policy", so `authorized` grants nothing by itself, and a
    /// refusal denies the advertising types (the stricter value: `ad_storage` covers "device
    /// identifiers (apps), related to advertising", and Apple's tracking covers sending data for
    /// targeted advertising and its measurement).
    case att(ATTStatus)
    /// An opt-out under US law in what is stored (``StoredConsent/usOptOuts``, whose reasons are
    /// the ad answer's `usOptOut`, `usPrivacyOptOut`, `gppStringUnreadable`, `gppSectionUnreadable`):
    /// Google, "User privacy overview": "When the IAB string indicates a user has opted out, Google
    /// will enable restricted data processing", under which "only non-personalized ads will serve"
    /// (Ad Manager help, "Restricted data processing settings"): `ad_personalization` denied; and
    /// `ad_user_data` denied (no Google mapping: the stricter value, as the person opted out of the
    /// sale or sharing of their data).
    case usOptOut(AdServingReason)
    /// `gad_rdp` is set: Google's restricted data processing, non-personalized ads:
    /// `ad_personalization` denied.
    case restrictedDataProcessing

    /// The consent types this reason denies.
    public var denied: [ConsentMode.ConsentType] {
        switch self {
        case .gdprDoesNotApply: []
        case .noChoice, .tcStringUnreadable, .tcfOnlyInGPP, .notCurrent: ConsentMode.ConsentType.allCases
        case .purposeNotConsented(let purpose), .purposeRestricted(let purpose, _):
            Self.deniedWithoutPurpose[purpose] ?? []
        case .vendorNotConsented, .att: ConsentMode.ConsentType.advertising
        case .usOptOut: [.adUserData, .adPersonalization]
        case .restrictedDataProcessing: [.adPersonalization]
        }
    }

    /// The purposes consent mode reads and what each denies without consent: Google's table
    /// (1, 3, 4, 7), plus `analytics_storage` for Purposes 1 and 8 (the stricter value).
    public static let deniedWithoutPurpose: [Int: [ConsentMode.ConsentType]] = [
        1: [.analyticsStorage, .adStorage, .adUserData],
        3: [.adPersonalization],
        4: [.adPersonalization],
        7: [.adUserData],
        8: [.analyticsStorage],
    ]
}

extension TCString {
    /// Google's consent mode reasons from this string's purposes, its consent for Google (vendor
    /// 755) and the publisher's restrictions on Google, for a current choice (see
    /// ``ConsentModeReason``), in purpose order, then the vendor.
    func consentModeReasons(vendor: Int) -> [ConsentModeReason] {
        var reasons: [ConsentModeReason] = []
        for purpose in ConsentModeReason.deniedWithoutPurpose.keys.sorted() {
            if !purposeConsents.contains(purpose) {
                reasons.append(.purposeNotConsented(purpose: purpose))
            } else if let type = publisherRestrictions.restrictionType(vendorId: vendor, purposeId: purpose),
                type == .notAllowed || type == .requireLegitimateInterest
            {
                reasons.append(.purposeRestricted(purpose: purpose, type: type))
            }
        }
        if !vendorConsents.contains(vendor) || isUndisclosed(vendor: vendor) {
            reasons.append(.vendorNotConsented(vendor: vendor))
        }
        return reasons
    }
}

extension StoredConsent {
    /// Google's consent mode values for what is stored (see ``ConsentMode``), with the ATT status
    /// read afresh (`.unavailable` where the platform has no ATT: no ATT rule).
    ///
    /// Where the GDPR applies (or is undetermined), the stored `IABTCF_TCString` decides by Google's
    /// purpose table (no string, one that does not decode, one only inside GPP, or one more than
    /// `maximumAge` days old or dated in the future: everything denied). Where it does not apply,
    /// the US opt-outs (``usOptOuts``) and `gad_rdp` decide. ATT applies everywhere.
    ///
    /// - Parameters:
    ///   - att: The ATT status now.
    ///   - today: The day the choice's age is measured on.
    ///   - maximumAge: Days a choice is valid (Google's 13 months by default); `nil`: no limit.
    public func consentMode(
        att: ATTStatus,
        today: Timestamp,
        maximumAge: Int? = TCString.commonMaximumAge
    ) -> ConsentMode {
        let decoded = tcString.flatMap { try? TCString(encoded: $0) }
        let unreadable = tcString != nil && decoded == nil
        return consentMode(of: decoded, unreadable: unreadable, att: att, today: today, maximumAge: maximumAge)
    }

    /// ``consentMode(att:today:maximumAge:)`` for `kept`, the TC string the app keeps (the stored
    /// one, or its rewrite); `unreadable` when the stored string does not decode.
    func consentMode(
        of kept: TCString?,
        unreadable: Bool,
        att: ATTStatus,
        today: Timestamp,
        maximumAge: Int?
    ) -> ConsentMode {
        let vendor = TCString.googleVendorId
        var reasons: [ConsentModeReason] = []
        let applies = gdprApplies ?? true
        if !applies {
            reasons.append(.gdprDoesNotApply)
            reasons += usOptOuts.map(ConsentModeReason.usOptOut)
            if restrictedDataProcessing == true { reasons.append(.restrictedDataProcessing) }
        } else if let kept {
            let ads = kept.adServing(vendor: vendor, today: today, maximumAge: maximumAge)
            if let stale = ads.reasons.first(where: Self.isNotCurrent) {
                reasons.append(.notCurrent(stale))
            } else {
                reasons += kept.consentModeReasons(vendor: vendor)
            }
        } else if unreadable {
            reasons.append(.tcStringUnreadable)
        } else {
            reasons.append(tcString == nil && hasTCStringOnlyInGPP ? .tcfOnlyInGPP : .noChoice)
        }
        switch att {
        case .authorized, .unavailable: break
        case .notDetermined, .restricted, .denied: reasons.append(.att(att))
        }
        let inferred = applies && advertiserConsentMode == true && tcString != nil
        return ConsentMode(reasons: reasons, inferredByGoogle: inferred)
    }

    /// Whether `reason` says the choice is not current (expired or dated in the future).
    private static func isNotCurrent(_ reason: AdServingReason) -> Bool {
        switch reason {
        case .expired, .futureDated: true
        default: false
        }
    }
}
