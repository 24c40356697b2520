public import IABTCF

extension GPPString {
    /// The in-app keys of this GPP string: the `IABTCF_` keys of its TCF EU v2 section
    /// (`TCString.inAppKeys(gdprApplies:maximumLength:)`, with no length limit of the section's
    /// own, as ``GPPSection/encoded(_:)`` writes it), and `IABGPP_HDR_GppString`,
    /// `IABGPP_GppSID` (the section ids joined by `_`) and `IABGPP_2_String` (the section's text).
    ///
    /// - Throws: ``GPPError``: ``GPPError/Code/missingTCFSection`` when the string has no TCF EU
    ///   v2 section (the `IABTCF_` keys are the ones the CMP API requires); the encoding errors of
    ///   ``encoded(_:)`` with ``GPPEncodingStyle/preservingLayout``.
    public func inAppKeys(gdprApplies: Bool?) throws(GPPError) -> [String: InAppValue] {
        let tcString = try requiredTCFEuV2()
        var keys: [String: InAppValue]
        do throws(TCStringError) {
            keys = try tcString.inAppKeys(gdprApplies: gdprApplies, maximumLength: Self.tcfEuV2MaximumLength)
        } catch {
            throw GPPError(.tcString, sectionId: Self.tcfEuV2SectionId, tcString: error)
        }
        keys[GPPInAppKeys.gppString] = .string(try encoded(.preservingLayout))
        keys[GPPInAppKeys.gppSectionIds] = .string(sectionIds.map(String.init).joined(separator: "_"))
        keys[GPPInAppKeys.gppTCFEuV2String] = keys[InAppKeys.tcString]
        return keys
    }

    /// The GPP CMP API's keys ("In-App Details") for every section of this string, as the
    /// specification names them, each a String: `IABGPP_HDR_Version`, `IABGPP_HDR_Sections` and
    /// `IABGPP_GppSID` (the section ids joined by `_`: every section counts as in force),
    /// `IABGPP_HDR_GppString`, and `IABGPP_[SectionID]_String` for each section. No TCF EU v2
    /// section is needed: a US-only string has these keys too.
    ///
    /// - Throws: ``GPPError``: the encoding errors of ``encoded(_:)`` with
    ///   ``GPPEncodingStyle/preservingLayout``.
    public func gppInAppKeys() throws(GPPError) -> [String: InAppValue] {
        let text = try encoded(.preservingLayout)
        let ids = sectionIds.map(String.init).joined(separator: "_")
        var keys: [String: InAppValue] = [
            GPPInAppKeys.gppHeaderVersion: .string(String(version)), GPPInAppKeys.gppHeaderSections: .string(ids),
            GPPInAppKeys.gppString: .string(text), GPPInAppKeys.gppSectionIds: .string(ids),
        ]
        for (id, part) in zip(sectionIds, Self.parts(of: text).dropFirst()) {
            keys[GPPInAppKeys.gppSectionString(id: id)] = .string(String(part))
        }
        return keys
    }

    /// The text of section `id` in the GPP string `text` and where it starts (0-based, in UTF-8
    /// bytes), read from the header without decoding any section: `nil` when the header does not
    /// decode, lists no such section or the section count does not match. The in-app readers and
    /// writers compare and replace one section's text with it, byte for byte.
    public static func section(_ id: Int, in text: String) -> (text: Substring, start: Int)? {
        let parts = Self.parts(of: text)
        guard let ids = try? sectionIDs(inHeader: String(parts[0])), ids.count == parts.count - 1,
            let index = ids.firstIndex(of: id)
        else { return nil }
        return (parts[index + 1], parts[...index].reduce(0) { $0 + $1.utf8.count + 1 })
    }

    /// `text` split at every `~` byte. Splitting by `Character` would miss a `~` that a combining
    /// mark follows, since the two are one `Character`.
    static func parts(of text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false).map {
            Substring(text.unicodeScalars[$0.startIndex..<$0.endIndex])
        }
    }
}
