import Foundation
import IABGPP
import IABTCF
import Testing

@testable import IABTCFStorage

/// The change stream, on a clock each test advances itself (``ManualClock``): a burst is never read
/// half-written, and that nothing more arrives is shown by a later write whose element comes next.
/// Every wait is counted in rounds of the clock, so no test can hang.
@Suite struct ChangesTests {
    /// Any debounce: the manual clock decides when it has passed.
    static let debounce: TimeInterval = 0.1

    /// A CMP's burst of writes, each followed by the notification Apple's UserDefaults posts per write
    /// (swift-corelibs-foundation posts none for `set(_:forKey:)`, so the test posts it).
    static func cmpWrites(_ tc: TCString, to defaults: UserDefaults) throws {
        for (key, value) in try tc.inAppKeys(gdprApplies: true) {
            defaults.set(value.propertyListValue, forKey: key)
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        }
    }

    /// The stream on `clock`, collected in a task.
    static func changes(
        _ defaults: UserDefaults,
        on clock: ManualClock,
        includingCurrent: Bool = false
    ) -> (Collected<InAppConsent>, Task<Void, Never>) {
        changes(defaults, on: clock, includingCurrent: includingCurrent, read: UserDefaults.inAppConsent)
    }

    /// The stream's elements as `read` gives them (the GPP and US keys' reading, for instance).
    static func changes<Consent: Sendable>(
        _ defaults: UserDefaults,
        on clock: ManualClock,
        includingCurrent: Bool = false,
        read: @escaping @Sendable ([String: InAppValue]) -> Consent
    ) -> (Collected<Consent>, Task<Void, Never>) {
        Collected.collecting(
            defaults.consentChanges(
                debounce: debounce,
                includingCurrent: includingCurrent,
                read: read,
                sleep: clock.sleep
            )
        )
    }

    /// Writes `IABTCF_gdprApplies` as `applies`: a change whose element must come next.
    static func writeMarker(_ applies: Bool, to defaults: UserDefaults) {
        defaults.set(applies ? 1 : 0, forKey: InAppKeys.gdprApplies)
        NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
    }

    @Test func aBurstOfWritesYieldsOnce() async throws {
        let tc = try TCString(encoded: ValidFixture.all[0].tcString)
        let clock = ManualClock()
        try await withFreshDefaults { defaults in
            let (collected, task) = Self.changes(defaults, on: clock)
            defer { task.cancel() }
            try Self.cmpWrites(tc, to: defaults)
            #expect(await clock.run { collected.values.count >= 1 })
            // The next element is the marker's: the burst yielded once.
            Self.writeMarker(false, to: defaults)
            #expect(await clock.run { collected.values.count >= 2 })
            #expect(collected.values.count == 2)
            #expect(collected.values.first == InAppConsent(keys: try tc.inAppKeys(gdprApplies: true)))
            #expect(collected.values.last?.gdprApplies == false)
        }
    }

    @Test func writesThroughTheModuleAreSeen() async throws {
        let first = try TCString(encoded: ValidFixture.all[0].tcString)
        let second = try TCString(encoded: ValidFixture.all[1].tcString)
        let clock = ManualClock()
        try await withFreshDefaults { defaults in
            let (collected, task) = Self.changes(defaults, on: clock, includingCurrent: true)
            defer { task.cancel() }
            #expect(await clock.run { collected.values.count >= 1 })
            #expect(collected.values.first == InAppConsent(keys: [:]))
            try defaults.writeInAppKeys(for: first, gdprApplies: true)
            #expect(await clock.run { collected.values.count >= 2 })
            try defaults.writeInAppKeys(for: first, gdprApplies: true)  // unchanged: no element
            try defaults.writeInAppKeys(for: second, gdprApplies: false)
            #expect(await clock.run { collected.values.count >= 3 })
            #expect(
                collected.values.map(\.tcString) == [
                    nil, try first.encoded(.preservingLayout), ValidFixture.all[1].tcString,
                ]
            )
            #expect(collected.values.last?.gdprApplies == false)
        }
    }

    /// A US CMP writes only GPP keys (and `IABUSPrivacy_String`): each change yields, and the
    /// element carries what the US answer reads.
    @Test func gppAndUSKeysYield() async {
        let clock = ManualClock()
        await withFreshDefaults { defaults in
            let (collected, task) = Self.changes(defaults, on: clock, read: GPPInAppConsent.init(keys:))
            defer { task.cancel() }
            defaults.set("DBABL~BVQqAAAAAg", forKey: GPPInAppKeys.gppString)
            defaults.set("7", forKey: GPPInAppKeys.gppSectionIds)
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
            #expect(await clock.run { collected.values.count >= 1 })
            #expect(collected.values.first?.gppString == "DBABL~BVQqAAAAAg")
            defaults.set("1YYN", forKey: GPPInAppKeys.usPrivacyString)
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
            #expect(await clock.run { collected.values.count >= 2 })
            #expect(collected.values.count == 2)
            #expect(collected.values.last?.usPrivacyString == "1YYN")
        }
    }

    @Test func otherKeysDoNotYield() async throws {
        let clock = ManualClock()
        await withFreshDefaults { defaults in
            let reads = Collected<Bool>()
            let (collected, task) = Collected.collecting(
                defaults.consentChanges(
                    debounce: Self.debounce,
                    includingCurrent: false,
                    read: UserDefaults.inAppConsent,
                    sleep: clock.sleep
                ) {
                    reads.append($0)
                }
            )
            defer { task.cancel() }
            for index in 0..<20 {
                defaults.set(index, forKey: "app.counter")
                defaults.set("x\(index)", forKey: "IABTCF_AddtlConsent")
                NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
            }
            // The stream reads the keys after the writes, and yields nothing.
            #expect(await clock.run { !reads.values.isEmpty })
            #expect(!reads.values.contains(true))
            // A change of an IABTCF_ key is the first element.
            Self.writeMarker(true, to: defaults)
            #expect(await clock.run { collected.values.count >= 1 })
            #expect(collected.values.count == 1)
            #expect(collected.values.first?.gdprApplies == true)
        }
    }

    /// Four tasks write different strings' keys at once while the stream runs: no data race (the
    /// thread sanitizer checks it, `scripts/check-thread-safety.sh`), and once the writes stop the
    /// stream's last element is what the store then holds.
    @Test func concurrentWritersEndWithTheStoredValue() async throws {
        let strings = try ValidFixture.all.prefix(4).map { try TCString(encoded: $0.tcString) }
        try #require(strings.count == 4)
        let clock = ManualClock()
        await withFreshDefaults { defaults in
            let (collected, task) = Self.changes(defaults, on: clock)
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
            #expect(await clock.run { collected.values.last == stored })
        }
    }

    /// Cancelling the iterating task ends the stream.
    @Test func cancellationEndsTheStream() async throws {
        await withFreshDefaults { defaults in
            let stream = defaults.inAppConsentChanges(debounce: Self.debounce)
            let finished = Collected<Bool>()
            let task = Task {
                for await _ in stream {}
                finished.append(true)
            }
            task.cancel()
            await task.value
            #expect(finished.values == [true])
        }
    }
}
