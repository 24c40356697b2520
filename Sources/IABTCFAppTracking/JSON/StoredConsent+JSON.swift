import IABTCFVendorList
package import TCFJSON

extension StoredConsent {
    /// What the stored keys give (``init(inAppKeys:expiresAt:consent:)``), as `tcstring inapp
    /// --read` prints it: `{"tcString", "gdprApplies", "gppString", "gppSectionIds",
    /// "usPrivacyString", "restrictedDataProcessing", "tcStringOnlyInGPP"}`, `null` for a value not
    /// stored; ``expiresAt``, ``consent`` and ``advertiserConsentMode`` are left out.
    package var json: JSON {
        func optional<T>(_ value: T?, _ json: (T) -> JSON) -> JSON { value.map(json) ?? .null }
        return .object([
            ("tcString", optional(tcString, JSON.string)),
            ("gdprApplies", optional(gdprApplies, JSON.bool)),
            ("gppString", optional(gppString, JSON.string)),
            ("gppSectionIds", optional(gppSectionIds, JSON.ids)),
            ("usPrivacyString", optional(usPrivacyString, JSON.string)),
            ("restrictedDataProcessing", optional(restrictedDataProcessing, JSON.bool)),
            ("tcStringOnlyInGPP", .bool(hasTCStringOnlyInGPP)),
        ])
    }
}
