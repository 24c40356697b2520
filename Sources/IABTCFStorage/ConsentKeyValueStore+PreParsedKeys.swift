public import IABGPP
public import IABTCF

extension ConsentKeyValueStore {
    /// Writes the GPP CMP API's keys of `gppString` as ``writeGPPKeys(for:)`` does and, with
    /// `preParsedKeys`, the pre-parsed `IABGPP_<prefix>_<Field>` value of every field of every
    /// section (`IABGPP.GPPString.preParsedInAppKeys()`: Boolean 0/1, Datetime in milliseconds,
    /// ids joined by `_`…), removing the pre-parsed keys it no longer has. Without
    /// `preParsedKeys` (the default of ``writeGPPKeys(for:)``) pre-parsed keys are not touched, and
    /// ``readInAppConsent()`` reports any left out of step.
    ///
    /// - Throws: `GPPError` when a section does not decode or the string cannot be encoded
    ///   (`GPPError.Code.tcString` carries a `TCStringError`); the store is then unchanged.
    public func writeGPPKeys(for gppString: IABTCF.GPPString, preParsedKeys: Bool) throws(GPPError) {
        var keys: [String: InAppValue]
        do throws(TCStringError) {
            keys = try gppString.gppInAppKeys()
        } catch {
            throw GPPError(.tcString, tcString: error)
        }
        guard preParsedKeys else {
            do throws(TCStringError) { try writeGPPKeys(for: gppString) } catch {
                throw GPPError(.tcString, tcString: error)
            }
            return
        }
        let text = keys[InAppKeys.gppString]?.stringValue ?? ""
        keys.merge(try IABGPP.GPPString(encoded: text).preParsedInAppKeys()) { $1 }
        var changed = false
        for key in storedKeys where keys[key] == nil {
            let isSectionString = key.hasPrefix(InAppKeys.gppKeyPrefix) && key.hasSuffix("_String")
            guard isSectionString || IABGPP.GPPString.isPreParsedKey(key) else { continue }
            removeInAppValue(forKey: key)
            changed = true
        }
        for (key, value) in keys.sorted(by: { $0.key < $1.key }) where inAppValue(forKey: key) != value {
            setInAppValue(value, forKey: key)
            changed = true
        }
        if changed { didWriteInAppKeys() }
    }

    /// `InAppConsent(keys:)` of `keys` with the pre-parsed keys out of step with the stored GPP
    /// string reported too (`InAppConsent.addingPreParsedKeyProblems(of:)`): the reading of
    /// ``readInAppConsent()``.
    func inAppConsent(checking keys: [String: InAppValue]) -> InAppConsent {
        InAppConsent(keys: keys).addingPreParsedKeyProblems(of: keys)
    }
}
