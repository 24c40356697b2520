import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// Google's consent mode values from what is stored: Google's purpose table, the stricter value
/// where Google gives none, ATT and the US opt-outs.
@Suite struct ConsentModeTests {
    static let today = Timestamp(iso8601: "2026-11-26")!
    typealias Types = Set<ConsentMode.ConsentType>

    /// "Accept all" with Google (vendor 755) among the vendors.
    static func acceptAll() throws -> TCString {
        var tc = try TrackingFixtures.acceptAll()
        tc.created = Timestamp(iso8601: "2026-11-01")!
        tc.lastUpdated = tc.created
        tc.vendorConsents = try VendorSet(Array(1...50) + [755])
        tc.vendorLegitimateInterests = try VendorSet(Array(1...50) + [755])
        tc.disclosedVendors = try VendorSet(Array(1...50) + [755])
        return tc
    }

    static func stored(_ tc: TCString?, gdprApplies: Bool? = true) throws -> StoredConsent {
        StoredConsent(tcString: try tc.map { try $0.encoded() }, gdprApplies: gdprApplies)
    }

    static func denied(_ mode: ConsentMode) -> Types {
        Set(ConsentMode.ConsentType.allCases.filter { mode.value(of: $0) == .denied })
    }

    /// Accept all: Google's documented values, every type granted.
    @Test func acceptAllGrantsEverything() throws {
        let mode = try Self.stored(Self.acceptAll()).consentMode(att: .authorized, today: Self.today)
        #expect(mode.reasons.isEmpty)
        #expect(mode.values.map(\.value) == [.granted, .granted, .granted, .granted])
        #expect(!mode.inferredByGoogle)
    }

