public import IABTCF
public import IABTCFVendorList

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
    /// input when nothing changes or when the choice is more than `maximumAge` days old on `today`
    /// or dated in the future (such a choice waits for the CMP), otherwise the string re-encoded with its layout kept
    /// for unchanged sections and its Created and LastUpdated as they were (see
    /// ``applying(_:to:today:maximumAge:)`` for why).
    ///
    /// The rejection is ``ConsentFlow/Decision/reject`` for `scope`, as ``rejecting(_:scope:)`` applies it;
    /// ``applying(_:to:today:maximumAge:)`` uses the decision's own lists instead. Applying it twice
    /// gives the same string as applying it once.
    ///
    /// - Throws: `TCStringError` when `text` does not decode.
    public static func applying(
        _ decision: ConsentFlow.Decision,
        to text: String,
        scope: TrackingScope = .appleDefault,
        today: Timestamp,
        maximumAge: Int? = TCString.commonMaximumAge
    ) throws(TCStringError) -> String {
        var scoped = decision
        scoped.setRejection(decision.reject, scope: scope, vendors: .none)
        return try applying(scoped, to: text, today: today, maximumAge: maximumAge)
    }

    /// Applies `decision`'s rejection lists (``ConsentFlow/Decision/rejectPurposes``,
    /// ``ConsentFlow/Decision/rejectSpecialFeatures``, ``ConsentFlow/Decision/rejectVendors``) to the TC string `text`:
    /// byte for byte the input when nothing changes, when the choice (its LastUpdated) is more
    /// than `maximumAge` days old on `today`, or when it is dated in the future
    /// (`TCString.isFutureDated(on:)`: no choice); otherwise re-encoded with Created and LastUpdated as
    /// they were. Idempotent.
    ///
    /// The dates stay those of the person's choice. A rejection after an ATT refusal removes
    /// consent; it is no new answer from the person, and the age of the choice is what decides
    /// when it must be asked again: Google, "Troubleshooting IAB EU TCF v2.2 implementation"
    /// (AdMob Help): "If the consent decision is more than 13 months old, the TC string will no
    /// longer be considered valid by Google and Google will not serve ads to that user." A
    /// LastUpdated set to today would make an old choice look new, and keep a refusal alive for 13
    /// more months after the person last answered. IAB Europe's 2022 change made both fields the
    /// day of that answer: "hours, minutes and seconds will be zeroed out"; "The Created and
    /// LastUpdated fields will have the same value". The specification's Core String table still
    /// says LastUpdated "Must be updated any time a value is changed" (IAB Tech Lab, *Transparency
    /// and Consent String with Global Vendor & CMP List Formats*); we follow the 2022 rule, which
    /// is what a validator checks (`tcf.createdDiffersFromLastUpdated`), and flag the
    /// disagreement here. Created, in the same table, "should not be changed unless a new TCString
    /// is created from scratch".
    ///
    /// - Parameters:
    ///   - decision: the decision whose rejection lists apply.
    ///   - text: the stored TC string.
    ///   - today: now, for the choice's age.
    ///   - maximumAge: the days a choice stays valid (default `TCString.commonMaximumAge`, about 13
    ///     months; pass the flow's ``ConsentFlow/maximumAge``); `nil`: no limit.
    /// - Throws: `TCStringError` when `text` does not decode.
    public static func applying(
        _ decision: ConsentFlow.Decision,
        to text: String,
        today: Timestamp,
        maximumAge: Int? = TCString.commonMaximumAge
    ) throws(TCStringError) -> String {
        let value = try TCString(encoded: text)
        if value.isFutureDated(on: today) { return text }
        if let maximumAge, value.isExpired(on: today, maximumAge: maximumAge) { return text }
        guard let rejected = value.rejecting(decision) else { return text }
        return try rejected.encoded(.preservingLayout)
    }
}
