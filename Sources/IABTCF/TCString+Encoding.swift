extension TCString {
    /// How ``encoded(_:maximumLength:)`` lays the value out on the wire.
    public enum EncodingStyle: Sendable, Hashable {
        /// The canonical form: segments Core, Disclosed Vendors, Allowed Vendors, Publisher TC (each only
        /// when present); each vendor section as a bitfield unless ranges are strictly smaller, with
        /// MaxVendorId the highest id and ranges the maximal runs; restrictions sorted by purpose then
        /// type; every segment zero-padded to a multiple of 24 bits (4 characters), no `=`.
        case canonical
        /// For a decoded value: every section that still holds what was decoded is written exactly as
        /// it was (MaxVendorId, bitfield or ranges, the range entries as written, segment order), and
        /// each segment whose fields take as many bits as when decoded keeps its length, its padding
        /// bits (set ones too, and any bits or characters after the last field) and its `=` count, so
        /// decoding and re-encoding an unchanged string gives back every accepted input byte for
        /// byte. Sections that changed, and values built in code, are written canonically.
        case preservingLayout
    }

    /// Encodes the value as a TC string.
    ///
    /// Fields are written exactly as the value holds them: no policy rule is applied (see the
    /// validation step for that), so for instance legitimate-interest bits and IsServiceSpecific
    /// stay as given.
    ///
    /// The encoder never writes what the decoder refuses by default: an encoding longer than
    /// `maximumLength` (by default the decoder's ``DecodingOptions/defaultMaximumLength``, 131,072)
    /// is an error. To write a longer string, raise `maximumLength` here and
    /// ``DecodingOptions/maximumLength`` wherever it is decoded.
    ///
    /// - Parameters:
    ///   - style: canonical (the default) or the decoded layout.
    ///   - maximumLength: the longest encoding to produce, in characters (UTF-8 bytes).
    /// - Throws: ``TCStringError/Code/valueOutOfRange`` when a field does not fit its width (CmpId
    ///   above 4095, a timestamp beyond 36 bits, a custom purpose above NumCustomPurposes...);
    ///   ``TCStringError/Code/encodingTooLong`` when the encoding would be longer than `maximumLength`
    ///   (checked before it is written).
    /// - Complexity: O(n) in the output length; the exact size is computed first and the string is
    ///   written in one pass.
    public func encoded(
        _ style: EncodingStyle = .canonical,
        maximumLength: Int = DecodingOptions.defaultMaximumLength
    ) throws(TCStringError) -> String {
        try encoded(style, maximumLength: maximumLength, copyingString: false)
    }

    /// ``encoded(_:maximumLength:)``; `copyingString` takes the path of releases before macOS 11, iOS
    /// 14, tvOS 14 and watchOS 7 on any OS, so tests cover it.
    func encoded(
        _ style: EncodingStyle,
        maximumLength: Int = DecodingOptions.defaultMaximumLength,
        copyingString: Bool
    ) throws(TCStringError) -> String {
        try validateWidths()
        let layout = style == .preservingLayout ? self.layout : nil
        let plan = EncodingPlan(self, layout: layout)
        return try plan.write(self, maximumLength: maximumLength, copyingString: copyingString)
    }

    /// Checks every fixed-width field against its width before anything is written.
    private func validateWidths() throws(TCStringError) {
        func check(_ value: Int, _ field: Field) throws(TCStringError) {
            guard value >= 0 && value < 1 << field.width else { throw .outOfRange(field, value) }
        }
        for field in CoreField.allCases { try check(field.bits(of: self), field.field) }
        let restrictions = publisherRestrictions
        for i in restrictions.indices { try check(restrictions.purposeId(at: i), .purposeId) }
        if let publisherTC {
            try check(publisherTC.numCustomPurposes, .numCustomPurposes)
            let highest = max(
                publisherTC.customPurposeConsents.max ?? 0,
                publisherTC.customPurposeLegitimateInterests.max ?? 0
            )
            guard highest <= publisherTC.numCustomPurposes else { throw .outOfRange(.numCustomPurposes, highest) }
        }
    }
}

/// Everything the encoder decides before writing: each segment's exact bit length, the form of each
/// vendor section, the segment order and padding.
private struct EncodingPlan {
    struct Segment {
        var type: SegmentType
        /// The fields' bits.
        var bits: Int
        var characters: Int
        var equalsSigns: Int
        /// Where the segment's bits start in the shared buffer (each segment starts on a byte).
        var byteOffset: Int
        /// The decoded segment's bits after its fields, when one of them was set: written after the
        /// fields so that they come back as they were.
        var padding: ArraySlice<UInt64>? = nil

