import Foundation
import IABGPP
import IABTCF
import IABTCFStorage
import Testing

@Suite struct StoreTests {
    @Test func everyFixtureIsLoaded() {
        #expect(ValidFixture.all.count >= 100)
    }

    /// TC string → keys in UserDefaults → read back: the codec's own keys and model, for every fixture,
    /// with `IABTCF_gdprApplies` set, then cleared, then set to 0 over the same defaults.
    @Test(arguments: ValidFixture.all)
    func roundTripsEveryValidFixture(_ fixture: ValidFixture) async throws {
        let tc = try TCString(encoded: fixture.tcString)
        try await withFreshDefaults { defaults in
            let expected = try tc.inAppKeys(gdprApplies: true)
            try defaults.writeInAppKeys(for: tc, gdprApplies: true)
            #expect(defaults.readInAppKeys() == expected)
            let consent = defaults.readInAppConsent()
            #expect(consent == InAppConsent(keys: expected))
            #expect(consent.tcString == fixture.tcString && consent.gdprApplies == true)
            for gdprApplies in [nil, false] as [Bool?] {
                try defaults.writeInAppKeys(for: tc, gdprApplies: gdprApplies)
                #expect(defaults.readInAppKeys() == (try tc.inAppKeys(gdprApplies: gdprApplies)))
            }
        }
    }

    /// Writing every fixture in turn over the same defaults leaves exactly the last one's keys.
    @Test func overwritingLeavesOnlyTheNewKeys() async throws {
        try await withFreshDefaults { defaults in
            defaults.set("keep", forKey: "unrelated")
            for fixture in ValidFixture.all {
                let tc = try TCString(encoded: fixture.tcString)
                try defaults.writeInAppKeys(for: tc, gdprApplies: true)
                #expect(defaults.readInAppKeys() == (try tc.inAppKeys(gdprApplies: true)), "\(fixture.name)")
            }
            #expect(defaults.string(forKey: "unrelated") == "keep")
        }
    }

    @Test func removesStaleKeysOnly() async throws {
        try await withFreshDefaults { defaults in
            var tc = TCString(created: Timestamp(iso8601: "2026-03-01")!, cmpId: 300, vendorListVersion: 132)
            try tc.publisherRestrictions.insert(vendorId: 5, purposeId: 1, restrictionType: .requireConsent)
            try tc.publisherRestrictions.insert(vendorId: 7, purposeId: 2, restrictionType: .notAllowed)
            tc.disclosedVendors = try VendorSet([5, 7])
            let unrelated: [String: Any] = [
                "IABTCF_AddtlConsent": "2~1.35~dv.", "IABTCF_SomeSDKFlag": 1, "IABGPP_HDR_GppString": "DBAA",
                "IABTCF_PublisherRestrictions01": "1", "app.setting": true,
            ]
            for (key, value) in unrelated { defaults.set(value, forKey: key) }
            defaults.set("stale", forKey: InAppKeys.publisherRestrictions(purposeId: 40))

            try defaults.writeInAppKeys(for: tc, gdprApplies: true)
            #expect(defaults.string(forKey: "IABTCF_PublisherRestrictions1") == "____1")
            #expect(defaults.string(forKey: "IABTCF_PublisherRestrictions2") == "______0")
            #expect(defaults.string(forKey: "IABTCF_DisclosedVendors") == "0000101")
            #expect(defaults.object(forKey: "IABTCF_PublisherRestrictions40") == nil)

            tc.publisherRestrictions = PublisherRestrictions()
            try tc.publisherRestrictions.insert(vendorId: 5, purposeId: 1, restrictionType: .requireConsent)
            tc.disclosedVendors = nil
            try defaults.writeInAppKeys(for: tc, gdprApplies: nil)
            #expect(defaults.string(forKey: "IABTCF_PublisherRestrictions1") == "____1")
            #expect(defaults.object(forKey: "IABTCF_PublisherRestrictions2") == nil)
            #expect(defaults.object(forKey: "IABTCF_DisclosedVendors") == nil)
            #expect(defaults.object(forKey: "IABTCF_gdprApplies") == nil)
            #expect(defaults.readInAppKeys() == (try tc.inAppKeys(gdprApplies: nil)))
            for (key, value) in unrelated {
                #expect((defaults.object(forKey: key) as? NSObject) == (value as? NSObject), "\(key)")
            }

            defaults.removeInAppKeys()
            #expect(defaults.readInAppKeys().isEmpty)
            // The GPP keys are reset with the IABTCF_ keys (ConsistencyTests); the others stay.
            for (key, _) in unrelated {
                #expect((defaults.object(forKey: key) == nil) == key.hasPrefix("IABGPP_"), "\(key)")
            }
        }
    }

