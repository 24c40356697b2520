public import IABTCF

extension TCString {
    /// The value with `rejection` applied for `scope`: the scope's purposes lose their consent and
    /// legitimate-interest bits (core and Publisher TC), its special features their opt-ins, and with
    /// ``TrackingScope/includesAllVendors`` every vendor its consent and legitimate interest;
    /// ``ATTRejection/all`` clears every purpose, special feature, vendor and publisher purpose.
    ///
    /// Bits are only ever cleared, never set. `nil` when nothing would change.
    public func rejecting(_ rejection: ATTRejection, scope: TrackingScope) -> TCString? {
        var decision = ConsentFlow.Decision(next: .done)
        decision.setRejection(rejection, scope: scope, vendors: .none)
        return rejecting(decision)
    }

    /// The value with `decision`'s rejection applied: ``ConsentFlow/Decision/rejectPurposes`` lose their
    /// consent and legitimate-interest bits (core and Publisher TC), ``ConsentFlow/Decision/rejectSpecialFeatures``
    /// their opt-ins, ``ConsentFlow/Decision/rejectVendors`` their consent and legitimate interest;
    /// ``ATTRejection/all`` clears every purpose, special feature, vendor and publisher purpose.
    ///
    /// Bits are only ever cleared, never set. `nil` when nothing would change.
    public func rejecting(_ decision: ConsentFlow.Decision) -> TCString? {
        var result = self
        switch decision.reject {
        case .none:
            return nil
        case .trackingScope:
            result.purposeConsents.subtract(decision.rejectPurposes)
            result.purposeLegitimateInterests.subtract(decision.rejectPurposes)
            result.specialFeatureOptIns.subtract(decision.rejectSpecialFeatures)
            result.publisherTC?.purposeConsents.subtract(decision.rejectPurposes)
            result.publisherTC?.purposeLegitimateInterests.subtract(decision.rejectPurposes)
            switch decision.rejectVendors {
            case .none:
                break
            case .all:
                result.vendorConsents = VendorSet()
                result.vendorLegitimateInterests = VendorSet()
            case .only(let vendors):
                result.vendorConsents.subtract(vendors)
                result.vendorLegitimateInterests.subtract(vendors)
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
    /// The rejection is ``ConsentFlow/Decision/reject`` for `scope`, as ``rejecting(_:scope:)`` applies it;
    /// ``applying(_:to:today:)`` uses the decision's own lists instead. Applying it twice gives the
    /// same string as applying it once.
    ///
    /// - Throws: `TCStringError` when `text` does not decode.
    public static func applying(
        _ decision: ConsentFlow.Decision,
        to text: String,
        scope: TrackingScope = .appleDefault,
        today: Timestamp
    ) throws(TCStringError) -> String {
        var scoped = decision
        scoped.setRejection(decision.reject, scope: scope, vendors: .none)
        return try applying(scoped, to: text, today: today)
    }

    /// Applies `decision`'s rejection lists (``ConsentFlow/Decision/rejectPurposes``,
    /// ``ConsentFlow/Decision/rejectSpecialFeatures``, ``ConsentFlow/Decision/rejectVendors``) to the TC string `text`:
    /// byte for byte the input when nothing changes, otherwise re-encoded with LastUpdated set to
    /// `today`'s UTC day. Idempotent.
    ///
    /// - Throws: `TCStringError` when `text` does not decode.
    public static func applying(
        _ decision: ConsentFlow.Decision,
        to text: String,
        today: Timestamp
    ) throws(TCStringError) -> String {
        let value = try TCString(encoded: text)
        guard var rejected = value.rejecting(decision) else { return text }
        rejected.lastUpdated = today.startOfDay
        return try rejected.encoded(.preservingLayout)
    }
}
