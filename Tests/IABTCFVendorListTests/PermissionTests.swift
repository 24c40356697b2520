import IABTCF
import IABTCFVendorList
import TestSupport
import Testing

/// A small list covering each declaration: vendor 1 consent (not flexible), 2 consent + flexible,
/// 3 LI (not flexible), 4 LI + flexible, 5 not declaring purpose 2, 6 deleted, 7 consent for 1
/// and LI for 3 (as a TCF 2.0 list allowed), 8 LI + flexible for 7, 9 consent + flexible for 4.
let ruleGVL = try! GlobalVendorList(
    json: """
        {"gvlSpecificationVersion": 2, "vendorListVersion": 9, "tcfPolicyVersion": 2, "purposes": {
          "1": {"id": 1, "name": "p1"}, "2": {"id": 2, "name": "p2"}, "3": {"id": 3, "name": "p3"},
          "4": {"id": 4, "name": "p4"}, "7": {"id": 7, "name": "p7"}},
         "vendors": {
          "1": {"id": 1, "name": "v1", "purposes": [2], "specialPurposes": [1], "specialFeatures": [1]},
          "2": {"id": 2, "name": "v2", "purposes": [2], "flexiblePurposes": [2]},
          "3": {"id": 3, "name": "v3", "legIntPurposes": [2]},
          "4": {"id": 4, "name": "v4", "legIntPurposes": [2], "flexiblePurposes": [2]},
          "5": {"id": 5, "name": "v5", "purposes": [7]},
          "6": {"id": 6, "name": "v6", "purposes": [2], "specialPurposes": [1], "deletedDate": "2020-01-01T00:00:00Z"},
          "7": {"id": 7, "name": "v7", "purposes": [1], "legIntPurposes": [3], "specialPurposes": [2]},
          "8": {"id": 8, "name": "v8", "legIntPurposes": [7], "flexiblePurposes": [7], "specialFeatures": [2]},
          "9": {"id": 9, "name": "v9", "purposes": [4], "flexiblePurposes": [4]}}}
        """
)

/// Every signal on: purposes 1-11 consented and LI, vendors 1-10 consented and LI, policy 4, no
/// Disclosed Vendors segment, no restrictions; each case changes what its rule needs.
func ruleString(_ change: (inout TCString) throws -> Void = { _ in }) -> TCString {
    var tc = TCString(created: Timestamp(deciseconds: 16_000_000_000), policyVersion: 4)
    tc.cmpId = 300  // a registered CMP: the list findings below are the only ones
    tc.purposeConsents = try! PurposeSet(1...11)
    tc.purposeLegitimateInterests = try! PurposeSet(1...11)
    tc.vendorConsents = try! VendorSet(1...10)
    tc.vendorLegitimateInterests = try! VendorSet(1...10)
    try! change(&tc)
    return tc
}

func restrict(_ tc: inout TCString, _ purpose: Int, _ type: RestrictionType, _ vendors: [Int]) throws {
    try tc.publisherRestrictions.insert(vendors: VendorSet(vendors), purposeId: purpose, restrictionType: type)
}

/// One row of the rule table: the rule it checks (with its section), the question and the answer.
struct RuleCase: Sendable, CustomTestStringConvertible {
    enum Question: Sendable {
        case purpose(Int)
        case specialPurpose(Int)
        case specialFeature(Int)
        case basic(Int)
    }

    let rule: String
    let vendor: Int
    let question: Question
    let tc: TCString
    let allowed: Bool
    let basis: LegalBasis?
    let reason: PermissionReason
    var testDescription: String { rule }

    init(
        _ rule: String,
        vendor: Int,
        _ question: Question,
        _ expected: (Bool, LegalBasis?, PermissionReason),
        _ change: @escaping (inout TCString) throws -> Void = { _ in }
    ) {
        self.rule = rule
        self.vendor = vendor
        self.question = question
        tc = ruleString(change)
        (allowed, basis, reason) = expected
    }

