import IABTCF
import IABTCFVendorList
import Testing

/// The TCF 2.2 ban on legitimate interest has one reading: validation, permissions (one by one and
/// as a matrix) and the CMP string builder all give the answer `TCFPolicy` documents.
@Suite struct LegitimateInterestBanTests {
    /// A list whose vendor 1 declares every defined purpose on legitimate interest.
    static func list(policyVersion: Int) throws -> GlobalVendorList {
        let purposes = (1...11).map { #""\#($0)": {"id": \#($0), "name": "p\#($0)"}"# }
        return try GlobalVendorList(
            json: """
                {"gvlSpecificationVersion": 3, "vendorListVersion": 9, "tcfPolicyVersion": \(policyVersion),
                 "purposes": {\(purposes.joined(separator: ", "))},
                 "vendors": {"1": {"id": 1, "name": "v1", "legIntPurposes": [\((1...11).map(String.init).joined(separator: ", "))]}}}
                """
        )
    }

    /// Written from the rule, not from the library: purpose 1 never; 3-6 from policy 4 or 2023-10-01.
    static func banned(_ purpose: Int, policyVersion: Int, created: Timestamp) -> Bool {
        let tcf22 = policyVersion >= 4 || created >= Timestamp(iso8601: "2023-10-01")!
        return purpose == 1 || (tcf22 && (3...6).contains(purpose))
    }

    static let days = ["2020-09-13", "2023-09-30", "2023-10-01", "2026-11-25"].map { Timestamp(iso8601: $0)! }

    @Test(arguments: [2, 3, 4, 5])
    func validationAndPermissionsAgree(policyVersion: Int) throws {
        let gvl = try Self.list(policyVersion: policyVersion)
        for created in Self.days {
            for purpose in 1...11 {
                var tc = TCString(created: created, cmpId: 300, vendorListVersion: 9, policyVersion: policyVersion)
                tc.purposeLegitimateInterests = try PurposeSet([purpose])
                tc.vendorLegitimateInterests = [1]
                tc.disclosedVendors = [1]  // TCF 2.3 requires the segment from 2026-03-01
                let banned = Self.banned(purpose, policyVersion: policyVersion, created: created)
                #expect(tc.purposesWithoutLegitimateInterest.contains(purpose) == banned)
                #expect(tc.validate().contains { $0.rule == .legitimateInterestForbidden } == banned)
                let permission = tc.permission(vendor: 1, purpose: purpose, in: gvl)
                #expect(permission.isAllowed == !banned)
                #expect((permission.reason == .legitimateInterestNotAllowed) == banned)
                #expect(tc.permissions(in: gvl).permission(vendor: 1, purpose: purpose) == permission)
                #expect(tc.basicPermission(vendor: 1, purpose: purpose).isAllowed == !banned)
            }
        }
    }

    /// Accept All sets legitimate interest for exactly the purposes the string may rest on it.
    @Test(arguments: [2, 4, 5])
    func theBuilderAgrees(policyVersion: Int) throws {
        let gvl = try Self.list(policyVersion: policyVersion)
        let day = Timestamp(iso8601: "2023-09-30")!
        let tc = try gvl.tcString(for: .acceptAll, cmp: GlobalVendorList.CMP(id: 300), day: day)
        let expected = (1...11).filter { !Self.banned($0, policyVersion: policyVersion, created: day) }
        #expect(Array(tc.purposeLegitimateInterests) == expected)
        #expect(tc.validate(against: gvl).isEmpty)
    }

    /// A policy-2 list after the cut-over: the string is refused for its policy version alone, since
    /// Accept All leaves 3-6 off legitimate interest as TCF 2.2 requires of it.
    @Test func anOldListAfterTheCutOver() throws {
        let gvl = try Self.list(policyVersion: 2)
        let day = Timestamp(iso8601: "2023-10-01")!
        #expect {
            try gvl.tcString(for: .acceptAll, cmp: GlobalVendorList.CMP(id: 300), day: day)
        } throws: { error in
            (error as? GlobalVendorList.ChoiceError)?.findings.map(\.rule) == [.policyVersionTooOld]
        }
    }
}
