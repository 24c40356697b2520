extension TCFCanadaSection {
    /// Decodes the section's text.
    ///
    /// The core is read the specification's way (``Encoding/fibonacci``) first. When that fails,
    /// or its value does not re-encode to the bits read, the legacy fixed-width reading
    /// (``Encoding/legacy``) is tried, as iabgpp-es 3.2.0 does ("trying the spec-compliant
    /// (Fibonacci) interpretation first and, if it does not round-trip back to the input
    /// bitstring, falling back to the legacy (fixed-range) interpretation"). Sub-sections are read
    /// in the core's encoding. A core that ends before PubRestrictions (fewer than 12 bits left, all
    /// zero) is a v1.0 string: ``hasPubRestrictions`` is `false` and PubRestrictions empty.
    ///
    /// - Throws: ``GPPError`` (section 5): the specification reading's error when neither reads.
    public init(encoded text: String) throws(GPPError) {
        try self.init(encoded: text[...], start: 0)
    }

    init(encoded text: Substring, start: Int) throws(GPPError) {
        self.init()
        let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let first = try GPPBitReader(Substring(parts[0]).utf8, sectionId: 5, subsection: 0, start: start)
        var layouts: [GPPPartLayout] = []
        let fibonacci = Result { () throws(GPPError) in try Self.decodeCore(first, .fibonacci) }
        switch fibonacci {
        case .success(let read) where read.reencodes:
            (core, hasPubRestrictions, encoding) = (read.values, read.hasPubRestrictions, .fibonacci)
            layouts.append(read.layout)
        default:
            do throws(GPPError) {
                let read = try Self.decodeCore(first, .legacy)
                (core, hasPubRestrictions, encoding) = (read.values, read.hasPubRestrictions, .legacy)
                layouts.append(read.layout)
            } catch {
                // Neither reads cleanly: a specification reading that did not re-encode still
                // stands; else its error is the one to report.
                let read = try fibonacci.get()
                (core, hasPubRestrictions, encoding) = (read.values, read.hasPubRestrictions, .fibonacci)
                layouts.append(read.layout)
            }
        }
        var position = start + parts[0].count + 1
        for (index, part) in parts.enumerated().dropFirst() {
            var reader = try GPPBitReader(Substring(part).utf8, sectionId: 5, subsection: index, start: position)
            position += part.count + 1
            let type = try reader.read(3, "SubsectionType")
            switch type {
            case 1 where disclosedVendors == nil:
                let table = Self.fields(Self.disclosedVendorsFields, encoding)
                disclosedVendors = try GPPFieldTable.decode(table, from: &reader)[0].ids
                layouts.append(try reader.trailingLayout("DisclosedVendors"))
            case 3 where publisherPurposes == nil:
                publisherPurposes = try GPPFieldTable.decode(Self.publisherPurposesFields, from: &reader)
                layouts.append(try reader.trailingLayout("CustomPurposesImpliedConsent"))
            default:
                throw reader.error(.invalidSubsection, "SubsectionType", bit: 0, value: type)
            }
        }
        decoded = Decoded(text: String(text), model: model, parts: layouts)
    }

    /// The core read in `encoding`, whether it re-encodes to the bits read, and its layout.
    private static func decodeCore(
        _ start: GPPBitReader,
        _ encoding: Encoding
    ) throws(GPPError) -> (values: [GPPValue], hasPubRestrictions: Bool, layout: GPPPartLayout, reencodes: Bool) {
        var reader = start
        let version = try reader.read(6, "Version")
        guard version == 1 else { throw reader.error(.unsupportedVersion, "Version", bit: 0, value: version) }
        let table = fields(coreFields, encoding)
        var values = try GPPFieldTable.decode(Array(table.dropLast()), from: &reader)
        var hasPubRestrictions = true
        if reader.remaining < 12 && reader.restIsZero {
            hasPubRestrictions = false
            values.append(.records([]))
        } else {
            values += try GPPFieldTable.decode([table[table.count - 1]], from: &reader)
        }
        let layout = try reader.trailingLayout(table[table.count - 1].name)
        var writer = GPPBitWriter(sectionId: 5)
        try writeCore(values, hasPubRestrictions: hasPubRestrictions, encoding, into: &writer)
        return (values, hasPubRestrictions, layout, writer.bits == reader.bits(upTo: reader.offset))
    }

    private static func writeCore(
        _ values: [GPPValue],
        hasPubRestrictions: Bool,
        _ encoding: Encoding,
        into writer: inout GPPBitWriter
    ) throws(GPPError) {
        try writer.write(1, 6, "Version")
        let table = fields(coreFields, encoding)
        if hasPubRestrictions {
            try GPPFieldTable.encode(values, table, into: &writer)
        } else {
            try GPPFieldTable.encode(Array(values.dropLast()), Array(table.dropLast()), into: &writer)
        }
    }

    /// Encodes the section in ``encoding``.
    ///
    /// ``GPPEncodingStyle/canonical`` pads each part to a multiple of 6 bits, writes each vendor
    /// set as a range only when strictly shorter than the bitfield, and leaves PubRestrictions out
    /// when ``hasPubRestrictions`` is `false` (a v1.0 string). ``GPPEncodingStyle/preservingLayout``
    /// gives a decoded, unchanged value back byte for byte.
    ///
    /// - Throws: ``GPPError/Code/unsupportedVersion`` for a version other than 1,
    ///   ``GPPError/Code/invalidValue`` for a value that does not fit its field (or PubRestrictions
    ///   left out while it holds records).
    public func encoded(_ style: GPPEncodingStyle = .canonical) throws(GPPError) -> String {
        if style == .preservingLayout, let decoded, decoded.model == model { return decoded.text }
        guard version == 1 else { throw GPPError(.unsupportedVersion, sectionId: 5, field: "Version", value: version) }
        guard hasPubRestrictions || core.last?.records?.isEmpty == true else {
            throw GPPError(.invalidValue, sectionId: 5, field: "PubRestrictions")
        }
        func partLayout(_ index: Int) -> GPPPartLayout? {
            guard style == .preservingLayout, let parts = decoded?.parts, index < parts.count else { return nil }
            return parts[index]
        }
        var writer = GPPBitWriter(sectionId: 5)
        try Self.writeCore(core, hasPubRestrictions: hasPubRestrictions, encoding, into: &writer)
        var texts = [writer.text(partLayout(0))]
        if let disclosedVendors {
            var writer = GPPBitWriter(sectionId: 5, subsection: texts.count)
            try writer.write(1, 3, "SubsectionType")
            try GPPFieldTable.encode(
                [.ids(disclosedVendors)],
                Self.fields(Self.disclosedVendorsFields, encoding),
                into: &writer
            )
            texts.append(writer.text(partLayout(texts.count)))
        }
        if let publisherPurposes {
            var writer = GPPBitWriter(sectionId: 5, subsection: texts.count)
            try writer.write(3, 3, "SubsectionType")
            try GPPFieldTable.encode(publisherPurposes, Self.publisherPurposesFields, into: &writer)
            texts.append(writer.text(partLayout(texts.count)))
        }
        return texts.joined(separator: ".")
    }
}
