/// Every field of a TC string as it lies on the wire, for people: what `tcstring explain` prints.
public struct Explanation: Sendable, Hashable {
    /// One field: where it is, how wide, its bits and what they mean.
    public struct Field: Sendable, Hashable {
        /// The 0-based segment index.
        public var segment: Int
        /// The field's first bit, from the start of its segment.
        public var bitOffset: Int
        /// The field's width in bits.
        public var width: Int
        /// The specification's name, e.g. `MaxVendorId`; `Padding` for the bits after the last field.
        public var name: String
        /// The bits as `0`/`1`; fields wider than 64 bits show their first 64 followed by `…`.
        public var rawBits: String
        /// The value in words, e.g. `2020-01-26T17:01:00.000Z`, `EN`, `[1, 3, 7]`.
        public var value: String
    }

    /// How one vendor section was written, and what the other form would have cost.
    public struct VendorSection: Sendable, Hashable {
        /// The section, e.g. `Vendor Consent`.
        public var name: String
        /// The segment it is in.
        public var segment: Int
        /// Whether it was range-encoded.
        public var isRangeEncoding: Bool
        /// Its size on the wire after the common 17-bit header (MaxVendorId + IsRangeEncoding).
        public var bits: Int
        /// What the other form would take: the bitfield is MaxVendorId bits; ranges are 12 bits of
        /// NumEntries plus 17 per single id and 33 per run of the set's maximal runs.
        public var alternativeBits: Int

        /// Why this form, in one sentence, e.g. `Vendor Consent: a bitfield, 30 bits; ranges would
        /// take 45 bits (the bitfield is smaller)`.
        public var reason: String {
            let (chosen, other) = isRangeEncoding ? ("ranges", "a bitfield") : ("a bitfield", "ranges")
            let (chosenForm, otherForm) =
                isRangeEncoding ? ("ranges are", "a bitfield is") : ("the bitfield is", "ranges are")
            let verdict =
                bits < alternativeBits
                ? "\(chosenForm) smaller" : bits == alternativeBits ? "a tie" : "\(otherForm) smaller"
            return "\(name): \(chosen), \(bits) bits; \(other) would take \(alternativeBits) bits (\(verdict))"
        }
    }

    /// Every field in wire order.
    public var fields: [Field] = []
    /// Every vendor section, in wire order.
    public var vendorSections: [VendorSection] = []
    /// Why the string does not decode; ``fields`` then ends before the field that failed.
    public var error: TCStringError?
}

extension TCString {
    /// Explains every field of `text`: segment, bit offset, width, raw bits and value, and for each
    /// vendor section why it is a bitfield or ranges and what the other form would take.
    ///
    /// - Parameters:
    ///   - text: the TC string.
    ///   - options: how `text` is decoded (``DecodingOptions/strict``, the maximum length).
    /// - Throws: ``TCStringError`` when `text` does not decode; ``explanation(of:options:)`` explains
    ///   such a string as far as it can be read.
    public static func explain(
        _ text: String,
        options: DecodingOptions = DecodingOptions()
    ) throws(TCStringError) -> Explanation {
        let explanation = explanation(of: text, options: options)
        if let error = explanation.error { throw error }
        return explanation
    }

    /// Explains `text` as far as it decodes: every field before the first error, and the error
    /// in ``Explanation/error`` (`nil` when the whole string decodes).
    ///
    /// - Parameters:
    ///   - text: the TC string.
    ///   - options: how `text` is decoded (``DecodingOptions/strict``, the maximum length).
    public static func explanation(of text: String, options: DecodingOptions = DecodingOptions()) -> Explanation {
        var explanation = Explanation()
        // Decoding finds the error, if any: the walk below reads only what comes before it.
        do throws(TCStringError) {
            _ = try TCString(encoded: text, options: options)
        } catch {
            explanation.error = error
        }
        let stop = explanation.error.map { ($0.segment ?? -1, $0.segment == nil ? 0 : $0.bitOffset ?? 0) }
        let bytes = Array(text.utf8)
        for (index, characters) in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            .enumerated()
        {
            if let stop, index > stop.0 { break }
            let trimmed = characters.prefix { $0 != UInt8(ascii: "=") }
            var scratch = [UInt8](repeating: 0, count: Base64URL.scratchSize(characters: trimmed.count))
            _ = Array(trimmed).withUnsafeBufferPointer { chars in
                scratch.withUnsafeMutableBufferPointer { Base64URL.decode(chars, into: $0.baseAddress!) }
            }
            scratch.withUnsafeBufferPointer { buffer in
                let bits = trimmed.count * 6
                var walker = Walker(
                    reader: BitReader(base: buffer.baseAddress!, bitCount: bits, segment: index),
                    explanation: explanation,
                    end: stop.flatMap { index == $0.0 ? min($0.1, bits) : nil } ?? bits
                )
                walker.segment(isCore: index == 0)
                explanation = walker.explanation
            }
        }
        return explanation
    }
}

