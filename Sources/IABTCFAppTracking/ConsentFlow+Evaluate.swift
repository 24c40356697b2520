public import IABGPP
public import IABTCF
public import IABTCFVendorList

/// What the app has stored from its CMP: the TC string and `IABTCF_gdprApplies`, or the whole
/// `IABTCF_` key map; for people in the US, the GPP string and its sections in force,
/// `IABUSPrivacy_String` and `gad_rdp`.
public struct StoredConsent: Sendable, Hashable {
    /// `IABTCF_TCString`, or `nil` before the CMP saved anything.
    public var tcString: String?
    /// `IABTCF_gdprApplies`; `nil` (undetermined) is handled as applying, which fails safe.
    public var gdprApplies: Bool?
    /// When the stored choice expires (Onesecondbefore's `expirationDate`), if the CMP says.
    public var expiresAt: Timestamp?
    /// A state the app knows better than the string, e.g. ``ConsentState/dismissed`` after the CMP
    /// was closed without a choice; `nil` reads the state from the string through the flow's trigger.
    public var consent: ConsentState?
    /// `IABGPP_HDR_GppString`: the GPP string, whose US sections decide where the GDPR does not apply.
    public var gppString: String?
    /// `IABGPP_GppSID`: the GPP sections in force; `nil` counts every section of ``gppString``.
    public var gppSectionIds: [Int]?
    /// `IABUSPrivacy_String`: the CCPA US Privacy string (`1YYN`).
    public var usPrivacyString: String?
    /// `gad_rdp`: the app's own request for Google's restricted data processing.
    public var restrictedDataProcessing: Bool?
    /// Where the GDPR applies and no `IABTCF_TCString` is stored: whether a TCF EU v2 string is
    /// stored inside GPP (`IABGPP_2_String` or section 2 of ``gppString``), which Google does not read.
    public var hasTCStringOnlyInGPP: Bool
    /// `IABTCF_EnableAdvertiserConsentMode`: whether the CMP lets Google's SDKs derive consent mode
    /// from the TC string (``ConsentMode/inferredByGoogle``); `nil` when unset.
    public var advertiserConsentMode: Bool?

    /// What the app stored.
    public init(
        tcString: String?,
        gdprApplies: Bool? = nil,
        expiresAt: Timestamp? = nil,
        consent: ConsentState? = nil,
        gppString: String? = nil,
        gppSectionIds: [Int]? = nil,
        usPrivacyString: String? = nil,
        restrictedDataProcessing: Bool? = nil
    ) {
        self.tcString = tcString
        self.gdprApplies = gdprApplies
        self.expiresAt = expiresAt
        self.consent = consent
        self.gppString = gppString
        self.gppSectionIds = gppSectionIds
        self.usPrivacyString = usPrivacyString
        self.restrictedDataProcessing = restrictedDataProcessing
        hasTCStringOnlyInGPP = false
    }

    /// What the in-app keys hold as the codec and IABGPP read them: `IABTCF_TCString` and
    /// `IABTCF_gdprApplies` read tolerantly (`InAppConsent`); the GPP keys, `IABUSPrivacy_String`
    /// and `gad_rdp` (`GPPInAppConsent`).
    public init(
        inAppConsent stored: InAppConsent,
        gppInAppConsent gpp: GPPInAppConsent,
        expiresAt: Timestamp? = nil,
        consent: ConsentState? = nil
    ) {
        self.init(
            tcString: stored.tcString,
            gdprApplies: stored.gdprApplies,
            expiresAt: expiresAt,
            consent: consent,
            gppString: gpp.gppString,
            gppSectionIds: gpp.gppSectionIds,
            usPrivacyString: gpp.usPrivacyString,
            restrictedDataProcessing: gpp.restrictedDataProcessing
        )
        hasTCStringOnlyInGPP = stored.tcString == nil && gpp.gppTCString != nil
    }

    /// What the in-app keys hold (``init(inAppConsent:gppInAppConsent:expiresAt:consent:)`` of
    /// `InAppConsent(keys:)` and `GPPInAppConsent(keys:)`).
    public init(inAppKeys keys: [String: InAppValue], expiresAt: Timestamp? = nil, consent: ConsentState? = nil) {
        self.init(
            inAppConsent: InAppConsent(keys: keys),
            gppInAppConsent: GPPInAppConsent(keys: keys),
            expiresAt: expiresAt,
            consent: consent
        )
        advertiserConsentMode = keys[InAppKeys.enableAdvertiserConsentMode]?.intValue.map { $0 == 1 }
    }
}

