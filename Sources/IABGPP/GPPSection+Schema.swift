import IABTCF

// The schema of a section as `tcstring decode` prints it and `Codable` reads and writes it:
// `{"id", "name", "value", "fields", ...}` with the fields by their tables (``GPPSection/fieldRows``)
// and what the decoder read besides the fields (``GPPSection/reading``). Built only from the
// public tables, so a new section's table is its schema too.

/// One field of a section with its table row: the field's specification name, its data type,
/// the part it is in and its value.
public struct GPPFieldRow: Sendable, Hashable {
    /// The field's name in the specification (`SaleOptOut`).
    public let name: String
    /// Its data type; `nil` for a US Privacy flag, one ASCII character (`Y`, `N` or `-`).
    public let type: GPPDataType?
    /// The part: 0 for the core (and Version), else the sub-section's type id (GPC is 1; TCF
    /// Canada's DisclosedVendors 1 and publisher purposes 3).
    public let subsection: Int
    /// The value; `nil` when the sub-section is absent.
    public let value: GPPValue?

    /// The schema's key: the name with a lowercase first letter (`saleOptOut`).
    public var key: String { GPPField(name, .boolean).key }
}

extension GPPFieldRow {
    /// The row of `field`, in part `subsection`, holding `value`.
    init(_ field: GPPField, subsection: Int, value: GPPValue?) {
        self.init(name: field.name, type: field.type, subsection: subsection, value: value)
    }
}

extension GPPSection {
    /// Every field with its table row, in the order of ``fields``: ``GPPField/version``, the core,
    /// then each sub-section's fields; `nil` for TCF EU v2 (IABTCF's schema describes it) and
    /// unknown ids.
    public var fieldRows: [GPPFieldRow]? {
        let version: Int
        var rows: [GPPFieldRow] = []
        switch self {
        case .tcfEuV2, .unknown: return nil
        case .usPrivacy(let section):
            version = section.version
            rows = zip(USPrivacySection.fieldNames, section.flags).map {
                GPPFieldRow(name: $0, type: nil, subsection: 0, value: .string(String($1.rawValue)))
            }
        case .tcfCaV1(let section):
            version = section.version
            let encoding = section.encoding
            rows = zip(TCFCanadaSection.fields(TCFCanadaSection.coreFields, encoding), section.core).map {
                GPPFieldRow($0, subsection: 0, value: $1)
            }
            for field in TCFCanadaSection.fields(TCFCanadaSection.disclosedVendorsFields, encoding) {
                rows.append(GPPFieldRow(field, subsection: 1, value: section.disclosedVendors.map(GPPValue.ids)))
            }
            for (index, field) in TCFCanadaSection.publisherPurposesFields.enumerated() {
                rows.append(GPPFieldRow(field, subsection: 3, value: section.publisherPurposes?[safe: index]))
            }
        case .us(let section):
            version = section.version
            rows = zip(section.coreFields, section.core).map { GPPFieldRow($0, subsection: 0, value: $1) }
            for subsection in section.definition.subsections {
                let values = section.subsections[subsection.id]
                for (index, field) in subsection.fields.enumerated() {
                    rows.append(GPPFieldRow(field, subsection: subsection.id, value: values?[safe: index]))
                }
            }
        }
        return [GPPFieldRow(.version, subsection: 0, value: .int(version))] + rows
    }

    /// The data type of the field whose schema key is `key` in section `id`, under any of the
    /// section's Versions and encodings: what a reader of the schema decodes the key's value as.
    /// `nil` for a key the section does not have (and for 2 and unknown ids); a US Privacy flag
    /// is a ``GPPDataType/string(_:)`` of 1.
    public static func fieldType(key: String, sectionId id: Int) -> GPPDataType? {
        for table in fieldTables(sectionId: id) {
            if let field = table.first(where: { $0.key == key }) { return field.type }
        }
        return nil
    }

    /// Every schema key of section `id` that ``fieldType(key:sectionId:)`` knows, each table's
    /// keys in table order (`version` first), each once: what a reader of the schema suggests for
    /// a misspelt key. Empty for 2 and unknown ids.
    public static func fieldKeys(sectionId id: Int) -> [String] {
        var keys: [String] = []
        for table in fieldTables(sectionId: id) {
            for field in table where !keys.contains(field.key) { keys.append(field.key) }
        }
        return keys
    }

    /// The field tables of section `id` under any of its Versions and encodings, the
    /// ``GPPField/version`` row first; none for 2 and unknown ids.
    private static func fieldTables(sectionId id: Int) -> [[GPPField]] {
        let tables: [[GPPField]]
        switch id {
        case 5:
            tables = [
                [.version], TCFCanadaSection.coreFields, TCFCanadaSection.disclosedVendorsFields,
                TCFCanadaSection.publisherPurposesFields,
            ]
        case 6: tables = [[.version], USPrivacySection.fieldNames.map { GPPField($0, .string(1)) }]
        default:
            guard let definition = USSectionDefinition.all[id] else { return [] }
            tables =
                [[.version]] + definition.cores.keys.sorted().compactMap { definition.cores[$0] }
                + definition.subsections.map(\.fields)
        }
        return tables
    }

