import IABTCF
import IABTCFVendorList
import TestSupport
import Testing

/// `GlobalVendorList.tcString(for:cmp:day:shownVendors:publisherRestrictions:)` on the lists we ship:
/// Accept All, Reject All and seeded random choices, each encoded, decoded back and checked
/// against the rules (recomputed here from each vendor's entry), `validate`, and the permission matrix.
@Suite struct ChoiceTests {
    /// A list and a day its policy version is valid on.
    struct ListCase: Sendable, CustomTestStringConvertible {
        let name: String
        let day: Timestamp
        var gvl: GlobalVendorList { name == GVLFixtures.v17Name ? GVLFixtures.v17 : GVLFixtures.v51 }
        var testDescription: String { name }
    }

    static let lists = [
        ListCase(name: GVLFixtures.v17Name, day: try! Timestamp(year: 2026, month: 11, day: 25, hour: 13)),
        // A policy-2 list: TCF 2.2 requires policy 4 for strings created after 2023-09-30.
        ListCase(name: GVLFixtures.v51Name, day: try! Timestamp(year: 2020, month: 9, day: 1)),
    ]

    static let cmp = GlobalVendorList.CMP(
        id: 300,
        version: 7,
        consentScreen: 2,
        language: try! TwoLetterCode("FR"),
        publisherCountryCode: try! TwoLetterCode("DE")
    )

    /// The sets rule 1 gives, recomputed from the vendors' entries (not from the list's declaration sets).
    struct Expected: Equatable {
        var purposeConsents = PurposeSet()
        var purposeLegitimateInterests = PurposeSet()
        var specialFeatureOptIns = SpecialFeatureSet()
        var vendorConsents = VendorSet()
        var vendorLegitimateInterests = VendorSet()

        init(acceptAll gvl: GlobalVendorList, shown: VendorSet) {
            let banned: PurposeSet = gvl.tcfPolicyVersion >= 4 ? [1, 3, 4, 5, 6] : [1]
            for id in shown {
                let vendor = gvl.vendors[id]!
                let consent = vendor.purposes.union(vendor.flexiblePurposes)
                var legitimateInterest = vendor.legIntPurposes.union(vendor.flexiblePurposes)
                legitimateInterest.subtract(banned)
                purposeConsents = purposeConsents.union(consent)
                purposeLegitimateInterests = purposeLegitimateInterests.union(legitimateInterest)
                specialFeatureOptIns = specialFeatureOptIns.union(vendor.specialFeatures)
                if !consent.isEmpty { try! vendorConsents.insert(id) }
                if !legitimateInterest.isEmpty { try! vendorLegitimateInterests.insert(id) }
            }
        }

        init(_ choice: GlobalVendorList.Choice, gvl: GlobalVendorList, shown: VendorSet) {
            self.init(acceptAll: gvl, shown: shown)
            switch choice {
            case .acceptAll: break
            case .rejectAll: self = Expected()
            case .custom(let custom):
                purposeConsents = custom.purposeConsents
                purposeLegitimateInterests.subtract(custom.purposeLegitimateInterestObjections)
                specialFeatureOptIns = custom.specialFeatureOptIns
                vendorConsents = custom.vendorConsents
                vendorLegitimateInterests.subtract(custom.vendorLegitimateInterestObjections)
            }
        }

        private init() {}

        init(_ tc: TCString) {
            purposeConsents = tc.purposeConsents
            purposeLegitimateInterests = tc.purposeLegitimateInterests
            specialFeatureOptIns = tc.specialFeatureOptIns
            vendorConsents = tc.vendorConsents
            vendorLegitimateInterests = tc.vendorLegitimateInterests
        }
    }

    /// A random subset of `ids`, each kept with probability `keep`.
    static func subset<R: RandomNumberGenerator>(_ ids: some Sequence<Int>, _ keep: Double, _ random: inout R) -> [Int]
    {
        ids.filter { _ in Double.random(in: 0..<1, using: &random) < keep }
    }

