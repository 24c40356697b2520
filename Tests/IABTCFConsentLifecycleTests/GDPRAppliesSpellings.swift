import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import Testing

/// What the coordinator's documentation says of `IABTCF_gdprApplies`, kept true: every spelling
/// CMPs write reads as 1 or 0 (anything else, or nothing, as "applies"), and where it reads 0 a
/// stored Reject All does not stop the trackers: ATT alone decides.
@MainActor @Suite struct GDPRAppliesSpellings {
    /// Each spelling, how `IABTCF_gdprApplies` reads (`nil`: unset or malformed, handled as applying).
    static let spellings: [(GDPRAppliesValue, Bool?)] = [
        (.int(1), true), (.int(0), false), (.bool(true), true), (.bool(false), false),
        (.double(1), true), (.double(0), false),
        (.string("1"), true), (.string("0"), false), (.string("true"), true), (.string("FALSE"), false),
        (.string("Yes"), true), (.string("no"), false), (.string("01"), true), (.string("+1"), true),
        (.string("-0"), false), (.string("00"), false),
        (.string("1.0"), nil), (.string("maybe"), nil), (.string(""), nil), (.int(2), nil), (.double(0.5), nil),
        (.missing, nil),
    ]

    @Test func aStoredRejectAllDoesNotRestrictTrackersWhereTheGDPRDoesNotApply() async {
        for (value, reads) in Self.spellings {
            await simulate(
                FlowCase(name: "strategy attFirstRejectTracking", flow: .init(strategy: .attFirstRejectTracking))
            ) { sim in
                sim.gdprApplies = value
                sim.cmpAnswers = [.rejectAll]
                sim.writeChoice(.rejectAll)
                #expect(sim.defaults.readInAppConsent().gdprApplies == reads, "\(value)")
                let answer = await sim.reachFixedPoint()
                // Reads 0: the Reject All is not read, ATT's "Allow" lets the trackers run. Otherwise
                // the Reject All stops them (and the flow may not even ask ATT).
                if reads == false { #expect(sim.status == .authorized, "\(value)") }
                #expect(answer.trackersAllowed == (reads == false), "\(value)")
                #expect(answer.idfaAllowed == (reads == false), "\(value)")
            }
        }
    }
}
