/// The in-app storage keys of the GPP CMP API ("In-App Details": `IABGPP_` keys), with the
/// spellings CMPs write in the field, and the US keys read with them.
///
/// The `IABTCF_` keys of the CMP API v2 are IABTCF's `InAppKeys`; these are read by
/// ``GPPInAppConsent`` and written by ``GPPString/gppInAppKeys()``.
public enum GPPInAppKeys {
    /// The prefix of every key the GPP CMP API defines ("In-App Details"): `IABGPP_`.
    public static let gppKeyPrefix = "IABGPP_"
    /// String: the whole GPP string (GPP CMP API, "In-App Details").
    public static let gppString = "IABGPP_HDR_GppString"
    /// String: the ids of the GPP sections in force, joined by `_` (e.g. `2_7`).
    public static let gppSectionIds = "IABGPP_GppSID"
    /// String (some CMPs: Integer): the GPP header's Version.
    public static let gppHeaderVersion = "IABGPP_HDR_Version"
    /// Transcend's spelling of ``gppHeaderVersion``; read, never written.
    public static let gppHeaderVersionTranscendSpelling = "IABGPP_HDR_GppVersion"
    /// String: the ids of the GPP string's sections (the separator is not specified: `_` and `,`
    /// are read).
    public static let gppHeaderSections = "IABGPP_HDR_Sections"
    /// Transcend's spelling of ``gppHeaderSections``; read, never written.
    public static let gppHeaderSectionsTranscendSpelling = "IABGPP_HDR_SectionList"
    /// `IABGPP_[SectionID]_String`: the text of one GPP section.
    public static func gppSectionString(id: Int) -> String { "IABGPP_\(id)_String" }
    /// String: the GPP string's TCF EU v2 section (section 2), as the GPP CMP API spells the key.
    public static let gppTCFEuV2String = gppSectionString(id: GPPString.tcfEuV2SectionId)
    /// The spelling of ``gppTCFEuV2String`` that IAB's EEA section document ("GPP Extension: IAB
    /// Europe TCF") uses; read as well, never written.
    public static let gppTCFEuV2StringEEASpelling = "IABGPP_2_TCString"
    /// The GPP keys read and written with the `IABTCF_` keys: ``gppString``, ``gppSectionIds``,
    /// ``gppTCFEuV2String`` and its EEA spelling ``gppTCFEuV2StringEEASpelling``.
    public static let gppKeys: [String] = [gppString, gppSectionIds, gppTCFEuV2String, gppTCFEuV2StringEEASpelling]
    /// String: the CCPA US Privacy string (`1YYN`, GPP's section 6 stored on its own), which
    /// Google's ads SDK reads: "AdMob will continue to read the US Privacy String" (AdMob help,
    /// "Supporting the IAB's Global Privacy Platform").
    public static let usPrivacyString = "IABUSPrivacy_String"
    /// Boolean: Google's restricted data processing, set by the app ("write the key `gad_rdp` with
    /// a value of `true`", Google Mobile Ads SDK, "US states privacy laws").
    public static let restrictedDataProcessing = "gad_rdp"
    /// The US keys read with the GPP keys: ``usPrivacyString`` and ``restrictedDataProcessing``.
    public static let usKeys: [String] = [usPrivacyString, restrictedDataProcessing]

    /// `2_7` as `[2, 7]`: decimal ids joined by `_`, or by `,` as CloudX's reader also accepts
    /// (`2,7`); `nil` for anything else. An id is 1...65535, the bound of the ids a header holds
    /// (`GPPLimits.maximumID`), so every string the decoder accepts has keys that read back.
    static func sectionIds(_ text: String) -> [Int]? {
        guard !text.isEmpty, text.utf8.count <= 1000 else { return nil }
        var ids: [Int] = []
        let separator = text.utf8.contains(UInt8(ascii: ",")) ? UInt8(ascii: ",") : UInt8(ascii: "_")
        for part in text.utf8.split(separator: separator, omittingEmptySubsequences: false) {
            guard !part.isEmpty else { return nil }
            var id = 0
            for byte in part {
                guard (48...57).contains(byte) else { return nil }
                id = id * 10 + Int(byte - 48)
                guard id <= GPPLimits.maximumID else { return nil }
            }
            guard id >= 1 else { return nil }
            ids.append(id)
        }
        return ids
    }
}
