import Foundation
import IABGPP
import IABTCF
public import IABTCFAppTracking
import IABTCFStorage

// Live answers: after its first activation the coordinator follows the keys it reads
// (`ConsentPlatform.consentKeyChanges(in:)`), re-evaluates when they change, without prompting,
// and publishes each distinct answer to `answers()` and to the observable models.
extension ConsentCoordinator {
    /// Every answer, live: the current one (``answer``), then each distinct answer in order, once,
    /// whether an activation computed it or the keys changed (the CMP saved a choice through its
    /// privacy options, renewed it silently, another process or SDK rewrote or removed a key).
    ///
    /// ```swift
    /// for await answer in consent.answers() {
    ///     if answer.trackersAllowed { Analytics.start() }
    /// }
    /// ```
    ///
    /// After its first activation the coordinator follows the keys it reads (the `IABTCF_`, GPP and
    /// US keys) through ``ConsentPlatform/consentKeyChanges(in:)``: when they differ from what the
    /// last evaluation left, it evaluates again as an activation would, but shows nothing (a prompt
    /// the flow asks for waits for the next activation, and nothing runs meanwhile). A new TC
    /// string counts as a new choice the CMP saved: a rejection an ATT refusal applied is applied
    /// again where the flow says so, and stored with all its keys. While an activation runs, changes
    /// wait for it: it reads the keys again after every prompt.
    ///
    /// The stream ends when the task iterating it is cancelled, or when the coordinator is released.
    public func answers() -> AsyncStream<ConsentAnswer> {
        feed.subscribe(current: answer)
    }

    /// Publishes `new` when it differs from ``answer``: to every subscriber and every model.
    func publish(_ new: ConsentAnswer) {
        guard new != answer else { return }
        answer = new
        feed.yield(new)
        modelUpdates.removeAll { !$0(new) }
    }

    /// Starts following the keys, once.
    func observeKeys() {
        guard !feed.isObserving else { return }
        let changes = platform.consentKeyChanges(in: store)
        feed.observe(
            Task { [weak self] in
                // `next()` rather than `for await`, which the Swift 6 compiler may lower to
                // `next(isolation:)` (iOS 18, macOS 15).
                var iterator = changes.makeAsyncIterator()
                while await iterator.next() != nil {
                    guard let self else { return }
                    self.keysMayHaveChanged()
                }
            }
        )
    }

    /// A change signal: re-evaluates, without prompting, when the keys differ from what the last
    /// evaluation left.
    func keysMayHaveChanged() {
        guard !isRunning, let observed = observedKeys else { return }
        let keys = store.readConsentKeys()
        guard keys != observed else { return }
        if keys[InAppKeys.tcString] != observed[InAppKeys.tcString] {
            // A choice the CMP saved outside an activation (its privacy options, a renewal): as
            // after a save in an activation, a rejection the stored string carried is no longer in it.
            store.setInAppValue(.int(0), forKey: Keys.rejectionApplied)
        }
        let activation = store.inAppValue(forKey: Keys.activations)?.intValue ?? 0
        var state = persistedState()
        var step = evaluate(state: &state, activation: activation)
        if step.rewrittenTCString != nil {
            // The rewrite is stored: the answer is that of the keys as they now are.
            step = evaluate(state: &state, activation: activation)
        }
        _ = finish(step)
    }
}

extension ConsentAnswer {
    /// Whether the app must offer a way to change the choice, for `stored`
    /// (``privacyOptionsRequired``).
    ///
    /// Google UMP answers the question with `privacyOptionsRequirementStatus`
    /// (`UMPPrivacyOptionsRequirementStatus`, GoogleUserMessagingPlatform Framework Reference):
    /// `required`, "A way must be provided for the user to modify their privacy options";
    /// `notRequired`, "User does not need to modify their privacy options. Either consent is not
    /// required, or the consent type does not require modification." UMP decides from its server's
    /// configuration and the person's location; this rule decides from the stored keys, which the
    /// CMP writes only where a regulation applies:
    ///
    /// - where the GDPR applies, or `IABTCF_gdprApplies` is unset or malformed (the coordinator's
    ///   reading), and `IABTCF_TCString` decodes: a choice is stored, and GDPR Article 7(3) makes
    ///   withdrawing it as easy as giving it (TCF Policy: the CMP must let the person resurface its
    ///   interface). No choice stored, the CMP collects one first: nothing to modify yet;
    /// - where a US section is in force: a section whose GPP API prefix starts with `us`
    ///   (`uspv1`, `usnat`, the states) among `IABGPP_GppSID` (every section of the GPP string
    ///   when it is unset), or an `IABUSPrivacy_String`. Google, "Support US states privacy
    ///   laws" (UMP for iOS): "Be sure to implement a privacy options entrypoint and render it if
    ///   required. By completing this guide, you have an entrypoint to serve your US states
    ///   regulations message to your users." A GPP string whose header does not decode fails
    ///   safe: the entry point is required.
    public static func privacyOptionsRequired(_ stored: StoredConsent) -> Bool {
        if stored.gdprApplies ?? true, let text = stored.tcString, (try? TCString(encoded: text)) != nil {
            return true
        }
        if stored.usPrivacyString != nil { return true }
        var inForce = stored.gppSectionIds
        if inForce == nil, let gpp = stored.gppString {
            guard let header = try? GPPString.sectionIDs(inHeader: gpp) else { return true }
            inForce = header
        }
        return (inForce ?? []).contains { GPPSection.name(of: $0)?.hasPrefix("us") == true }
    }
}

/// The subscribers of ``ConsentCoordinator/answers()`` and the task that follows the keys, shared
/// by the coordinator, the streams' termination handlers (any thread) and its `deinit`.
///
/// `@unchecked Sendable`: the stored properties are only read and written while holding `lock`.
/// (`NSLock` rather than `Mutex`, which needs iOS 18 / macOS 15.)
final class AnswerFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var subscribers: [Int: AsyncStream<ConsentAnswer>.Continuation] = [:]
    private var nextSubscriber = 0
    private var observation: Task<Void, Never>?

    /// A new stream that starts with `current`; buffered without limit, so no answer is lost.
    func subscribe(current: ConsentAnswer) -> AsyncStream<ConsentAnswer> {
        var made: AsyncStream<ConsentAnswer>.Continuation?
        let stream = AsyncStream<ConsentAnswer>(bufferingPolicy: .unbounded) { made = $0 }
        let continuation = made!
        continuation.yield(current)
        lock.lock()
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            lock.lock()
            subscribers[id] = nil
            lock.unlock()
        }
        return stream
    }

    /// Gives `answer` to every subscriber (outside the lock: a termination handler takes it).
    func yield(_ answer: ConsentAnswer) {
        lock.lock()
        let all = Array(subscribers.values)
        lock.unlock()
        for subscriber in all { subscriber.yield(answer) }
    }

    /// Whether a task follows the keys.
    var isObserving: Bool {
        lock.lock()
        defer { lock.unlock() }
        return observation != nil
    }

    /// Keeps the task that follows the keys, to cancel it at the end.
    func observe(_ task: Task<Void, Never>) {
        lock.lock()
        observation = task
        lock.unlock()
    }

    /// The coordinator is gone: the task stops following the keys and every stream ends.
    func end() {
        lock.lock()
        let all = Array(subscribers.values)
        let task = observation
        subscribers = [:]
        lock.unlock()
        task?.cancel()
        for subscriber in all { subscriber.finish() }
    }
}
