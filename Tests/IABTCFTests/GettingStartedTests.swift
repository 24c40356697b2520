import Testing

@testable import IABTCF

/// The DocC article "Getting started", statement by statement, kept true.
@Suite struct GettingStartedTests {
    static let headline =
        "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"

    @Test func article() throws {
        let tc = try TCString(encoded: Self.headline)
        #expect(tc.cmpId == 300 && tc.policyVersion == 5)
        #expect(tc.lastUpdated.description == "2026-11-02T00:00:00.000Z")
        #expect(throws: TCStringError.self) { try TCString(encoded: "CQtDjkAQtDjkAEsACBENCMFo!") }
        do {
            _ = try TCString(encoded: "CQtDjkAQtDjkAEsACBENCMFo!")
        } catch {
            #expect(
                error.description
                    == "not a TC string: '!' is not a base64url character, only A-Z a-z 0-9 - _ (character 25; segment 0, bit 144) [invalidCharacter]"
            )
        }
        #expect(tc.purposeConsents.contains(1) && tc.purposeLegitimateInterests.contains(7))
        #expect(tc.specialFeatureOptIns.contains(1) && tc.vendorConsents.contains(755))
        #expect(!tc.vendorLegitimateInterests.contains(6) && tc.disclosedVendors?.contains(793) == true)
        #expect(tc.publisherRestrictions.restrictionType(vendorId: 32, purposeId: 2) == .requireConsent)
        #expect(tc.publisherRestrictions.restrictionType(vendorId: 755, purposeId: 2) == nil)
        #expect(tc.validate().isEmpty)

        var test = TCString(created: Timestamp(iso8601: "2026-11-02")!, cmpId: 300, vendorListVersion: 140)
        test.purposeConsents = [1, 2, 3, 4]
        test.vendorConsents = try VendorSet([2, 755])
        test.disclosedVendors = test.vendorConsents
        let text = try test.encoded()
        #expect(try TCString(encoded: text) == test)

        let keys = try tc.inAppKeys(gdprApplies: true)
        #expect(keys["IABTCF_PurposeConsents"] == .string("11110010110"))
        #expect(InAppConsent(keys: keys).vendorConsents.contains(755))
    }
}
