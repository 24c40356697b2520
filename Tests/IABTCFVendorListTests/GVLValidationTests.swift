import IABTCF
import IABTCFVendorList
import Testing

/// `TCString.validate(against:)`: the findings that need the vendor list.
@Suite struct GVLValidationTests {
    func rules(_ tc: TCString) -> [String] { tc.validate(against: ruleGVL).map(\.rule.name) }

    @Test func cleanStringHasNoListFindings() {
        let tc = ruleString {
            $0.vendorListVersion = 9
            $0.vendorConsents = [1, 2, 7]
            $0.vendorLegitimateInterests = [3, 4, 8]
            $0.purposeLegitimateInterests = [2, 7]
        }
        #expect(rules(tc).isEmpty)
    }

    @Test func eachListFinding() throws {
        #expect(
            rules(
                ruleString {
                    $0.vendorListVersion = 10
                    $0.vendorConsents = [1]
                    $0.vendorLegitimateInterests = []
                    $0.purposeLegitimateInterests = []
                }
            ) == ["gvl.vendorListVersionAhead"]
        )
        #expect(
            rules(
                ruleString {
                    $0.vendorListVersion = 9
                    $0.vendorConsents = [1, 42]
                    $0.vendorLegitimateInterests = []
                    $0.purposeLegitimateInterests = []
                }
            ) == ["gvl.vendorNotInList"]
        )
        #expect(
            rules(
                ruleString {
                    $0.vendorListVersion = 9
                    $0.vendorConsents = [6]
                    $0.vendorLegitimateInterests = []
                    $0.purposeLegitimateInterests = []
                }
            ) == ["gvl.vendorDeleted"]
        )
        // Vendor 2 declares consent only (flexible, so LI is possible); 9 likewise; 5 declares no LI at all.
        #expect(
            rules(
                ruleString {
                    $0.vendorListVersion = 9
                    $0.vendorConsents = []
                    $0.vendorLegitimateInterests = [2, 5]
                    $0.purposeLegitimateInterests = []
                }
            ) == ["gvl.legitimateInterestUndeclared"]
        )
        // Special purposes rest on LI: vendor 1 declares one, so its LI bit is expected.
        #expect(
            rules(
                ruleString {
                    $0.vendorListVersion = 9
                    $0.vendorConsents = []
                    $0.vendorLegitimateInterests = [1]
                    $0.purposeLegitimateInterests = []
                }
            ).isEmpty
        )
        let restricted = ruleString {
            $0.vendorListVersion = 9
            $0.vendorConsents = []
            $0.vendorLegitimateInterests = []
            $0.purposeLegitimateInterests = []
            try restrict(&$0, 2, .requireConsent, [3, 4])  // 3 is not flexible
            try restrict(&$0, 2, .notAllowed, [1])  // type 0 needs no flexibility
        }
        let findings = restricted.validate(against: ruleGVL)
        #expect(findings.map(\.rule.name) == ["gvl.restrictionNotFlexible"])
        #expect(findings.first?.message.contains("vendors [3]") == true)
    }
}
