public import IABTCF

/// A Global Privacy Platform string: a header (`Type Int(6) = 3`, `Version Int(6)`, the section ids
/// as a Range(Fibonacci)), then one `~`-separated section per id, each decoded by its id.
///
/// ```swift
/// let gpp = try GPPString(encoded: "DBABL~BVQqAAAAAg")   // Google UMP's usnat v1
/// gpp.sectionIds                                          // [7]
/// if case .us(let usnat) = gpp.sections[0] { usnat["SaleOptOut"] }  // .int(2)
/// ```
public struct GPPString: Sendable, Hashable {
    /// The header's Version (1: "currently 1"; others are refused).
    public var version: Int
    /// The sections in header order (ascending ids) that decoded.
    public var sections: [GPPSection]
    /// The sections that did not decode, in header order, each with its error and its text: a
    /// GPP string is read section by section, so one bad section leaves the others readable
    /// (empty when every section decoded, and always empty from strict options, which refuse the
    /// whole string instead; see ``init(encoded:options:)``).
    public var failedSections: [GPPFailedSection] {
        get { rare?.failedSections ?? [] }
        set { rare = Rare.make(failedSections: newValue, nonCanonicalHeader: nonCanonicalHeader) }
    }
    /// The decoded header's padding and surplus bits, for ``GPPEncodingStyle/preservingLayout``.
    var headerLayout: GPPPartLayout?
    /// A decoded header whose ids are not written as maximal runs, which only its text gives
    /// back (a canonical header is written again from the ids and ``headerLayout``).
    var nonCanonicalHeader: NonCanonicalHeader? {
        get { rare?.nonCanonicalHeader }
        set { rare = Rare.make(failedSections: failedSections, nonCanonicalHeader: newValue) }
    }
    /// What few strings have, ``failedSections`` and ``nonCanonicalHeader``, behind one reference
    /// that is `nil` for the others: a decoded string is copied and destroyed with one reference
    /// besides its sections.
    private var rare: Rare?

    struct NonCanonicalHeader: Sendable, Hashable {
        var text: String
        var ids: [Int]
    }

    /// ``failedSections`` and ``nonCanonicalHeader``, never written after it is made (a setter
    /// makes a new one), so copies of a string share it safely.
    private final class Rare: Sendable {
        let failedSections: [GPPFailedSection]
        let nonCanonicalHeader: NonCanonicalHeader?

        private init(failedSections: [GPPFailedSection], nonCanonicalHeader: NonCanonicalHeader?) {
            self.failedSections = failedSections
            self.nonCanonicalHeader = nonCanonicalHeader
        }

        /// The box of the two, `nil` when both are empty.
        static func make(failedSections: [GPPFailedSection], nonCanonicalHeader: NonCanonicalHeader?) -> Rare? {
            failedSections.isEmpty && nonCanonicalHeader == nil
                ? nil : Rare(failedSections: failedSections, nonCanonicalHeader: nonCanonicalHeader)
        }
    }

    /// The longest input the decoder reads by default, in UTF-8 bytes: 128 KiB, the TC string's
    /// default (`TCString.DecodingOptions.defaultMaximumLength`).
    public static let defaultMaximumLength = 131_072

    /// A string from its sections (ascending ids for it to encode).
    public init(version: Int = 1, sections: [GPPSection]) {
        self.version = version
        self.sections = sections
    }

    /// The section ids in order: the header's list, of the sections that decoded and of the
    /// ``failedSections`` alike.
    public var sectionIds: [Int] {
        guard !failedSections.isEmpty else { return sections.map(\.id) }
        return (sections.map(\.id) + failedSections.map(\.id)).sorted()
    }

    /// The section with `id`, if the string has it and it decoded.
    public func section(_ id: Int) -> GPPSection? { sections.first { $0.id == id } }

    /// The section with `id` that did not decode, if the string has one.
    public func failedSection(_ id: Int) -> GPPFailedSection? { failedSections.first { $0.id == id } }

    /// Equal when version, sections and failed sections are; how the header was padded does not count.
    public static func == (lhs: GPPString, rhs: GPPString) -> Bool {
        lhs.version == rhs.version && lhs.sections == rhs.sections && lhs.failedSections == rhs.failedSections
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(sections)
        hasher.combine(failedSections)
    }