    /// A GPP string's keys round-trip through UserDefaults next to the IABTCF_ keys; writing a
    /// plain TC string afterwards leaves the GPP keys, and the store reports them out of step.
    @Test func gppKeysRoundTripAndMismatchesAreReported() async throws {
        let section = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let gpp = try GPPString(encoded: "DBACNY~\(section)~1YNN")
        try await withFreshDefaults { defaults in
            try defaults.writeInAppKeys(for: gpp, gdprApplies: true)
            #expect(defaults.string(forKey: "IABGPP_HDR_GppString") == "DBACNY~\(section)~1YNN")
            #expect(defaults.string(forKey: "IABGPP_GppSID") == "2_6")
            #expect(defaults.string(forKey: "IABGPP_2_String") == section)
            // The IABTCF_ keys of the section and the GPP CMP API's keys of every section.
            let keys = try gpp.inAppKeys(gdprApplies: true).merging(gpp.gppInAppKeys()) { $1 }
            #expect(defaults.string(forKey: "IABGPP_6_String") == "1YNN")
            #expect(defaults.readInAppKeys().merging(defaults.readGPPKeys()) { $1 } == keys)
            let consent = defaults.readInAppConsent()
            let gppConsent = defaults.readGPPInAppConsent()
            #expect(consent == InAppConsent(keys: keys) && gppConsent == GPPInAppConsent(keys: keys))
            #expect(consent.tcString == section && consent.problems.isEmpty)
            #expect(gppConsent.gppSectionIds == [2, 6] && gppConsent.problems.isEmpty)

            let other = try TCString(encoded: ValidFixture.all[0].tcString)
            try defaults.writeInAppKeys(for: other, gdprApplies: true)
            #expect(defaults.string(forKey: "IABGPP_2_String") == section)
            #expect(defaults.readInAppConsent().problems.isEmpty)
            #expect(
                defaults.readGPPInAppConsent().problems == [
                    .tcStringMismatch(key: "IABGPP_2_String"), .tcStringMismatch(key: "IABGPP_HDR_GppString"),
                ]
            )
        }
    }

    /// Only GPP keys (a CMP that writes GPP alone): no TC string, the GPP's in gppTCString.
    @Test func onlyGPPKeys() async {
        let section = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        await withFreshDefaults { defaults in
            defaults.set(section, forKey: "IABGPP_2_TCString")
            defaults.set("2", forKey: "IABGPP_GppSID")
            let consent = defaults.readGPPInAppConsent()
            #expect(defaults.readInAppConsent().tcString == nil)
            #expect(consent.gppTCString == section && consent.gppSectionIds == [2])
            #expect(defaults.readInAppKeys().isEmpty)
        }
    }

    /// What CMPs actually store for `IABTCF_gdprApplies`, and numbers that arrive as strings.
    @Test(
        arguments: [
            (1, true), (0, false), (true, true), (false, false), ("1", true), ("0", false), ("true", true),
            ("false", false), (NSNumber(value: 1), true), (NSNumber(value: false), false), (Int64(1), true),
            (UInt8(0), false), (1.0, true), ("2", nil), ("maybe", nil), (Data([1]), nil), (1.5, nil),
        ] as [(any Sendable, Bool?)]
    )
    func readsGDPRAppliesTolerantly(_ stored: any Sendable, _ expected: Bool?) async {
        await withFreshDefaults { defaults in
            defaults.set(stored, forKey: InAppKeys.gdprApplies)
            let consent = defaults.readInAppConsent()
            #expect(consent.gdprApplies == expected)
            // A value read but neither 0 nor 1 is malformed; a type no CMP writes reads as unset.
            let readable = defaults.inAppValue(forKey: InAppKeys.gdprApplies)
            #expect(
                consent.problems
                    == (expected == nil
                        ? readable.map { [.malformed(key: InAppKeys.gdprApplies, value: $0)] } ?? [] : [])
            )
        }
    }

    @Test func unsetAndMalformedGDPRAppliesDiffer() async {
        await withFreshDefaults { defaults in
            #expect(defaults.readInAppConsent().gdprApplies == nil && defaults.readInAppConsent().problems.isEmpty)
            defaults.set(2, forKey: InAppKeys.gdprApplies)
            #expect(defaults.readInAppConsent().problems == [.malformed(key: InAppKeys.gdprApplies, value: .int(2))])
        }
    }

    @Test func readsNumbersWrittenAsStringsAndOddTypes() async {
        await withFreshDefaults { defaults in
            defaults.set("300", forKey: InAppKeys.cmpSdkId)
            defaults.set(NSNumber(value: 4), forKey: InAppKeys.cmpSdkVersion)
            defaults.set(4.0, forKey: InAppKeys.policyVersion)
            defaults.set(true, forKey: InAppKeys.purposeOneTreatment)
            defaults.set("1", forKey: InAppKeys.useNonStandardTexts)
            defaults.set("101", forKey: InAppKeys.purposeConsents)
            defaults.set(Date(), forKey: InAppKeys.vendorConsents)
            let consent = defaults.readInAppConsent()
            #expect(consent.cmpId == 300 && consent.cmpVersion == 4 && consent.policyVersion == 4)
            #expect(consent.purposeOneTreatment && consent.useNonStandardTexts)
            #expect(consent.purposeConsents == [1, 3])
            #expect(consent.vendorConsents.isEmpty)
            #expect(defaults.readInAppKeys()[InAppKeys.vendorConsents] == nil)
            // A write replaces the tolerated types with the CMP API's own.
            defaults.writeInAppKeys([InAppKeys.cmpSdkId: .int(300), InAppKeys.purposeOneTreatment: .int(1)])
            #expect(defaults.object(forKey: InAppKeys.cmpSdkId) as? Int == 300)
            #expect(defaults.object(forKey: InAppKeys.vendorConsents) == nil)
        }
    }

    @Test func propertyListValues() {
        #expect(InAppValue(propertyListValue: "x") == .string("x"))
        #expect(InAppValue(propertyListValue: 7) == .int(7))
        #expect(InAppValue(propertyListValue: true) == .bool(true))
        #expect(InAppValue(propertyListValue: NSNumber(value: 2)) == .int(2))
        #expect(InAppValue(propertyListValue: Int8(1))?.intValue == 1)  // .bool(true) on Apple platforms
        #expect(InAppValue(propertyListValue: UInt64.max) == nil)
        #expect(InAppValue(propertyListValue: 3.0) == .int(3))
        #expect(InAppValue(propertyListValue: Double.nan) == nil)
        #expect(InAppValue(propertyListValue: [1]) == nil)
        for value in [InAppValue.int(-3), .string("0101"), .bool(false)] {
            #expect(InAppValue(propertyListValue: value.propertyListValue) == value)
        }
    }

    /// The protocol is enough for any store: a dictionary-backed one behaves like UserDefaults.
    @Test func customStore() throws {
        final class DictionaryStore: ConsentKeyValueStore {
            var storage: [String: InAppValue] = ["other": .int(1)]
            func inAppValue(forKey key: String) -> InAppValue? { storage[key] }
            func setInAppValue(_ value: InAppValue, forKey key: String) { storage[key] = value }
            func removeInAppValue(forKey key: String) { storage[key] = nil }
            var storedKeys: [String] { Array(storage.keys) }
        }
        let store = DictionaryStore()
        let tc = try TCString(encoded: ValidFixture.all[0].tcString)
        try store.writeInAppKeys(for: tc, gdprApplies: true)
        #expect(store.readInAppKeys() == (try tc.inAppKeys(gdprApplies: true)))
        store.removeInAppKeys()
        #expect(store.storage == ["other": .int(1)])
    }
}
