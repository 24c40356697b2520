import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import IABTCFVendorList
import Testing

/// The simulator's change source: a signal a journey sends after its CMP wrote mid-session,
/// handed to the coordinator only when it asks for the next one. ``signal()`` returns once the
/// coordinator has handled the signal (it asks for the next), so a journey knows, without a clock,
/// that every answer the change caused has been published.
@MainActor
final class KeyChangeSignals {
    /// The coordinator waiting for a signal.
    private var waiting: CheckedContinuation<Void?, Never>?
    /// Journeys waiting for the coordinator to wait.
    private var ready: [CheckedContinuation<Void, Never>] = []
    /// Signals handled so far.
    private(set) var handled = 0
    /// The stream in use: a stream made earlier (a released coordinator's) neither waits nor ends
    /// the current one, however late its cancellation arrives.
    private var generation = 0

    /// A new stream for a new coordinator; the previous coordinator's ends.
    func stream() -> AsyncStream<Void> {
        end()
        generation += 1
        let mine = generation
        return AsyncStream(
            unfolding: { [weak self] in await self?.next(mine) },
            onCancel: { Task { @MainActor [weak self] in self?.end(mine) } }
        )
    }

    /// The coordinator asks for the next signal: the previous one is handled. A stream that is no
    /// longer the current one ends.
    private func next(_ stream: Int) async -> Void? {
        guard stream == generation else { return nil }
        return await withCheckedContinuation { continuation in
            waiting = continuation
            let journeys = ready
            ready = []
            for journey in journeys { journey.resume() }
        }
    }

    /// Sends one signal and returns once the coordinator has handled it.
    func signal() async {
        await untilWaiting()
        let coordinator = waiting!
        waiting = nil
        coordinator.resume(returning: ())
        await untilWaiting()
        handled += 1
    }

    /// Returns once the current stream's coordinator waits for a signal.
    private func untilWaiting() async {
        while waiting == nil {
            await withCheckedContinuation { ready.append($0) }
        }
    }

    /// Ends the stream the coordinator waits on (only `stream`'s, when given).
    func end(_ stream: Int? = nil) {
        guard stream == nil || stream == generation else { return }
        waiting?.resume(returning: nil)
        waiting = nil
    }
}

extension Simulation {
    /// The coordinator follows the signals the journeys send, never a clock.
    func consentKeyChanges(in store: any ConsentKeyValueStore) -> AsyncStream<Void> {
        keyChangeSignals.stream()
    }

    /// The CMP (or another process) writes mid-session, outside any activation: `write` runs, the
    /// store signals the change, and the coordinator handles it. Returns the answers the
    /// subscriber received after the one it started with, once the session ends (the next launch
    /// releases the coordinator, which ends the stream); checks the live invariants:
    ///
    /// - "no prompt live": the change showed nothing (no ATT request, no CMP);
    /// - "one answer per change": as many new answers as `expectedAnswers` allows (exactly one
    ///   when the change must change the answer), each distinct from the one before;
    /// - "live answer holds": the live answer passes every invariant of an activation's answer;
    /// - "live agrees with a launch": a launch that shows nothing gives the same answer.
    @discardableResult
    func midSession(
        expectedAnswers: ClosedRange<Int> = 1...1,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ write: () -> Void
    ) async -> [ConsentAnswer] {
        let subscription = coordinator.answers()
        let before = (attRequests, cmpPresentations)
        write()
        await keyChangeSignals.signal()
        // The coordinator's own keys and unrelated keys change nothing: a signal without a change
        // of the consent keys publishes no answer.
        defaults.set(UUID().uuidString, forKey: "AnotherSDK.state")
        await keyChangeSignals.signal()
        if (attRequests, cmpPresentations) != before {
            Issue.record(
                "no prompt live: \(attRequests - before.0) ATT requests, \(cmpPresentations - before.1) CMPs",
                sourceLocation: sourceLocation
            )
        }
        let live = coordinator.answer
        check(live, sourceLocation: sourceLocation)
        let relaunch = await launch(sourceLocation: sourceLocation)
        var received: [ConsentAnswer] = []
        for await answer in subscription { received.append(answer) }
        let new = Array(received.dropFirst())
        if !expectedAnswers.contains(new.count) || zip(received, new).contains(where: { $0 == $1 }) {
            Issue.record(
                "one answer per change: \(new.count) new answers, expected \(expectedAnswers)",
                sourceLocation: sourceLocation
            )
        }
        if new.last.map({ $0 != live }) ?? false {
            Issue.record("one answer per change: the last answer received is not the coordinator's")
        }
        if (attRequests, cmpPresentations) == before,
            !Self.sameOutcome(relaunch, live)
        {
            Issue.record(
                "live agrees with a launch: live \(Self.outcome(live)), launch \(Self.outcome(relaunch))",
                sourceLocation: sourceLocation
            )
        }
        return new
    }

    /// What an app acts on in an answer.
    static func outcome(_ answer: ConsentAnswer) -> String {
        "trackers \(answer.trackersAllowed), IDFA \(answer.idfaAllowed), ads \(String(describing: answer.adServing?.mode)), privacy options \(answer.privacyOptionsRequired)"
    }

    static func sameOutcome(_ a: ConsentAnswer, _ b: ConsentAnswer) -> Bool {
        a.trackersAllowed == b.trackersAllowed && a.idfaAllowed == b.idfaAllowed && a.adServing == b.adServing
            && a.privacyOptionsRequired == b.privacyOptionsRequired
    }

    /// "privacy options": the answer requires a privacy-options entry point exactly where the GDPR
    /// applies (or is undetermined) and the stored `IABTCF_TCString` decodes, or a US section (ids
    /// 6-27) is in force (`IABGPP_GppSID`, else the GPP string's sections; an unreadable GPP string
    /// counts), or `IABUSPrivacy_String` is stored; never before the first evaluation.
    func checkPrivacyOptions(_ answer: ConsentAnswer, sourceLocation: SourceLocation) {
        guard answer.step != nil else {
            if answer.privacyOptionsRequired { Issue.record("privacy options: before any evaluation") }
            return
        }
        let consent = defaults.readInAppConsent()
        let gdpr = (consent.gdprApplies ?? true) && storedString != nil
        var sections: [Int]?
        if let sid = defaults.string(forKey: "IABGPP_GppSID")
            ?? (defaults.object(forKey: "IABGPP_GppSID") as? Int).map(String.init)
        {
            sections = sid.split(separator: "_").compactMap { Int($0) }
        } else if let gpp = defaults.string(forKey: "IABGPP_HDR_GppString") {
            sections = (try? GPPString(encoded: gpp))?.sections.map(\.id) ?? [6]
        }
        let us =
            (sections ?? []).contains { (6...27).contains($0) } || defaults.string(forKey: "IABUSPrivacy_String") != nil
        if answer.privacyOptionsRequired != (gdpr || us) {
            Issue.record(
                "privacy options: \(answer.privacyOptionsRequired), expected \(gdpr || us) (GDPR choice \(gdpr), US \(us))",
                sourceLocation: sourceLocation
            )
        }
    }
}
