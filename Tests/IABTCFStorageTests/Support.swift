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

/// Runs `body` in a high-priority task and returns its result.
///
/// The change stream's tests spend their time waiting for wake-ups: the stream's debounce sleeps,
/// its elements, their own polls. At default priority each wake-up queues behind every test case of
/// the other suites waiting for one of the cooperative threads, so a test that takes a second alone
/// stretches over the whole run; at high priority a wake-up runs as soon as a thread is free. The
/// tasks the stream and the collector create inside inherit the priority.
func atHighPriority<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws -> T {
    try await Task(priority: .high) { try await body() }.value
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

    /// Waits (polling every 10 ms) until at least `count` elements arrived or `timeout` seconds of
    /// polls passed; returns whether they arrived. The polls are counted, not the clock: when other
    /// tests keep the cooperative threads busy, the stream's task waits as long as this one does.
    func wait(for count: Int, timeout: Double) async -> Bool {
        for _ in 0..<Int(timeout * 100) {
            if values.count >= count { return true }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return values.count >= count
    }
}
