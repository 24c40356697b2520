import IABTCF
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

/// The vendor list module's answers write their own JSON (the objects `tcstring ads`, `renew`,
/// `permissions` and `encode --choice` print or read): each key the contract names, each value
/// the Swift value's, the byte writers the tree's text.
@Suite struct JSONFormTests {
    static let day = Timestamp(iso8601: "2026-11-25")!
    static let earlier = Timestamp(iso8601: "2025-01-02")!
    static let later = Timestamp(iso8601: "2027-03-04")!

    static func text(_ write: (inout OutputBuffer) -> Void) -> String { OutputBuffer.text(capacity: 64, write) }

    static func keys(_ json: JSON) -> [String] {
        guard case .object(let members) = json else { return [] }
        return members.map(\.0)
    }

    /// One value of every reason, with the keys its object has after `"reason"` (the contract).
    static let adReasons: [(AdServingReason, String, [String])] = [
        (.gdprDoesNotApply, "gdprDoesNotApply", []),
        (
            .expired(lastUpdated: earlier, ageInDays: 692, maximumAge: 395), "expired",
            ["lastUpdated", "ageDays", "maxAgeDays"]
        ),
        (
            .futureDated(created: later, lastUpdated: later, today: day), "futureDated",
            ["created", "lastUpdated", "today"]
        ),
        (.notDisclosed, "notDisclosed", []),
        (
            .missingPurposes(
                mode: .personalized,
                purposes: [
                    MissingAdPurpose(
                        requirement: AdPurposeRequirement(purpose: 3, need: .consent),
                        permission: Permission(isAllowed: false, basis: nil, reason: .noPurposeConsent)
                    )
                ]
            ), "missingPurposes", ["mode", "purposes"]
        ),
        (.tcfOnlyInGPP, "tcfOnlyInGPP", []),
        (
            .usOptOut(sectionId: 8, section: "usca", field: "SaleOptOut", readByGoogle: false), "usOptOut",
            ["sectionId", "section", "field", "readByGoogle"]
        ),
        (.usPrivacyOptOut(usPrivacy: "1YYN"), "usPrivacyOptOut", ["usPrivacy"]),
        (.restrictedDataProcessing, "restrictedDataProcessing", []),
        (.gppStringUnreadable, "gppStringUnreadable", []),
        (
            .gppSectionUnreadable(sectionId: 7, code: "truncated", position: 9), "gppSectionUnreadable",
            ["sectionId", "code", "position"]
        ),
        (
            .gppSectionUnreadable(sectionId: 3, code: "invalidValue", position: nil), "gppSectionUnreadable",
            ["sectionId", "code", "position"]
        ),
        (
            .usActivityRule(sectionId: 7, section: "usnat", rule: "MspaServiceProviderMode=1", readByGoogle: true),
            "usActivityRule", ["sectionId", "section", "rule", "readByGoogle"]
        ),
        (.gppSectionMissing(sectionId: 9), "gppSectionMissing", ["sectionId"]),
        (.gppSectionNotInForce(sectionId: 10), "gppSectionNotInForce", ["sectionId"]),
        (.tcf23DisclosedVendorsMissing, "tcf23DisclosedVendorsMissing", []),
    ]

    /// Every reason is `{"reason": NAME, ...}` with the case's name and its documented keys.
    @Test func everyAdServingReasonNamesItselfAndItsValues() {
        for (reason, name, details) in Self.adReasons {
            let json = reason.json
            #expect(String(describing: reason).hasPrefix(name), "\(reason)")
            #expect(json["reason"] == .string(name))
            #expect(Self.keys(json) == ["reason"] + details, "\(name)")
        }
    }

    /// Each value is the Swift value: dates as `Timestamp.description`, a position absent as `null`.
    @Test func adServingReasonValuesAreTheSwiftValues() {
        let expired = AdServingReason.expired(lastUpdated: Self.earlier, ageInDays: 692, maximumAge: 395).json
        #expect(expired["lastUpdated"] == .string(Self.earlier.description))
        #expect(expired["ageDays"] == .int(692))
        #expect(expired["maxAgeDays"] == .int(395))
        let future = AdServingReason.futureDated(created: Self.later, lastUpdated: Self.day, today: Self.earlier).json
        #expect(future["created"] == .string(Self.later.description))
        #expect(future["lastUpdated"] == .string(Self.day.description))
        #expect(future["today"] == .string(Self.earlier.description))
        #expect(AdServingReason.gppSectionUnreadable(sectionId: 7, code: "x", position: nil).json["position"] == .null)
        #expect(AdServingReason.gppSectionUnreadable(sectionId: 7, code: "x", position: 4).json["position"] == .int(4))
        let optOut = AdServingReason.usOptOut(sectionId: 8, section: "usca", field: "Gpc", readByGoogle: false).json
        #expect(optOut["sectionId"] == .int(8))
        #expect(optOut["section"] == .string("usca"))
        #expect(optOut["field"] == .string("Gpc"))
        #expect(optOut["readByGoogle"] == .bool(false))
    }

