extension USSectionDefinition {
    /// The sections of October 2025 (GPP PR #150, `Sections/US-States/{MD,IN,KY,RI}/`): a core
    /// without Version (removed from the cores by GPP commit c436976) starting with MspaVersion,
    /// MspaCoveredTransaction and MspaMode. Maryland has the GPC sub-section; Indiana, Kentucky and
    /// Rhode Island have "Sensitive Data Consents" (8 × Int(2), no type field without a section header).
    static let mspaStates: [USSectionDefinition] = [
        mspaState(24, "usmd", child: false, subsection: gpc),
        mspaState(25, "usin", child: true, subsection: sensitiveDataConsents),
        mspaState(26, "usky", child: true, subsection: sensitiveDataConsents),
        mspaState(27, "usri", child: true, subsection: sensitiveDataConsents),
    ]

    static let sensitiveDataConsents = Subsection(
        id: 1,
        fields: [GPPField("SensitiveDataProcessing", .intList(8))],
        typedWithoutHeader: false
    )

    static func mspaState(_ id: Int, _ name: String, child: Bool, subsection: Subsection) -> USSectionDefinition {
        let core =
            [GPPField("MspaVersion", .int(6))]
            + ints(
                "MspaCoveredTransaction",
                "MspaMode",
                "ProcessingNotice",
                "SaleOptOutNotice",
                "TargetedAdvertisingOptOutNotice",
                "SaleOptOut",
                "TargetedAdvertisingOptOut"
            ) + (child ? ints("KnownChildSensitiveDataConsents") : []) + ints("AdditionalDataProcessingConsent")
        return USSectionDefinition(id: id, name: name, cores: [1: core], subsections: [subsection], style: .mspa)
    }
}
