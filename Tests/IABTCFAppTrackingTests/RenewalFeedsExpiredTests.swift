import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// The ATT article's "asking again when a stored choice has gone stale", kept true.
@Suite struct RenewalFeedsExpiredTests {
    @Test func aStaleChoiceShowsTheCMPAgain() throws {
        let gvl = GVLFixtures.v17
        let day = try Timestamp(year: 2026, month: 11, day: 25)
        let text = try gvl.tcString(for: .acceptAll, cmp: GlobalVendorList.CMP(id: 300), day: day).encoded()
        for (now, isStale) in [(day, false), (try Timestamp(year: 2028, month: 1, day: 1), true)] {
            let stale = (try? TCString(encoded: text)).map { !$0.renewal(against: gvl, today: now).isEmpty }
            #expect(stale == isStale)
            let step = ConsentFlow(guide: .onesecondbeforeCMPFirst).evaluate(
                status: .authorized,
                stored: StoredConsent(tcString: text, consent: stale == true ? .expired : nil),
                today: now
            )
            #expect((step.consent == .expired) == isStale)
            #expect((step.decision.next == .showCMP) == isStale, "\(step.decision)")
        }
    }
}