    /// Restrictions a publisher may set for `shown`: type 0 on any shown declarer of the purpose,
    /// types 1 and 2 only on shown vendors declaring it flexible.
    static func restrictions<R: RandomNumberGenerator>(
        _ gvl: GlobalVendorList,
        shown: VendorSet,
        _ random: inout R
    ) throws -> PublisherRestrictions {
        var result = PublisherRestrictions()
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let purpose = Int.random(in: 1...11, using: &random)
            let type = RestrictionType(rawValue: Int.random(in: 0...2, using: &random))!
            let candidates =
                type == .notAllowed
                ? gvl.vendors(declaring: purpose, on: .consent).union(
                    gvl.vendors(declaring: purpose, on: .legitimateInterest)
                )
                : gvl.vendors(declaring: purpose, on: .flexible)
            let vendors = try VendorSet(subset(candidates.intersection(shown), 0.3, &random))
            try result.insert(vendors: vendors, purposeId: purpose, restrictionType: type)
        }
        return result
    }

    /// Encodes, decodes, and checks every field against the rules, and that `validate` finds nothing.
    static func checkRoundTrip(
        _ tc: TCString,
        _ choice: GlobalVendorList.Choice,
        _ list: ListCase,
        shown: VendorSet,
        restrictions: PublisherRestrictions
    ) throws -> TCString {
        let gvl = list.gvl
        let decoded = try TCString(encoded: try tc.encoded())
        #expect(decoded == tc)
        #expect(Expected(decoded) == Expected(choice, gvl: gvl, shown: shown))
        #expect(decoded.created == list.day.startOfDay && decoded.lastUpdated == list.day.startOfDay)
        #expect(decoded.cmpId == 300 && decoded.cmpVersion == 7 && decoded.consentScreen == 2)
        #expect(decoded.consentLanguage.description == "FR" && decoded.publisherCountryCode.description == "DE")
        #expect(decoded.vendorListVersion == gvl.vendorListVersion && decoded.policyVersion == gvl.tcfPolicyVersion)
        #expect(decoded.isServiceSpecific && !decoded.useNonStandardTexts && !decoded.purposeOneTreatment)
        #expect(decoded.publisherRestrictions == restrictions)
        #expect(decoded.disclosedVendors == shown)
        #expect(decoded.allowedVendors == nil && decoded.publisherTC == nil)
        #expect(decoded.validate().isEmpty)
        #expect(decoded.validate(against: gvl).isEmpty)
        return decoded
    }

    /// Whether the restrictions forbid `vendor` to process for `purpose` although it declares it:
    /// a type 0, or a type 2 (without a type 1) that moves it to legitimate interest where that is not allowed.
    static func forbidden(_ restrictions: PublisherRestrictions, vendor: Int, purpose: Int, policy: Int) -> Bool {
        let types = Set(
            restrictions.filter { $0.purposeId == purpose && $0.vendors.contains(vendor) }.map(\.restrictionType)
        )
        if types.contains(.notAllowed) { return true }
        let banned: PurposeSet = policy >= 4 ? [1, 3, 4, 5, 6] : [1]
        return !types.contains(.requireConsent) && types.contains(.requireLegitimateInterest)
            && banned.contains(purpose)
    }

    @Test(arguments: lists)
    func acceptAllAndRejectAllOfEveryActiveVendor(_ list: ListCase) throws {
        let gvl = list.gvl
        let shown = gvl.vendorIds.subtracting(gvl.deletedVendorIds)
        #expect(!shown.isEmpty && gvl.activeVendorIds == shown)
        let none = PublisherRestrictions()
        let accept = try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: list.day)
        let decoded = try Self.checkRoundTrip(accept, .acceptAll, list, shown: shown, restrictions: none)
        Self.checkAcceptAll(decoded, gvl, shown: shown, restrictions: none)
        let reject = try gvl.tcString(for: .rejectAll, cmp: Self.cmp, day: list.day)
        let rejected = try Self.checkRoundTrip(reject, .rejectAll, list, shown: shown, restrictions: none)
        Self.checkRejectAll(rejected, gvl, shown: shown)
    }

    /// Accept All allows every purpose a shown vendor declares, except where a restriction forbids it.
    static func checkAcceptAll(
        _ tc: TCString,
        _ gvl: GlobalVendorList,
        shown: VendorSet,
        restrictions: PublisherRestrictions
    ) {
        let matrix = tc.permissions(in: gvl)
        for id in gvl.vendorIds {
            let vendor = gvl.vendors[id]!
            for purpose in gvl.purposes.keys {
                let declared = vendor.purposes.contains(purpose) || vendor.legIntPurposes.contains(purpose)
                let expected =
                    shown.contains(id) && declared
                    && !forbidden(restrictions, vendor: id, purpose: purpose, policy: gvl.tcfPolicyVersion)
                #expect(matrix.isAllowed(vendor: id, purpose: purpose) == expected, "vendor \(id) purpose \(purpose)")
            }
        }
    }

    /// Reject All allows no purpose and no special feature; special purposes to their shown declarers.
    static func checkRejectAll(_ tc: TCString, _ gvl: GlobalVendorList, shown: VendorSet) {
        let matrix = tc.permissions(in: gvl)
        for purpose in gvl.purposes.keys { #expect(matrix.allowedVendors(purpose: purpose).isEmpty) }
        for feature in gvl.specialFeatures.keys { #expect(matrix.allowedVendors(specialFeature: feature).isEmpty) }
        for special in gvl.specialPurposes.keys {
            let declarers = try! VendorSet(shown.filter { gvl.vendors[$0]!.specialPurposes.contains(special) })
            #expect(matrix.allowedVendors(specialPurpose: special) == declarers)
        }
    }

    @Test(arguments: lists)
    func seededRandomChoices(_ list: ListCase) throws {
        let gvl = list.gvl
        var random = SplitMix64(seed: UInt64(gvl.vendorListVersion))
        for _ in 0..<40 {
            let shown = try VendorSet(
                Self.subset(gvl.activeVendorIds, Double.random(in: 0.05...1, using: &random), &random)
            )
            let restrictions = try Self.restrictions(gvl, shown: shown, &random)
            let custom = GlobalVendorList.CustomChoice(
                purposeConsents: try PurposeSet(Self.subset(gvl.purposes.keys, 0.5, &random)),
                purposeLegitimateInterestObjections: try PurposeSet(Self.subset(gvl.purposes.keys, 0.3, &random)),
                specialFeatureOptIns: try SpecialFeatureSet(Self.subset(gvl.specialFeatures.keys, 0.5, &random)),
                vendorConsents: try VendorSet(Self.subset(shown, 0.5, &random)),
                vendorLegitimateInterestObjections: try VendorSet(Self.subset(shown, 0.3, &random))
            )
            for choice in [GlobalVendorList.Choice.acceptAll, .rejectAll, .custom(custom)] {
                let tc = try gvl.tcString(
                    for: choice,
                    cmp: Self.cmp,
                    day: list.day,
                    shownVendors: shown,
                    publisherRestrictions: restrictions
                )
                let decoded = try Self.checkRoundTrip(tc, choice, list, shown: shown, restrictions: restrictions)
                switch choice {
                case .acceptAll: Self.checkAcceptAll(decoded, gvl, shown: shown, restrictions: restrictions)
                case .rejectAll: Self.checkRejectAll(decoded, gvl, shown: shown)
                case .custom: break
                }
            }
        }
    }

    @Test func aVendorDeclaringOnlySpecialPurposesGetsNoLegitimateInterestBit() throws {
        let gvl = GVLFixtures.v17
        let onlySpecial = gvl.activeVendorIds.filter {
            let vendor = gvl.vendors[$0]!
            return vendor.purposes.isEmpty && vendor.legIntPurposes.isEmpty && vendor.flexiblePurposes.isEmpty
                && !vendor.specialPurposes.isEmpty
        }
        #expect(!onlySpecial.isEmpty)
        let tc = try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: Self.lists[0].day)
        for id in onlySpecial {
            #expect(!tc.vendorLegitimateInterests.contains(id) && tc.disclosedVendors?.contains(id) == true)
            let special = gvl.vendors[id]!.specialPurposes.first { _ in true }!
            #expect(tc.permission(vendor: id, specialPurpose: special, in: gvl).isAllowed)
        }
    }

    @Test func refusals() throws {
        let gvl = GVLFixtures.v17
        let day = Self.lists[0].day
        let deleted = gvl.deletedVendorIds.first { _ in true }!
        #expect(throws: GlobalVendorList.ChoiceError(.vendorsNotInList, vendors: [3, 4000])) {
            try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: day, shownVendors: [1, 3, 4000])
        }
        #expect(throws: GlobalVendorList.ChoiceError(.vendorsDeleted, vendors: try VendorSet([deleted]))) {
            try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: day, shownVendors: try VendorSet([1, deleted]))
        }
        let custom = GlobalVendorList.CustomChoice(vendorConsents: [1, 2], vendorLegitimateInterestObjections: [8])
        #expect(throws: GlobalVendorList.ChoiceError(.vendorsNotShown, vendors: [2, 8])) {
            try gvl.tcString(for: .custom(custom), cmp: Self.cmp, day: day, shownVendors: [1])
        }
        func rules(_ body: () throws -> TCString) -> [String] {
            do {
                _ = try body()
                return []
            } catch let error as GlobalVendorList.ChoiceError {
                guard error.code == .policyFindings else { return ["\(error)"] }
                return error.findings.map(\.rule.name)
            } catch {
                return ["\(error)"]
            }
        }
        // A policy-2 list after 2023-09-30.
        #expect(
            rules { try GVLFixtures.v51.tcString(for: .rejectAll, cmp: Self.cmp, day: day) } == [
                "tcf22.policyVersionTooOld"
            ]
        )
        // Purpose 2 of vendor 1 is not flexible: a type 1 restriction on it is not the publisher's to set.
        #expect(!gvl.vendors(declaring: 2, on: .flexible).contains(1))
        var restrictions = PublisherRestrictions()
        try restrictions.insert(vendors: [1], purposeId: 2, restrictionType: .requireLegitimateInterest)
        #expect(
            rules {
                try gvl.tcString(for: .acceptAll, cmp: Self.cmp, day: day, publisherRestrictions: restrictions)
            } == ["gvl.restrictionNotFlexible"]
        )
    }

    /// Each number of the CMP and the day is checked where it enters, against its own field, in
    /// its own words: before anything else, so a string that could not be encoded is never returned.
    @Test func cmpNumbersOutsideTheirFields() throws {
        let gvl = GVLFixtures.v17
        let day = Self.lists[0].day
        let cases: [(GlobalVendorList.CMP, Timestamp, String, Int64, String)] = [
            (
                .init(id: -5), day, "CmpId", -5,
                "CmpId -5 is outside 2-4095, the ids IAB Europe assigns to registered CMPs"
            ),
            (.init(id: 0), day, "CmpId", 0, "CmpId 0 is outside 2-4095, the ids IAB Europe assigns to registered CMPs"),
            (.init(id: 1), day, "CmpId", 1, "CmpId 1 is outside 2-4095, the ids IAB Europe assigns to registered CMPs"),
            (
                .init(id: 5000), day, "CmpId", 5000,
                "CmpId 5000 is outside 2-4095, the ids IAB Europe assigns to registered CMPs"
            ),
            (.init(id: 300, version: 4096), day, "CmpVersion", 4096, "CmpVersion 4096 is outside 0-4095"),
            (.init(id: 300, version: -1), day, "CmpVersion", -1, "CmpVersion -1 is outside 0-4095"),
            (.init(id: 300, consentScreen: 64), day, "ConsentScreen", 64, "ConsentScreen 64 is outside 0-63"),
            (
                .init(id: 300), Timestamp(deciseconds: -1), "Created", -1,
                "the day (Created -1 deciseconds after 1970-01-01) is outside 1970-01-01 to 2187-10-06, "
                    + "what the 36-bit Created field holds"
            ),
            (
                .init(id: 300), Timestamp(deciseconds: 1 << 40), "Created", 1_099_510_848_000,
                "the day (Created 1099510848000 deciseconds after 1970-01-01) is outside 1970-01-01 to 2187-10-06, "
                    + "what the 36-bit Created field holds"
            ),
        ]
        for (cmp, day, field, value, words) in cases {
            let expected = GlobalVendorList.ChoiceError(.valueOutOfRange, field: field, value: value)
            #expect(throws: expected) { try gvl.tcString(for: .acceptAll, cmp: cmp, day: day) }
            #expect(expected.description == "\(words) [valueOutOfRange]")
        }
        // The largest of each is written.
        let largest = GlobalVendorList.CMP(id: 4095, version: 4095, consentScreen: 63)
        let tc = try gvl.tcString(for: .rejectAll, cmp: largest, day: day)
        #expect(try TCString(encoded: tc.encoded()).cmpId == 4095)
    }

    /// The DocC article "Getting started", section "Write the string your notice collected", kept true.
    @Test func gettingStartedSection() throws {
        let gvl = try GlobalVendorList(json: GVLFixtures.text(GVLFixtures.v17Name))
        let cmp = GlobalVendorList.CMP(id: 300, language: try TwoLetterCode("FR"))
        let day = Timestamp(iso8601: "2026-11-25")!
        let accepted = try gvl.tcString(for: .acceptAll, cmp: cmp, day: day)
        #expect(accepted.purposeLegitimateInterests == [2, 7, 8, 9, 10, 11])
        #expect(accepted.disclosedVendors == gvl.activeVendorIds)
        #expect(accepted.validate(against: gvl).isEmpty)
        let rejected = try gvl.tcString(for: .rejectAll, cmp: cmp, day: day)
        #expect(rejected.permissions(in: gvl).allowedVendors(purpose: 2).isEmpty)
        let choice = GlobalVendorList.CustomChoice(
            purposeConsents: [1, 2],
            vendorConsents: [755],
            vendorLegitimateInterestObjections: [1]
        )
        let own = try gvl.tcString(for: .custom(choice), cmp: cmp, day: day, shownVendors: [1, 2, 755])
        #expect(own.vendorLegitimateInterests == [755])
        #expect(own.renewal(against: gvl, shownVendors: [1, 2, 32, 755], today: day) == [.newVendors([32])])
        let later = accepted.renewal(against: gvl, today: Timestamp(iso8601: "2028-01-01")!)
        #expect(later == [.expired(lastUpdated: day, ageInDays: 402, maximumAge: 395)])
    }
}
