public import Foundation
import IABGPP
import IABTCF
public import IABTCFAppTracking
public import IABTCFStorage
public import IABTCFVendorList

/// Runs the app's whole consent lifecycle: call ``activate()`` at launch and on every return to the
/// foreground, and start what its ``ConsentAnswer`` allows.
///
/// Each activation loops over the flow's pure rule engine, `ConsentFlow.evaluate(status:stored:state:today:)`:
/// it reads the ATT status and the `IABTCF_` keys (`ConsentKeyValueStore.readInAppConsent()`),
/// evaluates, performs the step's effect through the ``ConsentPlatform`` (the ATT prompt, the CMP),
/// and evaluates again, until the flow is done or the activation may show nothing more. Along the way it
///
/// - writes a rewritten TC string (an ATT refusal's rejection) with all its derived keys, through
///   `ConsentKeyValueStore.writeInAppKeys(for:gdprApplies:)`, and
///   rewrites the derived keys the same way when a CMP left them out of step with the string;
/// - requests ATT at most once and shows the CMP at most once per activation, unless the person acts
///   (taps "Additional Information", or opens the privacy options: ``showPrivacyOptions()``);
/// - never shows again, in the same activation, a CMP the person closed without saving;
/// - persists what the flow needs across launches under its own keys (``Keys``).
///
/// After the first activation it follows the keys it reads and evaluates again, without prompting,
/// when the CMP or another writer changes them: ``answers()`` yields each distinct answer once, in
/// order, and ``ConsentModel`` holds it for SwiftUI.
///
/// `IABTCF_gdprApplies` is read tolerantly (0 or 1 as an integer, a string or a boolean); unset or
/// malformed, the GDPR is handled as applying. Apple's yearly re-prompt in the European Union is
/// offered only from iOS and iPadOS 27.2 (``ConsentPlatform/osVersion``).
@MainActor
public final class ConsentCoordinator {
    /// The keys the coordinator keeps in the store, next to the `IABTCF_` keys.
    public enum Keys {
        /// String: the ATT status seen at the last evaluation (`ATTStatus.rawValue`).
        public static let lastATTStatus = "IABTCFConsentLifecycle.lastATTStatus"
        /// String `YYYY-MM-DD`: the UTC day the person last answered the ATT prompt (the day a
        /// request ended with the status authorized or denied).
        public static let attAnswered = "IABTCFConsentLifecycle.attAnswered"
        /// Integer 0 or 1: whether the stored TC string carries the rejection of an ATT refusal.
        public static let rejectionApplied = "IABTCFConsentLifecycle.rejectionApplied"
        /// Integer: the number of the activation in which the person closed the CMP without saving.
        public static let cmpDismissedInActivation = "IABTCFConsentLifecycle.cmpDismissedInActivation"
        /// Integer: how many activations ran.
        public static let activations = "IABTCFConsentLifecycle.activations"
        /// Every key above.
        public static let all = [lastATTStatus, attAnswered, rejectionApplied, cmpDismissedInActivation, activations]
    }

    /// The flow whose rules decide.
    public let flow: ConsentFlow
    /// Where the `IABTCF_` keys and the coordinator's own keys live.
    public let store: any ConsentKeyValueStore
    /// The device and the app's prompts.
    public let platform: any ConsentPlatform
    /// The answer of the last activation (nothing allowed before the first).
    public internal(set) var answer = ConsentAnswer()

    /// Whether an activation is running (its prompts may make the app resign and regain active).
    var isRunning = false

    /// The consent keys as the last evaluation left them (after its own writes); `nil` before the
    /// first. A change signal re-evaluates only when the keys differ.
    var observedKeys: [String: InAppValue]?
    /// Whether the last evaluation's stored consent needs a privacy-options entry point.
    var privacyOptionsRequired = false
    /// The subscribers of ``answers()`` and the task that follows the keys.
    let feed = AnswerFeed()
    /// The observable models to update with each new answer; each returns `false` once gone.
    var modelUpdates: [(ConsentAnswer) -> Bool] = []

    /// A coordinator for `flow` on `platform`, keeping its keys in `store`.
    ///
    /// - Parameters:
    ///   - flow: The flow to follow (see IABTCFAppTracking's "Choosing a flow").
    ///   - platform: The ATT prompt, the CMP, the status, OS version, region and clock.
    ///   - store: The store the CMP writes; `UserDefaults.standard` by default.
    public init(
        flow: ConsentFlow,
        platform: any ConsentPlatform,
        store: any ConsentKeyValueStore = UserDefaults.standard
    ) {
        self.flow = flow
        self.platform = platform
        self.store = store
    }

    deinit {
        feed.end()
    }

    /// Runs the lifecycle for one activation: at launch and on every return to the foreground.
    ///
    /// A call made while an activation is running (the app regains active when a prompt closes)
    /// shows nothing and returns the last answer: the running activation finishes the flow.
    @discardableResult
    public func activate() async -> ConsentAnswer {
        await run(privacyOptions: false)
    }

