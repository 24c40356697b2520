public import IABTCF

// The pre-parsed in-app keys of the GPP CMP API ("In-App Details"): `IABGPP_<prefix>_<Field>`,
// one per field of every decoded section, with the specification's value conversion. Written from
// and checked against the sections' public field tables (`coreFields`, `definition`, `fields`),
// so one table per section stays the only place a field is named.

extension GPPSection {
    /// The in-app key prefix of section `id` (`IABGPP_<prefix>_<Field>`): the API prefix
    /// uppercased, with a `V` before a trailing version digit dropped (`tcfeuv2` → `TCFEU2`,
    /// `tcfcav1` → `TCFCA1`, `uspv1` → `USP1`, `usnat` → `USNAT`, `usca` → `USCA`); `nil` for an
    /// id this module does not decode.
    ///
    /// The specification names `HDR`, `TCFEU2`, `TCFCA1` and `USP1` only; no specification file
    /// names a prefix for the US sections. This rule gives the named ones and is this library's
    /// choice for the others.
    public static func inAppPrefix(of id: Int) -> String? {
        guard let name = name(of: id) else { return nil }
        var prefix = Array(name.uppercased().utf8)
        if prefix.count >= 2, let last = prefix.last, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(last),
            prefix[prefix.count - 2] == UInt8(ascii: "V")
        {
            prefix.remove(at: prefix.count - 2)
        }
        return String(decoding: prefix, as: UTF8.self)
    }

    /// The spellings of a prefix that CMPs write besides ``inAppPrefix(of:)``: the Canada
    /// section's document writes `TCFCAV1` (the core specification `TCFCA1`), Transcend writes
    /// `USPV1`. Read, never written.
    static let inAppPrefixSpellings: [String: Int] = ["TCFCAV1": 5, "USPV1": 6]

    /// The pre-parsed keys of this section, `IABGPP_<prefix>_<Field>` with the specification's
    /// field names, converted as the GPP CMP API says:
    ///
    /// | type | stored as |
    /// |---|---|
    /// | Boolean | Int 0 or 1 |
    /// | Int(n), Int(Fibonacci) | Int |
    /// | String(n) (and US Privacy's `Y`/`N`/`-` flags) | String, unchanged |
    /// | Datetime | Int, milliseconds since the epoch (the section holds deciseconds) |
    /// | id sets (Bitfield, Range, OptimizedRange…) | String, the ids joined by `_` (`1_4_5_6_99`; empty for none) |
    /// | N-Bitfield(2,k) (a fixed list of Int(2)) | String, the k values in table order joined by `_` (`1_2_0`) |
    /// | ArrayOfRanges, N-ArrayOfRanges | one String per record key, `<Field><key>`, of `id:type` pairs joined by `_` (`3:0_5:1_6:1_7:2_12:0`), ascending by id |
    ///
    /// The specification gives no rule for N-Bitfield(2,k), which holds values rather than ids:
    /// joining the values by `_` is this library's choice. `Version` is written too. A
    /// sub-section that is absent writes no key (an absent GPC sub-section is not `Gpc` 0).
    ///
    /// TCF EU v2 (section 2) mirrors the `IABTCF_` keys of its TC string
    /// (`TCString.inAppKeys(gdprApplies:maximumLength:)`) as `IABGPP_TCFEU2_<same name>`, as the
    /// EEA section document lists them; its `IABTCF_TCString` is the `IABGPP_2_String` key, not a
    /// pre-parsed one, and `gdprApplies` is not part of the string, so neither is written.
    /// Unknown sections have no keys.
    ///
    /// - Throws: ``GPPError/Code/tcString`` (section 2) when the TC string cannot be encoded.
    public func preParsedInAppKeys() throws(GPPError) -> [String: InAppValue] {
        guard let prefix = Self.inAppPrefix(of: id) else { return [:] }
        var keys: [String: InAppValue] = [:]
        if case .tcfEuV2(let tcString) = self {
            let tcfKeys: [String: InAppValue]
            do throws(TCStringError) {
                tcfKeys = try tcString.inAppKeys(gdprApplies: nil, maximumLength: GPPString.tcfEuV2MaximumLength)
            } catch {
                throw GPPError(.tcString, sectionId: 2, tcString: error)
            }
            for (key, value) in tcfKeys where key != InAppKeys.tcString {
                keys[Self.tcfEuV2Key(mirroring: key)] = value
            }
            return keys
        }
        for entry in preParsedEntries where entry.isWritten {
            keys["IABGPP_\(prefix)_\(entry.field)"] = entry.value
        }
        return keys
    }

