import Foundation
import Testing

/// A valid TC string from the repository's `Fixtures/decode-valid.jsonl`.
struct ValidFixture: Sendable, CustomTestStringConvertible {
    let name: String
    let tcString: String
    var testDescription: String { name }

    /// Every line of `decode-valid.jsonl` (the file the codec's own tests decode).
    static let all: [ValidFixture] = {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/decode-valid.jsonl")
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let name = object["name"] as? String, let tcString = object["tcString"] as? String
            else { return nil }
            return ValidFixture(name: name, tcString: tcString)
        }
    }()
}

/// Runs `body` with a `UserDefaults` suite of its own, removed afterwards, so tests can run in parallel.
func withFreshDefaults<T>(_ body: (UserDefaults) async throws -> T) async rethrows -> T {
    let name = "IABTCFStorageTests.\(UUID().uuidString)"
    let defaults = UserDefaults(suiteName: name)!
    defer { defaults.removePersistentDomain(forName: name) }
    return try await body(defaults)
}

/// Collects what a stream yields, readable from the test while a task iterates the stream.
final class Collected<Element: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `elements` is only touched while holding `lock`.
    private let lock = NSLock()
    private var elements: [Element] = []

    var values: [Element] {
        lock.lock()
        defer { lock.unlock() }
        return elements
    }

    func append(_ element: Element) {
        lock.lock()
        elements.append(element)
        lock.unlock()
    }

    /// Iterates `stream` in a task; cancel the task to end it.
    static func collecting(_ stream: AsyncStream<Element>) -> (Collected<Element>, Task<Void, Never>) {
        let collected = Collected<Element>()
        let task = Task {
            for await element in stream { collected.append(element) }
        }
        return (collected, task)
    }
}

/// A clock the test advances itself, for the change stream's debounce: a sleep on it lasts until
/// the next ``advance()`` (or until the sleeping task is cancelled), so no interval passes while
/// the test is still writing, and no test waits on real time.
final class ManualClock: @unchecked Sendable {
    // @unchecked Sendable: `sleepers` and `nextId` are only touched while holding `lock`.
    private let lock = NSLock()
    private var sleepers: [Int: CheckedContinuation<Void, Never>] = [:]
    private var nextId = 0

    /// Sleeps until the next ``advance()``; returns at once in a cancelled task.
    @Sendable func sleep(_ nanoseconds: UInt64) async {
        let id = lock.withLock {
            nextId += 1
            return nextId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let stored = lock.withLock {
                    guard !Task.isCancelled else { return false }
                    sleepers[id] = continuation
                    return true
                }
                if !stored { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { sleepers.removeValue(forKey: id) }?.resume()
        }
    }

    /// Ends every sleep begun so far: one debounce interval passes.
    func advance() {
        let woken = lock.withLock {
            defer { sleepers.removeAll() }
            return Array(sleepers.values)
        }
        for sleeper in woken { sleeper.resume() }
    }

    /// Advances the clock and lets the other tasks run, again and again, until `done` holds or
    /// `rounds` rounds passed; returns whether it holds. Counted in rounds, not in time.
    func run(until done: () -> Bool, rounds: Int = 1_000_000) async -> Bool {
        for _ in 0..<rounds where !done() {
            advance()
            await Task.yield()
        }
        return done()
    }
}