    /// Decodes a GPP string and every section in it, section by section.
    ///
    /// A section that does not decode is kept in ``failedSections`` with its error and its text,
    /// and the others are read: one bad section never hides the good ones (go-gpp returns the
    /// sections it read and an error per section; Prebid reads section by section). The header
    /// decodes or the whole string is refused. Strict options
    /// (``init(encoded:options:)`` with `TCString.DecodingOptions(strict: true)`) refuse the whole
    /// string at the first section that does not decode, as before.
    ///
    /// Accepted: base64url parts padded by any of the three conventions (``GPPPadding``), so both
    /// `DBABM` and `DBABMA`; the named ``GPPCompatibilityRule``; unknown section ids, kept as text.
    /// Refused with a ``GPPError``: `+`, `/`, `=` and any other byte outside base64url in the
    /// header; a header Type other than 3 or Version other than 1; a section count other than the
    /// header's. A section's own errors (an unknown section Version, a value outside its type, a
    /// byte outside base64url) fail that section only. Input longer than `maximumLength` UTF-8
    /// bytes is refused (``GPPError/Code/inputTooLong``) before any work.
    ///
    /// The same as ``init(encoded:options:)`` with `TCString.DecodingOptions(maximumLength:)`.
    public init(encoded text: String, maximumLength: Int = defaultMaximumLength) throws(GPPError) {
        try self.init(encodedBytes: text.utf8, options: TCString.DecodingOptions(maximumLength: maximumLength))
    }

    /// Decodes a GPP string given as any `StringProtocol` value (a `Substring` cut from a request
    /// or a file is read where it lies), with `options` for the whole string and its TCF EU v2
    /// section.
    ///
    /// One limit and one strictness, as `IABTCF` decodes a TC string:
    /// - `options.maximumLength` (at most `TCString.DecodingOptions.largestMaximumLength`) bounds
    ///   the whole GPP string in UTF-8 bytes, checked before any work
    ///   (``GPPError/Code/inputTooLong``). Section 2 is decoded with the same options, so the
    ///   whole string's limit is the only one: a TC string inside a GPP string is never refused as
    ///   too long once the GPP string is within the limit.
    /// - `options.strict` applies to section 2 only (the other sections are strict already, see
    ///   <doc:WhereReferencesDisagree>): it refuses there what `TCString(encoded:options:)` refuses
    ///   in strict mode, as ``GPPError/Code/tcString`` with the TC string's own error and the
    ///   1-based position in the whole GPP string.
    ///
    /// Otherwise as ``init(encoded:maximumLength:)``: the same value and the same errors for the
    /// same text.
    public init(
        encoded text: some StringProtocol,
        options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) throws(GPPError) {
        try self.init(encodedBytes: text.utf8, options: options)
    }