    /// The `IABGPP_TCFEU2_` key mirroring the `IABTCF_` key `key`.
    static func tcfEuV2Key(mirroring key: String) -> String {
        "IABGPP_TCFEU2_" + key.dropFirst("IABTCF_".count)
    }

    /// How a pre-parsed value is compared with a stored one.
    enum PreParsedKind {
        /// An integer (Boolean, Int, Fibonacci): any value whose integer reading is equal.
        case integer
        /// Milliseconds of a Datetime: equal once both are cut to deciseconds.
        case datetime
        /// A string, equal as text.
        case text
        /// Ids joined by `_`: the same set.
        case ids
        /// Int(2) values joined by `_`: the same values in order.
        case values
        /// `id:type` pairs joined by `_`: the same pairs.
        case pairs
    }

    /// One pre-parsed field: its key's `<Field>` part, its in-app value, how it compares, and
    /// whether it is written (an absent sub-section's fields are not, and read as their defaults).
    struct PreParsedEntry {
        var field: String
        var value: InAppValue
        var kind: PreParsedKind
        var isWritten = true
    }

    /// The pre-parsed fields of a section other than TCF EU v2: one per row of ``fieldRows``
    /// (``GPPField/version`` first), TCF Canada's PubRestrictions only when the core has them.
    var preParsedEntries: [PreParsedEntry] {
        guard let rows = fieldRows else { return [] }
        var hasPubRestrictions = true
        if case .tcfCaV1(let section) = self { hasPubRestrictions = section.hasPubRestrictions }
        var entries: [PreParsedEntry] = []
        for row in rows {
            if row.name == "PubRestrictions", !hasPubRestrictions { continue }
            // A US Privacy flag is one character, a String(1).
            let field = GPPField(row.name, row.type ?? .string(1))
            entries += Self.entries(field, row.value ?? field.type.defaultValue, isWritten: row.value != nil)
        }
        return entries
    }

    /// The entries of one field: one, or one per record key for ArrayOfRanges.
    static func entries(_ field: GPPField, _ value: GPPValue, isWritten: Bool = true) -> [PreParsedEntry] {
        func entry(_ value: InAppValue, _ kind: PreParsedKind) -> [PreParsedEntry] {
            [PreParsedEntry(field: field.name, value: value, kind: kind, isWritten: isWritten)]
        }
        switch value {
        case .bool(let flag): return entry(.int(flag ? 1 : 0), .integer)
        case .int(let int):
            return field.type == .datetime ? entry(.int(int * 100), .datetime) : entry(.int(int), .integer)
        case .string(let text): return entry(.string(text), .text)
        case .ids(let ids): return entry(.string(joined(ids)), .ids)
        case .list(let values): return entry(.string(joined(values)), .values)
        case .records(let records):
            var byKey: [Int: [(id: Int, type: Int)]] = [:]
            for record in records {
                for id in record.ids { byKey[record.key, default: []].append((id, record.type)) }
            }
            return byKey.keys.sorted().map { key in
                let pairs = byKey[key, default: []].sorted { ($0.id, $0.type) < ($1.id, $1.type) }
                return PreParsedEntry(
                    field: field.name + String(key),
                    value: .string(pairs.map { "\($0.id):\($0.type)" }.joined(separator: "_")),
                    kind: .pairs,
                    isWritten: isWritten
                )
            }
        }
    }