        /// The bits written to the buffer: the fields, then the kept padding bits if any.
        var writtenBits: Int { padding == nil ? bits : characters * 6 }
    }

    var vendorConsents: VendorSectionPlan
    var vendorLegitimateInterests: VendorSectionPlan
    var restrictions: RestrictionsPlan
    var disclosedVendors: VendorSectionPlan?
    var allowedVendors: VendorSectionPlan?
    var segments = FixedList4(
        filler: Segment(type: .core, bits: 0, characters: 0, equalsSigns: 0, byteOffset: 0)
    )
    /// The bytes all segments' bits take.
    var byteCount = 0

    init(_ value: TCString, layout: DecodedLayout?) {
        vendorConsents = VendorSectionPlan(value.vendorConsents, layout: layout?.section(.vendorConsents))
        vendorLegitimateInterests = VendorSectionPlan(
            value.vendorLegitimateInterests,
            layout: layout?.section(.vendorLegitimateInterests)
        )
        restrictions = RestrictionsPlan(value.publisherRestrictions, layout: layout?.restrictionsLayout)
        disclosedVendors = value.disclosedVendors.map {
            VendorSectionPlan($0, layout: layout?.section(.disclosedVendors))
        }
        allowedVendors = value.allowedVendors.map { VendorSectionPlan($0, layout: layout?.section(.allowedVendors)) }

        // Segment order: as decoded for the segments still present, then new ones in canonical order.
        // Both lists hold at most four entries, so they live inline: planning allocates nothing.
        var order = FixedList4(filler: SegmentType.core)
        var decoded = FixedList4(filler: WireLayout.Segment(type: .core, characters: 0, equalsSigns: 0, contentBits: 0))
        for packed in layout?.segments ?? FixedList4(filler: 0) {
            let segment = WireLayout.Segment(packed: packed)
            decoded.append(segment)
            order.append(segment.type)
        }
        for type in SegmentType.allCases where !order.contains(type) { order.append(type) }
        for type in order {
            let bits: Int
            switch type {
            case .core:
                bits = CoreField.bitCount + vendorConsents.bits + vendorLegitimateInterests.bits + restrictions.bits
            case .disclosedVendors:
                guard let plan = disclosedVendors else { continue }
                bits = Field.segmentType.width + plan.bits
            case .allowedVendors:
                guard let plan = allowedVendors else { continue }
                bits = Field.segmentType.width + plan.bits
            case .publisherTC:
                guard let publisherTC = value.publisherTC else { continue }
                bits =
                    Field.segmentType.width + Field.pubPurposesConsent.width + Field.pubPurposesLITransparency.width
                    + Field.numCustomPurposes.width + 2 * publisherTC.numCustomPurposes
            }
            // Padding (its length, its bits and `=`) is kept while the content has the same length
            // as when decoded; otherwise 24-bit zero padding.
            var segment = Segment(
                type: type,
                bits: bits,
                characters: (bits + 23) / 24 * 4,
                equalsSigns: 0,
                byteOffset: byteCount
            )
            if let index = decoded.firstIndex(where: { $0.type == type }), decoded[index].contentBits == bits {
                let old = decoded[index]
                (segment.characters, segment.equalsSigns) = (old.characters, old.equalsSigns)
                if old.hasPaddingBits { segment.padding = layout?.padding(of: index) }
            }
            segments.append(segment)
            byteCount += (segment.writtenBits + 7) / 8
        }
    }

    /// Writes every segment's bits into one zeroed buffer, then base64url-encodes them into the string.
    ///
    /// The characters go straight into the string's storage; before macOS 11, iOS 14, tvOS 14 and watchOS 7
    /// (no `String(unsafeUninitializedCapacity:)`), or with `copyingString`, they go to a temporary buffer
    /// and then into the string with one UTF-8 copy.
    func write(_ value: TCString, maximumLength: Int, copyingString: Bool) throws(TCStringError) -> String {
        try restrictions.check()
        let byteCount = self.byteCount + BitWriter.tailPadding
        let length = segments.reduce(segments.count - 1) { $0 + $1.characters + $1.equalsSigns }
        guard length <= maximumLength else { throw TCStringError(.encodingTooLong, value: maximumLength) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { buffer in
            let bytes = buffer.baseAddress!
            bytes.initialize(repeating: 0, count: byteCount)
            for segment in segments {
                var writer = BitWriter(base: bytes + segment.byteOffset)
                write(segment.type, of: value, into: &writer)
                assert(
                    writer.offset == segment.bits,
                    "planned \(segment.bits) bits for \(segment.type), wrote \(writer.offset)"
                )
                if let padding = segment.padding {
                    writer.writeBitField(padding, bits: segment.writtenBits - segment.bits)
                }
            }
            if !copyingString, #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
                return String(unsafeUninitializedCapacity: length) { writeCharacters(of: bytes, into: $0) }
            }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { out in
                let count = writeCharacters(of: bytes, into: out)
                return String(decoding: UnsafeBufferPointer(rebasing: out[..<count]), as: UTF8.self)
            }
        }
    }

