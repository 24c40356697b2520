extension TCFCanadaSection {
    /// Decodes the section's text.
    ///
    /// The encodings are tried in order, ``Encoding/fibonacci``, ``Encoding/legacy``, then
    /// ``Encoding/literal``, for the core and the sub-sections together (one encoding per
    /// section); the first reading whose value re-encodes to the bits read stands. The first two
    /// follow iabgpp-es 3.2.0 ("trying the spec-compliant (Fibonacci) interpretation first and, if
    /// it does not round-trip back to the input bitstring, falling back to the legacy (fixed-range)
    /// interpretation"); the literal reading comes last because only iabgpp-rs writes it, and only
    /// for DisclosedVendors and PubRestrictions. Whether a value re-encodes is told from the bits
    /// as they are read, without encoding it: every id set laid out as the encoder lays it out
    /// and zero bits after each part's last field; a reading stops at the first bit that shows
    /// otherwise, so the common case reads the bits once and a wrong encoding costs little. When
    /// no reading re-encodes, the legacy one stands if it reads (writers choose ranges over
    /// bitfields by other rules), else the specification's, else the literal; when none reads,
    /// the specification reading's error is thrown. A core that ends before PubRestrictions (fewer
    /// than 12 bits left, all zero) is a v1.0 string: ``hasPubRestrictions`` is `false` and
    /// PubRestrictions empty.
    ///
    /// - Throws: ``GPPError`` (section 5): the specification reading's error when none reads.
    public init(encoded text: String) throws(GPPError) {
        self = try GPPBytes.with(text[...]) { bytes throws(GPPError) in
            try TCFCanadaSection(encoded: bytes, start: 0)
        }
    }

    /// Decodes the section's UTF-8 `parts`, which start at character `start` (0-based) of the input.
    init(encoded parts: UnsafeBufferPointer<UInt8>, start: Int) throws(GPPError) {
        var shared = try Shared(parts, start: start)
        if let read = Self.firstReadingAsWritten(&shared) {
            self = read
        } else {
            // No reading re-encodes: the first that reads, legacy before the others.
            let fibonacci = Result { () throws(GPPError) in try Self.read(&shared, .fibonacci) }
            if let read = try? Self.read(&shared, .legacy) {
                self = read
            } else if case .success(let read) = fibonacci {
                self = read
            } else if let read = try? Self.read(&shared, .literal) {
                self = read
            } else {
                self = try fibonacci.get()
            }
        }
        decoded?.text = String(decoding: parts, as: UTF8.self)
    }

    /// What every reading shares: the core's bits, read once up to its first id set (Version and
    /// the fixed-width fields, alike in the three encodings), and the parts after the core.
    struct Shared {
        /// The parts after the core.
        var parts: GPPParts
        /// The core's reader, at its first id set.
        var reader: GPPBitReader
        /// The core's values before its first id set.
        var values: [GPPValue]

        /// The core fields before the first id set (VendorExpressConsent).
        static let count = coreFields.firstIndex { $0.type == .optimizedRange } ?? coreFields.count - 1

        /// Reads the core of `bytes` up to its first id set; the error is every reading's.
        init(_ bytes: UnsafeBufferPointer<UInt8>, start: Int) throws(GPPError) {
            parts = GPPParts(bytes, separator: UInt8(ascii: "."), start: start)
            reader = try parts.reader(sectionId: 5)
            let version = try reader.readVersion()
            guard version == 1 else {
                throw reader.error(.unsupportedVersion, GPPField.version.name, bit: 0, value: version)
            }
            values = []
            values.reserveCapacity(coreFields.count)
            try GPPFieldTable.decode(coreFields, 0..<Self.count, into: &values, from: &reader)
        }
    }

    /// The first reading, in the decoder's order, whose value re-encodes to the bits read.
    private static func firstReadingAsWritten(_ shared: inout Shared) -> TCFCanadaSection? {
        for encoding in Encoding.allCases {
            if let read = try? decode(&shared, encoding, asWrittenOnly: true) { return read }
        }
        return nil
    }

    /// Every part read in `encoding`, whether or not its value re-encodes to the bits read.
    package static func read(_ text: String, as encoding: Encoding) throws(GPPError) -> TCFCanadaSection {
        var section = try GPPBytes.with(text[...]) { bytes throws(GPPError) in
            var shared = try Shared(bytes, start: 0)
            return try read(&shared, encoding)
        }
        section.decoded?.text = text
        return section
    }

    private static func read(_ shared: inout Shared, _ encoding: Encoding) throws(GPPError) -> TCFCanadaSection {
        // Without `asWrittenOnly` the reading never stops early: the empty value is never taken.
        try decode(&shared, encoding, asWrittenOnly: false) ?? TCFCanadaSection()
    }

    /// Whether `decoded`, read the specification's way, also reads the legacy way to another
    /// value that re-encodes to the same bits.
    static func alsoReadsAsLegacy(_ decoded: Decoded) -> Bool {
        guard decoded.model.encoding == .fibonacci else { return false }
        let legacy = GPPBytes.with(decoded.text[...]) { bytes in
            try? { () throws(GPPError) in
                var shared = try Shared(bytes, start: 0)
                return try decode(&shared, .legacy, asWrittenOnly: true)
            }()
        }
        guard let legacy = legacy ?? nil else { return false }
        return legacy.core != decoded.model.core || legacy.disclosedVendors != decoded.model.disclosedVendors
    }

    /// Every part read in `encoding`, from what the readings share. `asWrittenOnly`: `nil` unless
    /// the value re-encodes to the bits read, the reading stopping at the first bit that shows
    /// otherwise (an id set the encoder lays out otherwise, or a bit set after a part's last field).
    ///
    /// A reading as written takes the shared values' array (so that the reading that stands
    /// allocates no other) and gives the shared values back when it does not stand.
    private static func decode(
        _ shared: inout Shared,
        _ encoding: Encoding,
        asWrittenOnly: Bool
    ) throws(GPPError) -> TCFCanadaSection? {
        var section = TCFCanadaSection()
        section.encoding = encoding
        var parts = shared.parts
        var reader = shared.reader
        let table = encoding == .legacy ? legacyCoreFields : coreFields
        var core = shared.values
        // A reading as written that stands ends the decoding: it takes the array.
        if asWrittenOnly { shared.values = [] }
        var stands = false
        defer { if asWrittenOnly && !stands { shared.values = Array(core.prefix(Shared.count)) } }
        let last = table.count - 1
        let range = Shared.count..<last
        guard try decode(table, range, encoding, asWrittenOnly: asWrittenOnly, into: &core, from: &reader) else {
            return nil
        }
        if reader.remaining < 12 && reader.restIsZero {
            section.hasPubRestrictions = false
            core.append(.records([]))
        } else {
            let range = last..<last + 1
            guard try decode(table, range, encoding, asWrittenOnly: asWrittenOnly, into: &core, from: &reader) else {
                return nil
            }
        }
        section.core = core
        var layouts = GPPPartLayouts()
        layouts.append(try reader.trailingLayout(table[last].name))
        // Re-encoding gives the input: the same bits, then zero padding only.
        if asWrittenOnly && !reader.restIsZero { return nil }
        for _ in 1..<parts.count {
            var reader = try parts.reader(sectionId: 5)
            let type = try reader.read(3, "SubsectionType")
            let table: [GPPField]
            switch type {
            case 1 where section.disclosedVendors == nil:
                table = encoding == .legacy ? legacyDisclosedVendorsFields : disclosedVendorsFields
                var values: [GPPValue] = []
                guard try decode(table, 0..<1, encoding, asWrittenOnly: asWrittenOnly, into: &values, from: &reader)
                else { return nil }
                section.disclosedVendors = values[0].ids
            case 3 where section.publisherPurposes == nil:
                // Bitfields and an Int(6) in every encoding, always written as read.
                table = publisherPurposesFields
                section.publisherPurposes = try GPPFieldTable.decode(table, from: &reader)
            default:
                throw reader.error(.invalidSubsection, "SubsectionType", bit: 0, value: type)
            }
            layouts.append(try reader.trailingLayout(table[table.count - 1].name))
            if asWrittenOnly && !reader.restIsZero { return nil }
        }
        section.decoded = Decoded(text: "", model: section.model, parts: layouts)
        stands = true
        return section
    }

    private static func writeCore(
        _ values: [GPPValue],
        hasPubRestrictions: Bool,
        _ encoding: Encoding,
        into writer: inout GPPBitWriter
    ) throws(GPPError) {
        try writer.writeVersion(1)
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
        guard version == 1 else {
            throw GPPError(.unsupportedVersion, sectionId: 5, field: GPPField.version.name, value: version)
        }
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