    /// `[1, 4, 5]` as `1_4_5`.
    static func joined(_ values: [Int]) -> String { values.map(String.init).joined(separator: "_") }
}

/// A pre-parsed `IABGPP_<prefix>_<Field>` key out of step with its section of the GPP string
/// (``GPPString/preParsedKeyProblems(in:)``).
public enum GPPPreParsedKeyProblem: Sendable, Hashable, CustomStringConvertible {
    /// `key` holds `stored`, which means something else than its field in section `sectionId`,
    /// whose value is `expected` as the key would hold it (`nil`: the section has no such value,
    /// as for a PubRestrictions purpose without records).
    case mismatch(key: String, sectionId: Int, stored: InAppValue, expected: InAppValue?)
    /// `key` belongs to section `sectionId`, which the GPP string does not have: a value left
    /// behind ("vestigial values", which publishers must clear).
    case sectionAbsent(key: String, sectionId: Int)

    /// The key, as stored.
    public var key: String {
        switch self {
        case .mismatch(let key, _, _, _), .sectionAbsent(let key, _): key
        }
    }

    /// `IABGPP_USNAT_SaleOptOut holds 2, section 7 says 1`.
    public var description: String {
        func shown(_ value: InAppValue?) -> String {
            switch value {
            case .int(let number)?: String(number)
            case .bool(let flag)?: String(flag)
            case .string(let text)?: "\"\(text.prefix(40))\""
            case nil: "nothing"
            }
        }
        switch self {
        case .mismatch(let key, let sectionId, let stored, let expected):
            return "\(key) holds \(shown(stored)), section \(sectionId) says \(shown(expected))"
        case .sectionAbsent(let key, let sectionId):
            return "\(key) belongs to section \(sectionId), which the GPP string lacks"
        }
    }
}

extension GPPString {
    /// The pre-parsed keys of every section (``GPPSection/preParsedInAppKeys()``).
    ///
    /// - Throws: ``GPPError/Code/tcString`` when the TCF EU v2 section cannot be encoded.
    public func preParsedInAppKeys() throws(GPPError) -> [String: InAppValue] {
        var keys: [String: InAppValue] = [:]
        for section in sections { keys.merge(try section.preParsedInAppKeys()) { $1 } }
        return keys
    }

