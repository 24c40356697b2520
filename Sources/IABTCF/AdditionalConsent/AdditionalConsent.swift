/// A Google Additional Consent (AC) string: the Google Ad Tech Providers (ids from Google's own list,
/// not the GVL) a user consented to, carried beside the TC string (`IABTCF_AddtlConsent`,
/// `addtl_consent`).
///
/// - Version 1: `1~` then the consented ids joined by `.` (`1~1.35.41.101`; `1~` for none).
/// - Version 2: `2~` consented ids `~dv.` disclosed-but-not-consented ids (`2~1.10~dv.2.3.4`,
///   `2~~dv.1.2` for nothing consented, `2~1.2~dv.` for all consented). An id is never in both lists.
///
/// ```swift
/// let ac = try AdditionalConsent("2~1.10~dv.2.3.4")
/// ac.consentedProviders   // [1, 10]
/// ac.description          // "2~1.10~dv.2.3.4"
/// ```
public struct AdditionalConsent: Sendable, Hashable, CustomStringConvertible {
    /// 1 or 2.
    public var version: Int
    /// Providers the user consented to, ascending and unique.
    public var consentedProviders: [Int]
    /// Version 2: providers that were disclosed but not consented to, ascending and unique (empty in version 1).
    public var disclosedProviders: [Int]

    /// Creates a value to format; ids are sorted and de-duplicated.
    ///
    /// - Throws: ``AdditionalConsentError`` for a version other than 1 or 2, an id below 1, disclosed
    ///   ids in version 1, or an id in both lists.
    public init(version: Int, consentedProviders: [Int], disclosedProviders: [Int] = []) throws(AdditionalConsentError)
    {
        guard version == 1 || version == 2 else { throw AdditionalConsentError(.unsupportedVersion, value: version) }
        guard version == 2 || disclosedProviders.isEmpty else { throw AdditionalConsentError(.malformed) }
        self.version = version
        self.consentedProviders = Array(Set(consentedProviders)).sorted()
        self.disclosedProviders = Array(Set(disclosedProviders)).sorted()
        if let bad = (self.consentedProviders + self.disclosedProviders).first(where: { $0 < 1 }) {
            throw AdditionalConsentError(.invalidProviderId, value: bad)
        }
        if let both = Set(self.consentedProviders).intersection(self.disclosedProviders).min() {
            throw AdditionalConsentError(.providerInBothLists, value: both)
        }
    }

    /// Parses an AC string.
    ///
    /// - Throws: ``AdditionalConsentError`` naming the problem and its 1-based character position.
    public init(_ text: String) throws(AdditionalConsentError) {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { throw AdditionalConsentError(.emptyString, position: 1) }
        let parts = bytes.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false)
        // The version is one character, then `~`.
        guard parts.count >= 2, parts[0].count == 1 else {
            throw AdditionalConsentError(.malformed, position: parts[0].isEmpty ? 1 : 2)
        }
        // 1-based: the first id is character 3.
        var position = 3
        switch parts[0].first {
        case UInt8(ascii: "1"):
            guard parts.count == 2 else {
                throw AdditionalConsentError(.malformed, position: position + parts[1].count)
            }
            try self.init(version: 1, consentedProviders: Self.ids(parts[1], at: &position).ids)
        case UInt8(ascii: "2"):
            let consented = try Self.ids(parts[1], at: &position).ids
            guard parts.count >= 3 else {
                throw AdditionalConsentError(.missingDisclosedSection, position: bytes.count + 1)
            }
            position += 1
            guard parts[2].starts(with: Array("dv".utf8)),
                parts[2].count == 2 || parts[2][parts[2].startIndex + 2] == UInt8(ascii: ".")
            else { throw AdditionalConsentError(.missingDisclosedSection, position: position) }
            guard parts.count == 3 else {
                throw AdditionalConsentError(.missingDisclosedSection, position: position + parts[2].count)
            }
            position += 3
            let disclosed =
                parts[2].count <= 3 ? (ids: [], positions: []) : try Self.ids(parts[2].dropFirst(3), at: &position)
            let consentedSet = Set(consented)
            if let index = disclosed.ids.firstIndex(where: consentedSet.contains) {
                throw AdditionalConsentError(
                    .providerInBothLists,
                    position: disclosed.positions[index],
                    value: disclosed.ids[index]
                )
            }
            try self.init(version: 2, consentedProviders: consented, disclosedProviders: disclosed.ids)
        default:
            throw AdditionalConsentError(.unsupportedVersion, position: 1)
        }
    }

    /// Dot-separated positive ids and where each starts; `position` is the 1-based character
    /// position of `text` in the whole string and ends past it.
    private static func ids(
        _ text: ArraySlice<UInt8>,
        at position: inout Int
    ) throws(AdditionalConsentError) -> (ids: [Int], positions: [Int]) {
        defer { position += text.count }
        guard !text.isEmpty else { return ([], []) }
        var ids: [Int] = []
        var positions: [Int] = []
        var offset = position
        for part in text.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard !part.isEmpty, part.count <= 9, part.allSatisfy({ (48...57).contains($0) }),
                let id = Int(String(decoding: part, as: UTF8.self)), id >= 1
            else { throw AdditionalConsentError(.invalidProviderId, position: offset) }
            ids.append(id)
            positions.append(offset)
            offset += part.count + 1
        }
        return (ids, positions)
    }

    /// The AC string: `1~1.35` or `2~1.10~dv.2.3`.
    public var description: String {
        let consented = consentedProviders.map(String.init).joined(separator: ".")
        guard version == 2 else { return "1~" + consented }
        return "2~" + consented + "~dv." + disclosedProviders.map(String.init).joined(separator: ".")
    }
}
