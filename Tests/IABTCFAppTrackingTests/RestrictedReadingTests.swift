import IABTCFAppTracking
import Testing

/// `restrictedAsDenied` is one option with one sign for strategies and guides: `true` handles ATT
/// restricted as a refusal, `false` as a device without ATT (full CMP, a warning, no rejection).
@Suite struct RestrictedReadingTests {
    static let restricted = ConsentFlow.Input(status: .restricted, consent: .none)

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
            let decision = flow.evaluate(Self.restricted)
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
            let denied = flow.evaluate(ConsentFlow.Input(status: .denied, consent: .none))
            let restricted = flow.evaluate(Self.restricted)
            #expect(restricted.reject == denied.reject && restricted.reject != .none, "\(flow.rules)")
            #expect(!restricted.warnings.contains(.restrictedShownFullCMP), "\(flow.rules)")
        }
    }

    @Test func settingTheFlowsOptionSetsTheStrategysOption() {
        var flow = ConsentFlow(strategy: .attFirstDenyAll)
        flow.restrictedAsDenied = false
        #expect(flow.rules == .strategy(.attFirstDenyAll, ATTOptions(restrictedAsDenied: false)))
        #expect(flow.evaluate(Self.restricted).warnings.contains(.restrictedShownFullCMP))
        var guide = ConsentFlow(guide: .consentmanager)
        guide.restrictedAsDenied = false
        #expect(!guide.restrictedAsDenied && guide.evaluate(Self.restricted).next == .showCMP)
    }

    /// `legacyLimitAdTracking` set on the flow reaches a strategy's options, so Limit Ad Tracking
    /// on a device without ATT is a refusal in strategies and guides alike.
    @Test func legacyLimitAdTrackingIsOneOptionToo() {
        let unavailable = ConsentFlow.Input(status: .unavailable, consent: .granted)
        for strategy in ATTStrategy.allCases {
            var flow = ConsentFlow(strategy: strategy)
            #expect(flow.evaluate(unavailable).idfaAllowed, "\(strategy)")
            flow.legacyLimitAdTracking = true
            #expect(flow.rules == .strategy(strategy, ATTOptions(legacyLimitAdTracking: true)))
            #expect(!flow.evaluate(unavailable).idfaAllowed, "\(strategy)")
        }
        var guide = ConsentFlow(guide: .didomiATTFirst)
        guide.legacyLimitAdTracking = true
        #expect(guide.legacyLimitAdTracking == true && !guide.evaluate(unavailable).idfaAllowed)
    }
}