    /// The pre-parsed keys among `keys` that are out of step with this string, sorted by key:
    /// a value meaning something else than its section's field, or a key of a section the
    /// string lacks. Keys of other shapes (the fixed `IABGPP_HDR_…`, `IABGPP_GppSID`,
    /// `IABGPP_[SectionID]_String` keys, and fields no table names) are not checked here.
    ///
    /// Read tolerantly, as CMPs write them: the prefixes `TCFCAV1` (for `TCFCA1`) and `USPV1`
    /// (for `USP1`); integers stored as Int, numeric String or Bool; a Datetime in milliseconds
    /// agrees when it falls in the section's decisecond; ids in any order; section 2's
    /// `UseNonStandardStacks` (the EEA document's name) for `UseNonStandardTexts`, and every
    /// `IABGPP_TCFEU2_` key compared by meaning as IABTCF compares a derived `IABTCF_` key with
    /// its TC string (`InAppConsent(keys:)`: a binary string ending at its last `1` agrees). An
    /// absent sub-section's field agrees with its default (0, empty): iabgpp-java and go-gpp
    /// report an absent GPC as `false`.
    public func preParsedKeyProblems(in keys: [String: InAppValue]) -> [GPPPreParsedKeyProblem] {
        var problems: [GPPPreParsedKeyProblem] = []
        var tcfEuV2Keys: [String: (stored: String, value: InAppValue)] = [:]
        var entriesById: [Int: [String: GPPSection.PreParsedEntry]] = [:]
        for (key, stored) in keys {
            guard let (id, field) = Self.preParsedKey(key) else { continue }
            guard let section = section(id) else {
                problems.append(.sectionAbsent(key: key, sectionId: id))
                continue
            }
            if id == 2 {
                if field == "TCString" {
                    // The EEA document names the string `IABGPP_2_TCString`; a mirrored one is checked too.
                    if case .tcfEuV2 = section, let encoded = try? section.encoded(.preservingLayout),
                        stored.stringValue != encoded
                    {
                        problems.append(.mismatch(key: key, sectionId: 2, stored: stored, expected: .string(encoded)))
                    }
                    continue
                }
                let name = field == "UseNonStandardStacks" ? "UseNonStandardTexts" : field
                tcfEuV2Keys["IABTCF_" + name] = (key, stored)
                continue
            }
            if entriesById[id] == nil {
                entriesById[id] = Dictionary(section.preParsedEntries.map { ($0.field, $0) }) { first, _ in first }
            }
            let entries = entriesById[id] ?? [:]
            if let entry = entries[field] {
                if !Self.agrees(stored, entry) {
                    problems.append(.mismatch(key: key, sectionId: id, stored: stored, expected: entry.value))
                }
            } else if case .tcfCaV1 = section, field.hasPrefix("PubRestrictions"),
                Int(field.dropFirst("PubRestrictions".count)) != nil,
                stored.stringValue?.isEmpty != true
            {
                // A purpose without records: any pair stored for it is out of step.
                problems.append(.mismatch(key: key, sectionId: id, stored: stored, expected: nil))
            }
        }
        if !tcfEuV2Keys.isEmpty, case .tcfEuV2(let tcString)? = section(2) {
            problems += Self.tcfEuV2Problems(tcString, tcfEuV2Keys)
        }
        return problems.sorted { $0.key < $1.key }
    }

    /// The section id and `<Field>` of a pre-parsed key (`IABGPP_USNAT_SaleOptOut` → 7,
    /// `SaleOptOut`); `nil` for any other key.
    static func preParsedKey(_ key: String) -> (id: Int, field: String)? {
        guard key.hasPrefix("IABGPP_") else { return nil }
        let rest = key.dropFirst("IABGPP_".count)
        guard let underscore = rest.firstIndex(of: "_") else { return nil }
        let prefix = String(rest[..<underscore])
        let field = String(rest[rest.index(after: underscore)...])
        guard !field.isEmpty, let id = prefixIds[prefix] ?? GPPSection.inAppPrefixSpellings[prefix] else {
            return nil
        }
        return (id, field)
    }

    /// Every prefix ``GPPSection/inAppPrefix(of:)`` gives, with its section id.
    static let prefixIds: [String: Int] = {
        var ids: [String: Int] = [:]
        for id in 1...64 { if let prefix = GPPSection.inAppPrefix(of: id) { ids[prefix] = id } }
        return ids
    }()

    /// Whether `stored` means what `entry` holds.
    static func agrees(_ stored: InAppValue, _ entry: GPPSection.PreParsedEntry) -> Bool {
        switch entry.kind {
        case .integer: return stored.intValue != nil && stored.intValue == entry.value.intValue
        case .datetime:
            guard let milliseconds = stored.intValue, let expected = entry.value.intValue else { return false }
            return milliseconds >= 0 && milliseconds / 100 == expected / 100
        case .text: return stored.stringValue != nil && stored.stringValue == entry.value.stringValue
        case .ids:
            guard let ids = numbers(stored), let expected = numbers(entry.value) else { return false }
            return Set(ids) == Set(expected)
        case .values: return numbers(stored) != nil && numbers(stored) == numbers(entry.value)
        case .pairs:
            guard let storedPairs = pairs(stored), let expected = pairs(entry.value) else { return false }
            return storedPairs == expected
        }
    }

