import IABTCFAppTracking
import Testing

/// `restrictedAsDenied` is one option with one sign for strategies and guides: `true` handles ATT
/// restricted as a refusal, `false` as a device without ATT (full CMP, a warning, no rejection).
@Suite struct RestrictedReadingTests {
    static let restricted = ATTFlowInput(status: .restricted, consent: .none)

    @Test func aGuideDefaultsToItsOwnReading() {
        for flow in ATTFlow.allCases {
            #expect(ConsentFlow(guide: flow).restrictedAsDenied == flow.restrictedIsRefusal, "\(flow)")
        }
        #expect(ConsentFlow(strategy: .cmpFirst).restrictedAsDenied)
        #expect(!ConsentFlow(strategy: .cmpFirst, options: ATTOptions(restrictedAsDenied: false)).restrictedAsDenied)
    }

    @Test func falseShowsTheFullCMPWithAWarningInEveryFlow() {
        let flows =
            ATTFlow.allCases.filter { $0 != .adjust }.map { ConsentFlow(guide: $0, restrictedAsDenied: false) }
            + ATTStrategy.allCases.map { ConsentFlow(strategy: $0, options: ATTOptions(restrictedAsDenied: false)) }
        for flow in flows {
            let decision = flow.decide(Self.restricted)
            #expect(decision.next == .showCMP && decision.reject == .none, "\(flow.rules)")
            #expect(!decision.idfaAllowed && !decision.trackersAllowed, "\(flow.rules)")
            if flow.rules != .guide(.googleUMP) {
                #expect(decision.warnings.contains(.restrictedShownFullCMP), "\(flow.rules)")
            }
        }
    }

    @Test func trueRejectsLikeADenialInEveryFlow() {
        let flows =
            ATTFlow.allCases.map { ConsentFlow(guide: $0, scope: .appleDefault, restrictedAsDenied: true) }
            + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }
        for flow in flows {
            let denied = flow.decide(ATTFlowInput(status: .denied, consent: .none))
            let restricted = flow.decide(Self.restricted)
            #expect(restricted.reject == denied.reject && restricted.reject != .none, "\(flow.rules)")
            #expect(!restricted.warnings.contains(.restrictedShownFullCMP), "\(flow.rules)")
        }
    }

    @Test func settingTheFlowsOptionSetsTheStrategysOption() {
        var flow = ConsentFlow(strategy: .attFirstDenyAll)
        flow.restrictedAsDenied = false
        #expect(flow.rules == .strategy(.attFirstDenyAll, ATTOptions(restrictedAsDenied: false)))
        #expect(flow.decide(Self.restricted).warnings.contains(.restrictedShownFullCMP))
        var guide = ConsentFlow(guide: .consentmanager)
        guide.restrictedAsDenied = false
        #expect(!guide.restrictedAsDenied && guide.decide(Self.restricted).next == .showCMP)
    }
}
