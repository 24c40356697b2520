import IABTCF
import IABTCFVendorList
import TestSupport
import Testing

/// The 2026 vendor list additions (Policy 5.0.b): top-level `standardTexts`, in lists and in
/// translations, and special purpose 3.
@Suite struct GVL2026Tests {
    /// A list shaped like version 169 on: three special purposes, a vendor declaring all three,
    /// a `standardTexts` object.
    static let list = """
        {"gvlSpecificationVersion": 3, "vendorListVersion": 178, "tcfPolicyVersion": 5,
         "lastUpdated": "2026-09-24T16:00:25Z",
         "purposes": {"1": {"id": 1, "name": "Store and/or access information on a device"}},
         "specialPurposes": {
           "1": {"id": 1, "name": "Ensure security, prevent and detect fraud, and fix errors"},
           "2": {"id": 2, "name": "Deliver and present advertising and content"},
           "3": {"id": 3, "name": "Save and communicate privacy choices"}},
         "standardTexts": {"features": "These processing methods can only be used for one or more purposes.",
                           "future": {"nested": ["kept out"]}},
         "vendors": {"755": {"id": 755, "name": "Google Advertising Products", "purposes": [1],
                             "specialPurposes": [1, 2, 3]}}}
        """

    @Test func standardTextsAndSpecialPurpose3() throws {
        let gvl = try GlobalVendorList(json: Self.list)
        #expect(
            gvl.standardTexts == ["features": "These processing methods can only be used for one or more purposes."]
        )
        #expect(gvl.specialPurposes[3]?.name == "Save and communicate privacy choices")
        #expect(gvl.vendors[755]?.specialPurposes == [1, 2, 3])
        #expect(gvl.vendors(declaringSpecialPurpose: 3) == [755])
        // A TC string does not carry special purposes; disclosure still decides.
        var tc = TCString(created: Timestamp(iso8601: "2026-11-20")!, cmpId: 300, vendorListVersion: 178)
        tc.disclosedVendors = [755]
        #expect(tc.permission(vendor: 755, specialPurpose: 3, in: gvl).isAllowed)
        tc.disclosedVendors = [1]
        #expect(tc.permission(vendor: 755, specialPurpose: 3, in: gvl).reason == .notDisclosed)
        // The 2023 fixture predates both.
        #expect(GVLFixtures.v17.standardTexts.isEmpty && GVLFixtures.v17.specialPurposes[3] == nil)
    }

    @Test func translationsCarryStandardTexts() throws {
        let french = try GlobalVendorListTranslation(
            json: """
                {"gvlSpecificationVersion": 3, "vendorListVersion": 178, "tcfPolicyVersion": 5,
                 "lastUpdated": "2026-09-24T16:00:25Z",
                 "specialPurposes": {"3": {"id": 3, "name": "Enregistrer et communiquer les choix en matière de confidentialité"}},
                 "standardTexts": {"features": "Ces méthodes de traitement ne peuvent être utilisées que dans le cadre d’une ou plusieurs finalités."}}
                """
        )
        #expect(french.standardTexts.count == 1)
        let translated = try GlobalVendorList(json: Self.list).translated(french)
        #expect(translated.standardTexts["features"]?.hasPrefix("Ces méthodes") == true)
        #expect(translated.specialPurposes[3]?.name.hasPrefix("Enregistrer") == true)
        #expect(translated.specialPurposes[1]?.name.hasPrefix("Ensure") == true)
    }

    @Test func badStandardTextsNameTheMember() {
        let bad = #"{"vendorListVersion": 1, "standardTexts": {"features": "\q"}, "vendors": {}}"#
        #expect {
            try GlobalVendorList(json: bad)
        } throws: { error in
            (error as? JSONInputError)?.message.hasPrefix("at standardTexts.features") == true
        }
    }
}
