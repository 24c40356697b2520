public import IABTCFAppTracking

extension ConsentAnswer {
    /// Google's consent mode values for the string the app keeps, with the ATT status of the last
    /// evaluation (`ConsentFlow.Step.consentMode`); everything denied before the first evaluation.
    /// Call `Analytics.setConsent` with them unless `inferredByGoogle` says Google's SDKs read the
    /// TC string themselves (`IABTCF_EnableAdvertiserConsentMode`).
    public var consentMode: ConsentMode { step?.consentMode ?? .nothingKnown }
}
