package import IABTCF
package import TCFJSON

extension GlobalVendorList.CustomChoice {
    /// The keys of a choice in JSON; any other key is an error naming it. The sets a choice
    /// shares with a TC string take the decode schema's names.
    package static let jsonKeys = [
        purposeConsents, "purposeLegitimateInterestObjections", specialFeatureOptIns, vendorConsents,
        "vendorLegitimateInterestObjections",
    ]
    private static let purposeConsents = TCString.SchemaKey.purposeConsents.stringValue
    private static let specialFeatureOptIns = TCString.SchemaKey.specialFeatureOptIns.stringValue
    private static let vendorConsents = TCString.SchemaKey.vendorConsents.stringValue

    /// Reads a choice from a JSON object with any of ``jsonKeys``, each a list of ids (`tcstring
    /// encode --choice FILE`); a key left out is empty. Errors name the key.
    package init(json: JSON) throws(ModelError) {
        let fields = try Fields(json, path: "", keys: Self.jsonKeys)
        self.init(
            purposeConsents: try fields.smallSet(Self.purposeConsents) ?? [],
            purposeLegitimateInterestObjections: try fields.smallSet("purposeLegitimateInterestObjections") ?? [],
            specialFeatureOptIns: try fields.smallSet(Self.specialFeatureOptIns) ?? [],
            vendorConsents: try fields.vendors(Self.vendorConsents) ?? [],
            vendorLegitimateInterestObjections: try fields.vendors("vendorLegitimateInterestObjections") ?? []
        )
    }
}
