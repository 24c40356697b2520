import IABTCF
import TCFJSON
import TestSupport
import Testing

@_spi(TCFSchema) @testable import IABTCF

@Suite struct ValidationTests {
    /// A string that follows every rule: created in March 2026, policy 5, Disclosed Vendors present,
    /// a registered CMP's id and a real vendor list version.
    static func compliant() throws -> TCString {
        var tc = TCString(
            created: Timestamp(iso8601: "2026-03-02")!,
            cmpId: 10,
            vendorListVersion: 140,
            policyVersion: 5
        )
        tc.purposeConsents = [1, 2, 3, 4, 7]
        tc.purposeLegitimateInterests = [2, 7, 8, 9, 10, 11]
        tc.specialFeatureOptIns = [1, 2]
        tc.disclosedVendors = [1, 2, 3]
        tc.publisherTC = PublisherTC(purposeConsents: [1], purposeLegitimateInterests: [2])
        try tc.publisherRestrictions.insert(vendorId: 5, purposeId: 2, restrictionType: .requireConsent)
        return tc
    }

    @Test func aCompliantStringHasNoFindings() throws {
        #expect(try Self.compliant().validate() == [])
    }

    /// One way to break one rule.
    enum Breakage: String, CaseIterable, Sendable {
        case coreLIForPurpose3, coreLIForPurpose1, publisherLIForPurpose6, policyVersion3, noDisclosedVendors,
            globalScope, differentDays, specialFeature3, restrictionType3, restrictionPurpose30, letterOutsideAZ,
            cmpId0, cmpId1, vendorListVersion0, consentForUndisclosedVendor, legitimateInterestForUndisclosedVendor

        var rule: PolicyRule {
            switch self {
            case .coreLIForPurpose3, .coreLIForPurpose1, .publisherLIForPurpose6: .legitimateInterestForbidden
            case .policyVersion3: .policyVersionTooOld
            case .noDisclosedVendors: .disclosedVendorsMissing
            case .globalScope: .notServiceSpecific
            case .differentDays: .createdDiffersFromLastUpdated
            case .specialFeature3: .undefinedSpecialFeature
            case .restrictionType3, .restrictionPurpose30: .invalidPublisherRestriction
            case .letterOutsideAZ: .invalidLetterCode
            case .cmpId0, .cmpId1: .cmpIdInvalid
            case .vendorListVersion0: .vendorListVersionInvalid
            case .consentForUndisclosedVendor, .legitimateInterestForUndisclosedVendor: .vendorNotDisclosed
            }
        }

        func apply(to tc: inout TCString) {
            switch self {
            case .coreLIForPurpose3: tc.purposeLegitimateInterests = [3]
            case .coreLIForPurpose1: tc.purposeLegitimateInterests = [1, 2]
            case .publisherLIForPurpose6: tc.publisherTC?.purposeLegitimateInterests = [6]
            case .policyVersion3: tc.policyVersion = 3
            case .noDisclosedVendors: tc.disclosedVendors = nil
            case .globalScope: tc.isServiceSpecific = false
            case .differentDays: tc.lastUpdated = Timestamp(iso8601: "2026-03-03")!
            case .specialFeature3: tc.specialFeatureOptIns = [1, 3]
            case .restrictionType3: tc.publisherRestrictions.merge([9], purposeId: 4, restrictionType: .undefined)
            case .restrictionPurpose30: tc.publisherRestrictions.merge([9], purposeId: 30, restrictionType: .notAllowed)
            case .letterOutsideAZ: tc.consentLanguage = TwoLetterCode(rawValue: 63 << 6)
            case .cmpId0: tc.cmpId = 0
            case .cmpId1: tc.cmpId = 1
            case .vendorListVersion0: tc.vendorListVersion = 0
            case .consentForUndisclosedVendor: tc.vendorConsents = [2, 9]
            case .legitimateInterestForUndisclosedVendor: tc.vendorLegitimateInterests = [1, 755]
            }
        }
    }

    /// Each rule, broken on its own, is reported on its own.
    @Test(arguments: Breakage.allCases)
    func eachRuleIsReported(_ breakage: Breakage) throws {
        var tc = try Self.compliant()
        breakage.apply(to: &tc)
        #expect(tc.validate().map(\.rule) == [breakage.rule])
    }

