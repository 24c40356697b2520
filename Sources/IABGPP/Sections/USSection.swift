/// A decoded US section (7-27): usnat, the classic states usca…usmn and the newer usmd, usin,
/// usky, usri. Its fields follow its ``definition``'s table for ``version``.
///
/// ```swift
/// let usnat = try USSection(id: 7, encoded: "BVQqAAAAAg")
/// usnat["SaleOptOut"]   // .int(2)
/// usnat.gpc             // nil: no GPC sub-section
/// ```
public struct USSection: Sendable, Hashable {
    /// How a section of 24-27 is laid out.
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

    /// The section's tables.
    public let definition: USSectionDefinition
    /// The section's Version (for 24-27 the section header's, 1 without a header).
    public var version: Int
    /// The core's values after Version, one per field of ``coreFields``.
    public var core: [GPPValue]
    /// The present sub-sections' values (after `SubsectionType`), by sub-section id.
    public var subsections: [Int: [GPPValue]]
    /// The layout read, or to write (24-27; ``Layout/classic`` for 7-23).
    public var layout: Layout
    /// The compatibility rule the decoder applied, if any.
    public var compatibility: GPPCompatibilityRule?
    /// How the string was written, for ``GPPEncodingStyle/preservingLayout``.
    var decoded: Decoded?

    /// What a decoded section keeps so that an unchanged value is written back byte for byte.
    struct Decoded: Sendable, Hashable {
        var text: String
        var model: Model
        /// Each part's layout, by `.` position (0 the first part).
        var parts: GPPPartLayouts
    }

    /// The value without what it keeps of the string it came from.
    struct Model: Hashable {
        var version: Int
        var core: [GPPValue]
        var subsections: [Int: [GPPValue]]
        var layout: Layout
        var compatibility: GPPCompatibilityRule?
    }

    var model: Model {
        Model(version: version, core: core, subsections: subsections, layout: layout, compatibility: compatibility)
    }

    /// Equal when the fields, version, layout and compatibility reading are; how the string was
    /// padded does not count.
    public static func == (lhs: USSection, rhs: USSection) -> Bool {
        lhs.definition.id == rhs.definition.id && lhs.model == rhs.model
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(definition.id)
        hasher.combine(model)
    }

    /// A section with every field at its default (0, empty lists of zeros), no sub-section, the
    /// highest Version the section has, and for 24-27 the ``Layout/sectionHeader`` layout.
    ///
    /// - Returns: `nil` for an id outside 7-27.
    public init?(id: Int) {
        guard let definition = USSectionDefinition.all[id], let version = definition.cores.keys.max(),
            let table = definition.cores[version]
        else { return nil }
        self.definition = definition
        self.version = version
        core = table.map(\.type.defaultValue)
        subsections = [:]
        layout = definition.style == .classic ? .classic : .sectionHeader
    }

    /// The core's table for this value: by ``version``, under ``compatibility`` Version 2's.
    public var coreFields: [GPPField] {
        let readAs = compatibility == .usnatVersion1WithVersion2Widths ? 2 : version
        return definition.cores[readAs] ?? []
    }

    /// A field's value by its specification name, in the core or a present sub-section; setting
    /// a name the section does not have does nothing.
    public subscript(name: String) -> GPPValue? {
        get {
            if let index = coreFields.firstIndex(where: { $0.name == name }) { return core[safe: index] }
            for subsection in definition.subsections {
                if let index = subsection.fields.firstIndex(where: { $0.name == name }) {
                    return subsections[subsection.id]?[safe: index]
                }
            }
            return nil
        }
        set {
            if let index = coreFields.firstIndex(where: { $0.name == name }) {
                if let newValue, index < core.count { core[index] = newValue }
                return
            }
            for subsection in definition.subsections {
                if let index = subsection.fields.firstIndex(where: { $0.name == name }) {
                    guard let newValue else {
                        subsections[subsection.id] = nil
                        return
                    }
                    var values = subsections[subsection.id] ?? subsection.fields.map(\.type.defaultValue)
                    guard index < values.count else { return }
                    values[index] = newValue
                    subsections[subsection.id] = values
                }
            }
        }
    }

    /// The GPC sub-section's flag; `nil` when the sub-section is absent (which is not `false`).
    public var gpc: Bool? {
        get {
            subsections[1].flatMap { definition.subsections.first?.fields.first?.name == "Gpc" ? $0.first?.bool : nil }
        }
        set { self["Gpc"] = newValue.map(GPPValue.bool) }
    }

    /// Every field as `(key, value)`: `version`, the core, then each sub-section's fields; an
    /// absent sub-section's fields are `nil` (`gpc` then is `null`).
    public var fields: [(key: String, value: GPPValue?)] {
        var list: [(key: String, value: GPPValue?)] = [("version", .int(version))]
        list += zip(coreFields, core).map { ($0.key, $1) }
        for subsection in definition.subsections {
            let values = subsections[subsection.id]
            for (index, field) in subsection.fields.enumerated() { list.append((field.key, values?[safe: index])) }
        }
        return list
    }

    /// The fields as a JSON object (`{"version":2,"sharingNotice":1,…,"gpc":null}`).
    public var fieldsJSON: String {
        "{" + fields.map { "\"\($0.key)\":\($0.value?.json ?? "null")" }.joined(separator: ",") + "}"
    }
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
