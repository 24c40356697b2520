import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCFJSON
import Testing

/// Prebid's US activities (docs.prebid.org, "Prebid US Compliance Support"): each documented rule
/// on its own, the state translations, the sections in force, and seeded properties.
@Suite struct USActivitiesTests {
    typealias A = USActivity
    static let all = Set(USActivity.allCases)
    /// "enrichEids | (same as syncUser)" ... and transmitUfpd, which starts with syncUser's rules.
    static let consent: Set<USActivity> = [.syncUser, .enrichEids, .enrichUfpd, .transmitEids, .transmitUfpd]

    /// A US National section of `version` where nothing is denied: every notice given (1), no
    /// opt-out (2), no sensitive data, no child, MSPA "not covered" (2) in neither mode.
    static func clean(version: Int = 1) throws -> USSection {
        var usnat = try #require(USSection(id: 7))
        usnat.version = version
        usnat.core = usnat.coreFields.map(\.type.defaultValue)
        for notice in [
            USField<USNotice>.sharingNotice, .saleOptOutNotice, .sharingOptOutNotice, .targetedAdvertisingOptOutNotice,
            .sensitiveDataProcessingOptOutNotice, .sensitiveDataLimitUseNotice,
        ] {
            usnat[notice] = .provided
        }
        for optOut in [USField<USOptOut>.saleOptOut, .sharingOptOut, .targetedAdvertisingOptOut] {
            usnat[optOut] = .didNotOptOut
        }
        usnat[.mspaCoveredTransaction] = .no
        usnat[.mspaServiceProviderMode] = .no
        usnat[.mspaOptOutOptionMode] = .no
        return usnat
    }

    static func answer(_ sections: [USSection], inForce: [Int]? = nil) -> USActivities {
        GPPString(sections: sections.map(GPPSection.us)).usActivities(inForce: inForce)
    }

    static func denied(_ answer: USActivities) -> Set<USActivity> { all.subtracting(answer.allowed) }

    static func rules(_ answer: USActivities) -> [String] {
        answer.reasons.compactMap { if case .rule(_, _, let rule, _) = $0 { rule } else { nil } }
    }

    /// One documented case: a change to the clean section, what it denies, the rule it names.
    struct Case: Sendable, CustomStringConvertible {
        let rule: String
        let denies: Set<USActivity>
        let version: Int
        let change: @Sendable (inout USSection) -> Void
        var description: String { rule }

        init(
            _ rule: String,
            _ denies: Set<USActivity>,
            version: Int = 1,
            _ change: @escaping @Sendable (inout USSection) -> Void
        ) {
            (self.rule, self.denies, self.version, self.change) = (rule, denies, version, change)
        }
    }

    static func sensitive(_ category: Int, _ value: USConsent, count: Int = 12) -> @Sendable (inout USSection) -> Void {
        { section in
            var items = section[.sensitiveDataProcessing] ?? Array(repeating: .notApplicable, count: count)
            items[category - 1] = value
            section[.sensitiveDataProcessing] = items
        }
    }

    static func child(_ position: Int, _ value: USConsent, count: Int = 2) -> @Sendable (inout USSection) -> Void {
        { section in
            var items = section[.knownChildSensitiveDataConsents] ?? Array(repeating: .notApplicable, count: count)
            items[position - 1] = value
            section[.knownChildSensitiveDataConsents] = items
        }
    }