    /// The person asked to review their choice (a "Privacy choices" button): shows the CMP once,
    /// then runs the lifecycle as ``activate()`` does.
    @discardableResult
    public func showPrivacyOptions() async -> ConsentAnswer {
        await run(privacyOptions: true)
    }

    /// One activation: evaluate, perform the step's effect, evaluate again.
    private func run(privacyOptions: Bool) async -> ConsentAnswer {
        guard !isRunning else { return answer }
        isRunning = true
        defer { isRunning = false }
        let activation = (store.inAppValue(forKey: Keys.activations)?.intValue ?? 0) + 1
        store.setInAppValue(.int(activation), forKey: Keys.activations)

        var state = persistedState()
        var attRequestsLeft = 1
        var cmpShowsLeft = 1
        if privacyOptions {
            cmpShowsLeft -= 1
            await showCMP(allowingTracking: true, activation: activation, state: &state)
        }
        // Every pass either ends the activation or uses up one prompt; rewrites converge in one.
        var step = evaluate(state: &state, activation: activation)
        for _ in 0..<16 {
            switch step.decision.next {
            case .requestATT, .showIDFAExplainer:
                guard attRequestsLeft > 0 else { return finish(step) }
                attRequestsLeft -= 1
                state.attRequested = true
                let outcome = await platform.requestATT(explainer: step.decision.next == .showIDFAExplainer)
                if outcome == .additionalInformation {
                    // The person acted: Apple's sheet recorded no answer and asks to be called again.
                    attRequestsLeft += 1
                    state.attRequested = false
                }
                let status = platform.attStatus()
                if status == .authorized || status == .denied {
                    let day = today()
                    state.attAnswered = day
                    store.setInAppValue(.string(String(day.description.prefix(10))), forKey: Keys.attAnswered)
                }
            case .showCMP, .showCMPWithoutTracking:
                let dismissed = store.inAppValue(forKey: Keys.cmpDismissedInActivation)?.intValue == activation
                guard cmpShowsLeft > 0, !dismissed else { return finish(step) }
                cmpShowsLeft -= 1
                await showCMP(allowingTracking: step.decision.next == .showCMP, activation: activation, state: &state)
            case .done, .wait:
                return finish(step)
            }
            step = evaluate(state: &state, activation: activation)
        }
        return finish(step)
    }

    /// Shows the CMP and records its outcome.
    private func showCMP(allowingTracking: Bool, activation: Int, state: inout ConsentFlow.State) async {
        state.cmpShown = true
        switch await platform.showCMP(allowingTracking: allowingTracking) {
        case .saved:
            // A new choice: the rejection an ATT refusal applied is no longer in the string (the
            // next evaluation re-applies it where the flow says so).
            state.rejectionApplied = false
            store.setInAppValue(.int(0), forKey: Keys.rejectionApplied)
            store.removeInAppValue(forKey: Keys.cmpDismissedInActivation)
        case .closedWithoutSaving:
            store.setInAppValue(.int(activation), forKey: Keys.cmpDismissedInActivation)
        }
    }

    /// Reads the status and the keys, repairs stale derived keys, evaluates, and stores the rewritten
    /// string and the status.
    func evaluate(state: inout ConsentFlow.State, activation: Int) -> ConsentFlow.Step {
        let status = platform.attStatus()
        var consent = store.readInAppConsent()
        if let text = consent.tcString, consent.problems.contains(where: Self.isStaleDerivedKey),
            let decoded = try? TCString(encoded: text)
        {
            write(decoded, gdprApplies: consent.gdprApplies)
            consent = store.readInAppConsent()
        }
        let today = today()
        var stored = StoredConsent(inAppConsent: consent, gppInAppConsent: store.readGPPInAppConsent())
        stored.advertiserConsentMode = store.readAdvertiserConsentMode()
        var step = flow.evaluate(status: status, stored: stored, state: state, today: today)
        let dismissed = store.inAppValue(forKey: Keys.cmpDismissedInActivation)?.intValue == activation
        if dismissed && (step.consent == .none || step.consent == .expired) {
            // Closed without a choice in this activation: the flow moves on as its rules say.
            stored.consent = .dismissed
            step = flow.evaluate(status: status, stored: stored, state: state, today: today)
        }
        if let rewritten = step.rewrittenTCString, let decoded = try? TCString(encoded: rewritten) {
            write(decoded, gdprApplies: consent.gdprApplies)
            replaceGPPTCString()
            state.rejectionApplied = true
            store.setInAppValue(.int(1), forKey: Keys.rejectionApplied)
            platform.reject(step.decision)
        }
        state.previousStatus = status
        store.setInAppValue(.string(status.rawValue), forKey: Keys.lastATTStatus)
        privacyOptionsRequired = ConsentAnswer.privacyOptionsRequired(stored)
        observedKeys = store.readConsentKeys()
        return step
    }

    /// Writes a TC string with all its derived keys through the store's one writer of a TC string,
    /// with `IABTCF_gdprApplies` as it reads: 0 or 1 as an integer, or removed when it was unset or
    /// malformed (both read as "applies").
    private func write(_ tcString: TCString, gdprApplies: Bool?) {
        try? store.writeInAppKeys(for: tcString, gdprApplies: gdprApplies)
    }

