extension USSection {
    /// Decodes a US section's text (what stands between two `~`).
    ///
    /// The core's table follows the section's Version; an unknown Version is an error. The one
    /// exception is ``GPPCompatibilityRule/usnatVersion1WithVersion2Widths``. For 24-27 the layout
    /// is read from the text: a first Int(6) equal to the section id is a section header
    /// (``Layout/sectionHeader``: the id sits where the other layout has MspaVersion, which no
    /// MSPA release has reached), else ``Layout/noHeader``.
    ///
    /// - Parameters:
    ///   - id: the section id, 7-27.
    ///   - text: the section's text.
    /// - Throws: ``GPPError`` with this section's id, the `.` part, field, bit and character.
    public init(id: Int, encoded text: String) throws(GPPError) {
        try self.init(id: id, encoded: text[...], start: 0)
    }

    /// Decodes `text`, which starts at character `start` (0-based) of the whole input.
    init(id: Int, encoded text: Substring, start: Int) throws(GPPError) {
        guard let definition = USSectionDefinition.definition(id) else {
            throw GPPError(.invalidValue, sectionId: id, position: start + 1, value: id)
        }
        self.definition = definition
        var parts = GPPParts(text.utf8, separator: UInt8(ascii: "."), start: start)
        var layouts = GPPPartLayouts()
        var first = try parts.reader(sectionId: id)
        var subsectionParts = 1..<parts.count
        var listed: [Int]?
        switch definition.style {
        case .classic:
            layout = .classic
            version = try first.read(6, "Version")
            var readAs = version
            // The named compatibility rule: Version decides, except a usnat Version 1 core of 72
            // bits or more, which only Version 2's widths fill.
            if id == 7 && version == 1 && first.bitCount >= 72 {
                readAs = 2
                compatibility = .usnatVersion1WithVersion2Widths
            }
            guard let table = definition.cores[readAs] else {
                throw first.error(.unsupportedVersion, "Version", bit: 0, value: version)
            }
            core = try GPPFieldTable.decode(table, from: &first)
            layouts.append(try first.trailingLayout(table.last?.name ?? "Version"))
        case .mspa:
            let peek = try first.read(6, "SectionID")
            first.offset = 0
            if peek == id {
                layout = .sectionHeader
                _ = try first.read(6, "SectionID")
                version = try first.read(6, "Version")
                guard definition.cores[version] != nil else {
                    throw first.error(.unsupportedVersion, "Version", bit: 6, value: version)
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
                        position: start + text.utf8.count + 1
                    )
                }
                first = try parts.reader(sectionId: id)
                subsectionParts = 2..<parts.count
            } else {
                layout = .noHeader
                version = 1
            }
            let table = definition.cores[version] ?? []
            core = try GPPFieldTable.decode(table, from: &first)
            layouts.append(try first.trailingLayout(table.last?.name ?? "MspaVersion"))
        }
        subsections = [:]
        for index in subsectionParts {
            var part = try parts.reader(sectionId: id)
            let typed =
                layout != .noHeader || definition.subsections.count != 1 || definition.subsections[0].typedWithoutHeader
            let type = typed ? try part.read(2, "SubsectionType") : definition.subsections[0].id
            guard let subsection = definition.subsections.first(where: { $0.id == type }), subsections[type] == nil,
                typed || index == subsectionParts.lowerBound
            else { throw part.error(.invalidSubsection, "SubsectionType", bit: 0, value: type) }
            subsections[type] = try GPPFieldTable.decode(subsection.fields, from: &part)
            layouts.append(try part.trailingLayout(subsection.fields.last?.name ?? "SubsectionType"))
        }
        if let listed, listed != Array(subsections.keys).sorted() || subsectionParts.count != listed.count {
            throw GPPError(.invalidSubsection, sectionId: id, subsection: 0, field: "SubSections", position: start + 1)
        }
        decoded = nil
        decoded = Decoded(text: String(text), model: model, parts: layouts)
    }

    /// Encodes the section's text.
    ///
    /// ``GPPEncodingStyle/canonical`` pads each part to a multiple of 6 bits. With
    /// ``GPPEncodingStyle/preservingLayout`` a decoded value that still holds what was decoded is
    /// its text, byte for byte, and a changed one keeps each part's padding convention. Sections
    /// 24-27 are written in ``layout``; the core's table is ``coreFields``.
    ///
    /// - Throws: ``GPPError``: ``GPPError/Code/unsupportedVersion`` for a Version without a table
    ///   (or other than 1 without a section header); ``GPPError/Code/invalidValue`` for a value
    ///   that does not fit its field; ``GPPError/Code/invalidSubsection`` for a sub-section id the
    ///   section does not have, or for an MspaVersion equal to the section id without a section
    ///   header (it would read back as one).
    public func encoded(_ style: GPPEncodingStyle = .canonical) throws(GPPError) -> String {
        if style == .preservingLayout, let decoded, decoded.model == model { return decoded.text }
        let id = definition.id
        func partLayout(_ index: Int) -> GPPPartLayout? {
            guard style == .preservingLayout else { return nil }
            return decoded?.parts[index]
        }
        let table = coreFields
        guard !table.isEmpty, definition.style == .mspa || layout == .classic,
            definition.style == .classic || layout != .classic, layout != .noHeader || version == 1
        else { throw GPPError(.unsupportedVersion, sectionId: id, field: "Version", value: version) }
        // Without a section header, an MspaVersion equal to the id would read back as a header.
        if layout == .noHeader, core.first == .int(id) {
            throw GPPError(.invalidValue, sectionId: id, field: "MspaVersion", value: id)
        }
        for key in subsections.keys where !definition.subsections.contains(where: { $0.id == key }) {
            throw GPPError(.invalidSubsection, sectionId: id, field: "SubsectionType", value: key)
        }
        var texts: [String] = []
        if layout == .sectionHeader {
            var header = GPPBitWriter(sectionId: id)
            try header.write(id, 6, "SectionID")
            try header.write(version, 6, "Version")
            try header.writeFibonacciRange(subsections.keys.sorted(), "SubSections")
            texts.append(header.text(partLayout(0)))
        }
        var writer = GPPBitWriter(sectionId: id, subsection: texts.count)
        if layout == .classic { try writer.write(version, 6, "Version") }
        try GPPFieldTable.encode(core, table, into: &writer)
        texts.append(writer.text(partLayout(texts.count)))
        for subsection in definition.subsections {
            guard let values = subsections[subsection.id] else { continue }
            var writer = GPPBitWriter(sectionId: id, subsection: texts.count)
            if layout != .noHeader || subsection.typedWithoutHeader {
                try writer.write(subsection.id, 2, "SubsectionType")
            }
            try GPPFieldTable.encode(values, subsection.fields, into: &writer)
            texts.append(writer.text(partLayout(texts.count)))
        }
        return texts.joined(separator: ".")
    }
}
