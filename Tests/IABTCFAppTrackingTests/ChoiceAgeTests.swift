import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// Issue 46, item 1: an ATT rejection never makes a choice younger. An expired choice is never
/// rewritten (the CMP asks first), and a rewrite keeps the dates of the person's choice.
@Suite struct ChoiceAgeTests {
    static let today = Timestamp(iso8601: "2026-11-27")!

    static let flows: [ConsentFlow] =
        ATTFlow.allCases.map { ConsentFlow(guide: $0) } + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }
        + ATTFlow.allCases.map { ConsentFlow(guide: $0, scope: .appleDefault) }

    /// "Accept all" for vendors 1-50 and Google (755), saved on `day`.
    static func acceptAll(on day: String) throws -> TCString {
        var tc = try TrackingFixtures.acceptAll()
        try tc.vendorConsents.insert(TCString.googleVendorId)
        try tc.disclosedVendors?.insert(TCString.googleVendorId)
        tc.created = Timestamp(iso8601: day)!
        tc.lastUpdated = tc.created
        return tc
    }

    /// Accepted on 2025-10-01, evaluated 422 days later with ATT denied: the choice is expired, the
    /// string stays as stored and Google serves no ads on it.
    @Test(arguments: ChoiceAgeTests.flows)
    func anExpiredChoiceIsNeverRewritten(_ flow: ConsentFlow) throws {
        let tc = try Self.acceptAll(on: "2025-10-01")
        let stored = StoredConsent(tcString: try tc.encoded(), gdprApplies: true)
        for status in [ATTStatus.denied, .restricted, .notDetermined, .authorized] {
            let step = flow.evaluate(status: status, stored: stored, today: Self.today)
            #expect(step.consent == .expired)
            #expect(step.rewrittenTCString == nil, "\(flow.rules) \(status)")
            #expect(step.adServing?.mode == AdServingMode.none)
            #expect(step.adServing?.reasons == [.expired(lastUpdated: tc.lastUpdated, ageInDays: 422, maximumAge: 395)])
            #expect(step.adServing == tc.adServing(today: Self.today))
        }
    }

    /// A choice past the CMP's own expiry (Onesecondbefore's `expirationDate`), or one the app says
    /// must be asked again, is not rewritten either.
    @Test(arguments: ChoiceAgeTests.flows)
    func aChoiceTheAppReadsAsExpiredIsNeverRewritten(_ flow: ConsentFlow) throws {
        let text = try Self.acceptAll(on: "2026-06-01").encoded()
        for stored in [
            StoredConsent(tcString: text, gdprApplies: true, expiresAt: Self.today),
            StoredConsent(tcString: text, gdprApplies: true, consent: .expired),
        ] {
            let step = flow.evaluate(status: .denied, stored: stored, today: Self.today)
            #expect(step.consent == .expired && step.rewrittenTCString == nil, "\(flow.rules)")
        }
    }

    /// A valid choice saved on 2026-06-01 and rejected on 2026-11-27 keeps both dates: the rewritten
    /// string is as old as the person's answer and passes validation.
    @Test(arguments: ChoiceAgeTests.flows)
    func aRewriteKeepsTheDatesOfTheChoice(_ flow: ConsentFlow) throws {
        let tc = try Self.acceptAll(on: "2026-06-01")
        let stored = StoredConsent(tcString: try tc.encoded(), gdprApplies: true)
        let step = flow.evaluate(status: .denied, stored: stored, today: Self.today)
        #expect((step.rewrittenTCString != nil) == (flow.rejectsOnRefusal && step.decision.reject != .none))
        guard let rewritten = step.rewrittenTCString else { return }
        let after = try TCString(encoded: rewritten)
        #expect(after.created == tc.created && after.lastUpdated == tc.lastUpdated, "\(flow.rules)")
        #expect(!after.validate().contains { $0.rule == .createdDiffersFromLastUpdated })
        #expect(after.purposeConsents != tc.purposeConsents || after.vendorConsents != tc.vendorConsents)
    }

    /// The static rewrite keeps the dates too, and leaves an expired string byte for byte.
    @Test func applyingKeepsTheDatesAndSkipsAnExpiredChoice() throws {
        var decision = ConsentFlow.Decision(next: .done, reject: .trackingScope)
        decision.rejectPurposes = [3, 4]
        let valid = try Self.acceptAll(on: "2026-06-01")
        let after = try TCString(
            encoded: try TCString.applying(decision, to: try valid.encoded(), today: Self.today)
        )
        #expect(after.purposeConsents.intersection([3, 4]).isEmpty)
        #expect(after.created == valid.created && after.lastUpdated == valid.lastUpdated)

        let expired = try Self.acceptAll(on: "2025-10-01").encoded()
        #expect(try TCString.applying(decision, to: expired, today: Self.today) == expired)
        let unlimited = try TCString.applying(decision, to: expired, today: Self.today, maximumAge: nil)
        #expect(unlimited != expired)
    }
}
