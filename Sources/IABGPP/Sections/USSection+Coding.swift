extension USSection {
    /// Decodes a US section's text (what stands between two `~`).
    ///
    /// The core's table follows the section's Version; an unknown Version is an error. The one
    /// exception is ``GPPCompatibilityRule/usnatVersion1WithVersion2Widths``. For the ``USSectionDefinition/Style/mspa`` sections the layout
    /// is read from the text: a first Int(6) equal to the section id is a section header
    /// (``Layout/sectionHeader``: the id sits where the other layout has MspaVersion, which no
    /// MSPA release has reached), else ``Layout/noHeader``.
    ///
    /// - Parameters:
    ///   - id: the section id, one of ``USSectionDefinition/all``.
    ///   - text: the section's text.
    /// - Throws: ``GPPError`` with this section's id, the `.` part, field, bit and character.
    public init(id: Int, encoded text: String) throws(GPPError) {
        self = try GPPBytes.with(text[...]) { bytes throws(GPPError) in try USSection(id: id, encoded: bytes, start: 0)
        }
    }

    /// Decodes `text`, which starts at character `start` (0-based) of the whole input, in one
    /// pass: each part's characters become bits once, and each table's fields are one read.
    init(id: Int, encoded text: UnsafeBufferPointer<UInt8>, start: Int) throws(GPPError) {
        guard let tables = USPackedTables.of(id) else {
            throw GPPError(.invalidValue, sectionId: id, position: start + 1, value: id)
        }
        try self.init(tables, encoded: text, start: start)
    }

    /// Decodes `text` as the section whose tables are `tables` (the decoder of a GPP string has
    /// looked them up to tell a US section from an unknown one).
    init(_ tables: USPackedTables, encoded text: UnsafeBufferPointer<UInt8>, start: Int) throws(GPPError) {
        let id = tables.definition.id
        self.id = id
        var parts = GPPParts(text, separator: UInt8(ascii: "."), start: start)
        var layouts = GPPPartLayouts()
        var first = try parts.reader(sectionId: id)
        var subsectionParts = 1..<parts.count
        var listed: [Int]?
        var coreVersion: Int
        if tables.classic {
            layout = .classic
            version = try first.readVersion()
            coreVersion = version
            // The named compatibility rule: Version decides, except a usnat Version 1 core of 72
            // bits or more, which only Version 2's widths fill.
            if id == 7 && version == 1 && first.bitCount >= 72 {
                coreVersion = 2
                compatibility = .usnatVersion1WithVersion2Widths
            }
            guard tables.fields(coreVersion) != nil else {
                throw first.error(.unsupportedVersion, GPPField.version.name, bit: 0, value: version)
            }
        } else {
            let peek = try first.read(6, "SectionID")
            first.offset = 0
            if peek == id {
                layout = .sectionHeader
                _ = try first.read(6, "SectionID")
                version = try first.readVersion()
                guard tables.fields(version) != nil else {
                    throw first.error(.unsupportedVersion, GPPField.version.name, bit: 6, value: version)
                }
                var budget = GPPLimits.idBudget
                listed = try first.readFibonacciRange("SubSections", budget: &budget)
                layouts.append(try first.trailingLayout("SubSections"))
                guard parts.count >= 2 else {
                    throw GPPError(
                        .truncated,
                        sectionId: id,
                        subsection: 1,
                        field: "MspaVersion",
                        position: start + text.count + 1
                    )
                }
                first = try parts.reader(sectionId: id)
                subsectionParts = 2..<parts.count
            } else {
                layout = .noHeader
                version = 1
            }
            coreVersion = version
        }
        var packed = USPackedValues(core: 0, coreVersion: coreVersion)
        var spilled: [Int: [GPPValue]]?
        var spilledCore: [GPPValue] = []
        if let table = tables.core(coreVersion) {
            packed.core = try first.readFields(table)
        } else {
            spilledCore = try GPPFieldTable.decode(tables.fields(coreVersion) ?? [], from: &first)
            spilled = [:]
        }
        layouts.append(
            try first.trailingLayout(
                tables.fields(coreVersion)?.last?.name ?? (layout == .classic ? GPPField.version.name : "MspaVersion")
            )
        )
        // The sub-section ids read, one bit each (SubsectionType is 2 bits).
        var present = 0
        for index in subsectionParts {
            var part = try parts.reader(sectionId: id)
            let typed = layout != .noHeader || tables.typedWithoutHeader
            let type = typed ? try part.read(2, "SubsectionType") : tables.firstSubsectionID
            // The usual case, the first (and only) sub-section, packed.
            if type == tables.firstSubsectionID, present >> type & 1 == 0, typed || index == subsectionParts.lowerBound,
                spilled == nil, let table = tables.firstSubsection
            {
                present |= 1 << type
                packed.subsection = try part.readFields(table)
                packed.hasSubsection = true
                layouts.append(try part.trailingLayout(table.fields.last?.name ?? "SubsectionType"))
                continue
            }
            let definition = tables.definition
            guard let subsection = definition.subsections.first(where: { $0.id == type }),
                present >> type & 1 == 0, typed || index == subsectionParts.lowerBound
            else { throw part.error(.invalidSubsection, "SubsectionType", bit: 0, value: type) }
            present |= 1 << type
            if spilled == nil {
                spilledCore = tables.core(coreVersion)?.values(in: packed.core) ?? []
                spilled =
                    packed.hasSubsection
                    ? [tables.firstSubsectionID: tables.firstSubsection?.values(in: packed.subsection) ?? []]
                    : [:]
            }
            spilled?[type] = try GPPFieldTable.decode(subsection.fields, from: &part)
            layouts.append(try part.trailingLayout(subsection.fields.last?.name ?? "SubsectionType"))
        }
        if let listed, listed != (0..<4).filter({ present >> $0 & 1 == 1 }) || subsectionParts.count != listed.count {
            throw GPPError(.invalidSubsection, sectionId: id, subsection: 0, field: "SubSections", position: start + 1)
        }
        values = spilled.map { .spilled(core: spilledCore, subsections: $0) } ?? .packed(packed)
        partLayouts = layouts
    }

    /// Encodes the section's text.
    ///
    /// ``GPPEncodingStyle/canonical`` pads each part to a multiple of 6 bits. With
    /// ``GPPEncodingStyle/preservingLayout`` a decoded value that still holds what was decoded is
    /// its text, byte for byte, and a changed one keeps each part's padding convention. Sections
    /// ``USSectionDefinition/Style/mspa`` sections are written in ``layout``; the core's table is ``coreFields``.
    ///
    /// - Throws: ``GPPError``: ``GPPError/Code/unsupportedVersion`` for a Version without a table
    ///   (or other than 1 without a section header); ``GPPError/Code/invalidValue`` for a value
    ///   that does not fit its field; ``GPPError/Code/invalidSubsection`` for a sub-section id the
    ///   section does not have, or for an MspaVersion equal to the section id without a section
    ///   header (it would read back as one).
    public func encoded(_ style: GPPEncodingStyle = .canonical) throws(GPPError) -> String {
        let id = self.id
        guard let tables = USPackedTables.of(id), let fields = tables.fields(coreVersion), !fields.isEmpty,
            tables.definition.style == .mspa || layout == .classic,
            tables.definition.style == .classic || layout != .classic, layout != .noHeader || version == 1
        else { throw GPPError(.unsupportedVersion, sectionId: id, field: GPPField.version.name, value: version) }
        let definition = tables.definition
        // The bits as they are when they follow this Version's table (every decoded value); else
        // the values as arrays, each checked against its field.
        var bits: (values: USPackedValues, table: USPackedTable)?
        if case .packed(let values) = values, values.coreVersion == coreVersion, let table = tables.core(coreVersion) {
            bits = (values, table)
        }
        let arrays = bits == nil ? (core: core, subsections: subsections) : nil
        // Without a section header, an MspaVersion equal to the id would read back as a header.
        if layout == .noHeader, (bits.map { $0.table.value(0, in: $0.values.core) } ?? arrays?.core.first) == .int(id) {
            throw GPPError(.invalidValue, sectionId: id, field: "MspaVersion", value: id)
        }
        for key in arrays?.subsections.keys ?? [:].keys
        where !definition.subsections.contains(where: { $0.id == key }) {
            throw GPPError(.invalidSubsection, sectionId: id, field: "SubsectionType", value: key)
        }
        // A US section's parts hold its values' bits and nothing else: with each part's padding
        // and surplus bits as read, an unchanged value is written back byte for byte.
        func partLayout(_ index: Int) -> GPPPartLayout? {
            guard style == .preservingLayout else { return nil }
            return partLayouts[index]
        }
        var text = ""
        var part = 0
        func add(_ writer: GPPBitWriter) {
            if part > 0 { text += "." }
            text += writer.text(partLayout(part))
            part += 1
        }
        if layout == .sectionHeader {
            var header = GPPBitWriter(sectionId: id)
            try header.write(id, 6, "SectionID")
            try header.writeVersion(version)
            let present =
                bits.map { $0.values.hasSubsection ? [definition.subsections[0].id] : [] }
                ?? arrays?.subsections.keys.sorted() ?? []
            try header.writeFibonacciRange(present, "SubSections")
            add(header)
        }
        var writer = GPPBitWriter(sectionId: id, subsection: part)
        if layout == .classic { try writer.writeVersion(version) }
        if let bits {
            writer.append(bits.values.core, bits.table.bitCount)
        } else {
            try GPPFieldTable.encode(arrays?.core ?? [], fields, into: &writer)
        }
        add(writer)
        for (index, subsection) in definition.subsections.enumerated() {
            var writer = GPPBitWriter(sectionId: id, subsection: part)
            let typed = layout != .noHeader || subsection.typedWithoutHeader
            if let bits {
                guard index == 0, bits.values.hasSubsection, let table = tables.subsections[0] else { continue }
                if typed { try writer.write(subsection.id, 2, "SubsectionType") }
                writer.append(bits.values.subsection, table.bitCount)
            } else {
                guard let values = arrays?.subsections[subsection.id] else { continue }
                if typed { try writer.write(subsection.id, 2, "SubsectionType") }
                try GPPFieldTable.encode(values, subsection.fields, into: &writer)
            }
            add(writer)
        }
        return text
    }
}