    /// CmpId 2 is the lowest id a registered CMP can hold; VendorListVersion 1 the first list.
    @Test func lowestValidCmpIdAndVendorListVersion() throws {
        var tc = try Self.compliant()
        tc.cmpId = 2
        tc.vendorListVersion = 1
        #expect(tc.validate() == [])
        tc.cmpId = 1
        tc.vendorListVersion = 0
        #expect(
            tc.validate().map(\.description) == [
                "tcf.cmpIdInvalid: CmpId is 1; IDs 0 and 1 are not assigned to registered CMPs",
                "tcf.vendorListVersionInvalid: VendorListVersion is 0; Global Vendor List versions start at 1",
            ]
        )
    }

    /// TCF 2.3: consent and legitimate-interest bits for vendors the Disclosed Vendors segment lacks
    /// are named; bits for disclosed vendors, and any bits on a string without the segment, are not.
    @Test func undisclosedVendorsAreNamed() throws {
        var tc = try Self.compliant()
        tc.vendorConsents = [1, 2, 9, 10, 11, 755]
        tc.vendorLegitimateInterests = [3, 12]
        #expect(
            tc.validate().map(\.description) == [
                "tcf23.vendorNotDisclosed: VendorConsents sets vendors [9-11, 755], which the Disclosed Vendors segment does not list",
                "tcf23.vendorNotDisclosed: VendorLegitimateInterests sets vendors [12], which the Disclosed Vendors segment does not list",
            ]
        )
        tc.disclosedVendors = try VendorSet([1, 2, 3, 9, 10, 11, 12, 755])
        #expect(tc.validate() == [])
        tc.disclosedVendors = nil
        tc.markUpdated(at: Timestamp(iso8601: "2026-02-28")!)
        #expect(tc.validate() == [])
    }

    @Test func datesAtTheBoundaries() throws {
        var tc = try Self.compliant()
        tc.disclosedVendors = nil
        tc.markUpdated(at: Timestamp(iso8601: "2026-02-28T23:59:59Z")!)
        #expect(tc.validate() == [])  // 2.3 does not apply yet
        tc.policyVersion = 2
        tc.markUpdated(at: Timestamp(iso8601: "2023-09-30")!)
        #expect(tc.validate() == [])  // 2.2's policy-version rule does not apply yet
        tc.markUpdated(at: Timestamp(iso8601: "2023-10-01")!)
        #expect(tc.validate().map(\.rule) == [.policyVersionTooOld])
        // A time of day is fine as long as both timestamps are on the same day.
        tc.policyVersion = 4
        tc.lastUpdated = Timestamp(iso8601: "2023-10-01T12:00:00Z")!
        #expect(tc.validate() == [])
    }

    /// The ranges the tool accepts and its help lists come from the field widths and the id sets,
    /// and they are the specification's: CmpId 12 bits, ConsentScreen 6, RestrictionType 2.
    @Test func schemaValuesAreTheSpecificationsRanges() {
        typealias Key = TCString.SchemaKey
        #expect(Key.cmpId.values == 0...4095 && Key.cmpVersion.values == 0...4095)
        #expect(Key.vendorListVersion.values == 0...4095 && Key.consentScreen.values == 0...63)
        #expect(Key.version.values == 0...63 && Key.policyVersion.values == 0...63)
        #expect(Key.purposeConsents.values == 1...24 && Key.specialFeatureOptIns.values == 1...12)
        #expect(Key.vendorConsents.values == 1...65535 && Key.created.values == nil)
        #expect(PublisherRestriction.SchemaKey.purposeId.values == 1...24)
        #expect(PublisherRestriction.SchemaKey.restrictionType.values == 0...3)
        #expect(PublisherTC.SchemaKey.numCustomPurposes.values == 0...63)
        #expect(PublisherTC.SchemaKey.customPurposeConsents.values == 1...63)
        #expect(TCFPolicy.registeredCmpIds == 2...4095)
        #expect(Array(TCFPolicy.definedPurposes) == Array(1...11) && Array(TCFPolicy.definedSpecialFeatures) == [1, 2])
    }

    /// The one reading of the legitimate-interest ban (`TCFPolicy`): purpose 1 on every string,
    /// 3-6 once TCF 2.2 binds the string, by its policy version or by its Created day.
    @Test func legitimateInterestBanOnTCF20Strings() throws {
        var tc = try Self.compliant()
        tc.policyVersion = 2
        tc.markUpdated(at: Timestamp(iso8601: "2023-09-30")!)
        #expect(tc.purposesWithoutLegitimateInterest == [1])
        tc.purposeLegitimateInterests = [2, 3, 4, 5, 6, 7]
        #expect(tc.validate() == [])
        tc.purposeLegitimateInterests = [1, 2]
        #expect(tc.validate().map(\.rule) == [.legitimateInterestForbidden])
        tc.policyVersion = 4
        #expect(tc.purposesWithoutLegitimateInterest == [1, 3, 4, 5, 6])
        tc.policyVersion = 2
        tc.markUpdated(at: Timestamp(iso8601: "2023-10-01")!)
        #expect(tc.purposesWithoutLegitimateInterest == TCFPolicy.consentOnlyPurposes)
    }

}

