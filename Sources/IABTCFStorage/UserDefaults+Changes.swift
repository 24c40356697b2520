public import Foundation
public import IABGPP
public import IABTCF

extension UserDefaults {
    /// The in-app consent of the `IABTCF_` keys (``ConsentKeyValueStore/readInAppConsent()``), each
    /// time the keys the consent is read from change: the CMP API v2 keys, the GPP keys,
    /// `IABUSPrivacy_String` and `gad_rdp` (``ConsentKeyValueStore/readConsentKeys()``).
    /// ``gppInAppConsentChanges(debounce:includingCurrent:)`` yields the GPP and US keys' reading
    /// on the same changes.
    ///
    /// A CMP writes a dozen or more keys one after another when the user saves a choice. The stream
    /// waits until `UserDefaults.didChangeNotification` has been quiet for `debounce` seconds, reads the
    /// keys (``ConsentKeyValueStore/readConsentKeys()``) and yields them as an `InAppConsent` only when
    /// they differ from the last value read: one element per burst, none for changes to other keys.
    ///
    /// ```swift
    /// for await consent in UserDefaults.standard.inAppConsentChanges(includingCurrent: true) {
    ///     if consent.purposeConsents.contains(1) { startAds() }
    /// }
    /// ```
    ///
    /// The keys are first read when this method is called, so any change made after it returns is
    /// seen. Every `didChangeNotification` of the process triggers a read (a CMP may write through
    /// another `UserDefaults` instance of the same domain); only a change of those keys yields.
    /// On Apple platforms `UserDefaults` posts the notification for every write. swift-corelibs-foundation
    /// (Linux, Windows) posts it only when a whole persistent domain changes: there the writes of
    /// ``ConsentKeyValueStore/writeInAppKeys(_:)`` post it themselves, and other writers must post it.
    ///
    /// The stream ends when the task iterating it is cancelled; the observer is then removed.
    ///
    /// - Parameters:
    ///   - debounce: Seconds without a change notification before the keys are read; 0.1 by default.
    ///     Writes that never pause delay the read by at most ten intervals.
    ///   - includingCurrent: Whether the stream starts with the value read now.
    public func inAppConsentChanges(
        debounce: TimeInterval = 0.1,
        includingCurrent: Bool = false
    ) -> AsyncStream<InAppConsent> {
        consentChanges(debounce: debounce, includingCurrent: includingCurrent, read: Self.inAppConsent) {
            try? await Task.sleep(nanoseconds: $0)
        }
    }

    /// IABGPP's reading of the GPP and US keys (``ConsentKeyValueStore/readGPPInAppConsent()``),
    /// each time the keys the consent is read from change, as
    /// ``inAppConsentChanges(debounce:includingCurrent:)`` yields the `IABTCF_` keys' reading: one
    /// element per burst of writes, none for changes to other keys.
    ///
    /// - Parameters:
    ///   - debounce: Seconds without a change notification before the keys are read; 0.1 by default.
    ///   - includingCurrent: Whether the stream starts with the value read now.
    public func gppInAppConsentChanges(
        debounce: TimeInterval = 0.1,
        includingCurrent: Bool = false
    ) -> AsyncStream<GPPInAppConsent> {
        consentChanges(debounce: debounce, includingCurrent: includingCurrent, read: GPPInAppConsent.init(keys:)) {
            try? await Task.sleep(nanoseconds: $0)
        }
    }

    /// A signal after each burst of writes that changed the consent keys
    /// (``ConsentKeyValueStore/readConsentKeys()``), as ``inAppConsentChanges(debounce:includingCurrent:)``
    /// yields them, with its default debounce: what IABTCFConsentLifecycle's coordinator follows to
    /// answer live.
    public func keyChanges() -> AsyncStream<Void> {
        consentChanges(
            debounce: 0.1,
            includingCurrent: false,
            read: { _ in () },
            sleep: { try? await Task.sleep(nanoseconds: $0) }
        )
    }