    /// A question about purpose 2.
    init(
        _ rule: String,
        vendor: Int,
        _ expected: (Bool, LegalBasis?, PermissionReason),
        _ change: @escaping (inout TCString) throws -> Void = { _ in }
    ) {
        self.init(rule, vendor: vendor, .purpose(2), expected, change)
    }

    static let all: [RuleCase] = [
        // Declared basis and signals ("The Core String": PurposesConsent, Vendor Consent Section,
        // PurposesLITransparency, Vendor Legitimate Interest Section).
        RuleCase("declared consent + both consent bits: allowed on consent", vendor: 1, (true, .consent, .consent)),
        RuleCase(
            "declared LI + both LI bits: allowed on LI",
            vendor: 3,
            (true, .legitimateInterest, .legitimateInterest)
        ),
        RuleCase("consent needs the purpose consent bit", vendor: 1, (false, .consent, .noPurposeConsent)) {
            $0.purposeConsents.remove(2)
        },
        RuleCase("consent needs the vendor consent bit", vendor: 1, (false, .consent, .noVendorConsent)) {
            $0.vendorConsents.remove(1)
        },
        RuleCase("a consent vendor does not fall back to LI", vendor: 1, (false, .consent, .noVendorConsent)) {
            $0.vendorConsents.remove(1)
        },
        RuleCase("LI needs the purpose LI bit", vendor: 3, (false, .legitimateInterest, .noPurposeLegitimateInterest)) {
            $0.purposeLegitimateInterests.remove(2)
        },
        RuleCase("LI needs the vendor LI bit", vendor: 3, (false, .legitimateInterest, .noVendorLegitimateInterest)) {
            $0.vendorLegitimateInterests.remove(3)
        },
        RuleCase(
            "an LI vendor does not fall back to consent",
            vendor: 3,
            (false, .legitimateInterest, .noVendorLegitimateInterest)
        ) {
            $0.vendorLegitimateInterests.remove(3)
        },
        RuleCase("GVL: a purpose declared on neither basis", vendor: 5, (false, nil, .notDeclared)),
        RuleCase("GVL: a vendor with a deletedDate has no basis", vendor: 6, (false, nil, .vendorDeleted)),
        RuleCase("GVL: a vendor absent from the list", vendor: 99, (false, nil, .vendorNotInList)),

        // RestrictionType 0: "Purpose Flatly Not Allowed by Publisher (regardless of Vendor declarations)".
        RuleCase("type 0 x consent", vendor: 1, (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [1])
        },
        RuleCase("type 0 x consent flexible", vendor: 2, (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [2])
        },
        RuleCase("type 0 x LI", vendor: 3, (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [3])
        },
        RuleCase("type 0 x LI flexible", vendor: 4, (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [4])
        },
        RuleCase("type 0 x not declared", vendor: 5, (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [5])
        },
        RuleCase("type 0 for another purpose does not apply", vendor: 1, (true, .consent, .consent)) {
            try restrict(&$0, 7, .notAllowed, [1])
        },
        RuleCase("type 0 for another vendor does not apply", vendor: 1, (true, .consent, .consent)) {
            try restrict(&$0, 2, .notAllowed, [2])
        },

        // RestrictionType 1 (require consent): "in accordance with a vendor's declared flexibility".
        RuleCase("type 1 x consent: the declared basis, nothing changes", vendor: 1, (true, .consent, .consent)) {
            try restrict(&$0, 2, .requireConsent, [1])
        },
        RuleCase("type 1 x consent flexible: nothing changes", vendor: 2, (true, .consent, .consent)) {
            try restrict(&$0, 2, .requireConsent, [2])
        },
        RuleCase("type 1 x LI not flexible: should not process", vendor: 3, (false, nil, .restrictionNotFlexible)) {
            try restrict(&$0, 2, .requireConsent, [3])
        },
        RuleCase("type 1 x LI flexible: switches to consent", vendor: 4, (true, .consent, .consent)) {
            try restrict(&$0, 2, .requireConsent, [4])
        },
        RuleCase("type 1 x LI flexible: then the consent bits decide", vendor: 4, (false, .consent, .noVendorConsent)) {
            try restrict(&$0, 2, .requireConsent, [4])
            $0.vendorConsents.remove(4)
        },
        RuleCase("type 1 x not declared", vendor: 5, (false, nil, .notDeclared)) {
            try restrict(&$0, 2, .requireConsent, [5])
        },

        // RestrictionType 2 (require legitimate interest).
        RuleCase("type 2 x consent not flexible: should not process", vendor: 1, (false, nil, .restrictionNotFlexible))
        { try restrict(&$0, 2, .requireLegitimateInterest, [1]) },
        RuleCase(
            "type 2 x consent flexible: switches to LI",
            vendor: 2,
            (true, .legitimateInterest, .legitimateInterest)
        ) { try restrict(&$0, 2, .requireLegitimateInterest, [2]) },
        RuleCase(
            "type 2 x consent flexible: then the LI bits decide",
            vendor: 2,
            (false, .legitimateInterest, .noVendorLegitimateInterest)
        ) {
            try restrict(&$0, 2, .requireLegitimateInterest, [2])
            $0.vendorLegitimateInterests.remove(2)
        },
        RuleCase(
            "type 2 x LI: the declared basis, nothing changes",
            vendor: 3,
            (true, .legitimateInterest, .legitimateInterest)
        ) { try restrict(&$0, 2, .requireLegitimateInterest, [3]) },
        RuleCase("type 2 x LI flexible: nothing changes", vendor: 4, (true, .legitimateInterest, .legitimateInterest)) {
            try restrict(&$0, 2, .requireLegitimateInterest, [4])
        },

        // Several types for one (P, V).
        RuleCase("types 1 and 2: type 1 wins (LI flexible to consent)", vendor: 4, (true, .consent, .consent)) {
            try restrict(&$0, 2, .requireConsent, [4])
            try restrict(&$0, 2, .requireLegitimateInterest, [4])
        },
        RuleCase("types 1 and 2: type 1 wins (consent flexible stays)", vendor: 2, (true, .consent, .consent)) {
            try restrict(&$0, 2, .requireConsent, [2])
            try restrict(&$0, 2, .requireLegitimateInterest, [2])
        },
        RuleCase("types 0 and 1: type 0 wins", vendor: 4, (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [4])
            try restrict(&$0, 2, .requireConsent, [4])
        },
        RuleCase("types 0 and 2: type 0 wins", vendor: 2, (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [2])
            try restrict(&$0, 2, .requireLegitimateInterest, [2])
        },
        RuleCase("type 3 (reserved) is ignored", vendor: 1, (true, .consent, .consent)) {
            $0.publisherRestrictions = try PublisherRestrictions([
                PublisherRestriction(purposeId: 2, restrictionType: .undefined, vendors: [1])
            ])
        },

        // TCF 2.2: no legitimate interest for purposes 1 and 3-6 from TcfPolicyVersion 4 on.
        RuleCase(
            "2.2: LI for purpose 3 under policy 4",
            vendor: 7,
            .purpose(3),
            (false, .legitimateInterest, .legitimateInterestNotAllowed)
        ),
        RuleCase(
            "2.2: LI for purpose 3 under policy 2 (TCF 2.0) is allowed",
            vendor: 7,
            .purpose(3),
            (true, .legitimateInterest, .legitimateInterest)
        ) {
            $0.policyVersion = 2
        },
        RuleCase(
            "2.2: a type 2 switch to LI for purpose 4 under policy 5",
            vendor: 9,
            .purpose(4),
            (false, .legitimateInterest, .legitimateInterestNotAllowed)
        ) {
            $0.policyVersion = 5
            try restrict(&$0, 4, .requireLegitimateInterest, [9])
        },
        RuleCase(
            "2.2: purpose 7 keeps LI under policy 4",
            vendor: 8,
            .purpose(7),
            (true, .legitimateInterest, .legitimateInterest)
        ),

        // TCF 2.3 "Disclosed Vendors": a vendor not in the segment is allowed nothing (Prebid Server,
        // issue 4750: "If ID was not disclosed to the user, treat the vendor as not consented to").
        RuleCase("2.3: LI vendor not disclosed", vendor: 3, (false, nil, .notDisclosed)) {
            $0.disclosedVendors = [1, 2]
        },
        RuleCase("2.3: LI vendor disclosed", vendor: 3, (true, .legitimateInterest, .legitimateInterest)) {
            $0.disclosedVendors = [3]
        },
        RuleCase("2.3: consent vendor not disclosed", vendor: 1, (false, nil, .notDisclosed)) {
            $0.disclosedVendors = [3]
        },
        RuleCase("2.3: consent vendor disclosed", vendor: 1, (true, .consent, .consent)) {
            $0.disclosedVendors = [1]
        },
        RuleCase("2.3: disclosure is checked before restrictions", vendor: 1, (false, nil, .notDisclosed)) {
            $0.disclosedVendors = [3]
            try restrict(&$0, 2, .notAllowed, [1])
        },
        RuleCase(
            "2.3: without the segment nothing is inferred",
            vendor: 3,
            (true, .legitimateInterest, .legitimateInterest)
        ),
        RuleCase("2.3: a type 2 switch to LI needs disclosure", vendor: 2, (false, nil, .notDisclosed)) {
            $0.disclosedVendors = [1]
            try restrict(&$0, 2, .requireLegitimateInterest, [2])
        },
        RuleCase(
            "2.3: special purpose, not disclosed",
            vendor: 1,
            .specialPurpose(1),
            (false, nil, .notDisclosed)
        ) { $0.disclosedVendors = [3] },
        RuleCase(
            "2.3: special feature, not disclosed",
            vendor: 1,
            .specialFeature(1),
            (false, nil, .notDisclosed)
        ) {
            $0.specialFeatureOptIns = [1]
            $0.disclosedVendors = [3]
        },
        RuleCase(
            "2.3: special purpose, disclosed",
            vendor: 1,
            .specialPurpose(1),
            (true, .legitimateInterest, .specialPurpose)
        ) { $0.disclosedVendors = [1] },

        // Special purposes: V's declaration only (no user signal).
        RuleCase(
            "special purpose declared, no segment",
            vendor: 1,
            .specialPurpose(1),
            (true, .legitimateInterest, .specialPurpose)
        ) {
            $0.vendorLegitimateInterests = []
            $0.vendorConsents = []
        },
        RuleCase("special purpose not declared", vendor: 1, .specialPurpose(2), (false, nil, .notDeclared)),
        RuleCase("special purpose of a deleted vendor", vendor: 6, .specialPurpose(1), (false, nil, .vendorDeleted)),

        // Special features: the opt-in and V's declaration.
        RuleCase(
            "special feature opted in and declared",
            vendor: 1,
            .specialFeature(1),
            (true, nil, .specialFeatureOptIn)
        ) { $0.specialFeatureOptIns = [1] },
        RuleCase(
            "special feature declared, not opted in",
            vendor: 1,
            .specialFeature(1),
            (false, nil, .noSpecialFeatureOptIn)
        ) { $0.specialFeatureOptIns = [2] },
        RuleCase("special feature opted in, not declared", vendor: 1, .specialFeature(2), (false, nil, .notDeclared)) {
            $0.specialFeatureOptIns = [2]
        },

        // PurposeOneTreatment ("What if consent is governed differently in a country?").
        RuleCase(
            "P1T: purpose 1 follows the bits, allowed",
            vendor: 7,
            .purpose(1),
            (true, .consent, .purposeOneTreatment)
        ) { $0.purposeOneTreatment = true },
        RuleCase(
            "P1T: purpose 1 follows the bits, refused",
            vendor: 7,
            .purpose(1),
            (false, .consent, .purposeOneTreatment)
        ) {
            $0.purposeOneTreatment = true
            $0.purposeConsents.remove(1)
        },
        RuleCase(
            "without P1T purpose 1 is an ordinary consent purpose",
            vendor: 7,
            .purpose(1),
            (false, .consent, .noPurposeConsent)
        ) { $0.purposeConsents.remove(1) },
        RuleCase("P1T does not touch other purposes", vendor: 1, (true, .consent, .consent)) {
            $0.purposeOneTreatment = true
        },

        // Basic check, without a vendor list (string bits and restrictions only).
        RuleCase("basic: consent route", vendor: 3, .basic(2), (true, .consent, .consent)),
        RuleCase(
            "basic: LI route when consent fails",
            vendor: 3,
            .basic(2),
            (true, .legitimateInterest, .legitimateInterest)
        ) { $0.vendorConsents = [] },
        RuleCase("basic: both fail, the consent reason", vendor: 3, .basic(2), (false, .consent, .noVendorConsent)) {
            $0.vendorConsents = []
            $0.vendorLegitimateInterests = []
        },
        RuleCase("basic: type 0", vendor: 3, .basic(2), (false, nil, .restrictedByPublisher)) {
            try restrict(&$0, 2, .notAllowed, [3])
        },
        RuleCase(
            "basic: type 1 allows only the consent route",
            vendor: 3,
            .basic(2),
            (false, .consent, .noVendorConsent)
        ) {
            $0.vendorConsents = []
            try restrict(&$0, 2, .requireConsent, [3])
        },
        RuleCase(
            "basic: type 2 allows only the LI route",
            vendor: 3,
            .basic(2),
            (false, .legitimateInterest, .noVendorLegitimateInterest)
        ) {
            $0.vendorLegitimateInterests = []
            try restrict(&$0, 2, .requireLegitimateInterest, [3])
        },
        RuleCase("basic: 2.2 ban on the LI route", vendor: 3, .basic(3), (false, .consent, .noPurposeConsent)) {
            $0.purposeConsents = []
        },
        RuleCase("basic: 2.3 LI route needs disclosure", vendor: 3, .basic(2), (false, nil, .notDisclosed)) {
            $0.vendorConsents = []
            $0.disclosedVendors = [1]
        },
        RuleCase("basic: 2.3 consent route needs disclosure", vendor: 3, .basic(2), (false, nil, .notDisclosed)) {
            $0.disclosedVendors = [1]
        },
    ]
}

