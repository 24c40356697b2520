extension TCFCanadaSection {
    /// Decodes the section's text.
    ///
    /// The encodings are tried in order, ``Encoding/fibonacci``, ``Encoding/legacy``, then
    /// ``Encoding/literal``, for the core and the sub-sections together (one encoding per
    /// section); a reading that fails, or whose value does not re-encode to the bits read, falls
    /// to the next. The first two follow iabgpp-es 3.2.0 ("trying the spec-compliant (Fibonacci)
    /// interpretation first and, if it does not round-trip back to the input bitstring, falling
    /// back to the legacy (fixed-range) interpretation"); the literal reading comes last because
    /// only iabgpp-rs writes it, and only for DisclosedVendors and PubRestrictions. The common
    /// case reads the bits once. When no reading re-encodes, the legacy one stands if it reads
    /// (writers choose ranges over bitfields by other rules), else the specification's, else the
    /// literal; when none reads, the specification reading's error is thrown. A core that ends
    /// before PubRestrictions (fewer than 12 bits left, all zero) is a v1.0 string:
    /// ``hasPubRestrictions`` is `false` and PubRestrictions empty.
    ///
    /// - Throws: ``GPPError`` (section 5): the specification reading's error when none reads.
    public init(encoded text: String) throws(GPPError) {
        self = try GPPBytes.with(text[...]) { bytes throws(GPPError) in
            try TCFCanadaSection(encoded: bytes, start: 0)
        }
    }

    /// Decodes the section's UTF-8 `parts`, which start at character `start` (0-based) of the input.
    init(encoded parts: UnsafeBufferPointer<UInt8>, start: Int) throws(GPPError) {
        let fibonacci = Result { () throws(GPPError) in try Self.decode(parts, start: start, .fibonacci) }
        if case .success(let read) = fibonacci, read.reencodes {
            // The specification's reading stands; whether the bits also read the legacy way is
            // asked only when wanted (``isAmbiguous``), so a decode reads the bits once.
            self = read.section
        } else {
            let legacy = try? Self.decode(parts, start: start, .legacy)
            if let legacy, legacy.reencodes {
                self = legacy.section
            } else {
                let literal = try? Self.decode(parts, start: start, .literal)
                if let literal, literal.reencodes {
                    self = literal.section
                } else if let read = legacy ?? (try? fibonacci.get()) ?? literal {
                    // No reading re-encodes: the first that reads, legacy before the others.
                    self = read.section
                } else {
                    self = try fibonacci.get().section
                }
            }
        }
        decoded?.text = String(decoding: parts, as: UTF8.self)
    }

    /// Whether `decoded`, read the specification's way, also reads the legacy way to another
    /// value that re-encodes to the same bits.
    static func alsoReadsAsLegacy(_ decoded: Decoded) -> Bool {
        guard decoded.model.encoding == .fibonacci else { return false }
        let legacy = GPPBytes.with(decoded.text[...]) { bytes in try? decode(bytes, start: 0, .legacy) }
        guard let legacy, legacy.reencodes else { return false }
        return legacy.section.core != decoded.model.core
            || legacy.section.disclosedVendors != decoded.model.disclosedVendors
    }

    /// Every part read in `encoding`, and whether the value re-encodes to the bits read.
    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>,
        start: Int,
        _ encoding: Encoding
    ) throws(GPPError) -> (section: TCFCanadaSection, reencodes: Bool) {
        var section = TCFCanadaSection()
        section.encoding = encoding
        var parts = GPPParts(bytes, separator: UInt8(ascii: "."), start: start)
        var reader = try parts.reader(sectionId: 5)
        let version = try reader.read(6, "Version")
        guard version == 1 else { throw reader.error(.unsupportedVersion, "Version", bit: 0, value: version) }
        let table = fields(coreFields, encoding)
        var core: [GPPValue] = []
        core.reserveCapacity(table.count)
        try decode(table, 0..<table.count - 1, encoding, into: &core, from: &reader)
        if reader.remaining < 12 && reader.restIsZero {
            section.hasPubRestrictions = false
            core.append(.records([]))
        } else {
            try decode(table, table.count - 1..<table.count, encoding, into: &core, from: &reader)
        }
        section.core = core
        var layouts = GPPPartLayouts()
        layouts.append(try reader.trailingLayout(table[table.count - 1].name))
        var writer = GPPBitWriter(sectionId: 5, bits: reader.bitCount)
        try writeCore(section.core, hasPubRestrictions: section.hasPubRestrictions, encoding, into: &writer)
        // Re-encoding gives the input: the same bits, then zero padding only.
        var reencodes = reader.isReencoding(of: writer)
        for index in 1..<parts.count {
            var reader = try parts.reader(sectionId: 5)
            let type = try reader.read(3, "SubsectionType")
            let table: [GPPField]
            switch type {
            case 1 where section.disclosedVendors == nil:
                table = fields(disclosedVendorsFields, encoding)
                var values: [GPPValue] = []
                try decode(table, 0..<1, encoding, into: &values, from: &reader)
                section.disclosedVendors = values[0].ids
            case 3 where section.publisherPurposes == nil:
                table = publisherPurposesFields
                section.publisherPurposes = try GPPFieldTable.decode(table, from: &reader)
            default:
                throw reader.error(.invalidSubsection, "SubsectionType", bit: 0, value: type)
            }
            layouts.append(try reader.trailingLayout(table[table.count - 1].name))
            var writer = GPPBitWriter(sectionId: 5, subsection: index, bits: reader.bitCount)
            try writer.write(type, 3, "SubsectionType")
            try encode(
                type == 1 ? [.ids(section.disclosedVendors ?? [])] : section.publisherPurposes ?? [],
                table,
                encoding,
                into: &writer
            )
            reencodes = reencodes && reader.isReencoding(of: writer)
        }
        section.decoded = Decoded(text: "", model: section.model, parts: layouts)
        return (section, reencodes)
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
            try encode(values, table, encoding, into: &writer)
        } else {
            try encode(Array(values.dropLast()), Array(table.dropLast()), encoding, into: &writer)
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
            guard style == .preservingLayout else { return nil }
            return decoded?.parts[index]
        }
        var writer = GPPBitWriter(sectionId: 5)
        try Self.writeCore(core, hasPubRestrictions: hasPubRestrictions, encoding, into: &writer)
        var texts = [writer.text(partLayout(0))]
        if let disclosedVendors {
            var writer = GPPBitWriter(sectionId: 5, subsection: texts.count)
            try writer.write(1, 3, "SubsectionType")
            try Self.encode(
                [.ids(disclosedVendors)],
                Self.fields(Self.disclosedVendorsFields, encoding),
                encoding,
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
