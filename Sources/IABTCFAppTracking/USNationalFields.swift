// A US section in US National (section 7) terms, as Prebid reads the states: docs.prebid.org,
// "Prebid US Compliance Support", "Interpreting USNat Strings": "Prebid handles state differences
// through a normalization process. The differences for each state are mapped onto the US National
// (SID 7) string, and that string is interpreted for which activities are allowed or suppressed."
// and "When normalizing state-specific strings to the US National string, Prebid adds an
// additional "NULL" value which means that value was not present in the original string."
public import IABGPP

/// The fields of a US National section, each `nil` ("NULL") where the section it was translated
/// from has none: ``init(translating:)-(USSection)`` is Prebid's normalization.
public struct USNationalFields: Sendable, Hashable {
    /// The Version whose US National table the fields follow: 1 (12 sensitive-data categories, 2
    /// child consents) or 2 (16 and 3).
    public var version: Int
    /// The Int(2) fields by specification name (`SaleOptOut`); a name absent is NULL.
    public var values: [String: Int]
    /// `SensitiveDataProcessing`, one item per category of ``version`` (NULL items where the
    /// state has no such category).
    public var sensitiveDataProcessing: [Int?]
    /// `KnownChildSensitiveDataConsents`: 13-16 (or 13-17), under 13, and for Version 2 16-17.
    public var knownChildSensitiveDataConsents: [Int?]
    /// The GPC flag; `nil` without a GPC sub-section.
    public var gpc: Bool?

    /// Every field NULL, for ``version``'s table.
    public init(version: Int) {
        self.version = version
        values = [:]
        let core = USSectionDefinition.all[7]?.cores[version] ?? []
        func count(_ name: String) -> Int {
            if case .intList(let count) = core.first(where: { $0.name == name })?.type { return count }
            return 0
        }
        sensitiveDataProcessing = Array(repeating: nil, count: count("SensitiveDataProcessing"))
        knownChildSensitiveDataConsents = Array(repeating: nil, count: count("KnownChildSensitiveDataConsents"))
        gpc = nil
    }

    /// An Int(2) field's value, `nil` for NULL.
    public subscript<Value: USInt2Value>(_ field: USField<Value>) -> Int? {
        get { values[field.name] }
        set { values[field.name] = newValue }
    }

    /// Every US National field of ``version``'s table in order, then `Gpc`: `(name, value)` with
    /// an Int(2) field as `.int`, a list as its items (`nil` items NULL), `nil` for NULL.
    public var fields: [(name: String, value: Item?)] {
        let core = USSectionDefinition.all[7]?.cores[version] ?? []
        return core.map { field -> (name: String, value: Item?) in
            switch field.name {
            case "SensitiveDataProcessing": (field.name, .list(sensitiveDataProcessing))
            case "KnownChildSensitiveDataConsents": (field.name, .list(knownChildSensitiveDataConsents))
            default: (field.name, values[field.name].map(Item.int))
            }
        } + [("Gpc", gpc.map(Item.bool))]
    }

    /// One field's value in ``fields``.
    public enum Item: Sendable, Hashable {
        /// An Int(2).
        case int(Int)
        /// A list of Int(2), NULL items `nil`.
        case list([Int?])
        /// The GPC flag.
        case bool(Bool)
    }
}

extension USNationalFields {
    /// `section` in US National terms, as Prebid.js's `gppControl_usstates` module normalizes it
    /// (docs.prebid.org, "Interpreting USNat Strings"); `nil` for a section without a US table.
    ///
    /// - US National (7): as it is ("7: (consent) => consent"), with Version 2's table for a
    ///   Version 1 string read under `usnatVersion1WithVersion2Widths` (so categories 13-16 count).
    /// - Every state: each US National field the state's table names is copied ("All other fields
    ///   pass through"), the others are NULL ("Set these fields to NULL: ..."), `Gpc` from the
    ///   GPC sub-section; Version 1's table. `SensitiveDataProcessing` moves by Prebid's maps for
    ///   California and Utah and by position elsewhere; `KnownChildSensitiveDataConsents` by
    ///   `knownChild(_:sectionId:)`.
    /// - The states Prebid does not translate (13-27) are translated the same way, by field names:
    ///   the fields the state shares with US National pass through, its sensitive-data categories
    ///   by position, its child consents by Prebid's rule for states that "do not distinguish
    ///   between ages 13-16 and under 13". Their own fields (`ProcessingNotice`,
    ///   `AdditionalDataProcessingConsent`, `SensitiveDataOptOutNotice`) have no US National field
    ///   and do not count. Sections 24-27's `MspaMode` becomes the two mode fields it replaces
    ///   (1 Opt-Out Option Mode: `MspaOptOutOptionMode` 1, `MspaServiceProviderMode` 2; 2 Service
    ///   Provider Mode: the reverse; 0 and 3 both).
    public init?(translating section: USSection) {
        let id = section.definition.id
        guard USSectionDefinition.all[id] != nil else { return nil }
        let core = Dictionary(
            zip(section.coreFields.map(\.name), section.core),
            uniquingKeysWith: { first, _ in first }
        )
        if id == 7 {
            let version = section.compatibility == .usnatVersion1WithVersion2Widths ? 2 : section.version
            self.init(version: version)
            for (name, value) in core {
                switch value {
                case .int(let int): values[name] = int
                case .list(let items) where name == "SensitiveDataProcessing":
                    sensitiveDataProcessing = Self.fit(items.map { $0 }, sensitiveDataProcessing.count)
                case .list(let items) where name == "KnownChildSensitiveDataConsents":
                    knownChildSensitiveDataConsents = Self.fit(items.map { $0 }, knownChildSensitiveDataConsents.count)
                default: break
                }
            }
            gpc = section.gpc
            return
        }
        self.init(version: 1)
        let usnat = Set((USSectionDefinition.all[7]?.cores[1] ?? []).map(\.name))
        for (name, value) in core where usnat.contains(name) {
            if case .int(let int) = value, name != "KnownChildSensitiveDataConsents" { values[name] = int }
        }
        if let mode = core["MspaMode"]?.int {
            let (optOutOption, serviceProvider) = [(0, 0), (1, 2), (2, 1), (3, 3)][mode & 3]
            values["MspaOptOutOptionMode"] = optOutOption
            values["MspaServiceProviderMode"] = serviceProvider
        }
        // Sections 24-27 keep SensitiveDataProcessing in a sub-section; the others in the core.
        let sensitive =
            core["SensitiveDataProcessing"]?.list
            ?? section.definition.subsections.first { $0.fields.first?.name == "SensitiveDataProcessing" }
            .flatMap { section.subsections[$0.id]?.first?.list } ?? []
        sensitiveDataProcessing = Self.move(sensitive, Self.sensitiveDataMoves[id] ?? [:], count: 12)
        let child = core["KnownChildSensitiveDataConsents"].flatMap { $0.list ?? $0.int.map { [$0] } }
        knownChildSensitiveDataConsents = child.map { Self.knownChild($0, sectionId: id) } ?? [nil, nil]
        gpc = section.gpc
    }

