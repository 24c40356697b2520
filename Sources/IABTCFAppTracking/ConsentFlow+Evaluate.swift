public import IABTCF

/// What the app has stored from its CMP: the TC string and `IABTCF_gdprApplies`, or the whole
/// `IABTCF_` key map.
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

    /// What the app stored.
    public init(tcString: String?, gdprApplies: Bool? = nil, expiresAt: Timestamp? = nil, consent: ConsentState? = nil)
    {
        self.tcString = tcString
        self.gdprApplies = gdprApplies
        self.expiresAt = expiresAt
        self.consent = consent
    }

    /// What the `IABTCF_` keys hold (`IABTCF_TCString`, `IABTCF_gdprApplies` read tolerantly).
    public init(inAppKeys keys: [String: InAppValue], expiresAt: Timestamp? = nil, consent: ConsentState? = nil) {
        let stored = InAppConsent(keys: keys)
        self.init(tcString: stored.tcString, gdprApplies: stored.gdprApplies, expiresAt: expiresAt, consent: consent)
    }
}

/// The answer of ``ConsentFlow/evaluate(status:stored:state:today:)``.
public struct ConsentFlowStep: Sendable, Hashable {
    /// The decision: next step, what to reject, what may run, warnings, whether the status changed.
    public var decision: ATTDecision
    /// The consent state the decision was made for.
    public var consent: ConsentState
    /// The TC string to store after the rejection, only when a bit changed (LastUpdated set to
    /// `today`); `nil` when the stored string stays as it is. Hand the rejection to your CMP's own
    /// reject API as well, so it does not write the old choice back.
    public var rewrittenTCString: String?
    /// Why the stored string could not be read, if it could not (the consent then counts as none).
    public var storedStringError: TCStringError?
}

extension ConsentFlow {
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
    ///   - today: now; a rewritten string's LastUpdated is this UTC day.
    public func evaluate(
        status: ATTStatus,
        stored: StoredConsent,
        state: ATTFlowState = ATTFlowState(),
        today: Timestamp
    ) -> ConsentFlowStep {
        evaluate(ATTFlowInput(status: status, consent: .none, state: state), stored: stored, today: today)
    }

    /// ``evaluate(status:stored:state:today:)`` for Apple's raw status value; any value outside 0-3
    /// fails closed as denied.
    public func evaluate(
        rawStatus: Int,
        stored: StoredConsent,
        state: ATTFlowState = ATTFlowState(),
        today: Timestamp
    ) -> ConsentFlowStep {
        evaluate(ATTFlowInput(rawStatus: rawStatus, consent: .none, state: state), stored: stored, today: today)
    }

    private func evaluate(_ input: ATTFlowInput, stored: StoredConsent, today: Timestamp) -> ConsentFlowStep {
        var input = input
        input.gdprApplies = stored.gdprApplies ?? true
        input.today = today
        var decoded: TCString?
        var storedStringError: TCStringError?
        if let text = stored.tcString {
            do throws(TCStringError) { decoded = try TCString(encoded: text) } catch { storedStringError = error }
        }
        if let consent = stored.consent {
            input.consent = consent
        } else if let decoded {
            let expired = stored.expiresAt.map { today >= $0 } ?? false
            input.consent = expired ? .expired : consent(of: decoded, today: today)
        }
        input.purposeOneConsent = decoded.map { $0.purposeConsents.contains(1) }
        let decision = decide(input)
        var rewritten: String?
        if let text = stored.tcString, let decoded, var rejected = decoded.rejecting(decision) {
            rejected.lastUpdated = today.startOfDay
            rewritten = try? rejected.encoded(.preservingLayout)
            if rewritten == text { rewritten = nil }
        }
        return ConsentFlowStep(
            decision: decision,
            consent: input.consent,
            rewrittenTCString: rewritten,
            storedStringError: storedStringError
        )
    }
}