extension StoredConsent {
    /// Which ads from what is stored, as ``ConsentFlow/Step/adServing`` answers before any
    /// rejection: where the GDPR applies (or is undetermined), the TC string Google reads
    /// (`IABTCF_TCString`) by `TCString.adServing(vendor:gdprApplies:today:maximumAge:)` (`none`
    /// with `futureDated` for a string dated in the future: no choice yet), `nil` when none
    /// decodes, and `none` with `tcfOnlyInGPP` when the only TC string is inside GPP; where it does
    /// not apply, ``usAdServing(vendor:)``.
    public func adServing(
        vendor: Int = TCString.googleVendorId,
        today: Timestamp,
        maximumAge: Int? = TCString.commonMaximumAge
    ) -> AdServing? {
        let decoded = tcString.flatMap { try? TCString(encoded: $0) }
        return adServing(of: decoded, vendor: vendor, today: today, maximumAge: maximumAge)
    }

    /// The answer for `kept`, the TC string the app keeps (the stored one, or its rewrite).
    func adServing(of kept: TCString?, vendor: Int, today: Timestamp, maximumAge: Int?) -> AdServing? {
        guard gdprApplies ?? true else { return usAdServing(vendor: vendor) }
        if tcString == nil && hasTCStringOnlyInGPP {
            return AdServing(vendor: vendor, mode: .none, reasons: [.tcfOnlyInGPP])
        }
        return kept?.adServing(vendor: vendor, today: today, maximumAge: maximumAge)
    }
}

extension ConsentFlow {
    /// The decision for `input`, an app's state it already knows: the same engine as
    /// ``evaluate(status:stored:state:today:)``, which reads `input` from what the app stored.
    ///
    /// The flow's own rules decide first (a strategy's in ``ATTStrategy``, a guide's in ``ATTFlow``,
    /// both behind one internal protocol that says where they differ for the shared rules), then the
    /// rules every flow shares: a request without an answer, the yearly re-prompt in the
    /// European Union, ATT authorized after a rejection, the IDFA's Purpose 1, and a prompt on
    /// screen (``ATTNextStep/wait``). The rejection lists come from ``scope``, ``rejectVendors`` and
    /// ``vendorList``.
    public func evaluate(_ input: ConsentFlow.Input) -> ConsentFlow.Decision {
        let permission = permission(for: input.status)
        var decision = ownRules.decision(for: input, permission: permission, flow: self)
        decision.statusChanged = input.state.changed(to: input.status)
        applySharedRules(to: &decision, input)
        decision.setRejection(decision.reject, scope: scope, vendors: rejectVendors)
        if decision.reject == .trackingScope && decision.rejectVendors == .all {
            decision.rejectVendors = vendorsRelated(to: decision)
        }
        // The invariant of every flow: where the GDPR applies, no tracker and no IDFA unless the
        // current choice consents to the tracking scope (Purpose 1 included) and ATT allows
        // tracking. A rejection applied now removes that consent.
        let currentChoiceTracks = input.allowsTracking && decision.reject == .none
        if input.gdprApplies && !(currentChoiceTracks && permission.mayTrack) {
            decision.trackersAllowed = false
            decision.idfaAllowed = false
        }
        if input.state.promptInProgress {
            // No two chains: while a prompt is on screen the step is wait and no tracker starts,
            // whatever the flow. The rejection and the IDFA answer stay: they follow from ATT alone.
            decision.next = .wait
            decision.trackersAllowed = false
        }
        return decision
    }

    /// What ``VendorSelection/all`` means in a tracking-scope rejection (see ``vendorList``).
    private func vendorsRelated(to decision: ConsentFlow.Decision) -> VendorSelection {
        guard let vendorList else {
            let cmpCollects = decision.next == .showCMP || decision.next == .showCMPWithoutTracking
            return cmpCollects ? .all : .none
        }
        var vendors = VendorSet()
        for purpose in decision.rejectPurposes {
            for declaration in GlobalVendorList.Declaration.allCases {
                vendors.formUnion(vendorList.vendors(declaring: purpose, on: declaration))
            }
        }
        for feature in decision.rejectSpecialFeatures {
            vendors.formUnion(vendorList.vendors(declaringSpecialFeature: feature))
        }
        return .only(vendors)
    }

