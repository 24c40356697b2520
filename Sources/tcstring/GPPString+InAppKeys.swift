import IABGPP
import IABTCF

// `tcstring inapp` of a GPP string, on IABGPP's `GPPString`: the GPP CMP API's keys of every
// section, and the `IABTCF_` keys of a TCF EU v2 section. The tool's own, until IABGPP owns the
// GPP in-app keys.
extension IABGPP.GPPString {
    /// `IABGPP_HDR_Version`, `IABGPP_HDR_Sections` and `IABGPP_GppSID` (the section ids joined
    /// by `_`: every section counts as in force), `IABGPP_HDR_GppString` and
    /// `IABGPP_[SectionID]_String` for each section, each as written (``GPPEncodingStyle/preservingLayout``).
    func gppInAppKeys(maximumLength: Int) throws -> [String: InAppValue] {
        let text = try encoded(.preservingLayout)
        guard text.utf8.count <= maximumLength else { throw TCStringError(.encodingTooLong, value: maximumLength) }
        let ids = sectionIds.map(String.init).joined(separator: "_")
        var keys: [String: InAppValue] = [
            InAppKeys.gppHeaderVersion: .string(String(version)), InAppKeys.gppHeaderSections: .string(ids),
            InAppKeys.gppString: .string(text), InAppKeys.gppSectionIds: .string(ids),
        ]
        for section in sections {
            keys[InAppKeys.gppSectionString(id: section.id)] = .string(try section.encoded(.preservingLayout))
        }
        return keys
    }

    /// The `IABTCF_` keys of the TCF EU v2 section with `IABGPP_HDR_GppString`, `IABGPP_GppSID`
    /// and `IABGPP_2_String`; ``TCStringError/Code/missingTCFSection`` without one.
    func inAppKeys(gdprApplies: Bool?, maximumLength: Int) throws -> [String: InAppValue] {
        guard let tcfEuV2 else { throw TCStringError(.missingTCFSection) }
        var keys = try tcfEuV2.inAppKeys(gdprApplies: gdprApplies, maximumLength: maximumLength)
        keys[InAppKeys.gppString] = .string(try encoded(.preservingLayout))
        keys[InAppKeys.gppSectionIds] = .string(sectionIds.map(String.init).joined(separator: "_"))
        keys[InAppKeys.gppTCFEuV2String] = keys[InAppKeys.tcString]
        return keys
    }
}