    /// Base64url-encodes every segment of `bytes` into `out`, with `.` between segments; returns the count.
    @inline(__always)
    private func writeCharacters(of bytes: UnsafePointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var o = 0
        for segment in segments {
            if o > 0 {
                out[o] = UInt8(ascii: ".")
                o += 1
            }
            let bits = segment.writtenBits
            let reader = BitReader(base: bytes + segment.byteOffset, bitCount: bits, segment: 0)
            Base64URL.alphabet.withUnsafeBufferPointer { alphabet in
                for i in 0..<segment.characters {
                    // Characters past the written bits read the buffer's zero padding (or the next
                    // segment's bytes, masked away because they lie beyond `bits`).
                    let position = i * 6
                    let sixBits = position >= bits ? 0 : Int(reader.peek64(at: position) >> 58)
                    let valid = Swift.max(0, Swift.min(6, bits - position))
                    out[o + i] = alphabet[sixBits & ~((1 << (6 - valid)) - 1)]
                }
            }
            o += segment.characters
            for _ in 0..<segment.equalsSigns {
                out[o] = UInt8(ascii: "=")
                o += 1
            }
        }
        return o
    }

    private func write(_ type: SegmentType, of value: TCString, into w: inout BitWriter) {
        switch type {
        case .core:
            for field in CoreField.allCases { w.write(field.bits(of: value), as: field.field) }
            vendorConsents.write(into: &w)
            vendorLegitimateInterests.write(into: &w)
            restrictions.write(into: &w)
        case .disclosedVendors:
            w.write(type.rawValue, as: .segmentType)
            disclosedVendors!.write(into: &w)
        case .allowedVendors:
            w.write(type.rawValue, as: .segmentType)
            allowedVendors!.write(into: &w)
        case .publisherTC:
            let publisherTC = value.publisherTC!
            w.write(type.rawValue, as: .segmentType)
            w.writeLeftAligned(publisherTC.purposeConsents.rawValue, as: .pubPurposesConsent)
            w.writeLeftAligned(publisherTC.purposeLegitimateInterests.rawValue, as: .pubPurposesLITransparency)
            w.write(publisherTC.numCustomPurposes, as: .numCustomPurposes)
            w.writeLeftAligned(publisherTC.customPurposeConsents.rawValue, publisherTC.numCustomPurposes)
            w.writeLeftAligned(publisherTC.customPurposeLegitimateInterests.rawValue, publisherTC.numCustomPurposes)
        }
    }
}

/// One vendor section: MaxVendorId, IsRangeEncoding, then a bitfield or range entries.
struct VendorSectionPlan {
    /// MaxVendorId and IsRangeEncoding.
    static var headerBits: Int { Field.maxVendorId.width + Field.isRangeEncoding.width }
    /// IsARange and StartOrOnlyVendorId: an entry of one id.
    static var singleEntryBits: Int { Field.isARange.width + Field.startOrOnlyVendorId.width }
    /// An entry of a run of ids: a single one's bits and EndVendorId.
    static var rangeEntryBits: Int { singleEntryBits + Field.endVendorId.width }
    /// The most entries NumEntries counts.
    static var maxEntryCount: Int { 1 << Field.numEntries.width - 1 }

    let set: VendorSet
    let maxVendorId: Int
    let isRangeEncoding: Bool
    /// Entries as they were written on the wire (packed ``RangeEntry`` words), or `nil` for the set's maximal runs.
    let written: ArraySlice<UInt64>?
    /// The section's exact size, header included.
    let bits: Int

    /// The canonical form, or the decoded layout while `set` still equals what was decoded.
    init(_ set: VendorSet, layout: VendorSectionLayout?) {
        self.set = set
        if let layout, layout.decoded == set {
            maxVendorId = layout.maxVendorId
            isRangeEncoding = layout.isRangeEncoding
            written = layout.entries
            bits = Self.headerBits + (isRangeEncoding ? Self.rangeBits(set, written) : maxVendorId)
            return
        }
        written = nil
        maxVendorId = set.max ?? 0
        let rangeBits = Self.rangeBits(set, nil)
        // Ranges only when strictly smaller (a tie stays a bitfield) and NumEntries can count them.
        isRangeEncoding = rangeBits < maxVendorId && Self.entryCount(set) <= Self.maxEntryCount
        bits = Self.headerBits + (isRangeEncoding ? rangeBits : maxVendorId)
    }