    /// Prebid's moves of `SensitiveDataProcessing` (1-based: state category → US National
    /// categories), from "Interpreting USNat Strings": California "CA sensitive data 1 maps to US
    /// national sensitive data 9, … 2 … 10, … 3 … 8, … 4 … 1 and 2, … 5 … 12, … 6 and 7 maps
    /// straight through …, … 8 … 3, … 9 … 4"; Utah "UT sensitive data 1,2 maps straight through
    /// to US National 1,2, … 3 … 4, … 4 … 5, … 5 … 3, … 6,7,8 maps straight through". Every other
    /// category keeps its position.
    static let sensitiveDataMoves: [Int: [Int: [Int]]] = [
        8: [1: [9], 2: [10], 3: [8], 4: [1, 2], 5: [12], 8: [3], 9: [4]],
        11: [3: [4], 4: [5], 5: [3]],
    ]

    /// `items` (1-based categories) placed at their US National positions among `count` NULLs;
    /// a position a moved category takes is not taken again by one that keeps its place.
    static func move(_ items: [Int], _ moves: [Int: [Int]], count: Int) -> [Int?] {
        var result = [Int?](repeating: nil, count: count)
        var moved = Set<Int>()
        for (index, item) in items.enumerated() {
            let targets = moves[index + 1].map { $0.map { $0 - 1 } } ?? [index]
            for target in targets where target < count && !moved.contains(target) {
                result[target] = item
                if moves[index + 1] != nil { moved.insert(target) }
            }
        }
        return result
    }

    /// `items` cut or padded with NULLs to `count`.
    static func fit(_ items: [Int], _ count: Int) -> [Int?] {
        (0..<count).map { $0 < items.count ? items[$0] : nil }
    }

    /// A state's `KnownChildSensitiveDataConsents` as US National's two (13-16, under 13), by
    /// "Interpreting USNat Strings": "If the state-level KnownChild values are all 0 (N/A), then
    /// the normalized output values are also 0"; Connecticut (12), whose ages align with US
    /// National, "If SID 12 string KnownChildSensitiveDataConsents[2]=2 and SID 12 string
    /// KnownChildSensitiveDataConsents[3]=2, then set the normalized
    /// KnownChildSensitiveDataConsents[1]=2 (Ages 13-16 consented) and the normalized
    /// KnownChildSensitiveDataConsents[2]=1 (under 13 not consented)"; otherwise "set the
    /// normalized SID 7 KnownChildSensitiveDataConsents[1 and 2] to 1 (no consent)": "Prebid will
    /// never normalize a positive KnownChild consent" where a state does not tell the ages apart.
    static func knownChild(_ items: [Int], sectionId: Int) -> [Int?] {
        if items.allSatisfy({ $0 == 0 }) { return [0, 0] }
        if sectionId == 12, items.count == 3, items[1] == 2, items[2] == 2 { return [2, 1] }
        return [1, 1]
    }
}

extension USNationalFields {
    /// A US Privacy string (section 6) in US National terms: Prebid does not read section 6 for
    /// its activities ("Prebid doesn't need to explicitly support mapping US National Privacy
    /// SID 6 (legacy US Privacy) for anonymization activities"), but an opt-out of sale recorded
    /// there is never dropped here: `Notice` becomes `SaleOptOutNotice` and `OptOutSale`
    /// `SaleOptOut` (`Y` 1, `N` 2, `-` 0), every other field NULL.
    public init(translating usPrivacy: USPrivacySection) {
        self.init(version: 1)
        func value(_ flag: USPrivacySection.Flag) -> Int { flag == .yes ? 1 : flag == .no ? 2 : 0 }
        values["SaleOptOutNotice"] = value(usPrivacy.notice)
        values["SaleOptOut"] = value(usPrivacy.optOutSale)
    }
}
