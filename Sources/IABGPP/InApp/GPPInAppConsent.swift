public import IABTCF

/// Something wrong with what the GPP keys hold (``GPPInAppConsent/problems``).
public enum GPPInAppProblem: Sendable, Hashable, CustomStringConvertible {
    /// `key` holds a value its reader cannot take: `IABGPP_GppSID` that is not section ids joined
    /// by `_` (or `,`). The value then reads as unset.
    case malformed(key: String, value: InAppValue)
    /// `key` is out of step with `IABTCF_TCString`, a known CMP bug: the TCF EU v2 string under a
    /// GPP key (the section of `IABGPP_HDR_GppString`, `IABGPP_2_String` or `IABGPP_2_TCString`)
    /// differs from it. The `IABTCF_` keys are the ones that count (the CMP API requires them and
    /// Google reads them in the EEA).
    case tcStringMismatch(key: String)
    /// `key` is out of step with `IABGPP_HDR_GppString`: `IABGPP_GppSID` names a section the string
    /// lacks, `IABGPP_HDR_Sections` lists other sections than its header, an
    /// `IABGPP_[SectionID]_String` differs from the string's section, or a pre-parsed
    /// `IABGPP_<prefix>_<Field>` value differs from its section's field or names a section the
    /// string lacks (``GPPString/preParsedKeyProblems(inStored:)``).
    case gppStringMismatch(key: String)

    /// `malformed IABGPP_GppSID: "2-7"`, `IABGPP_2_String differs from IABTCF_TCString`,
    /// `IABGPP_7_String differs from IABGPP_HDR_GppString`: the wording of IABTCF's `InAppProblem`.
    public var description: String {
        switch self {
        case .malformed(let key, let value): InAppProblem.malformed(key: key, value: value).description
        case .tcStringMismatch(let key): InAppProblem.tcStringMismatch(key: key).description
        case .gppStringMismatch(let key): "\(key) differs from \(GPPInAppKeys.gppString)"
        }
    }
}

/// What an app finds under the GPP keys (``GPPInAppKeys``) and the US keys read with them, read
/// tolerantly: `IABGPP_GppSID` and the header keys as strings or integers, `_` or `,` separated,
/// each CMP spelling of a key. Keys out of step with `IABGPP_HDR_GppString` or with
/// `IABTCF_TCString` are listed in ``problems``.
///
/// The `IABTCF_` keys are IABTCF's `InAppConsent`; the layers above read both (IABTCFAppTracking's
/// `StoredConsent(inAppKeys:)`). No TC string is taken from GPP: ``gppTCString`` is there to see,
/// but Google does not read TCF carried inside GPP for the EEA.
public struct GPPInAppConsent: Sendable, Hashable {
    /// `IABGPP_HDR_GppString`.
    public var gppString: String?
    /// `IABGPP_GppSID` as ids (`2_7` is `[2, 7]`); `nil` when absent or malformed.
    public var gppSectionIds: [Int]?
    /// The TCF EU v2 string the GPP keys hold: `IABGPP_2_String`, else `IABGPP_2_TCString`, else
    /// the section 2 of `IABGPP_HDR_GppString`.
    public var gppTCString: String?
    /// `IABUSPrivacy_String`.
    public var usPrivacyString: String?
    /// `gad_rdp` (a boolean, `1`, or a tolerated spelling of true); `false` when unset.
    public var restrictedDataProcessing: Bool
    /// `IABGPP_HDR_Version` (or `IABGPP_HDR_GppVersion`), as a string or an integer.
    public var gppVersion: Int?
    /// `IABGPP_HDR_Sections` (or `IABGPP_HDR_SectionList`) as ids, `_` or `,` separated.
    public var gppHeaderSections: [Int]?
    /// What is wrong with the keys: a malformed `IABGPP_GppSID`, keys out of step with
    /// `IABGPP_HDR_GppString`, then GPP keys whose TCF EU v2 string differs from `IABTCF_TCString`.
    public var problems: [GPPInAppProblem]

    /// Reads the GPP and US keys of `keys` that are present (everything absent reads as empty or
    /// `nil`), and compares the TCF EU v2 string they hold with `IABTCF_TCString` when `keys` has it.
    public init(keys: [String: InAppValue]) {
        var problems: [GPPInAppProblem] = []
        usPrivacyString = keys[GPPInAppKeys.usPrivacyString]?.stringValue
        restrictedDataProcessing = keys[GPPInAppKeys.restrictedDataProcessing]?.intValue == 1
        gppString = keys[GPPInAppKeys.gppString]?.stringValue
        if let value = keys[GPPInAppKeys.gppSectionIds] {
            gppSectionIds = GPPInAppKeys.sectionIds(value.stringValue ?? value.intValue.map(String.init) ?? "")
            if gppSectionIds == nil { problems.append(.malformed(key: GPPInAppKeys.gppSectionIds, value: value)) }
        }
        let version = keys[GPPInAppKeys.gppHeaderVersion] ?? keys[GPPInAppKeys.gppHeaderVersionTranscendSpelling]
        gppVersion = version?.intValue
        let sectionsKey =
            keys[GPPInAppKeys.gppHeaderSections] == nil
            ? GPPInAppKeys.gppHeaderSectionsTranscendSpelling : GPPInAppKeys.gppHeaderSections
        gppHeaderSections = keys[sectionsKey].flatMap {
            GPPInAppKeys.sectionIds($0.stringValue ?? $0.intValue.map(String.init) ?? "")
        }
        if let gppString, let ids = try? GPPString.sectionIDs(inHeader: gppString) {
            if let gppSectionIds, !gppSectionIds.allSatisfy(ids.contains) {
                problems.append(.gppStringMismatch(key: GPPInAppKeys.gppSectionIds))
            }
            if let gppHeaderSections, gppHeaderSections.sorted() != ids {
                problems.append(.gppStringMismatch(key: sectionsKey))
            }
            for id in ids where id != GPPString.tcfEuV2SectionId {
                let key = GPPInAppKeys.gppSectionString(id: id)
                if let stored = keys[key]?.stringValue, let section = GPPString.section(id, in: gppString),
                    stored != section.text
                {
                    problems.append(.gppStringMismatch(key: key))
                }
            }
        }
        // Pre-parsed `IABGPP_<prefix>_<Field>` keys out of step with the string, in key order.
        problems += GPPString.preParsedKeyProblems(inStored: keys).map { .gppStringMismatch(key: $0.key) }
        let sectionOfGPP = gppString.flatMap { GPPString.section(GPPString.tcfEuV2SectionId, in: $0) }.map {
            String($0.text)
        }
        let gppStrings: [(String, String?)] = [
            (GPPInAppKeys.gppTCFEuV2String, keys[GPPInAppKeys.gppTCFEuV2String]?.stringValue),
            (GPPInAppKeys.gppTCFEuV2StringEEASpelling, keys[GPPInAppKeys.gppTCFEuV2StringEEASpelling]?.stringValue),
            (GPPInAppKeys.gppString, sectionOfGPP),
        ]
        gppTCString = gppStrings.lazy.compactMap(\.1).first
        if let tcString = keys[InAppKeys.tcString]?.stringValue {
            for case let (key, text?) in gppStrings where text != tcString {
                problems.append(.tcStringMismatch(key: key))
            }
        }
        self.problems = problems
    }
}