    /// docs.prebid.org, "USNat Activity Restrictions", each disallow clause of the table alone.
    static let documented: [Case] = [
        // "MspaServiceProviderMode=1 OR GPC=1 OR ... KnownChildSensitiveDataConsents[2]==1 OR
        // KnownChildSensitiveDataConsents[2]==2 OR KnownChildSensitiveDataConsents[1]=1 OR
        // PersonalDataConsents=2" in every activity's block.
        Case("MspaServiceProviderMode=1", all) { $0[.mspaServiceProviderMode] = .yes },
        Case("Gpc=1", all) { $0[.gpc] = true },
        Case("PersonalDataConsents=2", all) { $0[.personalDataConsents] = .consent },
        Case("KnownChildSensitiveDataConsents[1]=1", all, child(1, .noConsent)),
        Case("KnownChildSensitiveDataConsents[2]<>0", all, child(2, .noConsent)),
        Case("KnownChildSensitiveDataConsents[2]<>0", all, child(2, .consent)),
        // Prebid.js: "minors 16+ who have not given consent (added in usnat version 2)".
        Case("KnownChildSensitiveDataConsents[3]=1", all, version: 2, child(3, .noConsent, count: 3)),
        // Prebid.js: "covered cannot be zero".
        Case("MspaCoveredTransaction=0", all) { $0[.mspaCoveredTransaction] = .notAValue },
        // syncUser's block: "SaleOptOut=1 OR SaleOptOutNotice=2 OR (SaleOptOutNotice=0 AND
        // SaleOptOut=2) OR SharingNotice=2 OR SharingOptOutNotice=2 OR (SharingOptOutNotice=0 AND
        // SharingOptOut=2) OR (SharingNotice=0 AND SharingOptOut=2) OR SharingOptOut=1 OR
        // TargetedAdvertisingOptOutNotice=2 OR TargetedAdvertisingOptOut=1 OR
        // (TargetedAdvertisingOptOutNotice=0 AND TargetedAdvertisingOptOut=2)".
        Case("SaleOptOut=1", consent) { $0[.saleOptOut] = .optedOut },
        Case("SaleOptOutNotice=2", consent) { $0[.saleOptOutNotice] = .notProvided },
        Case("SaleOptOutNotice=0 AND SaleOptOut=2", consent) { $0[.saleOptOutNotice] = .notApplicable },
        Case("SharingNotice=2", consent) { $0[.sharingNotice] = .notProvided },
        Case("SharingOptOutNotice=2", consent) { $0[.sharingOptOutNotice] = .notProvided },
        Case("SharingOptOutNotice=0 AND SharingOptOut=2", consent) { $0[.sharingOptOutNotice] = .notApplicable },
        Case("SharingNotice=0 AND SharingOptOut=2", consent) { $0[.sharingNotice] = .notApplicable },
        Case("SharingOptOut=1", consent) { $0[.sharingOptOut] = .optedOut },
        Case("TargetedAdvertisingOptOutNotice=2", consent) { $0[.targetedAdvertisingOptOutNotice] = .notProvided },
        Case("TargetedAdvertisingOptOut=1", consent) { $0[.targetedAdvertisingOptOut] = .optedOut },
        Case("TargetedAdvertisingOptOutNotice=0 AND TargetedAdvertisingOptOut=2", consent) {
            $0[.targetedAdvertisingOptOutNotice] = .notApplicable
        },
        // transmitUfpd and transmitPreciseGeo: "SensitiveDataProcessingOptOutNotice=2 OR
        // SensitiveDataLimitUseNotice=2".
        Case("SensitiveDataProcessingOptOutNotice=2", [.transmitUfpd, .transmitPreciseGeo]) {
            $0[.sensitiveDataProcessingOptOutNotice] = .notProvided
        },
        Case("SensitiveDataLimitUseNotice=2", [.transmitUfpd, .transmitPreciseGeo]) {
            $0[.sensitiveDataLimitUseNotice] = .notProvided
        },
        // transmitUfpd: "SensitiveDataProcessing[1-5,11]=1".
        Case("SensitiveDataProcessing[1]=1", [.transmitUfpd], sensitive(1, .noConsent)),
        Case("SensitiveDataProcessing[5]=1", [.transmitUfpd], sensitive(5, .noConsent)),
        Case("SensitiveDataProcessing[11]=1", [.transmitUfpd], sensitive(11, .noConsent)),
        // "SensitiveDataProcessing[6,7,9,10,12]=1 OR SensitiveDataProcessing[6,7,9,10,12]=2".
        Case("SensitiveDataProcessing[6]<>0", [.transmitUfpd], sensitive(6, .noConsent)),
        Case("SensitiveDataProcessing[7]<>0", [.transmitUfpd], sensitive(7, .consent)),
        Case("SensitiveDataProcessing[12]<>0", [.transmitUfpd], sensitive(12, .consent)),
        // "((SensitiveDataProcessingOptOutNotice=0 OR SensitiveDataLimitUseNotice=0) AND
        // SensitiveDataProcessing[1-7,9-12]=2)".
        Case("SensitiveDataLimitUseNotice=0 AND SensitiveDataProcessing[3]=2", [.transmitUfpd]) {
            $0[.sensitiveDataLimitUseNotice] = .notApplicable
            sensitive(3, .consent)(&$0)
        },
        // transmitPreciseGeo: "SensitiveDataProcessing[8]=1" and "((SensitiveDataProcessingOptOutNotice=0
        // OR SensitiveDataLimitUseNotice=0) AND SensitiveDataProcessing[8]=2)".
        Case("SensitiveDataProcessing[8]=1", [.transmitPreciseGeo], sensitive(8, .noConsent)),
        Case("SensitiveDataProcessingOptOutNotice=0 AND SensitiveDataProcessing[8]=2", [.transmitPreciseGeo]) {
            $0[.sensitiveDataProcessingOptOutNotice] = .notApplicable
            sensitive(8, .consent)(&$0)
        },
        // Prebid.js, Version 2: "status as victim of crime (version 2), status as
        // transgender/nonbinary (version 2)" never in scope; 13 and 15 need consent.
        Case("SensitiveDataProcessing[14]<>0", [.transmitUfpd], version: 2, sensitive(14, .consent, count: 16)),
        Case("SensitiveDataProcessing[16]<>0", [.transmitUfpd], version: 2, sensitive(16, .noConsent, count: 16)),
        Case("SensitiveDataProcessing[13]=1", [.transmitUfpd], version: 2, sensitive(13, .noConsent, count: 16)),
    ]

