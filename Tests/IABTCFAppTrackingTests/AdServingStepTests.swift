import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// One evaluation answers "what may run" and "what may I request": ``ConsentFlow/Step/adServing``
/// is Google's ad serving mode for the string the app keeps after the step.
@Suite struct AdServingStepTests {
    static let today = Timestamp(iso8601: "2026-11-26")!

    /// A CMP's "accept all" for vendors 1-50 and Google (755), disclosed.
    static func acceptAll() throws -> TCString {
        var tc = try TrackingFixtures.acceptAll()
        try tc.vendorConsents.insert(TCString.googleVendorId)
        try tc.vendorLegitimateInterests.insert(TCString.googleVendorId)
        try tc.disclosedVendors?.insert(TCString.googleVendorId)
        return tc
    }

    static let flows: [ConsentFlow] =
        ATTFlow.allCases.map { ConsentFlow(guide: $0) } + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }

    @Test func aStepCarriesTheModeOfTheStoredString() throws {
        let tc = try Self.acceptAll()
        let stored = StoredConsent(tcString: try tc.encoded(), gdprApplies: true)
        let expected = tc.adServing(today: Self.today)
        #expect(expected.mode == .personalized)
        for flow in Self.flows {
            let step = flow.evaluate(status: .authorized, stored: stored, today: Self.today)
            #expect(step.rewrittenTCString == nil)
            #expect(step.adServing == expected, "\(flow.rules)")
        }
    }

    /// A rejection the step applies lowers the mode: the answer is for the rewritten string.
    @Test func aRejectionIsReadFromTheRewrittenString() throws {
        let stored = StoredConsent(tcString: try Self.acceptAll().encoded(), gdprApplies: true)
        let flow = ConsentFlow(strategy: .attFirstDenyAll)
        let step = flow.evaluate(status: .denied, stored: stored, today: Self.today)
        let rewritten = try #require(step.rewrittenTCString)
        let expected = try TCString(encoded: rewritten).adServing(today: Self.today)
        #expect(step.adServing == expected)
        #expect(expected.mode != .personalized)
    }

    @Test func theFlowsVendorAndMaximumAgeAreUsed() throws {
        var tc = try Self.acceptAll()
        tc.vendorConsents.remove(7)
        tc.vendorLegitimateInterests.remove(7)
        tc.lastUpdated = Timestamp(iso8601: "2025-12-01")!
        let stored = StoredConsent(tcString: try tc.encoded(), gdprApplies: true)
        var flow = ConsentFlow(strategy: .cmpFirst)
        flow.adVendor = 7
        let step = flow.evaluate(status: .authorized, stored: stored, today: Self.today)
        #expect(step.adServing == tc.adServing(vendor: 7, today: Self.today))
        #expect(step.adServing?.vendor == 7 && step.adServing?.mode != .personalized)

        flow.maximumAge = 300  // LastUpdated is 360 days before today.
        let old = flow.evaluate(status: .authorized, stored: stored, today: Self.today)
        #expect(old.adServing?.mode == AdServingMode.none)
        #expect(old.adServing == tc.adServing(vendor: 7, today: Self.today, maximumAge: 300))
    }

    @Test func withoutAStringTheModeIsUnknownWhereTheGDPRApplies() {
        for flow in Self.flows {
            let nothing = flow.evaluate(status: .authorized, stored: StoredConsent(tcString: nil), today: Self.today)
            #expect(nothing.adServing == nil)
            let garbage = StoredConsent(tcString: "not a TC string", gdprApplies: true)
            #expect(flow.evaluate(status: .authorized, stored: garbage, today: Self.today).adServing == nil)
            let outside = flow.evaluate(
                status: .denied,
                stored: StoredConsent(tcString: nil, gdprApplies: false),
                today: Self.today
            )
            #expect(outside.adServing?.mode == .personalized)
            #expect(outside.adServing?.reasons == [.gdprDoesNotApply])
        }
    }
}