    /// Reject all: every type denied, each purpose of Google's table named, then the vendor.
    @Test func rejectAllDeniesEverything() throws {
        var tc = try Self.acceptAll()
        tc.purposeConsents = []
        tc.purposeLegitimateInterests = []
        tc.vendorConsents = []
        tc.vendorLegitimateInterests = []
        let mode = try Self.stored(tc).consentMode(att: .authorized, today: Self.today)
        #expect(Self.denied(mode) == Set(ConsentMode.ConsentType.allCases))
        #expect(
            mode.reasons == [1, 3, 4, 7, 8].map { .purposeNotConsented(purpose: $0) } + [
                .vendorNotConsented(vendor: 755)
            ]
        )
    }

    /// TCF 2.3: a string created on or after 2026-03-01 without Disclosed Vendors discloses no
    /// vendor, so Google is not consented and the advertising types are denied, as every
    /// permission and the ad serving answer say (`TCString.lacksRequiredDisclosedVendors`).
    @Test func tcf23WithoutDisclosedVendorsDeniesAdvertising() throws {
        var tc = try Self.acceptAll()
        tc.disclosedVendors = nil
        #expect(tc.lacksRequiredDisclosedVendors)
        let mode = try Self.stored(tc).consentMode(att: .authorized, today: Self.today)
        #expect(Self.denied(mode) == Set(ConsentMode.ConsentType.advertising))
        #expect(mode.reasons == [.vendorNotConsented(vendor: 755)])
        // Created before the cut-over, the segment is not required and nothing is inferred.
        tc.created = Timestamp(iso8601: "2026-02-01")!
        tc.lastUpdated = tc.created
        let before = try Self.stored(tc).consentMode(att: .authorized, today: Timestamp(iso8601: "2026-02-02")!)
        #expect(before.reasons.isEmpty)
    }

    /// Each purpose withheld alone denies exactly what Google's table says (and Purposes 1 and 8
    /// `analytics_storage`, the stricter value); the others deny nothing.
    @Test(arguments: 1...11) func eachPurposeDeniesGooglesTypes(purpose: Int) throws {
        let expected: [Int: Types] = [
            1: [.analyticsStorage, .adStorage, .adUserData], 3: [.adPersonalization], 4: [.adPersonalization],
            7: [.adUserData], 8: [.analyticsStorage],
        ]
        var tc = try Self.acceptAll()
        tc.purposeConsents.remove(purpose)
        let mode = try Self.stored(tc).consentMode(att: .authorized, today: Self.today)
        #expect(Self.denied(mode) == expected[purpose] ?? [])
        // Legitimate interest does not grant: only a consent counts.
        try tc.purposeLegitimateInterests.insert(purpose)
        #expect(
            Self.denied(try Self.stored(tc).consentMode(att: .authorized, today: Self.today)) == expected[purpose] ?? []
        )
    }

    /// A publisher restriction that forbids Google the purpose by consent counts as no consent.
    @Test func aRestrictionOnGoogleDenies() throws {
        var tc = try Self.acceptAll()
        try tc.publisherRestrictions.insert(vendors: [755], purposeId: 3, restrictionType: .notAllowed)
        let mode = try Self.stored(tc).consentMode(att: .authorized, today: Self.today)
        #expect(mode.reasons == [.purposeRestricted(purpose: 3, type: .notAllowed)])
        #expect(Self.denied(mode) == [.adPersonalization])
    }

    /// No choice, a string that does not decode, an expired choice: every type denied.
    @Test func noCurrentChoiceDeniesEverything() throws {
        let all = Set(ConsentMode.ConsentType.allCases)
        let none = try Self.stored(nil).consentMode(att: .authorized, today: Self.today)
        #expect(none.reasons == [.noChoice] && Self.denied(none) == all)
        let undetermined = try Self.stored(nil, gdprApplies: nil).consentMode(att: .authorized, today: Self.today)
        #expect(Self.denied(undetermined) == all)
        let bad = StoredConsent(tcString: "CP!", gdprApplies: true).consentMode(att: .authorized, today: Self.today)
        #expect(bad.reasons == [.tcStringUnreadable] && Self.denied(bad) == all)
        let later = Timestamp(iso8601: "2028-01-01")!
        let expired = try Self.stored(Self.acceptAll()).consentMode(att: .authorized, today: later)
        #expect(Self.denied(expired) == all)
        guard case .notCurrent(.expired) = expired.reasons.first else {
            Issue.record("expected expired, got \(expired.reasons)")
            return
        }
    }

    /// ATT other than authorized (or no ATT at all) denies the three advertising types, never
    /// analytics_storage; authorized grants nothing by itself.
    @Test(arguments: ATTStatus.allCases) func attDeniesAdvertising(status: ATTStatus) throws {
        let mode = try Self.stored(Self.acceptAll()).consentMode(att: status, today: Self.today)
        let allows = status == .authorized || status == .unavailable
        #expect(Self.denied(mode) == (allows ? [] : [.adStorage, .adUserData, .adPersonalization]))
        #expect(mode.reasons == (allows ? [] : [.att(status)]))
        let rejected = try Self.stored(nil).consentMode(att: status, today: Self.today)
        #expect(Self.denied(rejected) == Set(ConsentMode.ConsentType.allCases))
    }

    /// A US opt-out: restricted data processing, so ad_personalization (and, stricter,
    /// ad_user_data) denied; storage stays granted. Without an opt-out everything is granted.
    @Test func aUSOptOutDeniesPersonalization() throws {
        var section = try #require(USSection(id: 7))
        for field in StoredConsent.usOptOutFields where section[field] != nil { section[field] = .int(2) }
        let accepted = try GPPString(sections: [.us(section)]).encoded()
        section["SaleOptOut"] = .int(1)
        let optedOut = try GPPString(sections: [.us(section)]).encoded()
        let none = StoredConsent(tcString: nil, gdprApplies: false, gppString: accepted)
            .consentMode(att: .authorized, today: Self.today)
        #expect(none.reasons == [.gdprDoesNotApply] && Self.denied(none).isEmpty)
        let out = StoredConsent(tcString: nil, gdprApplies: false, gppString: optedOut)
            .consentMode(att: .authorized, today: Self.today)
        #expect(Self.denied(out) == [.adUserData, .adPersonalization])
        #expect(out.analyticsStorage == .granted && out.adStorage == .granted)
        let rdp = StoredConsent(tcString: nil, gdprApplies: false, restrictedDataProcessing: true)
            .consentMode(att: .authorized, today: Self.today)
        #expect(Self.denied(rdp) == [.adPersonalization])
    }

    /// `IABTCF_EnableAdvertiserConsentMode` = 1 with a TC string where the GDPR applies: Google
    /// infers the values itself; 0, unset, or the GDPR not applying: the app sets them.
    @Test func googleInfersOnlyWhenTheCMPEnablesIt() throws {
        let keys = try Self.acceptAll().inAppKeys(gdprApplies: true)
        func inferred(_ value: InAppValue?, _ keys: [String: InAppValue]) -> Bool {
            var keys = keys
            keys[InAppKeys.enableAdvertiserConsentMode] = value
            return StoredConsent(inAppKeys: keys).consentMode(att: .authorized, today: Self.today).inferredByGoogle
        }
        #expect(inferred(.int(1), keys) && inferred(.string("1"), keys) && inferred(.bool(true), keys))
        #expect(!inferred(.int(0), keys) && !inferred(nil, keys) && !inferred(.string("2"), keys))
        var outside = keys
        outside[InAppKeys.gdprApplies] = .int(0)
        #expect(!inferred(.int(1), outside))
        #expect(!inferred(.int(1), [InAppKeys.gdprApplies: .int(1)]))
    }

    /// The flow's step carries the values for the string the app keeps, with the step's status.
    @Test func theStepCarriesTheValues() throws {
        let stored = try Self.stored(Self.acceptAll())
        for flow in ATTStrategy.allCases.map({ ConsentFlow(strategy: $0) }) {
            for status in [ATTStatus.authorized, .denied] {
                let step = flow.evaluate(status: status, stored: stored, today: Self.today)
                var kept = stored
                if let rewritten = step.rewrittenTCString { kept.tcString = rewritten }
                #expect(step.consentMode == kept.consentMode(att: status, today: Self.today))
            }
        }
    }
}
