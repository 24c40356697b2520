public import IABTCF

extension TCString {
    /// The value with `rejection` applied for `scope`: the scope's purposes lose their consent and
    /// legitimate-interest bits (core and Publisher TC), its special features their opt-ins, and with
    /// ``TrackingScope/includesAllVendors`` every vendor its consent and legitimate interest;
    /// ``ATTRejection/all`` clears every purpose, special feature, vendor and publisher purpose.
    ///
    /// Bits are only ever cleared, never set. `nil` when nothing would change.
    public func rejecting(_ rejection: ATTRejection, scope: TrackingScope) -> TCString? {
        var result = self
        switch rejection {
        case .none:
            return nil
        case .trackingScope:
            result.purposeConsents.subtract(scope.purposes)
            result.purposeLegitimateInterests.subtract(scope.purposes)
            result.specialFeatureOptIns.subtract(scope.specialFeatures)
            result.publisherTC?.purposeConsents.subtract(scope.purposes)
            result.publisherTC?.purposeLegitimateInterests.subtract(scope.purposes)
            if scope.includesAllVendors {
                result.vendorConsents = VendorSet()
                result.vendorLegitimateInterests = VendorSet()
            }
        case .all:
            result.purposeConsents = []
            result.purposeLegitimateInterests = []
            result.specialFeatureOptIns = []
            result.vendorConsents = VendorSet()
            result.vendorLegitimateInterests = VendorSet()
            result.publisherTC?.purposeConsents = []
            result.publisherTC?.purposeLegitimateInterests = []
            result.publisherTC?.customPurposeConsents = []
            result.publisherTC?.customPurposeLegitimateInterests = []
        }
        return result == self ? nil : result
    }

    /// Applies `decision` to the TC string `text` and returns the string to store: byte for byte the
    /// input when nothing changes (LastUpdated untouched), otherwise the string re-encoded with its
    /// layout kept for unchanged sections and LastUpdated set to `today`'s UTC day.
    ///
    /// Applying it twice gives the same string as applying it once.
    ///
    /// - Throws: ``TCStringError`` when `text` does not decode.
    public static func applying(
        _ decision: ATTDecision,
        to text: String,
        scope: TrackingScope = .appleDefault,
        today: Timestamp
    )
        throws(TCStringError) -> String
    {
        let value = try TCString(encoded: text)
        guard var rejected = value.rejecting(decision.reject, scope: scope) else { return text }
        rejected.lastUpdated = today.startOfDay
        return try rejected.encoded(.preservingLayout)
    }
}