    /// NumEntries plus each entry: a single id's bits or a run's.
    static func rangeBits(_ set: VendorSet, _ written: ArraySlice<UInt64>?) -> Int {
        var bits = Field.numEntries.width
        if let written { return bits + written.reduce(0) { $0 + RangeEntry(packed: $1).bits } }
        set.forEachRun { bits += $0.count > 1 ? rangeEntryBits : singleEntryBits }
        return bits
    }

    static func entryCount(_ set: VendorSet) -> Int {
        var count = 0
        set.forEachRun { _ in count += 1 }
        return count
    }

    func write(into w: inout BitWriter) {
        w.write(maxVendorId, as: .maxVendorId)
        w.write(isRangeEncoding)
        if isRangeEncoding {
            writeEntries(set, written, into: &w)
        } else {
            w.writeBitField(set.words, bits: maxVendorId)
        }
    }
}

/// NumEntries, then per entry IsARange, StartOrOnlyVendorId and, for a range, EndVendorId.
private func writeEntries(_ set: VendorSet, _ written: ArraySlice<UInt64>?, into w: inout BitWriter) {
    if let written {
        w.write(written.count, as: .numEntries)
        for entry in written.lazy.map(RangeEntry.init(packed:)) {
            w.write(entry.isRange)
            w.write(entry.start, as: .startOrOnlyVendorId)
            if entry.isRange { w.write(entry.end, as: .endVendorId) }
        }
        return
    }
    w.write(VendorSectionPlan.entryCount(set), as: .numEntries)
    set.forEachRun { run in
        w.write(run.count > 1)
        w.write(run.lowerBound, as: .startOrOnlyVendorId)
        if run.count > 1 { w.write(run.upperBound, as: .endVendorId) }
    }
}

/// The Publisher Restrictions section: canonical, or as written while unchanged.
private struct RestrictionsPlan {
    /// The entries, each built once (a decoded list builds an entry's vendors when it is read).
    let restrictions: [PublisherRestriction]
    let written: RestrictionsLayout?
    let bits: Int

    init(_ restrictions: PublisherRestrictions, layout: RestrictionsLayout?) {
        written = layout.flatMap { $0.decoded == restrictions ? $0 : nil }
        self.restrictions = written == nil ? Array(restrictions) : []
        // NumPubRestrictions, then per entry PurposeId, RestrictionType and the range entries (whose
        // size includes their own NumEntries).
        let entryHeader = Field.purposeId.width + Field.restrictionType.width
        var total = Field.numPubRestrictions.width
        if let written {
            written.forEach { _, _, entries in
                total += entryHeader + VendorSectionPlan.rangeBits(VendorSet(), entries)
            }
        } else {
            for restriction in self.restrictions {
                total += entryHeader + VendorSectionPlan.rangeBits(restriction.vendors, nil)
            }
        }
        bits = total
    }

    /// NumEntries has 12 bits: a vendor list of more than 4,095 runs cannot be written.
    func check() throws(TCStringError) {
        for restriction in restrictions where written == nil {
            let count = VendorSectionPlan.entryCount(restriction.vendors)
            guard count <= VendorSectionPlan.maxEntryCount else { throw .outOfRange(.numEntries, count) }
        }
    }

    func write(into w: inout BitWriter) {
        if let written {
            w.write(written.count, as: .numPubRestrictions)
            written.forEach { purposeId, type, entries in
                w.write(purposeId, as: .purposeId)
                w.write(type.rawValue, as: .restrictionType)
                writeEntries(VendorSet(), entries, into: &w)
            }
            return
        }
        w.write(restrictions.count, as: .numPubRestrictions)
        for restriction in restrictions {
            w.write(restriction.purposeId, as: .purposeId)
            w.write(restriction.restrictionType.rawValue, as: .restrictionType)
            writeEntries(restriction.vendors, nil, into: &w)
        }
    }
}

extension BitWriter {
    /// Writes `value` in the width of `field`.
    @inline(__always)
    mutating func write(_ value: Int, as field: Field) { write(value, field.width) }

    /// Writes the top bits of an MSB-first word (a set's raw value) in the width of `field`.
    @inline(__always)
    mutating func writeLeftAligned(_ word: UInt64, as field: Field) { writeLeftAligned(word, field.width) }
}