@Suite struct InAppKeyTests {
    /// Every valid fixture projects to keys that say exactly what the model says, and reads back.
    @Test(arguments: Fixtures.validDecodeVectors)
    func projectsAndReadsBack(_ vector: DecodeVector) throws {
        let tc = try TCString(encoded: vector.tcString)
        let keys = try tc.inAppKeys(gdprApplies: true)
        func bits(_ key: String) -> [Bool] { (keys[key]?.stringValue ?? "").map { $0 == "1" } }
        #expect(keys[InAppKeys.tcString] == .string(vector.tcString))
        #expect(keys[InAppKeys.cmpSdkId] == .int(tc.cmpId))
        #expect(keys[InAppKeys.gdprApplies] == .int(1))
        for (index, on) in bits(InAppKeys.vendorConsents).enumerated() {
            #expect(on == tc.vendorConsents.contains(index + 1))
        }
        #expect(bits(InAppKeys.vendorConsents).count == tc.vendorConsents.max ?? 0)
        for (index, on) in bits(InAppKeys.purposeConsents).enumerated() {
            #expect(on == tc.purposeConsents.contains(index + 1))
        }
        #expect(bits(InAppKeys.purposeConsents).count >= 11)
        #expect((keys[InAppKeys.disclosedVendors] != nil) == (tc.disclosedVendors != nil))
        for restriction in tc.publisherRestrictions where restriction.restrictionType != .undefined {
            let text = Array(keys[InAppKeys.publisherRestrictions(purposeId: restriction.purposeId)]?.stringValue ?? "")
            for vendor in restriction.vendors {
                let expected = tc.publisherRestrictions.restrictionType(
                    vendorId: vendor,
                    purposeId: restriction.purposeId
                )!
                #expect(text[vendor - 1] == Character(String(expected.rawValue)))
            }
        }
        let back = InAppConsent(keys: keys)
        #expect(back.gdprApplies == true)
        #expect(back.cmpId == tc.cmpId && back.policyVersion == tc.policyVersion)
        #expect(back.vendorConsents == tc.vendorConsents)
        #expect(back.vendorLegitimateInterests == tc.vendorLegitimateInterests)
        #expect(back.purposeConsents == tc.purposeConsents)
        #expect(back.specialFeatureOptIns == tc.specialFeatureOptIns)
        #expect(back.disclosedVendors == tc.disclosedVendors)
        #expect(back.publisherCustomPurposeConsents == (tc.publisherTC?.customPurposeConsents ?? []))
        #expect(back.tcString == vector.tcString)
    }

    @Test(
        arguments: [
            (InAppValue.int(1), true), (.int(0), false), (.bool(true), true), (.bool(false), false),
            (.string("1"), true), (.string("0"), false), (.string("true"), true), (.string("FALSE"), false),
        ] as [(InAppValue, Bool)]
    )
    func gdprAppliesIsReadTolerantly(_ stored: InAppValue, _ expected: Bool) {
        let consent = InAppConsent(keys: [InAppKeys.gdprApplies: stored])
        #expect(consent.gdprApplies == expected && consent.problems.isEmpty)
    }

    /// Unset and malformed differ: a value other than 0/1 (or a tolerated spelling) reads as unset
    /// and is reported, never read as "applies".
    @Test(
        arguments: [InAppValue.int(7), .int(-1), .string("maybe"), .string("2"), .string(""), .string(" 1")]
    )
    func malformedGDPRAppliesIsReported(_ stored: InAppValue) {
        let consent = InAppConsent(keys: [InAppKeys.gdprApplies: stored])
        #expect(consent.gdprApplies == nil)
        #expect(consent.problems == [.malformed(key: InAppKeys.gdprApplies, value: stored)])
    }

