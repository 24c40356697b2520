// The US answer lives here, not in IABTCFVendorList (the owner of `AdServing`): it reads GPP's US
// sections, and IABGPP sits beside the vendor list on top of the codec. This module depends on
// both, so every arrow still points down; `AdServingReason` names sections and fields by id and
// text, so the vendor list needs no GPP type.
import IABGPP
public import IABTCF
public import IABTCFVendorList

extension StoredConsent {
    /// The US sections Google's ads SDK reads inside GPP: exactly the four AdMob's page names,
    /// California (8), Virginia (9), Colorado (10) and Connecticut (12). AdMob help, "Supporting
    /// the IAB's Global Privacy Platform" (https://support.google.com/admob/answer/14126918):
    /// "AdMob will only accept the following US States strings within GPP: California, Virginia,
    /// Colorado, Connecticut" and "AdMob will not accept US National, IAB Canada TCF, US Privacy
    /// String, US States Utah, or IAB EU TCF v2.2 as part of GPP support." So US National (7),
    /// US Privacy inside GPP (6), Utah (11) and every later state (13-27) are not read: the app
    /// sets `gad_rdp` itself for them. (AdSense's page of the same name accepts US National too;
    /// AdMob's, the one for apps, does not.)
    public static let googleReadUSSections: Set<Int> = [8, 9, 10, 12]

    /// The US section fields that record an opt-out, by the sections' own names: the opt-out of
    /// the sale of the consumer's personal data, of its sharing, and of its processing for
    /// targeted advertising. Each is Int(2): 0 Not Applicable, 1 Opted Out, 2 Did Not Opt Out (the
    /// GPP US sections' value tables); 1 is an opt-out. Virginia and the other sections without
    /// `SharingOptOut` simply lack that field.
    public static let usOptOutFields = ["SaleOptOut", "SharingOptOut", "TargetedAdvertisingOptOut"]

    /// The person's opt-outs under US law in what is stored, each as the reason it gives ads, in
    /// section order: for every US section (6-27) in force (``gppSectionIds``, `IABGPP_GppSID`, or
    /// every section of ``gppString`` when `nil`), each of ``usOptOutFields`` at 1, a set `Gpc` flag
    /// ("Some U.S. states' provisions require that Global Privacy Control (GPC) signals opt the
    /// user out of Ad Targeting, Sale, or Share of data", AdMob help, "Restricted data processing
    /// settings"), and section 6's `OptOutSale` `Y`; then ``usPrivacyString`` with OptOutSale `Y`.
    ///
    /// Never looser than the person's choice in the sections in force: a US section in force that
    /// does not decode gives `gppSectionUnreadable` (naming the section, the error code and the
    /// character), one that `IABGPP_GppSID` lists but the string lacks `gppSectionMissing`; a GPP
    /// string whose header does not decode gives `gppSectionUnreadable` for section 3, or
    /// `gppStringUnreadable`. The choice cannot be read, so each fails safe as an opt-out. The
    /// string is read section by section: a section outside 6-27 that does not decode (a TCF EU
    /// string in section 5, say) leaves the US sections in force. Sections the string holds that
    /// are not in force do not decide (``usSectionsNotInForce``).
    public var usOptOuts: [AdServingReason] { usReasons().optOuts }

    /// The sections the stored GPP string holds that ``gppSectionIds`` (`IABGPP_GppSID`) does not
    /// list, each as `AdServingReason.gppSectionNotInForce(sectionId:)`: named, so the answer
    /// is never silent about them, and not deciding (`AdServingReason.decides`). Empty when
    /// ``gppSectionIds`` is `nil` (every section is in force) or the string does not decode.
    public var usSectionsNotInForce: [AdServingReason] { usReasons().notInForce }

