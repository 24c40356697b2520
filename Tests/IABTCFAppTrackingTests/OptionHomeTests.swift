import IABTCF
import IABTCFAppTracking
import Testing

/// Issue 46, item 10: `restrictedAsDenied` and `legacyLimitAdTracking` have one stored home, so two
/// flows with the same visible state compare equal and behave alike after switching rules.
@Suite struct OptionHomeTests {
    @Test func theSameVisibleStateComparesEqual() {
        var a = ConsentFlow(strategy: .cmpFirst)
        a.rules = .strategy(.cmpFirst, ATTOptions(restrictedAsDenied: false, legacyLimitAdTracking: true))
        let b = ConsentFlow(
            strategy: .cmpFirst,
            options: ATTOptions(restrictedAsDenied: false, legacyLimitAdTracking: true)
        )
        #expect(a.restrictedAsDenied == b.restrictedAsDenied && a.legacyLimitAdTracking == b.legacyLimitAdTracking)
        #expect(a.rules == b.rules)
        #expect(a == b && a.hashValue == b.hashValue)

        var c = ConsentFlow(strategy: .cmpFirst)
        c.restrictedAsDenied = false
        c.legacyLimitAdTracking = true
        #expect(c == b && c.rules == b.rules)
    }

    /// After switching to a guide, the flow keeps the options it showed.
    @Test func switchingRulesKeepsTheVisibleOptions() {
        var a = ConsentFlow(strategy: .cmpFirst)
        a.rules = .strategy(.cmpFirst, ATTOptions(restrictedAsDenied: false))
        var b = ConsentFlow(strategy: .cmpFirst, options: ATTOptions(restrictedAsDenied: false))
        a.rules = .guide(.consentmanager)
        b.rules = .guide(.consentmanager)
        #expect(!a.restrictedAsDenied && a == b)
        var input = ConsentFlow.Input(status: .restricted, consent: .none)
        input.today = Timestamp(iso8601: "2026-11-27")!
        #expect(a.evaluate(input) == b.evaluate(input))
        // And back to a strategy: its options are the flow's.
        a.rules = .strategy(.attFirstDenyAll, ATTOptions(restrictedAsDenied: true))
        #expect(a.restrictedAsDenied)
        guard case .strategy(_, let options) = a.rules else {
            Issue.record("not a strategy")
            return
        }
        #expect(options.restrictedAsDenied && options.legacyLimitAdTracking == nil)
    }
}
