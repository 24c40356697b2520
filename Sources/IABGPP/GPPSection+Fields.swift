extension GPPSection {
    /// Decodes one bare section (what stands between two `~`) as section `id`: TCF EU v2 by
    /// `IABTCF`, 5-27 by their tables, any other id kept as text.
    ///
    /// - Throws: ``GPPError`` with the section id, the `.` part, the field and the 1-based
    ///   character in `text`.
    public init(id: Int, encoded text: String) throws(GPPError) {
        self = try Self.decode(id: id, text[...], start: 0)
    }

    /// The id of the section whose API prefix is `name` (`usnat` → 7), `nil` for a name this
    /// module does not decode.
    public static func id(named name: String) -> Int? {
        switch name {
        case "tcfeuv2": 2
        case "tcfcav1": 5
        case "uspv1": 6
        default: USSectionDefinition.all.values.first { $0.name == name }?.id
        }
    }

    /// Every field as `(key, value)`, driven by the section's tables (the specification's names
    /// with a lowercase first letter; `version` first; an absent sub-section's fields `nil`, so
    /// `gpc` is `nil` without the GPC sub-section); `nil` for TCF EU v2 (IABTCF's schema
    /// describes it) and unknown sections.
    public var fields: [(key: String, value: GPPValue?)]? {
        switch self {
        case .tcfEuV2, .unknown: nil
        case .tcfCaV1(let section): section.fields
        case .usPrivacy(let section): section.fields
        case .us(let section): section.fields
        }
    }
}
