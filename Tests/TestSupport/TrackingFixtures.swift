package import IABTCF

/// TC strings a CMP would save after "accept all" or "refuse all".
package enum TrackingFixtures {
    package static func acceptAll() throws -> TCString {
        var tc = TCString(created: Timestamp(iso8601: "2026-03-01")!, cmpId: 10)
        tc.purposeConsents = try PurposeSet(1...11)
        tc.purposeLegitimateInterests = [2, 7, 8, 9, 10, 11]
        tc.specialFeatureOptIns = [1, 2]
        tc.vendorConsents = try VendorSet(1...50)
        tc.vendorLegitimateInterests = try VendorSet(1...50)
        tc.disclosedVendors = try VendorSet(1...50)
        return tc
    }

    package static func refuseAll() throws -> TCString {
        var tc = try acceptAll()
        tc.purposeConsents = []
        tc.purposeLegitimateInterests = []
        tc.specialFeatureOptIns = []
        tc.vendorConsents = []
        tc.vendorLegitimateInterests = []
        return tc
    }
}
