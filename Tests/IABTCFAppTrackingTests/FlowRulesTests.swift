import IABTCF
import IABTCFAppTracking
import Testing

/// Issue 46, item 10: the shared rules read each flow's own rules through one protocol. Where
/// flows differ, the difference comes from the flow: a re-prompt after a refusal in the CMP.
@Suite struct FlowRulesTests {
    static let today = Timestamp(iso8601: "2026-11-27")!

    static func repromptAfterCMPRefusal(_ flow: ConsentFlow) -> ConsentFlow.Decision {
        var flow = flow
        flow.reprompt = .denied
        let state = ConsentFlow.State(region: .eu, attAnswered: Timestamp(iso8601: "2025-10-26")!)
        var input = ConsentFlow.Input(status: .denied, consent: .refused, state: state)
        input.today = Self.today
        return flow.evaluate(input)
    }

    @Test func aRepromptAfterARefusalInTheCMP() {
        // Google documents ATT after its message whatever the answer: no warning.
        let ump = Self.repromptAfterCMPRefusal(ConsentFlow(guide: .googleUMP))
        #expect(ump.next == .requestATT && !ump.warnings.contains(.attAfterCMPRefusal))
        // Another guide that asks ATT after any CMP answer warns.
        let pubConsent = Self.repromptAfterCMPRefusal(ConsentFlow(guide: .pubConsentCMPFirst))
        #expect(pubConsent.next == .requestATT && pubConsent.warnings.contains(.attAfterCMPRefusal))
        // A strategy never asks ATT after a refusal in the CMP.
        for strategy in ATTStrategy.allCases {
            #expect(Self.repromptAfterCMPRefusal(ConsentFlow(strategy: strategy)).next != .requestATT)
        }
    }
}