@Suite struct PermissionTests {
    @Test(arguments: RuleCase.all)
    func rule(_ rule: RuleCase) {
        let expected = Permission(isAllowed: rule.allowed, basis: rule.basis, reason: rule.reason)
        let matrix = rule.tc.permissions(in: ruleGVL)
        switch rule.question {
        case .purpose(let purpose):
            #expect(rule.tc.permission(vendor: rule.vendor, purpose: purpose, in: ruleGVL) == expected)
            #expect(matrix.permission(vendor: rule.vendor, purpose: purpose) == expected)
            #expect(matrix.isAllowed(vendor: rule.vendor, purpose: purpose) == rule.allowed)
            #expect(matrix.allowedVendors(purpose: purpose).contains(rule.vendor) == rule.allowed)
            #expect(
                BruteForcePermissions.permission(.init(rule.tc), vendor: rule.vendor, purpose: purpose, gvl: ruleGVL)
                    == expected
            )
        case .specialPurpose(let id):
            #expect(rule.tc.permission(vendor: rule.vendor, specialPurpose: id, in: ruleGVL) == expected)
            #expect(matrix.allowedVendors(specialPurpose: id).contains(rule.vendor) == rule.allowed)
        case .specialFeature(let id):
            #expect(rule.tc.permission(vendor: rule.vendor, specialFeature: id, in: ruleGVL) == expected)
            #expect(matrix.allowedVendors(specialFeature: id).contains(rule.vendor) == rule.allowed)
        case .basic(let purpose):
            #expect(rule.tc.basicPermission(vendor: rule.vendor, purpose: purpose) == expected)
            #expect(BruteForcePermissions.basic(.init(rule.tc), vendor: rule.vendor, purpose: purpose) == expected)
        }
    }

    /// Every restriction combination x declaration x signal combination x disclosure x policy x
    /// P1T, against the independent evaluator.
    @Test func everyCombination() throws {
        let restrictionSets: [[RestrictionType]] = [
            [], [.notAllowed], [.requireConsent], [.requireLegitimateInterest],
            [.notAllowed, .requireConsent], [.notAllowed, .requireLegitimateInterest],
            [.requireConsent, .requireLegitimateInterest], [.notAllowed, .requireConsent, .requireLegitimateInterest],
        ]
        let vendors = Array(1...10)
        let purposes = [1, 2, 3, 4, 7]
        var checked = 0
        for restrictions in restrictionSets {
            for signals in 0..<16 {
                for disclosure in [nil, [1, 3, 5, 7, 9], [2, 4, 6, 8, 10]] as [[Int]?] {
                    for policy in [2, 4] {
                        for p1t in [false, true] {
                            let tc = ruleString {
                                if signals & 1 == 0 { $0.purposeConsents = [] }
                                if signals & 2 == 0 { $0.vendorConsents = [] }
                                if signals & 4 == 0 { $0.purposeLegitimateInterests = [] }
                                if signals & 8 == 0 { $0.vendorLegitimateInterests = [] }
                                $0.disclosedVendors = try disclosure.map { try VendorSet($0) }
                                $0.policyVersion = policy
                                $0.purposeOneTreatment = p1t
                                for type in restrictions {
                                    for purpose in purposes { try restrict(&$0, purpose, type, vendors) }
                                }
                            }
                            let matrix = tc.permissions(in: ruleGVL)
                            let snapshot = BruteForcePermissions.Snapshot(tc)
                            for vendor in vendors {
                                for purpose in purposes {
                                    let expected = BruteForcePermissions.permission(
                                        snapshot,
                                        vendor: vendor,
                                        purpose: purpose,
                                        gvl: ruleGVL
                                    )
                                    #expect(tc.permission(vendor: vendor, purpose: purpose, in: ruleGVL) == expected)
                                    #expect(matrix.permission(vendor: vendor, purpose: purpose) == expected)
                                    #expect(matrix.isAllowed(vendor: vendor, purpose: purpose) == expected.isAllowed)
                                    #expect(
                                        tc.basicPermission(vendor: vendor, purpose: purpose)
                                            == BruteForcePermissions.basic(snapshot, vendor: vendor, purpose: purpose)
                                    )
                                    checked += 1
                                }
                            }
                        }
                    }
                }
            }
        }
        #expect(checked == 8 * 16 * 3 * 2 * 2 * 10 * 5)
    }

    /// Seeded random strings aimed at `gvl`'s vendors: random signals, restrictions of every type
    /// on random vendors of every purpose, Disclosed Vendors present or not, policies 2, 4 and 5.
    static func randomStrings(for gvl: GlobalVendorList, count: Int, seed: UInt64) -> [TCString] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        let ids = Array(gvl.vendorIds)
        func someVendors(_ percent: Int) -> VendorSet {
            try! VendorSet(ids.filter { _ in next(100) < percent } + [ids[next(ids.count)]])
        }
        return (0..<count).map { _ in
            ruleString {
                $0.purposeConsents = PurposeSet(rawValue: UInt64(truncatingIfNeeded: next(1 << 30)) << 40)
                $0.purposeLegitimateInterests = PurposeSet(rawValue: UInt64(truncatingIfNeeded: next(1 << 30)) << 40)
                $0.specialFeatureOptIns = SpecialFeatureSet(rawValue: UInt64(truncatingIfNeeded: next(8)) << 61)
                $0.vendorConsents = someVendors(60)
                $0.vendorLegitimateInterests = someVendors(60)
                $0.disclosedVendors = next(3) == 0 ? nil : someVendors(80)
                $0.policyVersion = [2, 4, 5][next(3)]
                $0.purposeOneTreatment = next(4) == 0
                for _ in 0..<next(12) {
                    try restrict(&$0, 1 + next(11), RestrictionType(rawValue: next(4))!, Array(someVendors(10)))
                }
            }
        }
    }

    static let lists = [
        ("v17", GVLFixtures.v17), ("v51", GVLFixtures.v51), ("restriction test list", GVLFixtures.restriction),
    ]

    /// Every corpus and decode-vector string and 40 random ones, every vendor of the list (and
    /// some absent ids), every purpose, special purpose and special feature: the single answers,
    /// the matrix and the independent evaluator agree.
    @Test(arguments: 0..<3)
    func corpusAgainstTheBruteForceEvaluator(list: Int) {
        let (name, gvl) = Self.lists[list]
        let strings = GVLFixtures.corpus + Self.randomStrings(for: gvl, count: 40, seed: UInt64(list) + 1)
        #expect(GVLFixtures.corpus.count > 100)
        var vendors = Array(gvl.vendorIds)
        vendors += [0, 65535, (vendors.last ?? 0) + 1]
        for tc in strings {
            let matrix = tc.permissions(in: gvl)
            let snapshot = BruteForcePermissions.Snapshot(tc)
            var mismatches = 0
            for purpose in 1...12 {
                var allowed: [Int] = []
                for vendor in vendors {
                    let expected = BruteForcePermissions.permission(
                        snapshot,
                        vendor: vendor,
                        purpose: purpose,
                        gvl: gvl
                    )
                    if expected.isAllowed { allowed.append(vendor) }
                    if matrix.permission(vendor: vendor, purpose: purpose) != expected
                        || tc.permission(vendor: vendor, purpose: purpose, in: gvl) != expected
                        || tc.basicPermission(vendor: vendor, purpose: purpose)
                            != BruteForcePermissions.basic(snapshot, vendor: vendor, purpose: purpose)
                    {
                        mismatches += 1
                        if mismatches < 5 {
                            Issue.record(
                                "\(name) vendor \(vendor) purpose \(purpose): \(matrix.permission(vendor: vendor, purpose: purpose)) vs \(expected)"
                            )
                        }
                    }
                }
                if matrix.purposeIds.contains(purpose) {
                    #expect(Array(matrix.allowedVendors(purpose: purpose)) == allowed)
                }
            }
            for id in 1...3 {
                #expect(
                    Array(matrix.allowedVendors(specialPurpose: id))
                        == vendors.filter {
                            BruteForcePermissions.specialPurpose(snapshot, vendor: $0, id: id, gvl: gvl).isAllowed
                        }
                )
                #expect(
                    Array(matrix.allowedVendors(specialFeature: id))
                        == vendors.filter {
                            BruteForcePermissions.specialFeature(snapshot, vendor: $0, id: id, gvl: gvl).isAllowed
                        }
                )
                for vendor in vendors {
                    #expect(
                        matrix.permission(vendor: vendor, specialPurpose: id)
                            == BruteForcePermissions.specialPurpose(snapshot, vendor: vendor, id: id, gvl: gvl)
                    )
                    #expect(
                        matrix.permission(vendor: vendor, specialFeature: id)
                            == BruteForcePermissions.specialFeature(snapshot, vendor: vendor, id: id, gvl: gvl)
                    )
                }
            }
        }
    }
}
