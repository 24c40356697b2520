extension USSectionDefinition {
    /// US National (section 7), `Sections/US-National/IAB Privacy's National Privacy Technical
    /// Specification.md`: Version 1 (Dec 2022) with 12 sensitive-data categories and 2 child
    /// consents, Version 2 (Oct 2024) with 16 and 3; 60 and 70 bits. Both have the GPC sub-section.
    static let usnat = USSectionDefinition(
        id: 7,
        name: "usnat",
        cores: [1: usnatCore(sensitive: 12, child: 2), 2: usnatCore(sensitive: 16, child: 3)],
        subsections: [gpc],
        style: .classic
    )

    private static func usnatCore(sensitive: Int, child: Int) -> [GPPField] {
        [
            .int2("SharingNotice"), .int2("SaleOptOutNotice"), .int2("SharingOptOutNotice"),
            .int2("TargetedAdvertisingOptOutNotice"), .int2("SensitiveDataProcessingOptOutNotice"),
            .int2("SensitiveDataLimitUseNotice"), .int2("SaleOptOut"), .int2("SharingOptOut"),
            .int2("TargetedAdvertisingOptOut"),
            GPPField("SensitiveDataProcessing", .intList(sensitive)),
            GPPField("KnownChildSensitiveDataConsents", .intList(child)),
            .int2("PersonalDataConsents"), .int2("MspaCoveredTransaction"), .int2("MspaOptOutOptionMode"),
            .int2("MspaServiceProviderMode"),
        ]
    }
}
