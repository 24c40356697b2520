public import IABTCF

extension GPPString {
    /// The TCF EU v2 section id.
    public static let tcfEuV2SectionId = 2

    /// The TCF EU v2 section's TC string, or `nil` when the string has none.
    public var tcfEuV2: TCString? {
        for case .tcfEuV2(let tcString) in sections { return tcString }
        return nil
    }

    /// The TCF EU v2 section's TC string.
    ///
    /// - Throws: ``GPPError/Code/missingTCFSection`` when the string has none.
    public func requiredTCFEuV2() throws(GPPError) -> TCString {
        guard let tcfEuV2 else { throw GPPError(.missingTCFSection) }
        return tcfEuV2
    }
}
