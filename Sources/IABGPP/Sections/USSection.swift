/// A decoded US section (an id of ``USSectionDefinition/all``): usnat, the classic states usca…usmn and the newer usmd, usin,
/// usky, usri. Its fields follow its ``definition``'s table for ``version``.
///
/// ```swift
/// let usnat = try USSection(id: 7, encoded: "BVQqAAAAAg")
/// usnat["SaleOptOut"]   // .int(2)
/// usnat.gpc             // nil: no GPC sub-section
/// ```
public struct USSection: Sendable, Hashable {
    /// How a section of the ``USSectionDefinition/Style/mspa`` style is laid out.
    public enum Layout: String, Sendable, Hashable {
        /// `header.core[.subsection…]`: a section header (`SectionID Int(6)`, `Version Int(6)`,
        /// `SubSections Range(Fibonacci)` without the core's id 0), then the core, then
        /// sub-sections each starting with `SubsectionType Int(2)`: the specification's text (and
        /// its Aug 2026 fix for GPP issue #154), as iabgpp-rs writes it. The encoder's default.
        case sectionHeader
        /// `core[.subsection]` without a section header; GPC keeps its type, "Sensitive Data
        /// Consents" has none: iabgpp-es 3.2.0 (`BQAA.QA`, `BVVV.kkk`).
        case noHeader
        /// `core[.subsection…]`, the core starting with Version (sections 7-23).
        case classic
    }

    /// The section id (an id of ``USSectionDefinition/all``).
    let id: Int
    /// The section's Version (for an ``USSectionDefinition/Style/mspa`` section the section header's, 1 without a header).
    public var version: Int
    /// The layout read, or to write (``USSectionDefinition/Style/mspa`` sections; ``Layout/classic`` for the others).
    public var layout: Layout
    /// The compatibility rule the decoder applied, if any.
    public var compatibility: GPPCompatibilityRule?
    /// The values: the fields' bits as read (see ``USPackedTable``).
    var values: USValues
    /// Each part's padding and surplus bits as read, for ``GPPEncodingStyle/preservingLayout``:
    /// the bits of a US section's parts are its values', so these give back the text exactly.
    var partLayouts = GPPPartLayouts()

    /// The section's tables.
    public var definition: USSectionDefinition { USSectionDefinition.definition(id) ?? USSectionDefinition.usnat }

    /// The version whose table ``coreFields`` is: ``version``, or 2 under
    /// ``GPPCompatibilityRule/usnatVersion1WithVersion2Widths``.
    var coreVersion: Int { compatibility == .usnatVersion1WithVersion2Widths ? 2 : version }

    /// The core's values after Version, one per field of ``coreFields`` (decoded from the packed
    /// bits when asked; setting them packs them again when each fits its field).
    public var core: [GPPValue] {
        get {
            switch values {
            case .packed(let packed): USPackedTables.of(id)?.core(packed.coreVersion)?.values(in: packed.core) ?? []
            case .spilled(let core, _): core
            }
        }
        set { setValues(core: newValue, subsections: subsections) }
    }

    /// The present sub-sections' values (after `SubsectionType`), by sub-section id.
    public var subsections: [Int: [GPPValue]] {
        get {
            switch values {
            case .packed(let packed):
                guard packed.hasSubsection, let subsection = definition.subsections.first,
                    let table = USPackedTables.of(id)?.subsections.first ?? nil
                else { return [:] }
                return [subsection.id: table.values(in: packed.subsection)]
            case .spilled(_, let subsections): return subsections
            }
        }
        set { setValues(core: core, subsections: newValue) }
    }

    /// Stores `core` and `subsections` packed for the current ``coreFields`` when every value fits
    /// its field, else as they are.
    mutating func setValues(core: [GPPValue], subsections: [Int: [GPPValue]]) {
        if let tables = USPackedTables.of(id), let coreTable = tables.core(coreVersion),
            let coreBits = coreTable.bits(of: core)
        {
            let first = definition.subsections.first
            if subsections.isEmpty {
                values = .packed(USPackedValues(core: coreBits, coreVersion: coreVersion))
                return
            }
            if subsections.count == 1, let first, let values = subsections[first.id],
                let table = tables.subsections.first ?? nil, let bits = table.bits(of: values)
            {
                self.values = .packed(
                    USPackedValues(core: coreBits, coreVersion: coreVersion, hasSubsection: true, subsection: bits)
                )
                return
            }
        }
        values = .spilled(core: core, subsections: subsections)
    }

    /// Equal when the fields, version, layout and compatibility reading are; how the string was
    /// padded does not count.
    public static func == (lhs: USSection, rhs: USSection) -> Bool {
        guard lhs.id == rhs.id, lhs.version == rhs.version, lhs.layout == rhs.layout,
            lhs.compatibility == rhs.compatibility
        else { return false }
        if case .packed(let left) = lhs.values, case .packed(let right) = rhs.values,
            left.coreVersion == right.coreVersion
        {
            return left == right
        }
        return lhs.core == rhs.core && lhs.subsections == rhs.subsections
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(version)
        hasher.combine(layout)
        hasher.combine(compatibility)
        hasher.combine(core)
        hasher.combine(subsections)
    }

