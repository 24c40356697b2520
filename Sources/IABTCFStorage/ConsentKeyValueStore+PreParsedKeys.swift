public import IABGPP
import IABTCF

extension ConsentKeyValueStore {
    /// Writes the GPP CMP API's keys of `gppString` as ``writeGPPKeys(for:)`` does and, with
    /// `preParsedKeys`, the pre-parsed `IABGPP_<prefix>_<Field>` value of every field of every
    /// section (`GPPString.preParsedInAppKeys()`: Boolean 0/1, Datetime in milliseconds, ids
    /// joined by `_`…), removing the pre-parsed keys it no longer has. Without `preParsedKeys`
    /// (the default of ``writeGPPKeys(for:)``) pre-parsed keys are not touched, and
    /// ``readGPPInAppConsent()`` reports any left out of step.
    ///
    /// - Throws: `GPPError` when the string cannot be encoded; the store is then unchanged.
    public func writeGPPKeys(for gppString: GPPString, preParsedKeys: Bool) throws(GPPError) {
        guard preParsedKeys else { return try writeGPPKeys(for: gppString) }
        let keys = try gppString.gppInAppKeys().merging(try gppString.preParsedInAppKeys()) { $1 }
        write(keys) { Self.isSectionStringKey($0) || GPPString.isPreParsedKey($0) }
    }
}
