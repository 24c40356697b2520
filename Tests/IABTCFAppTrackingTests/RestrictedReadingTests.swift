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

    /// `legacyLimitAdTracking` set on the flow reaches a strategy's options, so Limit Ad Tracking
    /// on a device without ATT is a refusal in strategies and guides alike.
    @Test func legacyLimitAdTrackingIsOneOptionToo() {
        let unavailable = ATTFlowInput(status: .unavailable, consent: .granted)
        for strategy in ATTStrategy.allCases {
            var flow = ConsentFlow(strategy: strategy)
            #expect(flow.decide(unavailable).idfaAllowed, "\(strategy)")
            flow.legacyLimitAdTracking = true
            #expect(flow.rules == .strategy(strategy, ATTOptions(legacyLimitAdTracking: true)))
            #expect(!flow.decide(unavailable).idfaAllowed, "\(strategy)")
        }
        var guide = ConsentFlow(guide: .didomiATTFirst)
        guide.legacyLimitAdTracking = true
        #expect(guide.legacyLimitAdTracking == true && !guide.decide(unavailable).idfaAllowed)
    }
}