    /// ``usOptOuts`` and ``usSectionsNotInForce`` from one decode of ``gppString``.
    private func usReasons() -> (optOuts: [AdServingReason], notInForce: [AdServingReason]) {
        var reasons: [AdServingReason] = []
        var notInForce: [AdServingReason] = []
        if let text = gppString {
            let gpp: IABGPP.GPPString
            do throws(GPPError) { gpp = try IABGPP.GPPString(encoded: text) } catch {
                return ([Self.unreadable(error)] + usPrivacyOptOuts, [])
            }
            let sections = Self.usSectionsInForce(of: gpp, sectionIds: gppSectionIds)
            notInForce = sections.notInForce.map { .gppSectionNotInForce(sectionId: $0) }
            for (id, standing) in sections.inForce {
                guard case .decoded(let section) = standing else {
                    if let reason = Self.failSafe(id, standing) { reasons.append(reason) }
                    continue
                }
                let readByGoogle = Self.googleReadUSSections.contains(id)
                func optOut(_ field: String) -> AdServingReason {
                    .usOptOut(sectionId: id, section: section.name ?? "", field: field, readByGoogle: readByGoogle)
                }
                switch section {
                case .us(let us):
                    for field in Self.usOptOutFields where us[field] == .int(1) { reasons.append(optOut(field)) }
                    if us.gpc == true { reasons.append(optOut("Gpc")) }
                case .usPrivacy(let usp) where usp.optOutSale == .yes:
                    reasons.append(optOut("OptOutSale"))
                default: break
                }
            }
        }
        return (reasons + usPrivacyOptOuts, notInForce)
    }

    /// The reason a stored GPP string that fails with `error` gives: the section that does not
    /// decode, else the whole string.
    static func unreadable(_ error: GPPError) -> AdServingReason {
        guard let sectionId = error.sectionId else { return .gppStringUnreadable }
        return .gppSectionUnreadable(sectionId: sectionId, code: error.code.name, position: error.position)
    }

    /// ``usPrivacyString`` opting out of sale, as a reason.
    private var usPrivacyOptOuts: [AdServingReason] {
        guard let usPrivacy = usPrivacyString, let usp = try? USPrivacySection(encoded: usPrivacy),
            usp.optOutSale == .yes
        else { return [] }
        return [.usPrivacyOptOut(usPrivacy: usPrivacy)]
    }

    /// Which ads where the GDPR does not apply (``gdprApplies`` false): `personalized`
    /// unless the person opted out under US law (``usOptOuts``) or the app set `gad_rdp`
    /// (``restrictedDataProcessing``); then `nonPersonalized`, Google's restricted
    /// data processing: "Google will only show non-personalized ads" (AdMob help, "Restricted data
    /// processing settings"). The reasons start with `gdprDoesNotApply` and end with the sections
    /// not in force (``usSectionsNotInForce``), which do not decide.
    public func usAdServing(vendor: Int = TCString.googleVendorId) -> AdServing {
        var (reasons, notInForce) = usReasons()
        reasons += usActivityRules  // children, MSPA modes, notices: StoredConsent+USActivities.swift
        if restrictedDataProcessing == true { reasons.append(.restrictedDataProcessing) }
        return AdServing(
            vendor: vendor,
            mode: reasons.isEmpty ? .personalized : .nonPersonalized,
            reasons: [.gdprDoesNotApply] + reasons + notInForce
        )
    }
}

extension ConsentFlow.Decision {
    /// Where the GDPR does not apply (`gdprApplies` false), the person's opt-outs under US law in
    /// `stored` (``StoredConsent/usOptOuts``: sale, sharing or targeted advertising opted out, GPC,
    /// a US Privacy string opting out of sale) stop the trackers and the IDFA, as ATT's denial does:
    /// trackers need ATT's permission and no such opt-out. `gad_rdp` alone does not: it is the
    /// app's setting for Google's ads, not the person's choice.
    public mutating func applyUSOptOuts(of stored: StoredConsent, gdprApplies: Bool) {
        guard !gdprApplies, !stored.usOptOuts.isEmpty else { return }
        trackersAllowed = false
        idfaAllowed = false
    }
}
