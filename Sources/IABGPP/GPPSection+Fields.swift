public import IABTCF

extension GPPSection {
    /// Decodes one bare section (what stands between two `~`) as section `id`: TCF EU v2 by
    /// `IABTCF`, the ids of ``supportedIds`` by their tables, any other id kept as text.
    ///
    /// - Throws: ``GPPError`` with the section id, the `.` part, the field and the 1-based
    ///   character in `text`.
    public init(id: Int, encoded text: String) throws(GPPError) {
        self = try GPPBytes.with(text[...]) { bytes throws(GPPError) in try Self.decode(id: id, bytes, start: 0) }
    }

    /// Decodes one bare section as ``init(id:encoded:)`` does, from any `StringProtocol` value,
    /// with `options` as ``GPPString/init(encoded:options:)`` reads them: `maximumLength` bounds
    /// the section's text in UTF-8 bytes before any work (``GPPError/Code/inputTooLong``), and
    /// `strict` applies to a TCF EU v2 section (id 2).
    public init(id: Int, encoded text: some StringProtocol, options: TCString.DecodingOptions) throws(GPPError) {
        guard text.utf8.count <= options.maximumLength else {
            throw GPPError(.inputTooLong, value: options.maximumLength)
        }
        self = try GPPBytes.with(text.utf8) { bytes throws(GPPError) in
            try Self.decode(id: id, bytes, start: 0, tcfEuV2Options: options)
        }
    }

    /// The id of the section whose API prefix is `name` (`usnat` → 7), `nil` for a name this
    /// module does not decode.
    public static func id(named name: String) -> Int? {
        supportedIds.first { Self.name(of: $0) == name }
    }

    /// Every field as `(key, value)`, driven by the section's tables (the specification's names
    /// with a lowercase first letter; `version` first; an absent sub-section's fields `nil`, so
    /// `gpc` is `nil` without the GPC sub-section); `nil` for TCF EU v2 (IABTCF's schema
    /// describes it) and unknown sections.
    public var fields: [(key: String, value: GPPValue?)]? {
        switch self {
        case .tcfEuV2, .unknown: nil
        case .tcfCaV1(let section): section.fields
        case .usPrivacy(let section): section.fields
        case .us(let section): section.fields
        }
    }
}

extension GPPSection {
    /// A section built from its fields by key (the keys of ``fields``), every field left out at its
    /// default (``GPPField/defaultValue``: 0, `false`, lists of zeros, empty id sets, 2 for
    /// `MspaCoveredTransaction`; `-` for a US Privacy flag) and each
    /// sub-section absent unless one of its fields is given (so `gpc` absent unless given).
    /// `version` picks a US section's table (default: the highest); usnat `version` 1 with 16
    /// `sensitiveDataProcessing` categories is read under
    /// ``GPPCompatibilityRule/usnatVersion1WithVersion2Widths``, as the decoder reads such strings.
    /// A list of integers stands for either an id set or an N-Bitfield(2,k), as the field's type
    /// says; an empty one for no records too.
    ///
    /// - Throws: ``GPPError/Code/invalidValue`` naming the key for a key the section does not
    ///   have or an id this module does not build (2 and unknown ids); the value's own errors
    ///   come from ``encoded(_:)``.
    public init(id: Int, fields: [String: GPPValue]) throws(GPPError) {
        var unused = Set(fields.keys)
        func take(_ key: String, _ type: GPPDataType) -> GPPValue? {
            guard let value = fields[key] else { return nil }
            unused.remove(key)
            switch (type, value) {
            case (.intList, .ids(let values)): return .list(values)
            case (.arrayOfRanges, .list([])), (.nArrayOfRanges, .list([])), (.arrayOfRanges, .ids([])),
                (.nArrayOfRanges, .ids([])):
                return .records([])
            case (.bitfield, .list(let values)), (.bitfieldSizedBy, .list(let values)), (.rangeInt, .list(let values)),
                (.rangeFibonacci, .list(let values)), (.optimizedRange, .list(let values)),
                (.optimizedIntRange, .list(let values)):
                return .ids(values)
            default: return value
            }
        }
        // The Version row first: it picks the tables the other rows belong to.
        let version = take(GPPField.version.key, GPPField.version.type)?.int
        func table(_ rows: [GPPField], defaults: Bool) -> [GPPValue]? {
            var given = false
            let values = rows.map { row in
                if let value = take(row.key, row.type) {
                    given = true
                    return value
                }
                return row.defaultValue
            }
            return given || defaults ? values : nil
        }
        switch id {
        case 5:
            var section = TCFCanadaSection()
            if let version { section.version = version }
            section.core = table(TCFCanadaSection.coreFields, defaults: true) ?? section.core
            section.disclosedVendors = take("disclosedVendors", .optimizedRange)?.ids
            section.publisherPurposes = table(TCFCanadaSection.publisherPurposesFields, defaults: false)
            self = .tcfCaV1(section)
        case 6:
            func flag(_ name: String) -> USPrivacySection.Flag {
                take(GPPField(name, .int(0)).key, .string(1))?.string.flatMap { $0.first }.flatMap(
                    USPrivacySection.Flag.init(rawValue:)
                ) ?? .notApplicable
            }
            var section = USPrivacySection(
                notice: flag("Notice"),
                optOutSale: flag("OptOutSale"),
                lspaCovered: flag("LspaCovered")
            )
            if let version { section.version = version }
            self = .usPrivacy(section)
        default:
            guard var section = USSection(id: id) else {
                throw GPPError(.invalidValue, sectionId: id, field: fields.keys.sorted().first, value: id)
            }
            if let version {
                section.version = version
                section.core = section.coreFields.map(\.defaultValue)
            }
            // usnat Version 1 given Version 2's 16 sensitive-data categories: the named
            // compatibility rule under which the decoder reads such strings.
            if id == 7, section.version == 1,
                fields["sensitiveDataProcessing"]?.list?.count == 16
                    || fields["sensitiveDataProcessing"]?.ids?.count == 16
            {
                section.compatibility = .usnatVersion1WithVersion2Widths
                section.core = section.coreFields.map(\.defaultValue)
            }
            section.core = table(section.coreFields, defaults: true) ?? section.core
            for subsection in section.definition.subsections {
                section.subsections[subsection.id] = table(subsection.fields, defaults: false)
            }
            self = .us(section)
        }
        if let key = unused.sorted().first {
            throw GPPError(.invalidValue, sectionId: id, field: key)
        }
    }
}