    /// Decodes a GPP string from its UTF-8 bytes (a server's request buffer, `Data`, `[UInt8]`),
    /// read in place when the collection is contiguous and copied once otherwise (after the length
    /// check). A byte outside base64url, UTF-8 or not, is refused as itself
    /// (``GPPError/Code/invalidCharacter`` with the byte as `value`); `options` as
    /// ``init(encoded:options:)`` reads them.
    public init(
        encodedBytes bytes: some Collection<UInt8>,
        options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) throws(GPPError) {
        let inPlace = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(GPPError) in try GPPString(bytes: buffer, options: options) }
        }
        if let inPlace {
            self = try inPlace.get()
            return
        }
        // Refuse over-long input before copying it: a lazy collection can be far larger than memory.
        guard bytes.count <= options.maximumLength else {
            throw bytes.isEmpty ? GPPError(.empty, position: 1) : GPPError(.inputTooLong, value: options.maximumLength)
        }
        self = try Array(bytes).withUnsafeBufferPointer { buffer throws(GPPError) in
            try GPPString(bytes: buffer, options: options)
        }
    }

    /// Decodes the UTF-8 `bytes` of a GPP string in one pass: the header, then each section from
    /// its bytes in place (section 2 with `options`).
    private init(bytes: UnsafeBufferPointer<UInt8>, options: TCString.DecodingOptions) throws(GPPError) {
        guard !bytes.isEmpty else { throw GPPError(.empty, position: 1) }
        guard bytes.count <= options.maximumLength else {
            throw GPPError(.inputTooLong, value: options.maximumLength)
        }
        var parts = GPPParts(bytes, separator: UInt8(ascii: "~"), start: 0)
        guard let header = parts.next() else { throw GPPError(.empty, position: 1) }
        let (ids, layout, canonical) = try Self.decodeHeader(header.bytes)
        version = 1
        guard ids.count == parts.count - 1 else {
            throw GPPError(
                .sectionCountMismatch,
                sectionId: GPPError.headerId,
                field: "Sections",
                bit: 12,
                position: 3,
                value: parts.count - 1,
                expected: ids.count
            )
        }
        headerLayout = layout
        sections = []
        sections.reserveCapacity(ids.count)
        var failed: [GPPFailedSection] = []
        for id in ids {
            guard let part = parts.next() else { break }
            do throws(GPPError) {
                sections.append(try GPPSection.decode(id: id, part.bytes, start: part.start, tcfEuV2Options: options))
            } catch {
                if options.strict { throw error }
                failed.append(GPPFailedSection(id: id, error: error, text: String(decoding: part.bytes, as: UTF8.self)))
            }
        }
        if !canonical || !failed.isEmpty {
            rare = Rare.make(
                failedSections: failed,
                nonCanonicalHeader: canonical
                    ? nil : NonCanonicalHeader(text: String(decoding: header.bytes, as: UTF8.self), ids: ids)
            )
        }
    }

    /// The section ids a header lists (the text before the first `~`, or a whole GPP string).
    ///
    /// - Throws: ``GPPError`` for the header (section 3): a byte outside base64url, Type other than
    ///   3, Version other than 1, a malformed Range(Fibonacci), more characters than padding allows.
    public static func sectionIDs(inHeader text: String) throws(GPPError) -> [Int] {
        let header = text.utf8.split(separator: UInt8(ascii: "~"), maxSplits: 1, omittingEmptySubsequences: false)[0]
        return try GPPBytes.with(Substring(header)) { bytes throws(GPPError) in try decodeHeader(bytes).ids }
    }

    /// Reads the header: Type Int(6) = 3, Version Int(6) = 1, Sections Range(Fibonacci).
    static func decodeHeader(
        _ text: UnsafeBufferPointer<UInt8>
    ) throws(GPPError) -> (ids: [Int], layout: GPPPartLayout, canonical: Bool) {
        var reader = try GPPBitReader(text, sectionId: 3, subsection: 0, start: 0)
        let type = try reader.read(6, "Type")
        guard type == 3 else { throw reader.error(.invalidHeaderType, "Type", bit: 0, value: type) }
        let version = try reader.read(6, "Version")
        guard version == 1 else { throw reader.error(.unsupportedVersion, "Version", bit: 6, value: version) }
        var budget = GPPLimits.idBudget
        var canonical = true
        let ids = try reader.readFibonacciRange("Sections", budget: &budget, canonical: &canonical)
        return (ids, try reader.trailingLayout("Sections"), canonical)
    }

    /// Encodes the string: the header, then each section in `style`.
    ///
    /// ``GPPEncodingStyle/canonical`` pads every base64url part with zero bits to a multiple of 6,
    /// the specification's rule and what Google UMP writes (`DBABL~BVQqAAAAAg`); iabgpp-es and
    /// iabgpp-java write one more character where a byte boundary falls short (`DBABLA`), which
    /// every reader accepts too. ``GPPEncodingStyle/preservingLayout`` gives back every decoded
    /// string byte for byte, and keeps each part's convention where the value changed.
    ///
    /// - Throws: ``GPPError/Code/invalidSectionIDs`` unless the ids are ascending, unique and
    ///   positive; ``GPPError/Code/unsupportedVersion`` for a header Version other than 1; each
    ///   section's own encoding errors.
    public func encoded(_ style: GPPEncodingStyle = .canonical) throws(GPPError) -> String {
        let ids = sectionIds
        guard GPPIDs.isValid(ids) else { throw GPPError(.invalidSectionIDs, sectionId: 3, field: "Sections") }
        guard version == 1 else { throw GPPError(.unsupportedVersion, sectionId: 3, field: "Version", value: version) }
        var texts: [String] = []
        if style == .preservingLayout, let nonCanonicalHeader, nonCanonicalHeader.ids == ids {
            texts.append(nonCanonicalHeader.text)
        } else {
            var writer = GPPBitWriter(sectionId: 3)
            try writer.write(3, 6, "Type")
            try writer.write(version, 6, "Version")
            try writer.writeFibonacciRange(ids, "Sections")
            texts.append(writer.text(style == .preservingLayout ? headerLayout : nil))
        }
        var failed = failedSections[...]
        for section in sections {
            while let failure = failed.first, failure.id < section.id {
                texts.append(try failure.encoded())
                failed = failed.dropFirst()
            }
            texts.append(try section.encoded(style))
        }
        for failure in failed { texts.append(try failure.encoded()) }
        return texts.joined(separator: "~")
    }
}
