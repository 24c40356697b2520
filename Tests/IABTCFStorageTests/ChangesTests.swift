import Foundation
import IABTCF
import IABTCFStorage
import Testing

/// The change stream. Every wait has a limit counted in polls, so no test can hang, and every test
/// runs at high priority (``atHighPriority(_:)``), so the other suites' tests do not hold up its
/// wake-ups.
@Suite struct ChangesTests {
    /// The debounce for bursts of writes: long next to the burst, even when the writing thread is
    /// preempted on a loaded machine, so the stream never reads a burst half-written.
    static let debounce: TimeInterval = 0.25
    /// Generous: the stream's task shares the cooperative threads with the other suites' tests.
    static let timeout: TimeInterval = 60

    /// A CMP's burst of writes, each followed by the notification Apple's UserDefaults posts per write
    /// (swift-corelibs-foundation posts none for `set(_:forKey:)`, so the test posts it).
    static func cmpWrites(_ tc: TCString, to defaults: UserDefaults) throws {
        for (key, value) in try tc.inAppKeys(gdprApplies: true) {
            defaults.set(value.propertyListValue, forKey: key)
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        }
    }

    @Test func aBurstOfWritesYieldsOnce() async throws {
        let tc = try TCString(encoded: ValidFixture.all[0].tcString)
        try await atHighPriority {
            try await withFreshDefaults { defaults in
                let (collected, task) = Collected.collecting(defaults.inAppConsentChanges(debounce: Self.debounce))
                defer { task.cancel() }
                try Self.cmpWrites(tc, to: defaults)
                #expect(await collected.wait(for: 1, timeout: Self.timeout))
                // Wait several debounce intervals: nothing more comes.
                try? await Task.sleep(nanoseconds: UInt64(Self.debounce * 4 * 1e9))
                #expect(collected.values.count == 1)
                #expect(collected.values.first == InAppConsent(keys: try tc.inAppKeys(gdprApplies: true)))
            }
        }
    }

    @Test func writesThroughTheModuleAreSeen() async throws {
        let first = try TCString(encoded: ValidFixture.all[0].tcString)
        let second = try TCString(encoded: ValidFixture.all[1].tcString)
        try await atHighPriority {
            try await withFreshDefaults { defaults in
                let (collected, task) = Collected.collecting(
                    defaults.inAppConsentChanges(debounce: Self.debounce, includingCurrent: true)
                )
                defer { task.cancel() }
                #expect(await collected.wait(for: 1, timeout: Self.timeout))
                #expect(collected.values.first == InAppConsent(keys: [:]))
                try defaults.writeInAppKeys(for: first, gdprApplies: true)
                #expect(await collected.wait(for: 2, timeout: Self.timeout))
                try defaults.writeInAppKeys(for: first, gdprApplies: true)  // unchanged: no element
                try defaults.writeInAppKeys(for: second, gdprApplies: false)
                #expect(await collected.wait(for: 3, timeout: Self.timeout))
                try? await Task.sleep(nanoseconds: UInt64(Self.debounce * 4 * 1e9))
                #expect(
                    collected.values.map(\.tcString) == [
                        nil, try first.encoded(.preservingLayout), ValidFixture.all[1].tcString,
                    ]
                )
                #expect(collected.values.last?.gdprApplies == false)
            }
        }
    }

    @Test func otherKeysDoNotYield() async throws {
        try await atHighPriority {
            await withFreshDefaults { defaults in
                let (collected, task) = Collected.collecting(defaults.inAppConsentChanges(debounce: Self.debounce))
                defer { task.cancel() }
                for index in 0..<20 {
                    defaults.set(index, forKey: "app.counter")
                    defaults.set("x\(index)", forKey: "IABTCF_AddtlConsent")
                    NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
                }
                // Wait several debounce intervals: nothing comes.
                try? await Task.sleep(nanoseconds: UInt64(Self.debounce * 4 * 1e9))
                #expect(collected.values.isEmpty)
                defaults.set(1, forKey: InAppKeys.gdprApplies)
                NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
                #expect(await collected.wait(for: 1, timeout: Self.timeout))
                #expect(collected.values.first?.gdprApplies == true)
            }
        }
    }

    /// Four tasks write different strings' keys at once while the stream runs: no data race (the
    /// thread sanitizer checks it, `scripts/check-thread-safety.sh`), and once the writes stop the
    /// stream's last element is what the store then holds.
    @Test func concurrentWritersEndWithTheStoredValue() async throws {
        let strings = try ValidFixture.all.prefix(4).map { try TCString(encoded: $0.tcString) }
        try #require(strings.count == 4)
        await withFreshDefaults { defaults in
            let (collected, task) = Collected.collecting(defaults.inAppConsentChanges(debounce: Self.debounce))
            defer { task.cancel() }
            // UserDefaults is thread-safe but not marked Sendable in swift-corelibs-foundation.
            nonisolated(unsafe) let shared = defaults
            await withTaskGroup(of: Void.self) { group in
                for (index, tc) in strings.enumerated() {
                    group.addTask {
                        for round in 0..<5 {
                            try? shared.writeInAppKeys(for: tc, gdprApplies: (index + round) % 2 == 0)
                            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: shared)
                        }
                    }
                }
            }
            let stored = defaults.readInAppConsent()
            for _ in 0..<Int(Self.timeout * 100) where collected.values.last != stored {
                try? await Task.sleep(nanoseconds: 10_000_000)
            }
            #expect(collected.values.last == stored)
        }
    }

    /// Cancelling the iterating task ends the stream.
    @Test func cancellationEndsTheStream() async throws {
        try await atHighPriority {
            await withFreshDefaults { defaults in
                let stream = defaults.inAppConsentChanges(debounce: Self.debounce)
                let finished = Collected<Bool>()
                let task = Task {
                    for await _ in stream {}
                    finished.append(true)
                }
                task.cancel()
                #expect(await finished.wait(for: 1, timeout: Self.timeout))
            }
        }
    }
}