    /// The `IABTCF_` keys' reading of the consent keys (``ConsentKeyValueStore/readConsentKeys()``).
    @Sendable static func inAppConsent(_ keys: [String: InAppValue]) -> InAppConsent { InAppConsent(keys: keys) }

    /// The stream of ``inAppConsentChanges(debounce:includingCurrent:)`` and
    /// ``gppInAppConsentChanges(debounce:includingCurrent:)``, each change of the consent keys
    /// given to `read`, with the clock its debounce sleeps on:
    /// `sleep` waits the given nanoseconds (or less, when the task is cancelled), and `didRead` is
    /// told after each read of the keys whether it yielded. Tests pass a clock they advance
    /// themselves and count the reads, so a burst is never read half-written and no test waits on
    /// real time.
    func consentChanges<Consent: Sendable>(
        debounce: TimeInterval,
        includingCurrent: Bool,
        read: @escaping @Sendable ([String: InAppValue]) -> Consent,
        sleep: @escaping @Sendable (_ nanoseconds: UInt64) async -> Void,
        didRead: @escaping @Sendable (_ yielded: Bool) -> Void = { _ in }
    ) -> AsyncStream<Consent> {
        let defaults = UncheckedSendable(self)
        let initial = readConsentKeys()
        let delay = debounce > 0 ? UInt64(min(debounce, 86_400) * 1_000_000_000) : 0
        let notifications = NotificationCounter()

        var wake: AsyncStream<Void>.Continuation?
        // One pending wake-up is enough: the consumer re-reads everything after the burst.
        let wakeUps = AsyncStream<Void>(bufferingPolicy: .bufferingNewest(1)) { wake = $0 }
        let wakeUp = wake!
        let observer = NotificationCenter.default.addObserver(
            forName: UserDefaults.didChangeNotification,
            object: nil,
            queue: nil
        ) { _ in
            notifications.increment()
            wakeUp.yield()
        }
        let observation = UncheckedSendable(observer)

        var output: AsyncStream<Consent>.Continuation?
        let stream = AsyncStream<Consent>(bufferingPolicy: .unbounded) { output = $0 }
        let continuation = output!
        if includingCurrent { continuation.yield(read(initial)) }
        let task = Task {
            var last = initial
            // `next()` rather than `for await`, which the Swift 6 compiler may lower to
            // `next(isolation:)` (iOS 18, macOS 15).
            var iterator = wakeUps.makeAsyncIterator()
            while await iterator.next() != nil {
                // Trailing-edge debounce: sleep until a whole interval passes without a notification,
                // but no longer than ten intervals, so other writers that never pause (the
                // notification comes for every defaults object in the process) cannot starve it.
                var seen = notifications.count
                for _ in 0..<10 {
                    await sleep(delay)
                    if Task.isCancelled { break }
                    let now = notifications.count
                    if now == seen { break }
                    seen = now
                }
                if Task.isCancelled { break }
                let current = defaults.value.readConsentKeys()
                let changed = current != last
                if changed {
                    last = current
                    continuation.yield(read(current))
                }
                didRead(changed)
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            NotificationCenter.default.removeObserver(observation.value)
            wakeUp.finish()
            task.cancel()
        }
        return stream
    }
}

/// Lets a value that is not `Sendable` cross into the stream's task and its termination handler.
///
/// Used for two values only: the `UserDefaults` instance, which Apple documents as thread-safe but
/// swift-corelibs-foundation does not declare `Sendable`, and the observer token returned by
/// `NotificationCenter.addObserver(forName:object:queue:using:)`, which is only passed back to
/// `removeObserver(_:)` (itself thread-safe) once.
struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) { self.value = value }
}

/// How many change notifications arrived, shared by the observer (any thread) and the debouncing task.
///
/// `@unchecked Sendable`: the one stored property is only read and written while holding `lock`.
/// (`NSLock` rather than `Mutex`, which needs iOS 18 / macOS 15.)
final class NotificationCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    /// The number of notifications so far.
    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    /// Counts one more notification.
    func increment() {
        lock.lock()
        value &+= 1
        lock.unlock()
    }
}
