import IABTCF
import IABTCFVendorList
import Testing

/// `TCString.adServing`: Google's "Ad serving modes" tables (AdMob, Ad Manager and IMA developer
/// pages, "Privacy" > "Ad serving modes"; legend "✅ Consent ✔ Legitimate interest 🚫 No
/// consent"), row by row, for Google (755) and for another vendor (32).
@Suite struct AdServingTests {
    static let day = Timestamp(iso8601: "2026-11-25")!
    static let vendors = [755, 32]

    /// A fresh TCF 2.3 string disclosing `vendor`: purposes on consent and on legitimate interest
    /// as given, the vendor's consent and LI bits set (each can be cleared by `change`).
    static func string(
        vendor: Int,
        consent: [Int],
        legitimateInterest: [Int],
        _ change: (inout TCString) throws -> Void = { _ in }
    ) throws -> TCString {
        var tc = TCString(
            created: Timestamp(iso8601: "2026-11-20")!,
            cmpId: 300,
            vendorListVersion: 170,
            policyVersion: 5
        )
        tc.purposeConsents = try PurposeSet(consent)
        tc.purposeLegitimateInterests = try PurposeSet(legitimateInterest)
        tc.vendorConsents = try VendorSet([vendor, 1])
        tc.vendorLegitimateInterests = try VendorSet([vendor, 1])
        tc.disclosedVendors = try VendorSet([vendor, 1])
        try change(&tc)
        return tc
    }

    /// The rows of a table as consent and legitimate-interest purpose lists: "✅" on consent,
    /// "✔ or ✅" on legitimate interest (`onLegitimateInterest`) or consent.
    static func meeting(_ mode: AdServingMode, onLegitimateInterest: Bool) -> (consent: [Int], li: [Int]) {
        var consent: [Int] = []
        var li: [Int] = []
        for row in mode.requirements {
            if row.need == .consentOrLegitimateInterest && onLegitimateInterest {
                li.append(row.purpose)
            } else {
                consent.append(row.purpose)
            }
        }
        return (consent, li)
    }

    /// The tables, as the pages print them.
    @Test func theTablesAreGooglesTables() {
        func rows(_ mode: AdServingMode) -> [String] {
            mode.requirements.map { "\($0.purpose) \($0.need == .consent ? "✅" : "✔ or ✅")" }
        }
        // "Personalized ads": Purpose 1 ✅, 2 ✔ or ✅, 3 ✅, 4 ✅, 7, 9, 10 ✔ or ✅.
        #expect(rows(.personalized) == ["1 ✅", "2 ✔ or ✅", "3 ✅", "4 ✅", "7 ✔ or ✅", "9 ✔ or ✅", "10 ✔ or ✅"])
        // "Non-personalized ads": Purpose 1 ✅, 2, 7, 9, 10 ✔ or ✅.
        #expect(rows(.nonPersonalized) == ["1 ✅", "2 ✔ or ✅", "7 ✔ or ✅", "9 ✔ or ✅", "10 ✔ or ✅"])
        // "Limited ads": Purpose 1 🚫 (never decides, see AdServingMode.requirements), 2, 7, 9, 10 ✔ or ✅.
        #expect(rows(.limited) == ["2 ✔ or ✅", "7 ✔ or ✅", "9 ✔ or ✅", "10 ✔ or ✅"])
        #expect(AdServingMode.technical.requirements.isEmpty && AdServingMode.none.requirements.isEmpty)
    }

    /// A string meeting each table (its "✔ or ✅" rows on consent, then on legitimate interest)
    /// gets that mode, with the better modes' missing rows as reasons.
    @Test(arguments: vendors)
    func eachTableGivesItsMode(vendor: Int) throws {
        for mode in [AdServingMode.personalized, .nonPersonalized, .limited] {
            for onLI in [false, true] {
                let (consent, li) = Self.meeting(mode, onLegitimateInterest: onLI)
                let answer = try Self.string(vendor: vendor, consent: consent, legitimateInterest: li)
                    .adServing(vendor: vendor, today: Self.day)
                #expect(answer.vendor == vendor && answer.mode == mode, "\(mode) on LI \(onLI)")
                let better = answer.reasons.compactMap { reason -> AdServingMode? in
                    if case .missingPurposes(let mode, _) = reason { return mode }
                    return nil
                }
                #expect(better == AdServingMode.allCases.prefix { $0 != mode }.map { $0 })
            }
        }
        // "Technical ad delivery": no consent and no legitimate interest for any purpose.
        let none = try Self.string(vendor: vendor, consent: [], legitimateInterest: [])
        #expect(none.adServing(vendor: vendor, today: Self.day).mode == .technical)
    }