    /// The schema's keys besides `id`, `name`, `value` and `fields`, in the order they follow
    /// `fields`: what the decoder read that the fields do not say.
    ///
    /// - `compatibility` (the US sections): the ``GPPCompatibilityRule`` applied, `nil` for none;
    /// - `layout` (the ``USSectionDefinition/Style/mspa`` sections): the ``USSection/Layout`` read (`sectionHeader`, `noHeader`);
    /// - `encoding` and `hasPubRestrictions` (section 5): the ``TCFCanadaSection/Encoding`` read
    ///   and whether the core has PubRestrictions (`false` for a TCF Canada v1.0 string).
    ///
    /// Each value is a ``GPPValue/string(_:)`` or a ``GPPValue/bool(_:)``.
    public var reading: [(key: String, value: GPPValue?)] {
        switch self {
        case .tcfEuV2, .unknown, .usPrivacy: []
        case .tcfCaV1(let section):
            [
                ("encoding", .string(section.encoding.rawValue)),
                ("hasPubRestrictions", .bool(section.hasPubRestrictions)),
            ]
        case .us(let section):
            [("compatibility", section.compatibility.map { .string($0.rawValue) })]
                + (section.definition.style == .mspa ? [("layout", .string(section.layout.rawValue))] : [])
        }
    }

    /// A section from the schema: ``init(id:fields:)``, then the ``reading`` keys given in
    /// `reading` (`compatibility`, `layout`, `encoding`, `hasPubRestrictions`; a key left out
    /// keeps what the fields imply, and `compatibility` is also inferred from 16 usnat
    /// sensitive-data categories under Version 1).
    ///
    /// - Throws: ``GPPError/Code/invalidValue`` naming the key for a reading key the section does
    ///   not have or a value it does not take (a layout of another section style, an unknown
    ///   rule or encoding); the errors of ``init(id:fields:)``.
    public init(id: Int, fields: [String: GPPValue], reading: [String: GPPValue]) throws(GPPError) {
        var section = try GPPSection(id: id, fields: fields)
        let allowed = Set(section.reading.map(\.key))
        for (key, value) in reading.sorted(by: { $0.key < $1.key }) {
            let wrong = GPPError(.invalidValue, sectionId: id, field: key)
            guard allowed.contains(key) else { throw wrong }
            switch (section, key) {
            case (.us(var us), "compatibility"):
                guard let text = value.string, let rule = GPPCompatibilityRule(rawValue: text) else { throw wrong }
                if us.compatibility != rule {
                    // The rule reads a Version 1 usnat core with Version 2's table: the core
                    // again from the fields, under that table.
                    guard id == 7, us.version == 1 else { throw wrong }
                    us.compatibility = rule
                    us.core = us.coreFields.map { field in
                        fields[field.key].map { Self.coerce($0, to: field.type) } ?? field.defaultValue
                    }
                }
                section = .us(us)
            case (.us(var us), "layout"):
                guard let text = value.string, let layout = USSection.Layout(rawValue: text), layout != .classic else {
                    throw wrong
                }
                us.layout = layout
                section = .us(us)
            case (.tcfCaV1(var canada), "encoding"):
                guard let text = value.string, let encoding = TCFCanadaSection.Encoding(rawValue: text) else {
                    throw wrong
                }
                canada.encoding = encoding
                section = .tcfCaV1(canada)
            case (.tcfCaV1(var canada), "hasPubRestrictions"):
                guard let flag = value.bool else { throw wrong }
                canada.hasPubRestrictions = flag
                section = .tcfCaV1(canada)
            default: throw wrong
            }
        }
        self = section
    }

    /// `value` as the case `type` holds: a list of integers is an id set or an Int(2) list, as
    /// the type says (as ``init(id:fields:)`` reads it).
    static func coerce(_ value: GPPValue, to type: GPPDataType) -> GPPValue {
        switch (type, value) {
        case (.intList, .ids(let values)): .list(values)
        case (.bitfield, .list(let values)), (.bitfieldSizedBy, .list(let values)), (.rangeInt, .list(let values)),
            (.rangeFibonacci, .list(let values)), (.optimizedRange, .list(let values)),
            (.optimizedIntRange, .list(let values)):
            .ids(values)
        case (.arrayOfRanges, .list([])), (.nArrayOfRanges, .list([])), (.arrayOfRanges, .ids([])),
            (.nArrayOfRanges, .ids([])):
            .records([])
        default: value
        }
    }
}

extension GPPDataType {
    /// The text the schema gives a value of this type where it is not a number: a Datetime's
    /// ISO-8601 UTC time (`2024-03-01T00:00:00.000Z`, as the TC string schema's `created`);
    /// `nil` for every other type.
    public func schemaText(_ value: GPPValue) -> String? {
        guard self == .datetime, let deciseconds = value.int else { return nil }
        return Timestamp(deciseconds: Int64(deciseconds)).description
    }

    /// A Datetime from the schema's text: an ISO-8601 UTC time or date, as deciseconds; `nil`
    /// for text that is neither, or a type other than Datetime.
    public func schemaValue(text: String) -> GPPValue? {
        guard self == .datetime, let timestamp = Timestamp(iso8601: text) else { return nil }
        return .int(Int(timestamp.deciseconds))
    }
}
