import Foundation
public import IABTCF

/// A ``ConsentKeyValueStore`` in memory: the test double for running code that reads and writes
/// the consent keys (IABTCFConsentLifecycle's coordinator, your own) off-device, in a test or a
/// command-line tool, without `UserDefaults`.
///
/// ```swift
/// let store = InMemoryConsentStore([InAppKeys.gdprApplies: .int(1)])
/// try store.writeInAppKeys(for: TCString(encoded: string), gdprApplies: true)
/// store.readInAppConsent().purposeConsents.contains(1)  // true
/// ```
///
/// Every write that changes a value signals ``keyChanges()`` at once, so a test decides exactly
/// when a reader sees a change: no debounce, no clock. It is thread-safe: all of it may run on any
/// thread (`@unchecked Sendable`: the stored values and the observers are only read and written
/// while holding a lock).
public final class InMemoryConsentStore: ConsentKeyValueStore, @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: InAppValue]
    private var observers: [Int: AsyncStream<Void>.Continuation] = [:]
    private var nextObserver = 0

    /// A store holding `values`, by key.
    public init(_ values: [String: InAppValue] = [:]) {
        self.values = values
    }

    /// The value under `key`, or `nil`.
    public func inAppValue(forKey key: String) -> InAppValue? {
        lock.lock()
        defer { lock.unlock() }
        return values[key]
    }

    /// Stores `value` under `key`; signals ``keyChanges()`` when the stored value changed.
    public func setInAppValue(_ value: InAppValue, forKey key: String) {
        update(key, to: value)
    }

    /// Removes `key`; signals ``keyChanges()`` when the key was there.
    public func removeInAppValue(forKey key: String) {
        update(key, to: nil)
    }

    /// Every key the store holds.
    public var storedKeys: [String] {
        lock.lock()
        defer { lock.unlock() }
        return Array(values.keys)
    }

    /// A signal after each write that changed a value (at most one pending per stream: the
    /// reader reads every key again anyway); each call makes a new stream, which ends when the task
    /// iterating it is cancelled.
    public func keyChanges() -> AsyncStream<Void> {
        var made: AsyncStream<Void>.Continuation?
        let stream = AsyncStream<Void>(bufferingPolicy: .bufferingNewest(1)) { made = $0 }
        let continuation = made!
        lock.lock()
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            lock.lock()
            observers[id] = nil
            lock.unlock()
        }
        return stream
    }

    /// Sets or removes `key` and, when that changed the store, signals every observer (outside the
    /// lock, so an observer's termination cannot deadlock with it).
    private func update(_ key: String, to value: InAppValue?) {
        lock.lock()
        let changed = values[key] != value
        values[key] = value
        let signalled = changed ? Array(observers.values) : []
        lock.unlock()
        for observer in signalled { observer.yield() }
    }
}
