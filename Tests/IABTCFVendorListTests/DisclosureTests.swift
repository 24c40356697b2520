import IABTCF
import IABTCFVendorList
import TestSupport
import Testing

/// TCF 2.3: with a Disclosed Vendors segment, a vendor absent from it is allowed nothing, in every
/// API that answers permissions; a string without the segment is read as before.
@Suite struct DisclosureTests {
    /// Seeded random strings on the v17 list's vendors, each with a Disclosed Vendors segment that
    /// leaves out a random part of the vendors that have consent or legitimate-interest bits.
    static func strings(count: Int, seed: UInt64) -> [TCString] {
        var rng = SplitMix64(seed: seed)
        let ids = Array(GVLFixtures.v17.vendorIds)
        func some(_ percent: Int) -> VendorSet {
            try! VendorSet(ids.filter { _ in Int.random(in: 0..<100, using: &rng) < percent })
        }
        return (0..<count).map { _ in
            ruleString {
                $0.purposeConsents = RandomModels.smallSet(&rng)
                $0.purposeLegitimateInterests = RandomModels.smallSet(&rng)
                $0.specialFeatureOptIns = RandomModels.smallSet(&rng)
                $0.vendorConsents = some(70)
                $0.vendorLegitimateInterests = some(70)
                $0.disclosedVendors = some(Int.random(in: 0...100, using: &rng))
                $0.policyVersion = [2, 4, 5].randomElement(using: &rng)!
                for _ in 0..<Int.random(in: 0...6, using: &rng) {
                    try restrict(
                        &$0,
                        Int.random(in: 1...11, using: &rng),
                        RestrictionType(rawValue: Int.random(in: 0...2, using: &rng))!,
                        Array(some(20))
                    )
                }
            }
        }
    }

    /// Every live vendor of the list absent from the segment is refused with `notDisclosed` by the single
    /// answers, the matrix, `basicPermission` and the special purposes and features; every vendor
    /// gets the independent evaluator's answer.
    @Test func undisclosedVendorsAreRefusedEverywhere() {
        let gvl = GVLFixtures.v17
        var refused = 0
        for tc in Self.strings(count: 12, seed: 2026) {
            let disclosed = tc.disclosedVendors!
            let matrix = tc.permissions(in: gvl)
            let snapshot = BruteForcePermissions.Snapshot(tc)
            for vendor in gvl.vendorIds {
                // A deleted vendor is refused as deleted first.
                let notDisclosed = !disclosed.contains(vendor) && !gvl.deletedVendorIds.contains(vendor)
                for purpose in 1...11 {
                    let expected = BruteForcePermissions.permission(
                        snapshot,
                        vendor: vendor,
                        purpose: purpose,
                        gvl: gvl
                    )
                    let answers = [
                        tc.permission(vendor: vendor, purpose: purpose, in: gvl),
                        matrix.permission(vendor: vendor, purpose: purpose),
                    ]
                    #expect(answers.allSatisfy { $0 == expected })
                    let basic = tc.basicPermission(vendor: vendor, purpose: purpose)
                    #expect(basic == BruteForcePermissions.basic(snapshot, vendor: vendor, purpose: purpose))
                    if notDisclosed {
                        #expect((answers + [basic]).allSatisfy { !$0.isAllowed && $0.reason == .notDisclosed })
                        #expect(!matrix.isAllowed(vendor: vendor, purpose: purpose))
                        #expect(!matrix.allowedVendors(purpose: purpose).contains(vendor))
                        refused += 1
                    }
                }
                for id in 1...2 {
                    let specialPurpose = matrix.permission(vendor: vendor, specialPurpose: id)
                    let specialFeature = matrix.permission(vendor: vendor, specialFeature: id)
                    #expect(
                        specialPurpose
                            == BruteForcePermissions.specialPurpose(snapshot, vendor: vendor, id: id, gvl: gvl)
                    )
                    #expect(
                        specialFeature
                            == BruteForcePermissions.specialFeature(snapshot, vendor: vendor, id: id, gvl: gvl)
                    )
                    if notDisclosed {
                        #expect(specialPurpose.reason == .notDisclosed && specialFeature.reason == .notDisclosed)
                        #expect(!matrix.allowedVendors(specialPurpose: id).contains(vendor))
                        #expect(!matrix.allowedVendors(specialFeature: id).contains(vendor))
                    }
                }
            }
        }
        // The seed leaves out enough vendors for the check to mean something.
        #expect(refused > 10_000)
    }

    /// The same strings without the segment: nothing is inferred, no answer is `notDisclosed`.
    @Test func withoutTheSegmentNothingIsInferred() {
        let gvl = GVLFixtures.v17
        for var tc in Self.strings(count: 4, seed: 7) {
            tc.disclosedVendors = nil
            let matrix = tc.permissions(in: gvl)
            for vendor in gvl.vendorIds {
                #expect(!tc.isUndisclosed(vendor: vendor))
                for purpose in 1...11 {
                    #expect(matrix.permission(vendor: vendor, purpose: purpose).reason != .notDisclosed)
                    #expect(tc.basicPermission(vendor: vendor, purpose: purpose).reason != .notDisclosed)
                }
            }
        }
    }
}
