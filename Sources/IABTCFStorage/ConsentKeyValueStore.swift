public import IABGPP
public import IABTCF

/// A key-value store that holds the CMP API v2 `IABTCF_` keys: `UserDefaults`, or your own.
///
/// Four primitives are all a store provides; reading, writing and cleaning up the keys
/// (``readInAppKeys()``, ``writeInAppKeys(for:gdprApplies:)-(TCString,_)``, ``removeInAppKeys()``...)
/// are built on them. `UserDefaults` conforms, reading values tolerantly (see ``IABTCF/InAppValue/init(propertyListValue:)``).
///
/// The requirements do not mutate: a store is a reference type, or a value that wraps one.
public protocol ConsentKeyValueStore {
    /// The value under `key`, or `nil` when the key is absent or holds a type no CMP writes
    /// (data, dates, arrays, a number with a fraction).
    func inAppValue(forKey key: String) -> InAppValue?

    /// Stores `value` under `key`, replacing what was there.
    func setInAppValue(_ value: InAppValue, forKey key: String)

    /// Removes `key`; removing an absent key does nothing.
    func removeInAppValue(forKey key: String)

    /// Every key the store holds (at least every `IABTCF_` key; other keys are ignored).
    var storedKeys: [String] { get }

    /// A signal each time the store's keys may have changed, by any writer (a CMP, another
    /// process, the app): the reader compares the keys it reads (``readConsentKeys()``) and acts
    /// only when they differ. One element may stand for a whole burst of writes; the stream ends
    /// when the task iterating it is cancelled. `UserDefaults` signals after each burst of writes
    /// (``Foundation/UserDefaults/inAppConsentChanges(debounce:includingCurrent:)``), ``InMemoryConsentStore``
    /// after each write that changes a value; the default signals nothing and ends at once (such a
    /// store's readers see its changes only when they read again).
    func keyChanges() -> AsyncStream<Void>
}

extension ConsentKeyValueStore {
    /// Signals nothing: a finished stream (a store that cannot tell when its keys change).
    public func keyChanges() -> AsyncStream<Void> { AsyncStream { $0.finish() } }

    /// Every CMP API v2 key the store holds (`InAppKeys.isDefined(_:)`), tolerantly read.
    ///
    /// Other keys, `IABTCF_`-prefixed or not (`IABTCF_AddtlConsent`, an SDK's own keys), are left out,
    /// and so is a defined key whose value has a type no CMP writes. For a value written by
    /// ``writeInAppKeys(for:gdprApplies:)-(TCString,_)`` the result equals
    /// `TCString.inAppKeys(gdprApplies:)`.
    public func readInAppKeys() -> [String: InAppValue] {
        var keys: [String: InAppValue] = [:]
        for key in InAppKeys.fixedKeys {
            if let value = inAppValue(forKey: key) { keys[key] = value }
        }
        for key in storedKeys where InAppKeys.purposeId(ofPublisherRestrictionsKey: key) != nil {
            if let value = inAppValue(forKey: key) { keys[key] = value }
        }
        return keys
    }

    /// The GPP keys the store holds: every `IABGPP_` key of the GPP CMP API ("In-App Details"),
    /// whatever the spelling a CMP uses (`IABGPP_HDR_Version`, `IABGPP_HDR_Sections` or
    /// `IABGPP_HDR_SectionList`, `IABGPP_HDR_GppString`, `IABGPP_GppSID`, `IABGPP_[SectionID]_String`,
    /// `IABGPP_2_TCString`, the pre-parsed `IABGPP_<prefix>_<Field>` values), tolerantly read.
    public func readGPPKeys() -> [String: InAppValue] {
        var keys: [String: InAppValue] = [:]
        for key in storedKeys where key.hasPrefix(GPPInAppKeys.gppKeyPrefix) {
            if let value = inAppValue(forKey: key) { keys[key] = value }
        }
        return keys
    }