/// Re-reads a segment that has already decoded, recording each field.
private struct Walker {
    var reader: BitReader
    var explanation: Explanation
    /// Where reading stops: the end of the segment, or the start of the field that failed to decode.
    let end: Int
    /// Whether a field did not fit before ``end``: nothing more is read.
    var stopped = false

    /// Whether `width` more bits can be read; stops the walk when they cannot.
    mutating func fits(_ width: Int) -> Bool {
        if !stopped && reader.offset + width > end { stopped = true }
        return !stopped
    }

    /// Records the next bits as `field` (`width` bits when it has no fixed width) and returns
    /// their value (0 for fields over 57 bits).
    @discardableResult
    mutating func field(_ field: Field, width: Int? = nil) -> Int {
        record(field.rawValue, width ?? field.width, field.kind)
    }

    /// Records the next `width` bits as `name`, their value shown as `kind` reads (nothing when
    /// `nil`), and returns their value (0 for fields over 57 bits).
    @discardableResult
    mutating func record(_ name: String, _ width: Int, _ kind: Field.Kind?) -> Int {
        guard fits(width) else { return 0 }
        let start = reader.offset
        let shown = min(width, 64)
        let top = shown == 0 ? 0 : reader.peek64(at: start) >> UInt64(64 - shown)
        var raw = String((0..<shown).map { top >> UInt64(shown - 1 - $0) & 1 == 1 ? "1" : "0" })
        if width > 64 { raw += "…" }
        let value = width <= 57 ? Int(top) : 0
        let text: String
        switch kind {
        case .number: text = String(value)
        case .flag: text = value == 1 ? "true" : "false"
        case .letters: text = TwoLetterCode(rawValue: value).description
        case .time: text = Timestamp(deciseconds: Int64(value)).description
        case .ids: text = Self.list(ids(from: start, width: width))
        case .segmentType: text = ["Core", "Disclosed Vendors", "Allowed Vendors", "Publisher TC"][value & 3]
        case nil: text = ""
        }
        explanation.fields.append(
            Explanation.Field(
                segment: reader.segment,
                bitOffset: start,
                width: width,
                name: name,
                rawBits: raw,
                value: text
            )
        )
        reader.skip(width)
        return value
    }

    /// The ids of the bitfield at `start`: 1 + the position of each 1 bit, read 64 bits at a time.
    func ids(from start: Int, width: Int) -> [Int] {
        var ids: [Int] = []
        var position = 0
        while position < width {
            var word = reader.peek64(at: start + position)
            if width - position < 64 { word &= ~0 << UInt64(64 - (width - position)) }
            while word != 0 {
                let zeros = word.leadingZeroBitCount
                ids.append(position + zeros + 1)
                word &= ~((1 as UInt64) << UInt64(63 - zeros))
            }
            position += 64
        }
        return ids
    }

    static func list(_ ids: [Int]) -> String {
        let shown = ids.prefix(20).map(String.init).joined(separator: ", ")
        return "[" + shown + (ids.count > 20 ? ", … (\(ids.count) ids)]" : "]")
    }

    mutating func segment(isCore: Bool) {
        if isCore {
            for core in CoreField.allCases { field(core.field) }
            vendorSection("Vendor Consent")
            vendorSection("Vendor Legitimate Interest")
            for _ in 0..<field(.numPubRestrictions) {
                field(.purposeId)
                field(.restrictionType)
                _ = entries()
            }
        } else {
            switch field(.segmentType) {
            case 1: vendorSection("Disclosed Vendors")
            case 2: vendorSection("Allowed Vendors")
            default:
                field(.pubPurposesConsent)
                field(.pubPurposesLITransparency)
                let count = field(.numCustomPurposes)
                field(.customPurposesConsent, width: count)
                field(.customPurposesLITransparency, width: count)
            }
        }
        if !stopped && end - reader.offset > 0 { record("Padding", end - reader.offset, nil) }
    }

    mutating func vendorSection(_ name: String) {
        let maxVendorId = field(.maxVendorId)
        let isRange = field(.isRangeEncoding) == 1
        let start = reader.offset
        var set = VendorSet()
        if isRange {
            set = entries()
        } else if fits(maxVendorId) {
            for id in ids(from: start, width: maxVendorId) { set.insertUnchecked(id...id) }
            field(.bitField, width: maxVendorId)
        }
        guard !stopped else { return }
        explanation.vendorSections.append(
            Explanation.VendorSection(
                name: name,
                segment: reader.segment,
                isRangeEncoding: isRange,
                bits: reader.offset - start,
                alternativeBits: isRange ? maxVendorId : VendorSectionPlan.rangeBits(set, nil)
            )
        )
    }

    /// NumEntries and the range entries; returns the ids they cover.
    mutating func entries() -> VendorSet {
        var set = VendorSet()
        for _ in 0..<field(.numEntries) {
            let isRange = field(.isARange) == 1
            let start = field(.startOrOnlyVendorId)
            let last = isRange ? field(.endVendorId) : start
            // A partial walk may reach the malformed entry the decoder refused.
            guard !stopped, 1 <= start, start <= last else {
                stopped = true
                break
            }
            set.insertUnchecked(start...last)
        }
        return set
    }
}