    /// Ad serving and renewal say "expired" and "future dated" in one form.
    @Test func expiryReadsTheSameInAdServingAndRenewal() {
        #expect(
            AdServingReason.expired(lastUpdated: Self.earlier, ageInDays: 5, maximumAge: 4).json
                == RenewalReason.expired(lastUpdated: Self.earlier, ageInDays: 5, maximumAge: 4).json
        )
        #expect(
            AdServingReason.futureDated(created: Self.later, lastUpdated: Self.later, today: Self.day).json
                == RenewalReason.futureDated(created: Self.later, lastUpdated: Self.later, today: Self.day).json
        )
    }

    /// The library's real answers, for every corpus string and two vendors: `{"vendor", "mode",
    /// "reasons"}` of the answer's own values; a missing purpose names its purpose, need and reason.
    @Test func adServingAnswersWriteTheirValues() throws {
        var missing = 0
        for tc in GVLFixtures.corpus {
            for vendor in [TCString.googleVendorId, 1] {
                let answer = tc.adServing(vendor: vendor, today: Self.day)
                let json = answer.json
                #expect(Self.keys(json) == ["vendor", "mode", "reasons"])
                #expect(json["vendor"] == .int(vendor))
                #expect(json["mode"] == .string(answer.mode.rawValue))
                #expect(json["reasons"] == .array(answer.reasons.map(\.json)))
                for case .missingPurposes(_, let purposes) in answer.reasons {
                    for purpose in purposes {
                        missing += 1
                        #expect(purpose.json["purpose"] == .int(purpose.requirement.purpose))
                        #expect(purpose.json["needs"] == .string(purpose.requirement.need.rawValue))
                        #expect(purpose.json["reason"] == .string(purpose.permission.reason.rawValue))
                    }
                }
            }
        }
        #expect(missing > 0)
    }

    /// `renew`'s bytes are the tree's text, for seeded random reason lists (new vendors among them).
    @Test func renewalBytesAreTheTreesText() throws {
        var rng = SplitMix64(seed: 55)
        for _ in 0..<200 {
            var reasons: [RenewalReason] = []
            for _ in 0..<Int.random(in: 0...4, using: &rng) {
                switch Int.random(in: 0...4, using: &rng) {
                case 0: reasons.append(.newVendors(RandomModels.vendorSet(&rng)))
                case 1:
                    let change = DeclarationChange(
                        vendorId: Int.random(in: 1...1000, using: &rng),
                        consentPurposes: RandomModels.smallSet(&rng),
                        legitimateInterestPurposes: RandomModels.smallSet(&rng),
                        specialPurposes: RandomModels.smallSet(&rng),
                        specialFeatures: RandomModels.smallSet(&rng)
                    )
                    reasons.append(.changedDeclarations([change]))
                case 2: reasons.append(.policyVersion(string: 2, list: Int.random(in: 3...6, using: &rng)))
                case 3: reasons.append(.expired(lastUpdated: Self.earlier, ageInDays: 700, maximumAge: 395))
                default: reasons.append(.futureDated(created: Self.later, lastUpdated: Self.later, today: Self.day))
                }
            }
            let tree = JSON.object([("renew", .bool(!reasons.isEmpty)), ("reasons", .array(reasons.map(\.json)))])
            #expect(Self.text { RenewalReason.writeJSON(reasons, to: &$0) } == tree.serialized())
        }
    }

    /// A declaration change lists what the vendor gained, by basis.
    @Test func aDeclarationChangeWritesItsSets() throws {
        let change = DeclarationChange(
            vendorId: 8,
            consentPurposes: [1, 3],
            legitimateInterestPurposes: [2],
            specialPurposes: [],
            specialFeatures: [1]
        )
        let json = RenewalReason.changedDeclarations([change]).json
        #expect(Self.keys(json) == ["reason", "vendors"])
        let vendor = try #require({ if case .array(let items) = json["vendors"] { items.first } else { nil } }())
        #expect(Self.keys(vendor) == ["vendorId", "purposes", "legIntPurposes", "specialPurposes", "specialFeatures"])
        #expect(vendor["vendorId"] == .int(8))
        #expect(vendor["purposes"] == .ids([1, 3]))
        #expect(vendor["legIntPurposes"] == .ids([2]))
        #expect(vendor["specialPurposes"] == .ids([]))
        #expect(vendor["specialFeatures"] == .ids([1]))
    }

    /// Every cell of real permissions reads back as the permission: allowed, the basis only when
    /// allowed, the reason; a special feature's cell has no basis.
    @Test func permissionCellsReadBackAsThePermission() throws {
        let gvl = GVLFixtures.v17
        var seen = Set<String>()
        for tc in GVLFixtures.corpus {
            for vendor in gvl.vendorIds.prefix(40) {
                for purpose in gvl.purposes.keys.sorted() {
                    let cell = tc.permission(vendor: vendor, purpose: purpose, in: gvl)
                    let json = try JSON(parsing: Self.text { cell.writeJSON(to: &$0) })
                    #expect(Self.keys(json) == ["allowed", "basis", "reason"])
                    #expect(json["allowed"] == .bool(cell.isAllowed))
                    #expect(
                        json["basis"] == (cell.isAllowed ? cell.basis.map { .string($0.rawValue) } ?? .null : .null)
                    )
                    #expect(json["reason"] == .string(cell.reason.rawValue))
                    seen.insert(cell.reason.rawValue)
                }
                for feature in gvl.specialFeatures.keys.sorted() {
                    let cell = tc.permission(vendor: vendor, specialFeature: feature, in: gvl)
                    let json = try JSON(parsing: Self.text { cell.writeJSON(basis: false, to: &$0) })
                    #expect(Self.keys(json) == ["allowed", "reason"])
                    #expect(json["allowed"] == .bool(cell.isAllowed))
                }
            }
        }
        #expect(seen.count > 2)
    }

    /// A choice reads back from JSON key by key, seeded; a key left out is empty.
    @Test func aCustomChoiceReadsBackFromItsKeys() throws {
        var rng = SplitMix64(seed: 4)
        for _ in 0..<100 {
            let choice = GlobalVendorList.CustomChoice(
                purposeConsents: RandomModels.smallSet(&rng),
                purposeLegitimateInterestObjections: RandomModels.smallSet(&rng),
                specialFeatureOptIns: RandomModels.smallSet(&rng),
                vendorConsents: RandomModels.vendorSet(&rng),
                vendorLegitimateInterestObjections: RandomModels.vendorSet(&rng)
            )
            let sets: [(String, [Int])] = [
                ("purposeConsents", Array(choice.purposeConsents)),
                ("purposeLegitimateInterestObjections", Array(choice.purposeLegitimateInterestObjections)),
                ("specialFeatureOptIns", Array(choice.specialFeatureOptIns)),
                ("vendorConsents", Array(choice.vendorConsents)),
                ("vendorLegitimateInterestObjections", Array(choice.vendorLegitimateInterestObjections)),
            ]
            #expect(sets.map(\.0) == GlobalVendorList.CustomChoice.jsonKeys)
            #expect(try GlobalVendorList.CustomChoice(json: .object(sets.map { ($0.0, .ids($0.1)) })) == choice)
            let kept = sets.filter { !$0.1.isEmpty }
            #expect(try GlobalVendorList.CustomChoice(json: .object(kept.map { ($0.0, .ids($0.1)) })) == choice)
        }
    }

    /// A key a choice does not have is refused, naming the nearest; a set out of range names its key.
    @Test func aCustomChoiceRefusesWhatItDoesNotHold() {
        #expect {
            try GlobalVendorList.CustomChoice(json: .object([("vendorConsent", .ids([1]))]))
        } throws: { error in
            let error = error as? ModelError
            return error?.code == .unknownKey && error?.problem.contains("did you mean \"vendorConsents\"") == true
        }
        #expect {
            try GlobalVendorList.CustomChoice(json: .object([("specialFeatureOptIns", .ids([13]))]))
        } throws: { error in
            (error as? ModelError)?.path.hasPrefix("specialFeatureOptIns") == true
        }
    }
}