    /// A derived key is compared by meaning: an absent `IABTCF_DisclosedVendors` reads as no
    /// vendors, so it agrees with a string whose Disclosed Vendors segment lists none, and differs
    /// from one that lists some.
    @Test func anAbsentKeyAgreesOnlyWhereTheStringGrantsNothing() throws {
        let day = Timestamp(deciseconds: 17_000_000_000)
        for (disclosed, mismatches) in [
            (VendorSet(), [] as [InAppProblem]), ([2], [.tcStringMismatch(key: InAppKeys.disclosedVendors)]),
        ] as [(VendorSet, [InAppProblem])] {
            var keys = try TCString(created: day, disclosedVendors: disclosed).inAppKeys(gdprApplies: true)
            #expect(keys[InAppKeys.disclosedVendors] != nil)
            keys[InAppKeys.disclosedVendors] = nil
            #expect(InAppConsent(keys: keys).problems == mismatches, "\(disclosed)")
        }
    }

    @Test func unreadableValuesAreUndetermined() {
        #expect(InAppConsent(keys: [:]).gdprApplies == nil && InAppConsent(keys: [:]).problems.isEmpty)
        #expect(InAppConsent(keys: [InAppKeys.gdprApplies: .string("maybe")]).gdprApplies == nil)
        #expect(InAppConsent(keys: [InAppKeys.gdprApplies: .int(7)]).gdprApplies == nil)
        #expect(
            InAppProblem.malformed(key: InAppKeys.gdprApplies, value: .string("maybe")).description
                == #"malformed IABTCF_gdprApplies: "maybe""#
        )
        let odd = InAppConsent(keys: [
            InAppKeys.vendorConsents: .string("1x1_"), InAppKeys.publisherRestrictions(purposeId: 2): .string("_2x0"),
        ])
        #expect(odd.vendorConsents == [1, 3])
        #expect(odd.publisherRestrictions.restrictionType(vendorId: 2, purposeId: 2) == .requireLegitimateInterest)
        #expect(odd.publisherRestrictions.restrictionType(vendorId: 4, purposeId: 2) == .notAllowed)
        #expect(odd.publisherRestrictions.restrictionType(vendorId: 1, purposeId: 2) == nil)
    }

}

