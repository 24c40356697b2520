/// The field tables of one US section (usnat and the states): its core per Version and its sub-sections.
/// Adding a state is one such value in one file, listed in ``all``.
public struct USSectionDefinition: Sendable, Hashable {
    /// How the section's parts are laid out.
    public enum Style: Sendable, Hashable {
        /// `core[.subsection…]`, the core starting with `Version Int(6)`, each sub-section with
        /// `SubsectionType Int(2)` (sections 7-23).
        case classic
        /// The sections of October 2025 (usmd, usin, usky, usri): a core without Version,
        /// written in either ``USSection/Layout`` (the specification text's section header, or none).
        case mspa
    }

    /// A sub-section: its type id and its fields (after `SubsectionType`).
    public struct Subsection: Sendable, Hashable {
        /// The id `SubsectionType` holds.
        public let id: Int
        /// The fields after `SubsectionType`.
        public let fields: [GPPField]
        /// Whether the sub-section starts with `SubsectionType` in the layout without a section
        /// header (``USSectionDefinition/Style/mspa`` sections): GPC does, "Sensitive Data Consents" does not.
        public let typedWithoutHeader: Bool
    }

    /// The section id.
    public let id: Int
    /// The specification's API prefix (`usnat`, `usca`...).
    public let name: String
    /// The core's fields per Version, after the `Version Int(6)` that starts a ``Style/classic`` core.
    public let cores: [Int: [GPPField]]
    /// The sub-sections the section may have.
    public let subsections: [Subsection]
    /// How the parts are laid out.
    public let style: Style
    /// What SensitiveDataProcessing's values record: opt-outs in California and Utah, consents
    /// elsewhere (the state's specification names the values).
    public let sensitiveDataProcessing: SensitiveDataMeaning

    /// What a section's SensitiveDataProcessing values record.
    public enum SensitiveDataMeaning: Sendable, Hashable {
        /// 1 Opted Out, 2 Did Not Opt Out.
        case optOut
        /// 1 No Consent, 2 Consent.
        case consent
    }

    /// A section from its tables; SensitiveDataProcessing is a consent unless said otherwise.
    init(
        id: Int,
        name: String,
        cores: [Int: [GPPField]],
        subsections: [Subsection],
        style: Style,
        sensitiveDataProcessing: SensitiveDataMeaning = .consent
    ) {
        self.id = id
        self.name = name
        self.cores = cores
        self.subsections = subsections
        self.style = style
        self.sensitiveDataProcessing = sensitiveDataProcessing
    }

    /// The GPC sub-section: `SubsectionType Int(2) = 1, Gpc Boolean`.
    static let gpc = Subsection(id: 1, fields: [GPPField("Gpc", .boolean)], typedWithoutHeader: true)

    /// A classic section (7-23): Version 1, `fields` after Version.
    static func classic(
        _ id: Int,
        _ name: String,
        gpc: Bool,
        sensitiveDataProcessing: SensitiveDataMeaning = .consent,
        _ fields: [GPPField]
    ) -> USSectionDefinition {
        USSectionDefinition(
            id: id,
            name: name,
            cores: [1: fields],
            subsections: gpc ? [Self.gpc] : [],
            style: .classic,
            sensitiveDataProcessing: sensitiveDataProcessing
        )
    }

    /// Every US section, by id.
    public static let all: [Int: USSectionDefinition] = Dictionary(
        uniqueKeysWithValues: ([usnat] + classicStates + mspaStates).map { ($0.id, $0) }
    )

    /// ``all`` as an array indexed by id, so that the decoder looks a section up without hashing.
    private static let indexed: [USSectionDefinition?] = (0...(all.keys.max() ?? 0)).map { all[$0] }

    /// The section with `id`, `nil` for an id outside the US sections.
    static func definition(_ id: Int) -> USSectionDefinition? {
        indexed.indices.contains(id) ? indexed[id] : nil
    }
}