    /// After an ATT rejection rewrote `IABTCF_TCString`: where the GPP keys hold the TC string too
    /// (section 2 of `IABGPP_HDR_GppString`, `IABGPP_2_String`, `IABGPP_2_TCString`), they get the
    /// rewritten one, so no GPP reader keeps the rejected choice. The GPP string's other sections
    /// and its header stay byte for byte.
    private func replaceGPPTCString() {
        guard let text = store.inAppValue(forKey: InAppKeys.tcString)?.stringValue else { return }
        if let gpp = store.inAppValue(forKey: GPPInAppKeys.gppString)?.stringValue,
            let (old, start) = GPPString.section(GPPString.tcfEuV2SectionId, in: gpp), old != text
        {
            var bytes = Array(gpp.utf8)
            bytes.replaceSubrange(start..<start + old.utf8.count, with: Array(text.utf8))
            store.setInAppValue(.string(String(decoding: bytes, as: UTF8.self)), forKey: GPPInAppKeys.gppString)
        }
        for key in [GPPInAppKeys.gppTCFEuV2String, GPPInAppKeys.gppTCFEuV2StringEEASpelling]
        where store.inAppValue(forKey: key)?.stringValue.map({ $0 != text }) ?? false {
            store.setInAppValue(.string(text), forKey: key)
        }
    }

    /// Whether `problem` is an `IABTCF_` key out of step with `IABTCF_TCString` (the GPP keys are
    /// IABGPP's `GPPInAppConsent`'s, left to their writer).
    private static func isStaleDerivedKey(_ problem: InAppProblem) -> Bool {
        guard case .tcStringMismatch = problem else { return false }
        return true
    }

    /// The answer the activation (or a re-evaluation after a change of the keys) ends with,
    /// published to the subscribers when it differs; the keys are followed from then on.
    func finish(_ step: ConsentFlow.Step) -> ConsentAnswer {
        publish(ConsentAnswer(step: step, privacyOptionsRequired: privacyOptionsRequired))
        observeKeys()
        return answer
    }

    /// What the flow keeps across launches, with this activation's facts.
    func persistedState() -> ConsentFlow.State {
        let version = platform.osVersion
        return ConsentFlow.State(
            previousStatus: store.inAppValue(forKey: Keys.lastATTStatus)?.stringValue.flatMap(
                ATTStatus.init(rawValue:)
            ),
            region: platform.region,
            attAnswered: store.inAppValue(forKey: Keys.attAnswered)?.stringValue.flatMap(Timestamp.init(iso8601:)),
            rejectionApplied: store.inAppValue(forKey: Keys.rejectionApplied)?.intValue == 1,
            // Below 27.2 an answered prompt never shows again: the engine's rule.
            osVersion: ConsentFlow.OSVersion(
                major: version.majorVersion,
                minor: version.minorVersion,
                patch: version.patchVersion
            )
        )
    }

    /// Today, from the platform's clock.
    private func today() -> Timestamp { Timestamp(platform.now) }
}

/// What may run after an activation, and which ads to request.
public struct ConsentAnswer: Sendable, Hashable {
    /// Whether the trackers the app gates itself (analytics, attribution) may start: the flow is
    /// done and its decision allows them.
    public var trackersAllowed: Bool
    /// Whether the IDFA may be read.
    public var idfaAllowed: Bool
    /// Whether an ads SDK that reads the TC string itself (Google's) may request ads, and which
    /// kind: the ad serving answer for the string the app keeps; `nil` before any evaluation or
    /// when the GDPR applies and no readable string is stored.
    public var adServing: AdServing?
    /// Whether the app must offer the person a way to change their choice (a "Privacy choices"
    /// button that calls ``ConsentCoordinator/showPrivacyOptions()``): where the GDPR applies (or
    /// is undetermined) and a choice is stored (`IABTCF_TCString` decodes), or where a US section
    /// is in force; `false` before the first evaluation. Google UMP's
    /// `privacyOptionsRequirementStatus` asks the same question; see
    /// ``privacyOptionsRequired(_:)`` for the rule and Google's words.
    public var privacyOptionsRequired: Bool
    /// The last evaluation of the activation; `nil` before the first.
    public var step: ConsentFlow.Step?

    /// Whether the ads SDK may request ads at all (``adServing`` says which kind): `false` before
    /// any evaluation and where the GDPR applies without a readable string.
    public var mayRequestAds: Bool { adServing?.mayRequestAds ?? false }

    /// Nothing allowed: the answer before the first activation.
    public init() {
        trackersAllowed = false
        idfaAllowed = false
        adServing = nil
        privacyOptionsRequired = false
        step = nil
    }

    /// The answer of a step: trackers only once the flow is done.
    init(step: ConsentFlow.Step, privacyOptionsRequired: Bool) {
        trackersAllowed = step.decision.next == .done && step.decision.trackersAllowed
        idfaAllowed = step.decision.idfaAllowed
        adServing = step.adServing
        self.privacyOptionsRequired = privacyOptionsRequired
        self.step = step
    }
}