    /// Each row of each table on its own: the string meets the table but for that row, and the
    /// answer is the best mode whose table the rest still meets; the reason names the row.
    @Test(arguments: vendors)
    func eachRowDecides(vendor: Int) throws {
        for mode in [AdServingMode.personalized, .nonPersonalized, .limited] {
            for row in mode.requirements {
                let (consent, li) = Self.meeting(mode, onLegitimateInterest: true)
                let tc = try Self.string(
                    vendor: vendor,
                    consent: consent.filter { $0 != row.purpose },
                    legitimateInterest: li.filter { $0 != row.purpose }
                )
                let answer = tc.adServing(vendor: vendor, today: Self.day)
                // Without Purpose 1 consent only limited ads remain; without 3 or 4 non-personalized
                // ones; without 2, 7, 9 or 10 no table is met.
                let expected: AdServingMode =
                    switch row.purpose {
                    case 1: .limited
                    case 3, 4: .nonPersonalized
                    default: .technical
                    }
                #expect(answer.mode == expected, "\(mode) without purpose \(row.purpose)")
                let missing = answer.reasons.compactMap { reason -> [Int]? in
                    guard case .missingPurposes(let failed, let purposes) = reason, failed == mode else { return nil }
                    return purposes.map(\.requirement.purpose)
                }
                #expect(missing == [[row.purpose]], "\(mode) without purpose \(row.purpose)")
            }
        }
    }

