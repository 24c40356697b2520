import IABTCF
import IABTCFVendorList
import TestSupport
import Testing

/// `TCString.renewal(against:previous:shownVendors:today:maximumAge:)` on pairs of the lists we
/// ship and on every fixture string.
@Suite struct RenewalTests {
    static let cmp = GlobalVendorList.CMP(id: 300)
    static let day2020 = try! Timestamp(year: 2020, month: 9, day: 1)
    static let day2026 = try! Timestamp(year: 2026, month: 11, day: 25)

    /// What `vendor` declares in `gvl`, per basis, read through the list's declaration sets.
    static func declared(
        _ gvl: GlobalVendorList,
        _ vendor: Int
    ) -> (PurposeSet, PurposeSet, PurposeSet, SpecialFeatureSet) {
        func purposes(_ body: (Int) -> Bool) -> PurposeSet { try! PurposeSet((1...PurposeSet.maxID).filter(body)) }
        let flexible = { gvl.vendors(declaring: $0, on: .flexible).contains(vendor) }
        return (
            purposes { gvl.vendors(declaring: $0, on: .consent).contains(vendor) || flexible($0) },
            purposes { gvl.vendors(declaring: $0, on: .legitimateInterest).contains(vendor) || flexible($0) },
            purposes { gvl.vendors(declaringSpecialPurpose: $0).contains(vendor) },
            try! SpecialFeatureSet(
                (1...SpecialFeatureSet.maxID).filter { gvl.vendors(declaringSpecialFeature: $0).contains(vendor) }
            )
        )
    }

    @Test func aChoiceOnList51CheckedAgainstList17() throws {
        let old = GVLFixtures.v51
        let new = GVLFixtures.v17
        let tc = try old.tcString(for: .acceptAll, cmp: Self.cmp, day: Self.day2020)
        let reasons = tc.renewal(against: new, previous: old, shownVendors: new.activeVendorIds, today: Self.day2020)
        #expect(reasons.count == 3)

        let expectedNew = new.activeVendorIds.subtracting(old.activeVendorIds)
        #expect(!expectedNew.isEmpty)
        #expect(reasons.first == .newVendors(expectedNew))

        guard case .changedDeclarations(let changes)? = reasons.dropFirst().first else {
            Issue.record("no changedDeclarations in \(reasons)")
            return
        }
        var expected: [DeclarationChange] = []
        for id in new.activeVendorIds.intersection(old.activeVendorIds) {
            let now = Self.declared(new, id)
            let before = Self.declared(old, id)
            let change = DeclarationChange(
                vendorId: id,
                consentPurposes: now.0.intersection(PurposeSet(rawValue: ~before.0.rawValue)),
                legitimateInterestPurposes: now.1.intersection(PurposeSet(rawValue: ~before.1.rawValue)),
                specialPurposes: now.2.intersection(PurposeSet(rawValue: ~before.2.rawValue)),
                specialFeatures: now.3.intersection(SpecialFeatureSet(rawValue: ~before.3.rawValue))
            )
            if change != DeclarationChange(vendorId: id) { expected.append(change) }
        }
        #expect(!expected.isEmpty)
        #expect(changes == expected)
        #expect(reasons.last == .policyVersion(string: 2, list: 4))
    }