    /// The one call an app makes at launch, on every return to the foreground and after every ATT
    /// or CMP prompt: reads the stored choice (expired when `today` is past ``StoredConsent/expiresAt``
    /// or its LastUpdated is more than ``maximumAge`` days old, otherwise through ``trigger``),
    /// decides, and applies the rejection to the stored string.
    ///
    /// - Parameters:
    ///   - status: the ATT status, read afresh (``ATTStatus/current``), never the request callback's.
    ///   - stored: what the CMP stored.
    ///   - state: whether ATT was requested in this run, the status seen last time, and whether a
    ///     prompt is on screen (then the step is ``ATTNextStep/wait``: call it from the launch path
    ///     and from `didBecomeActive` alike, and only one of them shows a prompt).
    ///   - today: now: the day the stored choice's age and ATT's answer day are measured against.
    public func evaluate(
        status: ATTStatus,
        stored: StoredConsent,
        state: ConsentFlow.State = ConsentFlow.State(),
        today: Timestamp
    ) -> ConsentFlow.Step {
        evaluate(ConsentFlow.Input(status: status, consent: .none, state: state), stored: stored, today: today)
    }

    /// ``evaluate(status:stored:state:today:)`` for Apple's raw status value; any value outside 0-3
    /// fails closed as denied.
    public func evaluate(
        rawStatus: Int,
        stored: StoredConsent,
        state: ConsentFlow.State = ConsentFlow.State(),
        today: Timestamp
    ) -> ConsentFlow.Step {
        evaluate(ConsentFlow.Input(rawStatus: rawStatus, consent: .none, state: state), stored: stored, today: today)
    }

    /// ``evaluate(status:stored:state:today:)`` for an input the caller built (the command-line
    /// tool's `att`): `input` gives the status (with ``ConsentFlow/Input/isUnknownStatus``) and the
    /// state; the consent, `gdprApplies`, the Purpose 1 and tracking consent and today come from
    /// `stored` and `today`, as in the one call, so both give the same step.
    public func evaluate(_ input: ConsentFlow.Input, stored: StoredConsent, today: Timestamp) -> ConsentFlow.Step {
        var input = input
        input.gdprApplies = stored.gdprApplies ?? true
        input.today = today
        var decoded: TCString?
        var storedStringError: TCStringError?
        if let text = stored.tcString {
            do throws(TCStringError) { decoded = try TCString(encoded: text) } catch { storedStringError = error }
        }
        // The stored string's own reading: past its expiry or more than maximumAge days old, it is no
        // longer the person's current choice.
        let stringConsent = decoded.map { decoded in
            let expired = stored.expiresAt.map { today >= $0 } ?? false
            return expired ? ConsentState.expired : consent(of: decoded, today: today)
        }
        input.consent = stored.consent ?? stringConsent ?? .none
        input.purposeOneConsent = decoded.map { $0.purposeConsents.contains(1) }
        input.trackingConsent = decoded.map(consentsToTracking)
        var decision = evaluate(input)
        decision.applyUSOptOuts(of: stored, gdprApplies: input.gdprApplies)
        var rewritten: String?
        // A string dated in the future records no choice: its ad answer is none (futureDated).
        var kept = decoded
        // Only a current choice is rewritten, and with its own dates: an expired one waits for the
        // CMP, so a rejection never makes a choice younger than the person's last answer.
        let current = stringConsent.map { !$0.needsCMP } ?? false
        if current && !input.consent.needsCMP, let text = stored.tcString, let decoded,
            let rejected = decoded.rejecting(decision)
        {
            rewritten = try? rejected.encoded(.preservingLayout)
            if rewritten == text { rewritten = nil } else if rewritten != nil { kept = rejected }
        }
        let adServing = stored.adServing(of: kept, vendor: adVendor, today: today, maximumAge: maximumAge)
        let consentMode = stored.consentMode(
            of: kept,
            unreadable: storedStringError != nil,
            att: input.status,
            today: today,
            maximumAge: maximumAge
        )
        return ConsentFlow.Step(
            decision: decision,
            consent: input.consent,
            rewrittenTCString: rewritten,
            storedStringError: storedStringError,
            adServing: adServing,
            consentMode: consentMode
        )
    }
}