    /// "Both purposes consent and vendor consent are required": the purposes count only with the
    /// vendor's own bits, and a "✅" row is not met on legitimate interest.
    @Test(arguments: vendors)
    func theVendorsOwnBitsDecide(vendor: Int) throws {
        let all = Array(1...11)
        // Every purpose consented, but not this vendor: only its legitimate interest is left.
        let noVendorConsent = try Self.string(vendor: vendor, consent: all, legitimateInterest: [2, 7, 9, 10]) {
            $0.vendorConsents = [1]
        }
        let answer = noVendorConsent.adServing(vendor: vendor, today: Self.day)
        #expect(answer.mode == .limited)
        guard case .missingPurposes(.personalized, let purposes)? = answer.reasons.first else {
            Issue.record("\(answer.reasons)")
            return
        }
        #expect(purposes.map(\.requirement.purpose) == [1, 3, 4])
        #expect(purposes.allSatisfy { $0.permission.reason == .noVendorConsent })
        // Neither bit: nothing counts.
        let neither = try Self.string(vendor: vendor, consent: all, legitimateInterest: [2, 7, 9, 10]) {
            $0.vendorConsents = [1]
            $0.vendorLegitimateInterests = [1]
        }
        #expect(neither.adServing(vendor: vendor, today: Self.day).mode == .technical)
        // Another vendor's bits do not count for this one.
        #expect(neither.adServing(vendor: 1, today: Self.day).mode == .personalized)
        // A TCF 2.0 string (policy 2, created before TCF 2.2 took effect) may set LI for purposes 3
        // and 4; the table needs consent.
        let tcf20Day = Timestamp(iso8601: "2023-09-30")!
        let oldLI = try Self.string(vendor: vendor, consent: [1], legitimateInterest: [2, 3, 4, 7, 9, 10]) {
            $0.policyVersion = 2
            $0.markUpdated(at: tcf20Day)
        }
        let old = oldLI.adServing(vendor: vendor, today: tcf20Day)
        #expect(old.mode == .nonPersonalized)
        func missing(_ permission: Permission) -> [AdServingReason] {
            [
                .missingPurposes(
                    mode: .personalized,
                    purposes: [3, 4].map {
                        MissingAdPurpose(
                            requirement: AdPurposeRequirement(purpose: $0, need: .consent),
                            permission: permission
                        )
                    }
                )
            ]
        }
        #expect(
            old.reasons == missing(Permission(isAllowed: true, basis: .legitimateInterest, reason: .legitimateInterest))
        )
        // The same bits on a policy-2 string created since then: TCF 2.2 binds it, so LI for 3 and 4
        // counts for nothing and only the (missing) consent is left.
        var late = oldLI
        late.markUpdated(at: Self.day)
        #expect(
            late.adServing(vendor: vendor, today: Self.day).reasons
                == missing(Permission(isAllowed: false, basis: .consent, reason: .noPurposeConsent))
        )
    }

    /// The publisher's restrictions apply to the vendor's purposes.
    @Test(arguments: vendors)
    func restrictionsDecide(vendor: Int) throws {
        let (consent, li) = Self.meeting(.personalized, onLegitimateInterest: false)
        func mode(_ purpose: Int, _ type: RestrictionType) throws -> AdServingMode {
            try Self.string(vendor: vendor, consent: consent, legitimateInterest: li + [2, 7, 9, 10]) {
                try $0.publisherRestrictions.insert(vendorId: vendor, purposeId: purpose, restrictionType: type)
            }.adServing(vendor: vendor, today: Self.day).mode
        }
        #expect(try mode(3, .notAllowed) == .nonPersonalized)
        #expect(try mode(1, .notAllowed) == .limited)
        // Require legitimate interest for purpose 1: never allowed under TCF 2.2.
        #expect(try mode(1, .requireLegitimateInterest) == .limited)
        #expect(try mode(7, .notAllowed) == .technical)
        // Require consent for purpose 2: it is consented, so nothing changes.
        #expect(try mode(2, .requireConsent) == .personalized)
    }

    /// A vendor absent from Disclosed Vendors gets no ads at all; a string without the segment is
    /// read on its bits before TCF 2.3 (created before 2026-03-01) and discloses no vendor after.
    @Test(arguments: vendors)
    func disclosureDecides(vendor: Int) throws {
        let (consent, li) = Self.meeting(.personalized, onLegitimateInterest: false)
        var tc = try Self.string(vendor: vendor, consent: consent, legitimateInterest: li) { $0.disclosedVendors = [1] }
        #expect(
            tc.adServing(vendor: vendor, today: Self.day)
                == AdServing(vendor: vendor, mode: .none, reasons: [.notDisclosed])
        )
        tc.disclosedVendors = nil
        #expect(
            tc.adServing(vendor: vendor, today: Self.day)
                == AdServing(vendor: vendor, mode: .none, reasons: [.tcf23DisclosedVendorsMissing])
        )
        for created in ["2026-02-28", "2026-03-01"] {
            tc.created = Timestamp(iso8601: created)!
            tc.lastUpdated = tc.created
            let mode = tc.adServing(vendor: vendor, today: Self.day).mode
            #expect(mode == (created == "2026-02-28" ? .personalized : AdServingMode.none), "\(created)")
        }
    }

    /// "If the consent decision is more than 13 months old, the TC string will no longer be
    /// considered valid by Google and Google will not serve ads to that user": 395 days by default.
    @Test func theAgeDecides() throws {
        let (consent, li) = Self.meeting(.personalized, onLegitimateInterest: false)
        let tc = try Self.string(vendor: 755, consent: consent, legitimateInterest: li)  // 2026-11-20
        let lastValid = Timestamp(iso8601: "2027-12-20")!  // 395 days on
        #expect(tc.adServing(today: lastValid).mode == .personalized)
        let tooOld = Timestamp(iso8601: "2027-12-21T18:00:00Z")!
        #expect(
            tc.adServing(today: tooOld)
                == AdServing(
                    vendor: 755,
                    mode: .none,
                    reasons: [.expired(lastUpdated: tc.lastUpdated, ageInDays: 396, maximumAge: 395)]
                )
        )
        #expect(tc.adServing(today: tooOld, maximumAge: nil).mode == .personalized)
        #expect(tc.adServing(today: Self.day, maximumAge: 0).mode == .none)
    }

    /// Issue 46, item 6: a Created or LastUpdated after the day after today (one day of clock skew,
    /// `TCString.allowedClockSkewDays`) records no choice the person made: no ads, whatever the
    /// bits and whatever the maximum age; tomorrow is still a choice.
    @Test func aFutureDateGivesNoAds() throws {
        let (consent, li) = Self.meeting(.personalized, onLegitimateInterest: false)
        let late = Timestamp(iso8601: "2026-11-25T18:00:00Z")!  // Self.day, late in the day
        for (created, lastUpdated) in [("2099-01-01", "2099-01-01"), ("2026-11-20", "2026-11-27"), ("2026-11-27", nil)]
        {
            let tc = try Self.string(vendor: 755, consent: consent, legitimateInterest: li) {
                $0.created = Timestamp(iso8601: created)!
                $0.lastUpdated = Timestamp(iso8601: lastUpdated ?? "2026-11-20")!
            }
            let expected = AdServing(
                vendor: 755,
                mode: .none,
                reasons: [.futureDated(created: tc.created, lastUpdated: tc.lastUpdated, today: Self.day)]
            )
            #expect(tc.adServing(today: late) == expected, "\(created) \(String(describing: lastUpdated))")
            #expect(tc.adServing(today: late, maximumAge: nil) == expected)
            #expect(tc.adServing(gdprApplies: false, today: late).mode == .personalized)
        }
        let tomorrow = try Self.string(vendor: 755, consent: consent, legitimateInterest: li) {
            $0.lastUpdated = Timestamp(iso8601: "2026-11-26")!
        }
        #expect(tomorrow.adServing(today: Self.day).mode == .personalized)
    }

    /// Where the GDPR does not apply the TC string does not limit the mode.
    @Test func gdprDoesNotApply() throws {
        let tc = try Self.string(vendor: 755, consent: [], legitimateInterest: []) { $0.disclosedVendors = [1] }
        let answer = tc.adServing(gdprApplies: false, today: Self.day)
        #expect(answer == AdServing(vendor: 755, mode: .personalized, reasons: [.gdprDoesNotApply]))
        #expect(answer.mayRequestAds)
        #expect(!tc.adServing(today: Self.day).mayRequestAds)
    }
}