    @Test func theCleanSectionAllowsEverything() throws {
        for version in [1, 2] {
            let answer = Self.answer([try Self.clean(version: version)])
            #expect(answer.allowed == Self.all && answer.reasons.isEmpty)
            #expect(answer.sections.map(\.denied) == [[]])
        }
    }

    @Test(arguments: documented) func eachDocumentedRule(_ rule: Case) throws {
        var section = try Self.clean(version: rule.version)
        rule.change(&section)
        let answer = Self.answer([section])
        #expect(Self.denied(answer) == rule.denies)
        #expect(Self.rules(answer) == [rule.rule])
        #expect(answer.sections.map { Set($0.denied) } == [rule.denies])
    }

    /// What the table allows: "Allow kids 13-16 to consent"; consent with its notice given; a
    /// sensitive category consented where its notice was given.
    @Test func whatTheTableAllows() throws {
        var teen = try Self.clean()
        Self.child(1, .consent)(&teen)
        var geo = try Self.clean()
        Self.sensitive(8, .consent)(&geo)
        Self.sensitive(3, .consent)(&geo)
        for section in [teen, geo] { #expect(Self.answer([section]).allowed == Self.all) }
    }

    /// "Normalization for California (CA) (SID 8)", Virginia, Colorado, Utah and Connecticut.
    @Test func stateTranslations() throws {
        var california = try #require(USSection(id: 8))
        california[.sensitiveDataProcessingOptOuts] = [
            .optedOut, .notApplicable, .optedOut, .didNotOptOut, .notApplicable, .notApplicable, .notApplicable,
            .notApplicable, .optedOut,
        ]
        let usnat = try #require(USNationalFields(translating: california))
        // "CA sensitive data 1 maps to US national sensitive data 9", "3 maps to ... 8", "4 maps to
        // ... 1 and 2", "9 maps to ... 4"; 5 and 11 are NULL.
        #expect(usnat.sensitiveDataProcessing == [2, 2, 0, 1, nil, 0, 0, 1, 1, 0, nil, 0])
        // "Set these fields to NULL: SharingNotice, TargetedAdvertisingOptOutNotice, TargetedAdvertisingOptOut, ..."
        #expect(usnat[.sharingNotice] == nil && usnat[.targetedAdvertisingOptOut] == nil)
        #expect(usnat[.personalDataConsents] == 0 && usnat.knownChildSensitiveDataConsents == [0, 0])
        // "KnownChild - SID 8 ... Prebid will never normalize a positive KnownChild consent."
        california[.knownChildSensitiveDataConsents] = [.consent, .notApplicable]
        #expect(USNationalFields(translating: california)?.knownChildSensitiveDataConsents == [1, 1])

        var utah = try #require(USSection(id: 11))
        utah[.sensitiveDataProcessingOptOuts] =
            [.notApplicable, .notApplicable, .notApplicable, .notApplicable, .optedOut]
            + Array(repeating: .notApplicable, count: 3)
        // "UT sensitive data 5 maps to US National 3".
        #expect(USNationalFields(translating: utah)?.sensitiveDataProcessing[2] == 1)
        for id in [9, 10, 11] {
            var state = try #require(USSection(id: id))
            // "If the SID 9 KnownChildSensitiveDataConsents value is 1 or 2, normalize to SID 7
            // KnownChildSensitiveDataConsents[1 and 2]=1 (no consent)".
            state[.knownChildSensitiveDataConsents] = [.consent]
            #expect(USNationalFields(translating: state)?.knownChildSensitiveDataConsents == [1, 1])
            state[.knownChildSensitiveDataConsents] = [.notApplicable]
            #expect(USNationalFields(translating: state)?.knownChildSensitiveDataConsents == [0, 0])
        }
        var connecticut = try #require(USSection(id: 12))
        // "If SID 12 string KnownChildSensitiveDataConsents[2]=2 and ... [3]=2, then set the
        // normalized KnownChildSensitiveDataConsents[1]=2 ... and ... [2]=1".
        connecticut[.knownChildSensitiveDataConsents] = [.notApplicable, .consent, .consent]
        #expect(USNationalFields(translating: connecticut)?.knownChildSensitiveDataConsents == [2, 1])
        connecticut[.knownChildSensitiveDataConsents] = [.consent, .notApplicable, .consent]
        #expect(USNationalFields(translating: connecticut)?.knownChildSensitiveDataConsents == [1, 1])
    }

    /// The states Prebid does not translate, by field names; MspaMode as the two mode fields.
    @Test func statesByFieldNames() throws {
        var florida = try #require(USSection(id: 13))
        florida[.saleOptOutNotice] = .provided
        florida[.saleOptOut] = .optedOut
        florida[.processingNotice] = .notProvided
        let usnat = try #require(USNationalFields(translating: florida))
        #expect(usnat[.saleOptOut] == 1 && usnat[.saleOptOutNotice] == 1 && usnat[.sharingNotice] == nil)
        #expect(Self.rules(Self.answer([florida])).contains("SaleOptOut=1"))
        var maryland = try #require(USSection(id: 24))
        maryland[.mspaMode] = .serviceProvider
        let mode = try #require(USNationalFields(translating: maryland))
        #expect(mode[.mspaServiceProviderMode] == 1 && mode[.mspaOptOutOptionMode] == 2)
        #expect(Self.answer([maryland]).allowed.isEmpty)
        var indiana = try #require(USSection(id: 25))
        indiana.subsections[1] = [.list([0, 0, 0, 0, 0, 1, 0, 0])]
        #expect(USNationalFields(translating: indiana)?.sensitiveDataProcessing[5] == 1)
    }

    /// The sections in force: a missing, unreadable or unknown-Version section denies all six;
    /// a US section not in force does not decide and is named.
    @Test func sectionsInForce() throws {
        var optedOut = try Self.clean()
        optedOut[.saleOptOut] = .optedOut
        let missing = Self.answer([optedOut], inForce: [8])
        #expect(missing.allowed.isEmpty)
        #expect(
            missing.reasons == [
                .sectionMissing(sectionId: 8, section: "usca"), .notInForce(sectionId: 7, section: "usnat"),
            ]
        )
        #expect(Self.answer([optedOut], inForce: [2]).allowed == Self.all)  // no US section in force
        let unreadable = USActivities(
            sections: [.unreadable(id: 7, code: "truncated", position: 8)],
            inForce: nil
        )
        #expect(unreadable.allowed.isEmpty)
        var future = try Self.clean()
        future.version = 3
        let unknown = Self.answer([future])
        #expect(
            unknown.allowed.isEmpty && unknown.reasons == [.unknownVersion(sectionId: 7, section: "usnat", version: 3)]
        )
        // Section 6: an opt-out of sale is not dropped.
        let usp = GPPString(sections: [.usPrivacy(USPrivacySection(notice: .yes, optOutSale: .yes, lspaCovered: .no))])
        #expect(Self.denied(usp.usActivities()) == Self.consent)
    }

    /// StoredConsent gives the same answer; a stored string that does not decode denies all.
    @Test func storedConsent() throws {
        var optedOut = try Self.clean()
        optedOut[.saleOptOut] = .optedOut
        let text = try GPPString(sections: [.us(optedOut)]).encoded()
        let stored = StoredConsent(tcString: nil, gppString: text, gppSectionIds: [7])
        #expect(stored.usActivities == Self.answer([optedOut], inForce: [7]))
        let broken = StoredConsent(tcString: nil, gppString: "DBABL~BV")
        #expect(broken.usActivities.allowed.isEmpty)
        #expect(StoredConsent(tcString: nil, gppString: "nonsense").usActivities.allowed.isEmpty)
        #expect(StoredConsent(tcString: nil).usActivities.allowed == Self.all)
    }

    /// A seeded random US section (7-27) with every Int(2) field 0-2 and a random GPC sub-section.
    static func random(_ rng: inout SplitMix64) throws -> USSection {
        let ids = Array(USSectionDefinition.all.keys).sorted()
        var section = try #require(USSection(id: ids[Int.random(in: 0..<ids.count, using: &rng)]))
        let versions = section.definition.cores.keys.sorted()
        section.version = versions[Int.random(in: 0..<versions.count, using: &rng)]
        section.core = section.coreFields.map { field in
            switch field.type {
            case .int(2): .int(Int.random(in: 0...2, using: &rng))
            case .intList(let count): .list((0..<count).map { _ in Int.random(in: 0...2, using: &rng) })
            default: field.type.defaultValue
            }
        }
        if Bool.random(using: &rng) { section[.gpc] = Bool.random(using: &rng) }
        return section
    }

    /// Monotonicity: recording an opt-out, a refused consent, GPC or service provider mode never
    /// makes an activity more allowed (seeded, 3,000 sections).
    @Test func noOptOutLoosens() throws {
        var rng = SplitMix64(seed: 0x0AC7_1717)
        let raises: [(String, @Sendable (inout USSection) -> Void)] = [
            ("SaleOptOut", { $0[.saleOptOut] = .optedOut }),
            ("SharingOptOut", { $0[.sharingOptOut] = .optedOut }),
            ("TargetedAdvertisingOptOut", { $0[.targetedAdvertisingOptOut] = .optedOut }),
            ("Gpc", { $0[.gpc] = true }),
            ("MspaServiceProviderMode", { $0[.mspaServiceProviderMode] = .yes }),
            ("MspaMode", { $0[.mspaMode] = .serviceProvider }),
            (
                "KnownChildSensitiveDataConsents",
                { $0[.knownChildSensitiveDataConsents] = $0[.knownChildSensitiveDataConsents]?.map { _ in .noConsent } }
            ),
        ]
        var checked = 0
        for _ in 0..<3_000 {
            let section = try Self.random(&rng)
            let before = Self.answer([section]).allowed
            let (name, raise) = raises[Int.random(in: 0..<raises.count, using: &rng)]
            var after = section
            raise(&after)
            if after == section { continue }
            checked += 1
            let loosened = Self.answer([after]).allowed.subtracting(before)
            #expect(loosened.isEmpty, "section \(section.definition.id) \(name) allowed \(loosened)")
            // A refused sensitive category (1) never loosens either.
            if let items = section[.sensitiveDataProcessing], !items.isEmpty {
                var refused = section
                var changed = items
                changed[Int.random(in: 0..<items.count, using: &rng)] = .noConsent
                refused[.sensitiveDataProcessing] = changed
                #expect(Self.answer([refused]).allowed.isSubset(of: before))
            }
        }
        #expect(checked > 1_000)
    }

    /// A second section in force never loosens the answer; each section's denials are its own.
    @Test func moreSectionsNeverLoosen() throws {
        var rng = SplitMix64(seed: 0x5EC7_1015)
        for _ in 0..<1_000 {
            let first = try Self.random(&rng)
            var second = try Self.random(&rng)
            while second.definition.id == first.definition.id { second = try Self.random(&rng) }
            let both = Self.answer([first, second])
            let alone = Self.answer([first])
            #expect(both.allowed.isSubset(of: alone.allowed))
            #expect(both.allowed == alone.allowed.intersection(Self.answer([second]).allowed))
            // In force but absent: every activity denied.
            #expect(Self.answer([first], inForce: [first.definition.id, second.definition.id]).allowed.isEmpty)
        }
    }

    /// The ad serving answer: a known child without consent, service provider mode and a notice
    /// not given are not personalized, each with its rule; CMP inconsistencies are not taken.
    @Test func adServingTakesChildrenModesAndNotices() throws {
        let cases: [(String, @Sendable (inout USSection) -> Void)] = [
            ("KnownChildSensitiveDataConsents[1]=1", Self.child(1, .noConsent)),
            ("KnownChildSensitiveDataConsents[2]<>0", Self.child(2, .consent)),
            ("MspaServiceProviderMode=1", { $0[.mspaServiceProviderMode] = .yes }),
            ("SaleOptOutNotice=2", { $0[.saleOptOutNotice] = .notProvided }),
            ("TargetedAdvertisingOptOutNotice=2", { $0[.targetedAdvertisingOptOutNotice] = .notProvided }),
        ]
        for (rule, change) in cases {
            for id in [7, 12] {
                var section = try #require(USSection(id: id))
                if id == 7 { section = try Self.clean() }
                change(&section)
                if section == (id == 7 ? try Self.clean() : try #require(USSection(id: id))) { continue }
                let text = try GPPString(sections: [.us(section)]).encoded()
                let stored = StoredConsent(tcString: nil, gdprApplies: false, gppString: text)
                let answer = stored.usAdServing()
                #expect(answer.mode == .nonPersonalized, "\(id) \(rule)")
                let name = id == 7 ? "usnat" : "usct"
                #expect(
                    answer.reasons.contains(
                        .usActivityRule(sectionId: id, section: name, rule: rule, readByGoogle: id == 12)
                    ),
                    "\(id) \(rule): \(answer.reasons)"
                )
            }
        }
        var inconsistent = try Self.clean()
        inconsistent[.saleOptOutNotice] = .notApplicable  // "SaleOptOutNotice=0 AND SaleOptOut=2"
        let text = try GPPString(sections: [.us(inconsistent)]).encoded()
        #expect(StoredConsent(tcString: nil, gdprApplies: false, gppString: text).usAdServing().mode == .personalized)
        #expect(
            StoredConsent(tcString: nil, gppString: text).usActivities.allowed == Self.all.subtracting(Self.consent)
        )
    }
}