    /// `1_4_5` (or an Int: one id) as numbers; `nil` when a part is not a number. Empty is none.
    static func numbers(_ value: InAppValue) -> [Int]? {
        guard let text = value.stringValue ?? value.intValue.map(String.init) else { return nil }
        guard !text.isEmpty else { return [] }
        var numbers: [Int] = []
        for part in text.utf8.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false) {
            guard (1...5).contains(part.count), let number = Int(String(decoding: part, as: UTF8.self)) else {
                return nil
            }
            numbers.append(number)
        }
        return numbers
    }

    /// `3:0_5:1` as a set of pairs; `nil` when a pair is malformed.
    static func pairs(_ value: InAppValue) -> Set<[Int]>? {
        guard let text = value.stringValue else { return nil }
        var pairs: Set<[Int]> = []
        for part in text.utf8.split(separator: UInt8(ascii: "_")) {
            let numbers = part.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map {
                $0.count <= 5 ? Int(String(decoding: $0, as: UTF8.self)) : nil
            }
            guard numbers.count == 2, let id = numbers[0], let type = numbers[1] else { return nil }
            pairs.insert([id, type])
        }
        return pairs
    }

    /// The `IABGPP_TCFEU2_` keys whose meaning differs from the TC string of section 2, found by
    /// IABTCF's own comparison of derived keys (`InAppConsent(keys:)`) on the keys renamed back
    /// to `IABTCF_`; only keys that are stored are reported.
    static func tcfEuV2Problems(
        _ tcString: TCString,
        _ stored: [String: (stored: String, value: InAppValue)]
    ) -> [GPPPreParsedKeyProblem] {
        let options = TCString.DecodingOptions(maximumLength: GPPString.tcfEuV2MaximumLength)
        guard let encoded = try? tcString.encoded(.preservingLayout, maximumLength: options.maximumLength),
            let expected = try? TCString.inAppKeys(decoding: encoded.utf8, gdprApplies: nil, options: options)
        else { return [] }
        var renamed = stored.mapValues(\.value)
        renamed[InAppKeys.tcString] = .string(encoded)
        return InAppConsent(keys: renamed).problems.compactMap { problem in
            guard case .tcStringMismatch(let key) = problem, let (storedKey, value) = stored[key] else { return nil }
            return .mismatch(key: storedKey, sectionId: 2, stored: value, expected: expected[key])
        }
    }
}

extension GPPString {
    /// Whether `key` is a pre-parsed key: `IABGPP_<prefix>_<Field>` with the prefix of a section
    /// this module decodes (``GPPSection/inAppPrefix(of:)``, or a spelling CMPs use: `TCFCAV1`,
    /// `USPV1`). The fixed keys (`IABGPP_HDR_…`, `IABGPP_GppSID`, `IABGPP_[SectionID]_String`) are not.
    public static func isPreParsedKey(_ key: String) -> Bool { preParsedKey(key) != nil }

    /// The pre-parsed keys among stored `keys` out of step with the GPP string stored beside them
    /// (`IABGPP_HDR_GppString`, ``preParsedKeyProblems(in:)``); without that string every
    /// pre-parsed key is left behind (``GPPPreParsedKeyProblem/sectionAbsent(key:sectionId:)``).
    /// A stored string that does not decode is not compared with: its own problem is elsewhere.
    public static func preParsedKeyProblems(inStored keys: [String: InAppValue]) -> [GPPPreParsedKeyProblem] {
        // Most stores hold no pre-parsed key: the string is then not decoded at all.
        guard keys.keys.contains(where: isPreParsedKey) else { return [] }
        guard let text = keys[GPPInAppKeys.gppString]?.stringValue else {
            return GPPString(sections: []).preParsedKeyProblems(in: keys)
        }
        return (try? GPPString(encoded: text))?.preParsedKeyProblems(in: keys) ?? []
    }
}
