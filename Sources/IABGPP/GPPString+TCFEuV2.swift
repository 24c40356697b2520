public import IABTCF

extension GPPString {
    /// The TCF EU v2 section id.
    public static let tcfEuV2SectionId = 2

    /// The longest TC string IABGPP writes or reads back for section 2: the longest any decoding
    /// options admit (`TCString.DecodingOptions.largestMaximumLength`). A GPP string is bounded
    /// as a whole where it is read (``init(encoded:options:)``), so section 2 has no limit of its
    /// own: not TCString's default 128 KiB.
    static let tcfEuV2MaximumLength = TCString.DecodingOptions.largestMaximumLength

    /// The TCF EU v2 section's TC string, or `nil` when the string has none.
    public var tcfEuV2: TCString? {
        for case .tcfEuV2(let tcString) in sections { return tcString }
        return nil
    }

    /// The TCF EU v2 section's TC string.
    ///
    /// - Throws: section 2's own error when it did not decode (``failedSections``);
    ///   ``GPPError/Code/missingTCFSection`` when the string has none.
    public func requiredTCFEuV2() throws(GPPError) -> TCString {
        guard let tcfEuV2 else {
            throw failedSection(Self.tcfEuV2SectionId)?.error ?? GPPError(.missingTCFSection)
        }
        return tcfEuV2
    }
}