    /// Every key the consent is read from: ``readInAppKeys()``, ``readGPPKeys()``, the US keys
    /// `IABUSPrivacy_String` and `gad_rdp` (`GPPInAppKeys.usKeys`) and Google's
    /// `IABTCF_EnableAdvertiserConsentMode`. Observation compares these.
    public func readConsentKeys() -> [String: InAppValue] {
        var keys = readInAppKeys().merging(readGPPKeys()) { $1 }
        for key in GPPInAppKeys.usKeys + [InAppKeys.enableAdvertiserConsentMode] {
            if let value = inAppValue(forKey: key) { keys[key] = value }
        }
        return keys
    }

    /// The codec's in-app model of the `IABTCF_` keys the store holds (``readInAppKeys()``):
    /// `IABTCF_gdprApplies` as an integer, a boolean or a string (`"1"`, `"0"`, `"true"`), numeric
    /// keys as integers or numeric strings.
    ///
    /// Its `problems` report what is wrong: an `IABTCF_gdprApplies` that is neither 0 nor 1 (nor a
    /// tolerated spelling), which reads as unset rather than as "applies"; derived keys out of step
    /// with `IABTCF_TCString`. The GPP and US keys are ``readGPPInAppConsent()``'s.
    public func readInAppConsent() -> InAppConsent {
        InAppConsent(keys: readInAppKeys())
    }

    /// IABGPP's in-app model of the GPP and US keys the store holds (``readConsentKeys()``): the
    /// GPP string, the sections in force, each CMP's spelling of the header keys,
    /// `IABUSPrivacy_String` and `gad_rdp`.
    ///
    /// Its `problems` report GPP keys out of step with `IABGPP_HDR_GppString`, and GPP keys whose
    /// TCF EU v2 string differs from `IABTCF_TCString`. With only GPP keys stored,
    /// ``readInAppConsent()`` has no `tcString` (no TC string is taken from GPP: the `IABTCF_` keys
    /// are the ones CMPs must write and Google reads) and `gppTCString` holds the GPP's.
    public func readGPPInAppConsent() -> GPPInAppConsent {
        GPPInAppConsent(keys: readConsentKeys())
    }

    /// Makes the store's CMP API v2 keys exactly `keys`: writes every key of `keys` and removes every
    /// defined key (`InAppKeys.isDefined(_:)`) that `keys` does not have, such as
    /// `IABTCF_PublisherRestrictions{ID}` of a purpose that no longer has restrictions, or
    /// `IABTCF_DisclosedVendors` once absent. Keys the CMP API does not define are never touched,
    /// whatever their prefix; keys of `keys` that it does not define are written all the same.
    ///
    /// A value already stored is not written again, so an unchanged key does not notify observers.
    public func writeInAppKeys(_ keys: [String: InAppValue]) {
        write(keys, removingStale: InAppKeys.isDefined)
    }

    /// Writes every key of `keys` whose stored value differs, and removes every stored key that
    /// `isStale` accepts and `keys` lacks; observers hear of it once, and only if a key changed.
    /// The one writer behind ``writeInAppKeys(_:)`` and the GPP writes.
    func write(_ keys: [String: InAppValue], removingStale isStale: (String) -> Bool) {
        var changed = false
        for key in storedKeys where keys[key] == nil && isStale(key) {
            removeInAppValue(forKey: key)
            changed = true
        }
        for (key, value) in keys.sorted(by: { $0.key < $1.key }) where inAppValue(forKey: key) != value {
            setInAppValue(value, forKey: key)
            changed = true
        }
        if changed { didWriteInAppKeys() }
    }

