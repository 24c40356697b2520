extension USSectionDefinition {
    /// The classic state sections (`Sections/US-States/`), each `Version Int(6) = 1` then these
    /// fields; "[k]" lists are k × Int(2). Tennessee has MspaCoveredTransaction since 2025-02-18
    /// (GPP commit 2e9e365); Minnesota was finalised in Aug 2025 (GPP PR #147).
    static let classicStates: [USSectionDefinition] = [
        classic(
            8,
            "usca",
            gpc: true,
            sensitiveDataProcessing: .optOut,
            ints(
                "SaleOptOutNotice",
                "SharingOptOutNotice",
                "SensitiveDataLimitUseNotice",
                "SaleOptOut",
                "SharingOptOut"
            )
                + [list("SensitiveDataProcessing", 9), list("KnownChildSensitiveDataConsents", 2)]
                + ints("PersonalDataConsents") + mspa
        ),
        classic(
            9,
            "usva",
            gpc: false,
            notices("SharingNotice") + [list("SensitiveDataProcessing", 8), .int2("KnownChildSensitiveDataConsents")]
                + mspa
        ),
        classic(
            10,
            "usco",
            gpc: true,
            notices("SharingNotice") + [list("SensitiveDataProcessing", 7), .int2("KnownChildSensitiveDataConsents")]
                + mspa
        ),
        classic(
            11,
            "usut",
            gpc: false,
            sensitiveDataProcessing: .optOut,
            ints(
                "SharingNotice",
                "SaleOptOutNotice",
                "TargetedAdvertisingOptOutNotice",
                "SensitiveDataProcessingOptOutNotice",
                "SaleOptOut",
                "TargetedAdvertisingOptOut"
            ) + [list("SensitiveDataProcessing", 8), .int2("KnownChildSensitiveDataConsents")] + mspa
        ),
        classic(
            12,
            "usct",
            gpc: true,
            notices("SharingNotice") + [list("SensitiveDataProcessing", 8), list("KnownChildSensitiveDataConsents", 3)]
                + mspa
        ),
        classic(13, "usfl", gpc: false, additional("ProcessingNotice", sensitive: 8, child: 3)),
        classic(14, "usmt", gpc: true, additional("SharingNotice", sensitive: 8, child: 3)),
        classic(15, "usor", gpc: true, additional("ProcessingNotice", sensitive: 11, child: 3)),
        classic(16, "ustx", gpc: true, additional("ProcessingNotice", sensitive: 8, child: 1)),
        classic(17, "usde", gpc: true, additional("ProcessingNotice", sensitive: 9, child: 5)),
        classic(
            18,
            "usia",
            gpc: true,
            ints(
                "ProcessingNotice",
                "SaleOptOutNotice",
                "TargetedAdvertisingOptOutNotice",
                "SensitiveDataOptOutNotice",
                "SaleOptOut",
                "TargetedAdvertisingOptOut"
            ) + [list("SensitiveDataProcessing", 8), .int2("KnownChildSensitiveDataConsents")] + mspa
        ),
        classic(19, "usne", gpc: true, additional("ProcessingNotice", sensitive: 8, child: 1)),
        classic(20, "usnh", gpc: true, additional("ProcessingNotice", sensitive: 8, child: 3)),
        classic(21, "usnj", gpc: true, additional("ProcessingNotice", sensitive: 10, child: 5)),
        // The specification names Tennessee's field KnownChildSensitiveDataConsent (singular); every
        // library and every other state use the plural, which this table keeps for one name.
        classic(22, "ustn", gpc: true, additional("ProcessingNotice", sensitive: 8, child: 1)),
        classic(23, "usmn", gpc: true, additional("ProcessingNotice", sensitive: 8, child: 1)),
    ]

    /// The three MSPA fields that end every classic section.
    static let mspa = ints("MspaCoveredTransaction", "MspaOptOutOptionMode", "MspaServiceProviderMode")

    static func ints(_ names: String...) -> [GPPField] { names.map(GPPField.int2) }

    /// A fixed list of `count` Int(2); a single Int(2) when `count` is 1.
    static func list(_ name: String, _ count: Int) -> GPPField {
        count == 1 ? .int2(name) : GPPField(name, .intList(count))
    }

    /// `first`, then the sale and targeted-advertising notices and opt-outs.
    static func notices(_ first: String) -> [GPPField] {
        ints(first, "SaleOptOutNotice", "TargetedAdvertisingOptOutNotice", "SaleOptOut", "TargetedAdvertisingOptOut")
    }

    /// The layout of the states of 2024-25 (FL, MT, OR, TX, DE, NE, NH, NJ, TN, MN): notices,
    /// sensitive data, child consents, AdditionalDataProcessingConsent, then the MSPA fields.
    static func additional(_ first: String, sensitive: Int, child: Int) -> [GPPField] {
        notices(first) + [list("SensitiveDataProcessing", sensitive), list("KnownChildSensitiveDataConsents", child)]
            + ints("AdditionalDataProcessingConsent") + mspa
    }
}
