import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import Testing

#if canImport(Observation)
import Observation
#endif

/// A device off-device: ATT authorized, and a CMP that saves `choice` to the store, as a CMP SDK
/// does. The coordinator follows the store's own change signal (`InMemoryConsentStore`: one per
/// write), the default an app gets.
@MainActor
final class OffDevicePlatform: ConsentPlatform {
    let store: InMemoryConsentStore
    var choice: CMPAnswer = .acceptAll
    var prompts = 0

    init(_ store: InMemoryConsentStore) { self.store = store }

    func attStatus() -> ATTStatus { .authorized }
    func requestATT(explainer: Bool) async -> ATTPromptOutcome {
        prompts += 1
        return .closed
    }
    func showCMP(allowingTracking: Bool) async -> CMPOutcome {
        prompts += 1
        try! store.writeInAppKeys(for: LiveAnswers.choice(choice), gdprApplies: true)
        return .saved
    }
    var osVersion: OperatingSystemVersion { OperatingSystemVersion(majorVersion: 27, minorVersion: 2, patchVersion: 0) }
    var now: Date { day("2026-03-02") }
}

/// The coordinator's live answers on the public test double, `InMemoryConsentStore`: every wait is
/// for an answer that must come, and that nothing more arrives is shown by a later change whose
/// answer comes next. No clock, no sleep.
@MainActor
@Suite struct LiveAnswers {
    /// The CMP's string for `answer` on the platform's day.
    nonisolated static func choice(_ answer: CMPAnswer) -> TCString {
        var tc = TCString(created: Timestamp(day("2026-03-02")), cmpId: 300, vendorListVersion: 160)
        tc.lastUpdated = tc.created
        tc.cmpVersion = 2
        let vendors = try! VendorSet([1, 2, 21, 755])
        tc.disclosedVendors = vendors
        if answer == .acceptAll {
            tc.purposeConsents = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]
            tc.specialFeatureOptIns = [1, 2]
            tc.vendorConsents = vendors
            tc.vendorLegitimateInterests = vendors
        }
        return tc
    }

    static func coordinator(_ store: InMemoryConsentStore) -> (ConsentCoordinator, OffDevicePlatform) {
        let platform = OffDevicePlatform(store)
        let flow = ConsentFlow(strategy: .attFirstRejectTracking)
        return (ConsentCoordinator(flow: flow, platform: platform, store: store), platform)
    }

    @Test func aChoiceSavedMidSessionReachesTheSubscriberOnce() async throws {
        let store = InMemoryConsentStore()
        let (coordinator, platform) = Self.coordinator(store)
        let accepted = await coordinator.activate()
        #expect(accepted.trackersAllowed && accepted.privacyOptionsRequired)
        var answers = coordinator.answers().makeAsyncIterator()
        #expect(await answers.next() == accepted)  // the current answer first

        // The privacy options form saves Reject All, key by key: one answer.
        try store.writeInAppKeys(for: Self.choice(.rejectAll), gdprApplies: true)
        let rejected = try #require(await answers.next())
        #expect(!rejected.trackersAllowed && !rejected.idfaAllowed)
        #expect(rejected.step?.consent == .refused && rejected.privacyOptionsRequired)
        #expect(coordinator.answer == rejected)

        // Keys the coordinator does not read, and the same choice written again: no answer. The
        // next answer is the one of the reset that follows.
        store.setInAppValue(.string("x"), forKey: "AnotherSDK.state")
        try store.writeInAppKeys(for: Self.choice(.rejectAll), gdprApplies: true)
        store.removeInAppKeys()
        let reset = try #require(await answers.next())
        #expect(reset.step?.consent == ConsentState.none && reset.adServing == nil)
        #expect(!reset.privacyOptionsRequired)
        // Nothing was shown: the CMP waits for the next activation.
        #expect(platform.prompts == 1)
        #expect(reset.step?.decision.next == .showCMP)

        // The next activation shows it; its answer comes next.
        platform.choice = .acceptAll
        let again = await coordinator.activate()
        #expect(await answers.next() == again)
        #expect(again.trackersAllowed && platform.prompts == 2)
    }

    @Test func changesBeforeTheFirstActivationWaitForIt() async throws {
        let store = InMemoryConsentStore()
        let (coordinator, _) = Self.coordinator(store)
        var answers = coordinator.answers().makeAsyncIterator()
        #expect(await answers.next() == ConsentAnswer())
        try store.writeInAppKeys(for: Self.choice(.rejectAll), gdprApplies: true)
        let first = await coordinator.activate()
        #expect(await answers.next() == first)
        #expect(first.step?.consent == .refused)
    }

    @Test func theStreamEndsWithTheCoordinator() async {
        let store = InMemoryConsentStore()
        var coordinator: ConsentCoordinator? = Self.coordinator(store).0
        await coordinator?.activate()
        let answers = coordinator!.answers()
        coordinator = nil
        var received = 0
        for await _ in answers { received += 1 }
        #expect(received == 1)
    }

    #if canImport(Observation)
    @Test func theModelFollowsTheAnswer() async throws {
        guard #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) else { return }
        let store = InMemoryConsentStore()
        let (coordinator, _) = Self.coordinator(store)
        let model = ConsentModel(coordinator)
        #expect(model.answer == ConsentAnswer())
        let changes = ChangeCount()
        withObservationTracking {
            _ = model.answer
        } onChange: {
            changes.increment()
        }
        let answer = await coordinator.activate()
        #expect(model.answer == answer && changes.value == 1)

        var answers = coordinator.answers().makeAsyncIterator()
        _ = await answers.next()
        withObservationTracking {
            _ = model.answer
        } onChange: {
            changes.increment()
        }
        try store.writeInAppKeys(for: Self.choice(.rejectAll), gdprApplies: true)
        let rejected = try #require(await answers.next())
        #expect(model.answer == rejected && changes.value == 2)
    }
    #endif

    /// How many times an observation's `onChange` ran (it may run on any thread).
    final class ChangeCount: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
        func increment() {
            lock.lock()
            count += 1
            lock.unlock()
        }
    }

    // MARK: Privacy options

    /// `privacyOptionsRequired` for the stored keys, against UMP's question "must a way to modify
    /// the privacy options be provided?".
    @Test(
        arguments: [
            // GDPR applies (or is undetermined) and a choice is stored.
            ([InAppKeys.gdprApplies: .int(1), InAppKeys.tcString: .string(accepted)], true),
            ([InAppKeys.tcString: .string(accepted)], true),
            ([InAppKeys.gdprApplies: .int(1)], false),
            ([InAppKeys.gdprApplies: .int(1), InAppKeys.tcString: .string("not a TC string")], false),
            ([InAppKeys.gdprApplies: .int(0), InAppKeys.tcString: .string(accepted)], false),
            // A US section in force.
            (
                [
                    InAppKeys.gdprApplies: .int(0), GPPInAppKeys.gppString: .string(usnat),
                    GPPInAppKeys.gppSectionIds: .string("7"),
                ], true
            ),
            ([InAppKeys.gdprApplies: .int(0), GPPInAppKeys.gppString: .string(usnat)], true),
            (
                [
                    InAppKeys.gdprApplies: .int(0), GPPInAppKeys.gppString: .string(usnat),
                    GPPInAppKeys.gppSectionIds: .string("2"),
                ], false
            ),
            ([InAppKeys.gdprApplies: .int(0), GPPInAppKeys.gppSectionIds: .string("2_6")], true),
            ([InAppKeys.gdprApplies: .int(0), GPPInAppKeys.gppString: .string("%%~x")], true),
            ([InAppKeys.gdprApplies: .int(0), GPPInAppKeys.usPrivacyString: .string("1YNN")], true),
            ([InAppKeys.gdprApplies: .int(0)], false),
        ] as [([String: InAppValue], Bool)]
    )
    func privacyOptionsRequired(_ keys: [String: InAppValue], _ required: Bool) {
        #expect(ConsentAnswer.privacyOptionsRequired(StoredConsent(inAppKeys: keys)) == required)
    }

    nonisolated static let accepted = try! choice(.acceptAll).encoded()
    nonisolated static let usnat = "DBABL~BVQqAAAAAg"
}