    @Test func theSameListOnTheSameDayNeedsNothing() throws {
        let gvl = GVLFixtures.v17
        let tc = try gvl.tcString(for: .rejectAll, cmp: Self.cmp, day: Self.day2026)
        #expect(tc.renewal(against: gvl, previous: gvl, today: Self.day2026).isEmpty)
        // Fewer vendors shown now than then: nothing new.
        #expect(tc.renewal(against: gvl, shownVendors: [1, 2, 755], today: Self.day2026).isEmpty)
        // A vendor shown now that was not then.
        let fewer = try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: Self.day2026, shownVendors: [1, 2])
        #expect(fewer.renewal(against: gvl, shownVendors: [1, 2, 755], today: Self.day2026) == [.newVendors([755])])
    }

    @Test func expiresAfterMaximumAgeDays() throws {
        let gvl = GVLFixtures.v17
        let tc = try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: Self.day2026)
        let oneDay: Int64 = 864_000
        func reasons(afterDays days: Int64, maximumAge: Int? = TCString.commonMaximumAge) -> [RenewalReason] {
            // Late in the day: the age counts whole days.
            let today = Timestamp(deciseconds: Self.day2026.deciseconds + days * oneDay + oneDay - 1)
            return tc.renewal(against: gvl, today: today, maximumAge: maximumAge)
        }
        #expect(reasons(afterDays: 395).isEmpty)
        #expect(
            reasons(afterDays: 396) == [.expired(lastUpdated: Self.day2026, ageInDays: 396, maximumAge: 395)]
        )
        #expect(
            reasons(afterDays: 10, maximumAge: 9) == [.expired(lastUpdated: Self.day2026, ageInDays: 10, maximumAge: 9)]
        )
        #expect(reasons(afterDays: 5000, maximumAge: nil).isEmpty)
    }

    /// Issue 46, item 6: a string dated after the day after today (one day of clock skew) records
    /// no choice the person made, so it is renewed, with or without a list or a maximum age.
    @Test func aFutureDateIsRenewed() throws {
        let gvl = GVLFixtures.v17
        let tc = try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: Self.day2026)
        let oneDay: Int64 = 864_000
        let earlier = { (days: Int64) in Timestamp(deciseconds: Self.day2026.deciseconds - days * oneDay) }
        #expect(tc.renewal(against: gvl, today: earlier(1)).isEmpty)
        let future = RenewalReason.futureDated(created: Self.day2026, lastUpdated: Self.day2026, today: earlier(2))
        #expect(tc.renewal(against: gvl, today: Timestamp(deciseconds: earlier(2).deciseconds + 5)) == [future])
        #expect(tc.renewal(today: earlier(2), maximumAge: nil) == [future])
        var lastUpdatedOnly = tc
        lastUpdatedOnly.created = earlier(30)
        #expect(
            lastUpdatedOnly.renewal(today: earlier(2))
                == [.futureDated(created: earlier(30), lastUpdated: Self.day2026, today: earlier(2))]
        )
    }

    /// Every fixture string against list 17: each reason is there exactly when its condition holds.
    @Test func everyFixtureString() throws {
        let gvl = GVLFixtures.v17
        #expect(GVLFixtures.corpus.count > 10)
        for tc in GVLFixtures.corpus {
            let reasons = tc.renewal(against: gvl, previous: GVLFixtures.v51, today: Self.day2026)
            // The default shown vendors are the string's own Disclosed Vendors: only a string
            // without the segment has new vendors (the whole list).
            let new = tc.disclosedVendors == nil ? gvl.activeVendorIds : VendorSet()
            #expect(reasons.contains(.newVendors(new)) == !new.isEmpty)
            let policy = RenewalReason.policyVersion(string: tc.policyVersion, list: gvl.tcfPolicyVersion)
            #expect(reasons.contains(policy) == (tc.policyVersion < gvl.tcfPolicyVersion))
            let age = (Self.day2026.deciseconds - tc.lastUpdated.startOfDay.deciseconds) / 864_000
            let expired = reasons.contains { if case .expired = $0 { true } else { false } }
            #expect(expired == (age > 395))
            for case .changedDeclarations(let changes) in reasons {
                for change in changes { #expect(tc.disclosedVendors?.contains(change.vendorId) == true) }
            }
        }
    }

    /// Issue 38: a CMP shows its configured vendors, not the whole list, so by default the vendors
    /// shown are those the string disclosed; a string without Disclosed Vendors disclosed none.
    @Test func shownVendorsDefaultToTheStringsDisclosedVendors() throws {
        let gvl = GVLFixtures.v17
        let configured = try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: Self.day2026, shownVendors: [1, 2, 755])
        #expect(configured.renewal(against: gvl, today: Self.day2026).isEmpty)
        #expect(
            configured.renewal(against: gvl, shownVendors: [1, 2, 8, 755], today: Self.day2026) == [.newVendors([8])]
        )
        var undisclosed = configured
        undisclosed.disclosedVendors = nil
        #expect(undisclosed.renewal(against: gvl, today: Self.day2026) == [.newVendors(gvl.activeVendorIds)])
    }

    /// Issue 38: the age needs no vendor list. Google, "Troubleshooting IAB EU TCF v2.2
    /// implementation": "If the consent decision is more than 13 months old, the TC string will no
    /// longer be considered valid by Google and Google will not serve ads to that user."
    @Test func theAgeNeedsNoVendorList() throws {
        let tc = try GVLFixtures.v17.tcString(for: .acceptAll, cmp: Self.cmp, day: Self.day2026)
        let oneDay: Int64 = 864_000
        let later = { (days: Int64) in Timestamp(deciseconds: Self.day2026.deciseconds + days * oneDay) }
        #expect(tc.ageInDays(on: later(395)) == 395 && !tc.isExpired(on: later(395)))
        #expect(tc.isExpired(on: later(396)) && tc.isExpired(on: later(31), maximumAge: 30))
        #expect(tc.renewal(today: later(395)).isEmpty)
        #expect(tc.renewal(today: later(396)) == [.expired(lastUpdated: Self.day2026, ageInDays: 396, maximumAge: 395)])
        #expect(tc.renewal(today: later(5000), maximumAge: nil).isEmpty)
    }
}
