import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// Issue 46, item 6: every flow treats a string dated in the future as no choice: the CMP asks, no
/// tracker starts, nothing is rewritten and no ads are requested on it (`none`, `futureDated`).
@Suite struct FutureDatedTests {
    static let today = Timestamp(iso8601: "2026-11-27")!

    static let flows: [ConsentFlow] =
        ATTFlow.allCases.map { ConsentFlow(guide: $0) } + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }

    @Test(arguments: FutureDatedTests.flows)
    func aFutureDatedStringIsNoChoice(_ flow: ConsentFlow) throws {
        for day in ["2099-01-01", "2026-11-29"] {
            var tc = try TrackingFixtures.acceptAll()
            tc.created = Timestamp(iso8601: day)!
            tc.lastUpdated = tc.created
            let stored = StoredConsent(tcString: try tc.encoded(), gdprApplies: true)
            for status in ATTStatus.allCases {
                let step = flow.evaluate(status: status, stored: stored, today: Self.today)
                let nothing = flow.evaluate(status: status, stored: StoredConsent(tcString: nil), today: Self.today)
                #expect(step.consent == ConsentState.none, "\(flow.rules) \(day) \(status)")
                #expect(step.decision == nothing.decision, "\(flow.rules) \(day) \(status)")
                #expect(step.rewrittenTCString == nil, "\(flow.rules) \(day) \(status)")
                #expect(step.adServing == tc.adServing(vendor: flow.adVendor, today: Self.today))
                #expect(step.adServing?.mode == AdServingMode.none)
                #expect(step.adServing == stored.adServing(vendor: flow.adVendor, today: Self.today))
                #expect(!step.decision.trackersAllowed && !step.decision.idfaAllowed)
            }
        }
        // Tomorrow is within the day of clock skew: a choice.
        var tomorrow = try TrackingFixtures.acceptAll()
        tomorrow.created = Timestamp(iso8601: "2026-11-28")!
        tomorrow.lastUpdated = tomorrow.created
        let step = flow.evaluate(
            status: .authorized,
            stored: StoredConsent(tcString: try tomorrow.encoded(), gdprApplies: true),
            today: Self.today
        )
        #expect(step.consent == .granted && step.adServing != nil)
    }
}

extension FutureDatedTests {
    /// The static rewrite the command-line tool uses leaves a future-dated string as given.
    @Test func applyingLeavesAFutureDatedStringAlone() throws {
        var tc = try TrackingFixtures.acceptAll()
        tc.created = Timestamp(iso8601: "2099-01-01")!
        tc.lastUpdated = tc.created
        let text = try tc.encoded()
        let decision = ConsentFlow.Decision(next: .done, reject: .all)
        #expect(try TCString.applying(decision, to: text, today: Self.today, maximumAge: nil) == text)
    }

    /// The call for an input the caller built gives the same step as the one call.
    @Test(arguments: FutureDatedTests.flows)
    func anInputTheCallerBuiltGivesTheSameStep(_ flow: ConsentFlow) throws {
        let texts = [nil, try TrackingFixtures.acceptAll().encoded(), try TrackingFixtures.refuseAll().encoded()]
        for text in texts {
            for rawStatus in [0, 1, 2, 3, 9] {
                let state = ConsentFlow.State(attRequested: rawStatus == 0, region: .eu)
                let stored = StoredConsent(tcString: text, gdprApplies: true)
                let input = ConsentFlow.Input(rawStatus: rawStatus, consent: .granted, gdprApplies: false, state: state)
                let built = flow.evaluate(input, stored: stored, today: Self.today)
                let oneCall = flow.evaluate(rawStatus: rawStatus, stored: stored, state: state, today: Self.today)
                #expect(built == oneCall, "\(flow.rules) \(rawStatus)")
            }
        }
    }
}