@Suite struct InAppKeyListTests {
    /// The keys taken from a string's text are its value's keys, on every fixture and seeded random
    /// models (restrictions of every type, custom purposes, Disclosed Vendors), and each says id by id
    /// what the value says; a string that does not decode fails as decoding it does.
    @Test(arguments: 0..<2 as Range<UInt64>)
    func keysOfTheTextAreTheValuesKeys(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x1A_9900 + seed)
        var texts = Fixtures.validDecodeVectors.map(\.tcString)
        for _ in 0..<60 { texts.append(try RandomModels.model(&rng).encoded()) }
        for text in texts {
            let tc = try TCString(encoded: text)
            var expected = Self.keysIdById(tc, text)
            for gdprApplies in [nil, true, false] {
                expected["IABTCF_gdprApplies"] = gdprApplies.map { .int($0 ? 1 : 0) }
                let keys = try TCString.inAppKeys(decoding: Array(text.utf8), gdprApplies: gdprApplies)
                #expect(keys == expected, "\(text)")
                #expect(keys == (try tc.inAppKeys(gdprApplies: gdprApplies)), "\(text)")
            }
        }
        for vector in Fixtures.invalidDecodeVectors {
            var errors: [TCStringError?] = [nil, nil]
            do { _ = try TCString(encoded: vector.tcString) } catch { errors[0] = error }
            do { _ = try TCString.inAppKeys(decoding: Array(vector.tcString.utf8), gdprApplies: true) } catch {
                errors[1] = error
            }
            #expect(errors[0] != nil && errors[1] == errors[0], "\(vector.name)")
        }
    }

    /// The fixed keys are the field tables' in-app keys plus `IABTCF_gdprApplies` and
    /// `IABTCF_TCString`, which no field holds: a new row's key cannot be left out of the list.
    @Test func fixedKeysAreTheTablesInAppKeys() {
        let tableKeys = TCString.fieldTable.compactMap(\.inAppKey) + PublisherTC.fieldTable.compactMap(\.inAppKey)
        #expect(Set(InAppKeys.fixedKeys) == Set(tableKeys + [InAppKeys.gdprApplies, InAppKeys.tcString]))
        #expect(Set(tableKeys).count == tableKeys.count)
    }

    /// Reading a value's keys gives back every field that has a key, on seeded random models (every
    /// row of the field tables with an in-app key, the restrictions, Disclosed Vendors present or not).
    @Test(arguments: 0..<2 as Range<UInt64>)
    func readingTheKeysGivesBackTheFields(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x1A_9A00 + seed)
        for _ in 0..<60 {
            let tc = RandomModels.model(&rng)
            let back = InAppConsent(keys: try tc.inAppKeys(gdprApplies: nil))
            #expect(back.cmpId == tc.cmpId && back.cmpVersion == tc.cmpVersion)
            #expect(back.policyVersion == tc.policyVersion)
            #expect(back.publisherCountryCode == tc.publisherCountryCode.description)
            #expect(back.purposeOneTreatment == tc.purposeOneTreatment)
            #expect(back.useNonStandardTexts == tc.useNonStandardTexts)
            #expect(back.specialFeatureOptIns == tc.specialFeatureOptIns)
            #expect(back.purposeConsents == tc.purposeConsents)
            #expect(back.purposeLegitimateInterests == tc.purposeLegitimateInterests)
            #expect(back.vendorConsents == tc.vendorConsents)
            #expect(back.vendorLegitimateInterests == tc.vendorLegitimateInterests)
            #expect(back.disclosedVendors == tc.disclosedVendors)
            let publisher = tc.publisherTC ?? PublisherTC()
            #expect(back.publisherConsents == publisher.purposeConsents)
            #expect(back.publisherLegitimateInterests == publisher.purposeLegitimateInterests)
            #expect(back.publisherCustomPurposeConsents == publisher.customPurposeConsents)
            #expect(back.publisherCustomPurposeLegitimateInterests == publisher.customPurposeLegitimateInterests)
            for restriction in tc.publisherRestrictions {
                for vendor in restriction.vendors {
                    let expected = tc.publisherRestrictions.restrictionType(
                        vendorId: vendor,
                        purposeId: restriction.purposeId
                    )
                    let read = back.publisherRestrictions.restrictionType(
                        vendorId: vendor,
                        purposeId: restriction.purposeId
                    )
                    #expect(read == (expected == .undefined ? nil : expected))
                }
            }
            #expect(back.problems.isEmpty)
        }
    }

    /// Each kind of row is read tolerantly: numbers from booleans and numeric strings and unset when
    /// absent or not a number, flags as 1 or not, codes as their text, id sets from their first
    /// characters only, an absent `IABTCF_DisclosedVendors` as `nil` and a present empty one as empty.
    @Test func eachKindOfRowIsReadTolerantly() throws {
        let empty = InAppConsent(keys: [:])
        #expect(empty.cmpId == nil && empty.cmpVersion == nil && empty.policyVersion == nil)
        #expect(empty.publisherCountryCode == nil && !empty.purposeOneTreatment && !empty.useNonStandardTexts)
        #expect(empty.disclosedVendors == nil && empty.vendorConsents.isEmpty && empty.purposeConsents.isEmpty)
        let odd = InAppConsent(keys: [
            InAppKeys.cmpSdkId: .string("300"), InAppKeys.cmpSdkVersion: .bool(true),
            InAppKeys.policyVersion: .string("five"), InAppKeys.publisherCC: .string("DEU"),
            InAppKeys.purposeOneTreatment: .string("true"), InAppKeys.useNonStandardTexts: .int(2),
            InAppKeys.disclosedVendors: .string(""),
            InAppKeys.purposeConsents: .string("1" + String(repeating: "0", count: 23) + "1"),
            InAppKeys.publisherCustomPurposesConsents: .string(String(repeating: "1", count: 70)),
        ])
        #expect(odd.cmpId == 300 && odd.cmpVersion == 1 && odd.policyVersion == nil)
        #expect(odd.publisherCountryCode == "DEU" && odd.purposeOneTreatment && !odd.useNonStandardTexts)
        #expect(odd.disclosedVendors == VendorSet())
        #expect(odd.purposeConsents == [1])
        let everyCustomPurpose = try CustomPurposeSet(1...CustomPurposeSet.maxID)
        #expect(odd.publisherCustomPurposeConsents == everyCustomPurpose)
    }

    /// The keys written id by id from the value's sets: the reference for the word-wise writer.
    static func keysIdById(_ tc: TCString, _ text: String) -> [String: InAppValue] {
        func binary(length: Int, _ contains: (Int) -> Bool) -> InAppValue {
            .string(
                String(
                    decoding: (1..<length + 1).map { contains($0) ? UInt8(ascii: "1") : UInt8(ascii: "0") },
                    as: UTF8.self
                )
            )
        }
        func vendors(_ set: VendorSet) -> InAppValue { binary(length: set.max ?? 0, set.contains) }
        func small<S: SmallIDSet>(_ set: S, atLeast minimum: Int) -> InAppValue {
            binary(length: max(minimum, set.max ?? 0), set.contains)
        }
        var keys: [String: InAppValue] = [
            "IABTCF_CmpSdkID": .int(tc.cmpId), "IABTCF_CmpSdkVersion": .int(tc.cmpVersion),
            "IABTCF_PolicyVersion": .int(tc.policyVersion),
            "IABTCF_PublisherCC": .string(tc.publisherCountryCode.description),
            "IABTCF_PurposeOneTreatment": .int(tc.purposeOneTreatment ? 1 : 0),
            "IABTCF_UseNonStandardTexts": .int(tc.useNonStandardTexts ? 1 : 0), "IABTCF_TCString": .string(text),
            "IABTCF_VendorConsents": vendors(tc.vendorConsents),
            "IABTCF_VendorLegitimateInterests": vendors(tc.vendorLegitimateInterests),
            "IABTCF_PurposeConsents": small(tc.purposeConsents, atLeast: 11),
            "IABTCF_PurposeLegitimateInterests": small(tc.purposeLegitimateInterests, atLeast: 11),
            "IABTCF_SpecialFeaturesOptIns": small(tc.specialFeatureOptIns, atLeast: 2),
        ]
        keys["IABTCF_DisclosedVendors"] = tc.disclosedVendors.map(vendors)
        if let publisher = tc.publisherTC {
            keys["IABTCF_PublisherConsent"] = small(publisher.purposeConsents, atLeast: 11)
            keys["IABTCF_PublisherLegitimateInterests"] = small(publisher.purposeLegitimateInterests, atLeast: 11)
            keys["IABTCF_PublisherCustomPurposesConsents"] = binary(
                length: publisher.numCustomPurposes,
                publisher.customPurposeConsents.contains
            )
            keys["IABTCF_PublisherCustomPurposesLegitimateInterests"] = binary(
                length: publisher.numCustomPurposes,
                publisher.customPurposeLegitimateInterests.contains
            )
        }
        let defined = tc.publisherRestrictions.filter { $0.restrictionType != .undefined }
        for purposeId in Set(defined.map(\.purposeId)) {
            let entries = defined.filter { $0.purposeId == purposeId }.sorted {
                $0.restrictionType.rawValue < $1.restrictionType.rawValue
            }
            let length = entries.map { $0.vendors.max ?? 0 }.max() ?? 0
            guard length > 0 else { continue }
            // The lowest (most restrictive) type of the entries listing the vendor, `_` for none.
            let types = (1..<length + 1).map { vendor in
                let type = entries.first { $0.vendors.contains(vendor) }?.restrictionType.rawValue
                return type.map { UInt8(ascii: "0") + UInt8($0) } ?? UInt8(ascii: "_")
            }
            keys["IABTCF_PublisherRestrictions\(purposeId)"] = .string(String(decoding: types, as: UTF8.self))
        }
        return keys
    }

    /// Every key the projection writes is defined; the fixed list has no duplicates.
    @Test(arguments: Fixtures.validDecodeVectors)
    func projectionWritesDefinedKeysOnly(_ vector: DecodeVector) throws {
        let keys = try TCString(encoded: vector.tcString).inAppKeys(gdprApplies: false)
        for key in keys.keys { #expect(InAppKeys.isDefined(key), "\(key)") }
    }

    @Test func recognisesRestrictionKeys() {
        #expect(Set(InAppKeys.fixedKeys).count == InAppKeys.fixedKeys.count && InAppKeys.fixedKeys.count == 18)
        for id in 0...63 {
            #expect(
                InAppKeys.purposeId(ofPublisherRestrictionsKey: InAppKeys.publisherRestrictions(purposeId: id)) == id
            )
        }
        for other in [
            "IABTCF_PublisherRestrictions", "IABTCF_PublisherRestrictions01", "IABTCF_PublisherRestrictions64",
            "IABTCF_PublisherRestrictions123", "IABTCF_PublisherRestrictions1a", "IABTCF_PublisherRestrictions-1",
            "IABTCF_AddtlConsent", "IABTCF_TCStringX", "iabtcf_TCString",
        ] {
            #expect(InAppKeys.purposeId(ofPublisherRestrictionsKey: other) == nil, "\(other)")
            #expect(!InAppKeys.isDefined(other), "\(other)")
        }
        #expect(InAppKeys.isDefined("IABTCF_gdprApplies") && InAppKeys.isDefined("IABTCF_PublisherRestrictions24"))
    }
}
