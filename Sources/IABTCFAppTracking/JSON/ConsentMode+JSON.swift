import IABTCFVendorList
package import TCFJSON

// Consent mode as JSON, the object `tcstring consent-mode` prints: its keys are a contract.

extension ConsentMode {
    /// `{"analytics_storage", "ad_storage", "ad_user_data", "ad_personalization", "reasons"}`:
    /// each type's value (`granted` or `denied`), then the reasons (``ConsentModeReason/json``).
    package var json: JSON {
        .object(
            values.map { ($0.type.rawValue, JSON.string($0.value.rawValue)) } + [
                ("reasons", .array(reasons.map(\.json)))
            ]
        )
    }
}

extension ConsentModeReason {
    /// The reason as `{"reason": NAME, ...details, "denies": [...]}`: a reason taken from ad
    /// serving (`notCurrent`, `usOptOut`) as `AdServingReason`'s JSON, then the types it denies.
    package var json: JSON {
        let reason: JSON
        switch self {
        case .gdprDoesNotApply: reason = .reason("gdprDoesNotApply")
        case .noChoice: reason = .reason("noChoice")
        case .tcStringUnreadable: reason = .reason("tcStringUnreadable")
        case .tcfOnlyInGPP: reason = .reason("tcfOnlyInGPP")
        case .notCurrent(let adReason), .usOptOut(let adReason): reason = adReason.json
        case .purposeNotConsented(let purpose): reason = .reason("purposeNotConsented", ("purpose", .int(purpose)))
        case .purposeRestricted(let purpose, let type):
            reason = .reason(
                "purposeRestricted",
                ("purpose", .int(purpose)),
                ("restriction", .string(String(describing: type)))
            )
        case .vendorNotConsented(let vendor): reason = .reason("vendorNotConsented", ("vendor", .int(vendor)))
        case .att(let status): reason = .reason("att", ("status", .string(status.rawValue)))
        case .restrictedDataProcessing: reason = .reason("restrictedDataProcessing")
        }
        let members: [(String, JSON)] = if case .object(let members) = reason { members } else { [("reason", reason)] }
        return .object(members + [("denies", .array(denied.map { .string($0.rawValue) }))])
    }
}