    /// Writes the keys of `tcString` (`TCString.inAppKeys(gdprApplies:)`) and removes the
    /// defined keys it no longer has (see ``writeInAppKeys(_:)``).
    ///
    /// This is the writer of a TC string: it stores `IABTCF_TCString` with every key derived from
    /// it, so SDKs that read `IABTCF_PurposeConsents` or `IABTCF_VendorConsents` see the same choice
    /// as those that decode the string. A string the app rewrites, such as
    /// `ConsentFlow.Step.rewrittenTCString` after an ATT refusal, goes through it (decoded with
    /// `TCString(encoded:)`), never into `IABTCF_TCString` alone: the derived keys would still grant
    /// what was rejected, which ``readInAppConsent()`` reports as `InAppProblem.tcStringMismatch(key:)`.
    ///
    /// - Parameters:
    ///   - tcString: The consent to store.
    ///   - gdprApplies: `IABTCF_gdprApplies`; `nil` ("undetermined") removes the key.
    /// - Throws: `TCStringError` when the value cannot be encoded; the store is then unchanged.
    public func writeInAppKeys(for tcString: TCString, gdprApplies: Bool?) throws(TCStringError) {
        writeInAppKeys(try tcString.inAppKeys(gdprApplies: gdprApplies))
    }

    /// Writes the keys of a GPP string (IABGPP's `GPPString.inAppKeys(gdprApplies:)`: the `IABTCF_` keys of
    /// its TCF EU v2 section; and `GPPString.gppInAppKeys()`: `IABGPP_HDR_Version`,
    /// `IABGPP_HDR_Sections`, `IABGPP_HDR_GppString`, `IABGPP_GppSID`, `IABGPP_[SectionID]_String`) and
    /// removes the defined keys it does not have (see ``writeInAppKeys(_:)``).
    ///
    /// The GPP keys belong to the GPP CMP API, not the TCF's: writing a plain TC string's keys
    /// leaves them as they are (they may hold other sections), and ``readGPPInAppConsent()``
    /// reports them when their TCF EU v2 string no longer matches (`GPPInAppProblem.tcStringMismatch`).
    ///
    /// - Throws: `GPPError` when the string has no TCF EU v2 section (`missingTCFSection`) or
    ///   cannot be encoded; the store is then unchanged.
    public func writeInAppKeys(for gppString: GPPString, gdprApplies: Bool?) throws(GPPError) {
        let gppKeys = try gppString.gppInAppKeys()
        writeInAppKeys(try gppString.inAppKeys(gdprApplies: gdprApplies).merging(gppKeys) { $1 })
    }

    /// Writes the GPP CMP API's keys of `gppString` alone (`GPPString.gppInAppKeys()`:
    /// `IABGPP_HDR_Version`, `IABGPP_HDR_Sections`, `IABGPP_HDR_GppString`, `IABGPP_GppSID`,
    /// `IABGPP_[SectionID]_String` for every section), as a US CMP does: no `IABTCF_` key is
    /// touched, and no TCF EU v2 section is needed. An `IABGPP_[SectionID]_String` of a section
    /// the string no longer has is removed.
    ///
    /// - Throws: `GPPError` when the string cannot be encoded; the store is then unchanged.
    public func writeGPPKeys(for gppString: GPPString) throws(GPPError) {
        write(try gppString.gppInAppKeys(), removingStale: Self.isSectionStringKey)
    }

    /// Whether `key` is an `IABGPP_[SectionID]_String`: the section keys a GPP write replaces.
    static func isSectionStringKey(_ key: String) -> Bool {
        key.hasPrefix(GPPInAppKeys.gppKeyPrefix) && key.hasSuffix("_String")
    }

    /// Removes every CMP API v2 key (`InAppKeys.isDefined(_:)`) and every key of the GPP CMP API
    /// (any `IABGPP_`-prefixed key: `IABGPP_HDR_Version`, `IABGPP_HDR_Sections`,
    /// `IABGPP_HDR_GppString`, `IABGPP_GppSID`, `IABGPP_[SectionID]_String`, the pre-parsed
    /// `IABGPP_<prefix>_<field>` values), as when consent is reset: a GPP string left behind would
    /// still hold the old choice. Other keys are left alone.
    public func removeInAppKeys() {
        var removedGPPKey = false
        for key in storedKeys where key.hasPrefix(GPPInAppKeys.gppKeyPrefix) {
            removeInAppValue(forKey: key)
            removedGPPKey = true
        }
        writeInAppKeys([:])
        if removedGPPKey { didWriteInAppKeys() }
    }
}
