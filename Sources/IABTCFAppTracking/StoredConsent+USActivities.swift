import IABGPP
public import IABTCFVendorList

extension StoredConsent {
    /// Prebid's US activities (``USActivities``) for what is stored: `IABGPP_HDR_GppString`
    /// (``gppString``) with the sections in force `IABGPP_GppSID` (``gppSectionIds``; absent,
    /// every US section of the string), read section by section: a section that does not decode
    /// is unreadable (in force, it denies every activity) and leaves the others in force. A string
    /// whose header does not decode cannot say what the person chose: every activity is denied
    /// (section 3, the header, unreadable).
    public var usActivities: USActivities {
        guard let text = gppString else {
            return USActivities(sections: [], inForce: gppSectionIds)
        }
        do throws(GPPError) {
            return try GPPString(encoded: text).usActivities(inForce: gppSectionIds)
        } catch {
            let reason = USActivities.Reason.sectionUnreadable(
                sectionId: 3,
                section: "header",
                code: error.code.name,
                position: error.position
            )
            return USActivities(allowed: [], reasons: [reason], sections: [])
        }
    }
}

extension StoredConsent {
    /// The rules of ``usActivities`` the ad serving answer takes (``usAdServing(vendor:)``), each
    /// as `AdServingReason.usActivityRule`: a known child without consent
    /// (`KnownChildSensitiveDataConsents[1]=1`, `[2]<>0`, `[3]=1`), service provider mode
    /// (`MspaServiceProviderMode=1`: "Service Provider Mode is for First Parties who do not Sell
    /// or Share Personal Information, and do not Process Personal Information for Targeted
    /// Advertising", docs.prebid.org, "Prebid US Compliance Support") and a notice not given
    /// (`SaleOptOutNotice=2`, `SharingNotice=2`, `SharingOptOutNotice=2`,
    /// `TargetedAdvertisingOptOutNotice=2`: "you cannot consent to what you were not notified of",
    /// Prebid.js). The opt-outs themselves (`SaleOptOut=1`, `Gpc=1`...) are ``usOptOuts``' reasons;
    /// the rules about what a CMP wrote inconsistently (`SaleOptOutNotice=0 AND SaleOptOut=2`,
    /// `PersonalDataConsents=2`, `MspaCoveredTransaction=0`) and about sensitive data deny
    /// Prebid's activities (``usActivities``) but not personalized ads.
    public var usActivityRules: [AdServingReason] {
        usActivities.reasons.compactMap { reason in
            guard case .rule(let id, let name, let rule, _) = reason, Self.adServingRule(rule) else { return nil }
            return .usActivityRule(
                sectionId: id,
                section: name,
                rule: rule,
                readByGoogle: Self.googleReadUSSections.contains(id)
            )
        }
    }

    /// Whether `rule` (as ``USActivities/Reason/rule(sectionId:section:rule:denies:)`` names it)
    /// is one ``usActivityRules`` takes.
    static func adServingRule(_ rule: String) -> Bool {
        rule.hasPrefix("KnownChildSensitiveDataConsents[") || rule == "MspaServiceProviderMode=1"
            || ["SaleOptOutNotice=2", "SharingNotice=2", "SharingOptOutNotice=2", "TargetedAdvertisingOptOutNotice=2"]
                .contains(rule)
    }
}
