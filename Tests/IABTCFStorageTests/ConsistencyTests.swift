import Foundation
import IABGPP
import IABTCF
import IABTCFStorage
import Testing

/// The derived keys agree with `IABTCF_TCString`, and a reset removes the GPP keys too.
@Suite struct ConsistencyTests {
    /// Accept All, then a CMP that replaces the string with Reject All and leaves the derived keys
    /// of the old choice: every stale key is reported, and writing the string through the one
    /// writer makes them agree again.
    @Test func staleDerivedKeysAreReported() async throws {
        var accepted = TCString(created: Timestamp(iso8601: "2026-03-01")!, cmpId: 300, vendorListVersion: 132)
        accepted.purposeConsents = [1, 2, 3, 4]
        accepted.specialFeatureOptIns = [1]
        accepted.vendorConsents = try VendorSet([755])
        var rejected = accepted
        rejected.purposeConsents = []
        rejected.specialFeatureOptIns = []
        rejected.vendorConsents = VendorSet()
        try await withFreshDefaults { defaults in
            try defaults.writeInAppKeys(for: accepted, gdprApplies: true)
            #expect(defaults.readInAppConsent().problems.isEmpty)
            defaults.set(try rejected.encoded(), forKey: InAppKeys.tcString)
            #expect(
                defaults.readInAppConsent().problems == [
                    .tcStringMismatch(key: InAppKeys.vendorConsents),
                    .tcStringMismatch(key: InAppKeys.purposeConsents),
                    .tcStringMismatch(key: InAppKeys.specialFeaturesOptIns),
                ]
            )
            try defaults.writeInAppKeys(for: rejected, gdprApplies: true)
            #expect(defaults.readInAppConsent().problems.isEmpty)
        }
    }

    /// Keys a CMP writes in another shape but with the same meaning (shorter binary strings,
    /// numbers as strings) agree with the string; every fixture's own keys agree.
    @Test func sameMeaningInAnotherShapeAgrees() async throws {
        var tc = TCString(created: Timestamp(iso8601: "2026-03-01")!, cmpId: 300, vendorListVersion: 132)
        tc.purposeConsents = [1, 3]
        try await withFreshDefaults { defaults in
            try defaults.writeInAppKeys(for: tc, gdprApplies: true)
            defaults.set("101", forKey: InAppKeys.purposeConsents)
            defaults.set("300", forKey: InAppKeys.cmpSdkId)
            #expect(defaults.readInAppConsent().problems.isEmpty)
            defaults.set("1011", forKey: InAppKeys.purposeConsents)
            #expect(defaults.readInAppConsent().problems == [.tcStringMismatch(key: InAppKeys.purposeConsents)])
        }
        for fixture in ValidFixture.all {
            let keys = try TCString.inAppKeys(decoding: Array(fixture.tcString.utf8), gdprApplies: true)
            #expect(InAppConsent(keys: keys).problems.isEmpty, "\(fixture.name)")
        }
    }

    /// A derived key the string says nothing about but the CMP left behind (a publisher
    /// restriction of an earlier string) is out of step too; so is a missing one.
    @Test func leftoverAndMissingKeysAreReported() async throws {
        var tc = TCString(created: Timestamp(iso8601: "2026-03-01")!, cmpId: 300, vendorListVersion: 132)
        tc.purposeConsents = [1]
        try await withFreshDefaults { defaults in
            try defaults.writeInAppKeys(for: tc, gdprApplies: true)
            defaults.set("_1", forKey: InAppKeys.publisherRestrictions(purposeId: 3))
            defaults.removeObject(forKey: InAppKeys.purposeConsents)
            #expect(
                defaults.readInAppConsent().problems == [
                    .tcStringMismatch(key: InAppKeys.purposeConsents),
                    .tcStringMismatch(key: InAppKeys.publisherRestrictions(purposeId: 3)),
                ]
            )
        }
    }

    /// `removeInAppKeys()` resets the GPP keys as well: every `IABGPP_`-prefixed key goes, the
    /// app's own keys stay.
    @Test func removeInAppKeysRemovesGPPKeys() async throws {
        let section = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let gpp = try GPPString(encoded: "DBACNY~\(section)~1YNN")
        try await withFreshDefaults { defaults in
            try defaults.writeInAppKeys(for: gpp, gdprApplies: true)
            let gppKeys: [String: Any] = [
                "IABGPP_HDR_Version": 1, "IABGPP_HDR_Sections": "2_6", "IABGPP_6_String": "1YNN",
                "IABGPP_2_TCString": section, "IABGPP_USPV1_Notice": "Y", "IABGPP_TCFEU2_PurposeConsents": "1",
            ]
            for (key, value) in gppKeys { defaults.set(value, forKey: key) }
            defaults.set("keep", forKey: "app.IABGPP_setting")
            defaults.removeInAppKeys()
            #expect(defaults.readInAppKeys().isEmpty && defaults.readGPPKeys().isEmpty)
            let left = defaults.dictionaryRepresentation().keys.filter { $0.hasPrefix("IABGPP_") }
            #expect(left.isEmpty, "\(left.sorted())")
            #expect(defaults.string(forKey: "app.IABGPP_setting") == "keep")
        }
    }
}