    /// A section with every field at its default (0, empty lists of zeros), no sub-section, the
    /// highest Version the section has, and for an ``USSectionDefinition/Style/mspa`` section the ``Layout/sectionHeader`` layout.
    ///
    /// - Returns: `nil` for an id without a ``USSectionDefinition``.
    public init?(id: Int) {
        guard let definition = USSectionDefinition.definition(id), let version = definition.cores.keys.max(),
            let table = definition.cores[version]
        else { return nil }
        self.id = id
        self.version = version
        layout = definition.style == .classic ? .classic : .sectionHeader
        values = .packed(USPackedValues(core: 0, coreVersion: version))
        if USPackedTables.of(id)?.core(version) == nil {
            values = .spilled(core: table.map(\.type.defaultValue), subsections: [:])
        }
    }

    /// The core's table for this value: by ``version``, under ``compatibility`` Version 2's.
    public var coreFields: [GPPField] { definition.cores[coreVersion] ?? [] }

    /// A field's value by its specification name, in the core or a present sub-section; setting
    /// a name the section does not have does nothing.
    public subscript(name: String) -> GPPValue? {
        get {
            let definition = definition
            if let index = (definition.cores[coreVersion] ?? []).firstIndex(where: { $0.name == name }) {
                if case .packed(let packed) = values, packed.coreVersion == coreVersion,
                    let table = USPackedTables.of(id)?.core(coreVersion)
                {
                    return table.value(index, in: packed.core)
                }
                return core[safe: index]
            }
            for subsection in definition.subsections {
                if let index = subsection.fields.firstIndex(where: { $0.name == name }) {
                    return subsections[subsection.id]?[safe: index]
                }
            }
            return nil
        }
        set {
            let definition = definition
            if let index = (definition.cores[coreVersion] ?? []).firstIndex(where: { $0.name == name }) {
                guard let newValue else { return }
                if case .packed(var packed) = values, packed.coreVersion == coreVersion,
                    let table = USPackedTables.of(id)?.core(coreVersion), let raw = table.bits(of: newValue, at: index)
                {
                    packed.core = table.replacing(index, with: raw, in: packed.core)
                    values = .packed(packed)
                    return
                }
                var core = core
                if index < core.count { core[index] = newValue }
                self.core = core
                return
            }
            for subsection in definition.subsections {
                if let index = subsection.fields.firstIndex(where: { $0.name == name }) {
                    var subsections = subsections
                    guard let newValue else {
                        subsections[subsection.id] = nil
                        self.subsections = subsections
                        return
                    }
                    var values = subsections[subsection.id] ?? subsection.fields.map(\.type.defaultValue)
                    guard index < values.count else { return }
                    values[index] = newValue
                    subsections[subsection.id] = values
                    self.subsections = subsections
                }
            }
        }
    }

    /// The GPC sub-section's flag; `nil` when the sub-section is absent (which is not `false`).
    public var gpc: Bool? {
        get {
            guard definition.subsections.first?.fields.first?.name == "Gpc" else { return nil }
            if case .packed(let packed) = values { return packed.hasSubsection ? packed.subsection & 1 == 1 : nil }
            return subsections[1]?.first?.bool
        }
        set { self["Gpc"] = newValue.map(GPPValue.bool) }
    }

    /// Every field as `(key, value)`, one per row of ``GPPSection/fieldRows``: `version`, the
    /// core, then each sub-section's fields; an absent sub-section's fields are `nil` (`gpc` then
    /// is `null`).
    public var fields: [(key: String, value: GPPValue?)] {
        (GPPSection.us(self).fieldRows ?? []).map { ($0.key, $0.value) }
    }

    /// The fields as a JSON object (`{"version":2,"sharingNotice":1,…,"gpc":null}`).
    public var fieldsJSON: String {
        "{" + fields.map { "\"\($0.key)\":\($0.value?.json ?? "null")" }.joined(separator: ",") + "}"
    }
}

/// A US section's values: packed (every value fits its field, the usual case and every decoded
/// section) or, once a caller stores one that does not, as arrays, which the encoder refuses.
enum USValues: Sendable {
    case packed(USPackedValues)
    case spilled(core: [GPPValue], subsections: [Int: [GPPValue]])
}

/// The bits of a US section's core and of its (first) sub-section, right-aligned, each laid out
/// by its ``USPackedTable``; unused bits are zero, so equal values have equal bits.
struct USPackedValues: Sendable, Hashable {
    /// The core's bits.
    var core: UInt64
    /// The Version whose core table ``core`` follows.
    var coreVersion: Int
    /// Whether the sub-section is present.
    var hasSubsection = false
    /// The sub-section's bits (zero when absent).
    var subsection: UInt64 = 0
}

/// A named rule under which the decoder reads what the specification's text does not allow,
/// because real writers produce it. The value that was read says so, and validation flags it.
public enum GPPCompatibilityRule: String, Sendable, Hashable {
    /// "usnat Version 1 with 72 or more bits": iabgpp-es 3.1.3-3.1.9 and iabgpp-java 3.2.x write
    /// Version 1 with Version 2's widths (GPP issue #143, iabgpp-es #75 and #90,
    /// `DBABLA~BVQVAAAAAAGA.YA`). A Version 1 core is 60 bits (10 or 11 characters), so 72 or more
    /// bits under Version 1 are read with Version 2's table (16 sensitive-data categories, 3 child
    /// consents), never dropping categories 13-16 (iabgpp-es PR #110). The Version field decides
    /// first; the length only picks this reading for a Version 1 core too long to be one.
    case usnatVersion1WithVersion2Widths
}
