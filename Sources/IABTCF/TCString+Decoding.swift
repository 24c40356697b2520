extension TCString {
    /// Limits that keep decoding time and memory bounded by the input.
    public struct DecodingOptions: Sendable, Hashable {
        /// The default ``maximumLength``: 128 KiB.
        ///
        /// A string holding full 65,535-bit bitfields in all four vendor sections is about 44,000
        /// characters, so 128 KiB leaves ample room for restrictions while rejecting abuse (the
        /// GVL's own `httpGetLimit` for CMP requests is 32 or 128 KiB).
        public static let defaultMaximumLength = 131_072

        /// The longest input accepted, in UTF-8 bytes. Longer input fails with
        /// ``TCStringError/Code/inputTooLong`` before any work is done.
        public var maximumLength: Int

        /// Creates options.
        public init(maximumLength: Int = DecodingOptions.defaultMaximumLength) {
            self.maximumLength = maximumLength
        }
    }

    /// Decodes a TC string: the core segment first, then Disclosed Vendors, Allowed Vendors and
    /// Publisher TC segments in any order, each at most once.
    ///
    /// Every policy version decodes; whether the value follows TCF 2.2/2.3 policy is a separate
    /// question. Trailing `=` padding is accepted, and so is any segment length (24-bit and byte
    /// padding both occur in real strings).
    ///
    /// - Throws: ``TCStringError`` saying what is wrong and where; never traps.
    /// - Complexity: O(n) in the input length.
    public init(encoded string: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(TCStringError) {
        var text = String(string)
        let result = text.withUTF8 { utf8 in
            Result { () throws(TCStringError) in try Self.decode(utf8: utf8, options: options) }
        }
        self = try result.get()
    }

    /// Decodes a TC string from its UTF-8 bytes; see ``init(encoded:options:)``.
    public init(encodedBytes bytes: some Collection<UInt8>, options: DecodingOptions = DecodingOptions()) throws(TCStringError) {
        let direct = bytes.withContiguousStorageIfAvailable { utf8 in
            Result { () throws(TCStringError) in try Self.decode(utf8: utf8, options: options) }
        }
        let result = direct ?? Array(bytes).withUnsafeBufferPointer { utf8 in
            Result { () throws(TCStringError) in try Self.decode(utf8: utf8, options: options) }
        }
        self = try result.get()
    }

    /// The one decoding routine every front calls.
    static func decode(utf8 input: UnsafeBufferPointer<UInt8>, options: DecodingOptions) throws(TCStringError) -> TCString {
        guard !input.isEmpty else { throw TCStringError(.emptyString) }
        guard input.count <= options.maximumLength else {
            throw TCStringError(.inputTooLong, value: options.maximumLength)
        }
        // One scratch buffer, big enough for the whole input, is reused by every segment.
        let result = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Base64URL.scratchSize(characters: input.count)) {
            scratch in
            Result { () throws(TCStringError) in
                var decoder = SegmentDecoder(input: input, scratch: scratch.baseAddress!)
                return try decoder.decode()
            }
        }
        return try result.get()
    }
}

/// Walks the segments of one input and fills a ``TCString``.
private struct SegmentDecoder {
    let input: UnsafeBufferPointer<UInt8>
    let scratch: UnsafeMutablePointer<UInt8>
    var value = TCString(created: Timestamp(deciseconds: 0))
    var layout = WireLayout()

    init(input: UnsafeBufferPointer<UInt8>, scratch: UnsafeMutablePointer<UInt8>) {
        self.input = input
        self.scratch = scratch
    }

    mutating func decode() throws(TCStringError) -> TCString {
        var start = 0
        var index = 0
        var seen: UInt8 = 0  // bit n: SegmentType n was seen
        while true {
            var end = start
            while end < input.count && input[end] != UInt8(ascii: ".") { end += 1 }
            var reader = try decodeBase64(start..<end, segment: index)
            let type: SegmentType
            if index == 0 {
                type = .core
                try decodeCore(&reader)
            } else {
                let raw = try reader.read(.segmentType)
                guard let known = SegmentType(rawValue: raw), known != .core else {
                    throw TCStringError.at(
                        raw == 0 ? .duplicateSegment : .unknownSegmentType, segment: index, bit: 0, field: .segmentType,
                        value: raw)
                }
                guard seen & (1 << raw) == 0 else {
                    throw TCStringError.at(.duplicateSegment, segment: index, bit: 0, field: .segmentType, value: raw)
                }
                type = known
                try decodeSegment(known, &reader)
            }
            seen |= 1 << type.rawValue
            let equalsSigns = (end - start) - reader.bitCount / 6
            layout.segments.append(
                WireLayout.Segment(
                    type: type, characters: reader.bitCount / 6, equalsSigns: equalsSigns, contentBits: reader.offset))
            guard end < input.count else { break }
            start = end + 1
            index += 1
        }
        value.layout = layout
        return value
    }

    /// Base64url-decodes one segment into the scratch buffer and returns a reader over it.
    /// Up to two trailing `=` are accepted and ignored.
    private func decodeBase64(_ range: Range<Int>, segment: Int) throws(TCStringError) -> BitReader {
        var end = range.upperBound
        while end > range.lowerBound && range.upperBound - end < 2 && input[end - 1] == UInt8(ascii: "=") { end -= 1 }
        guard end > range.lowerBound else { throw TCStringError(.emptySegment, segment: segment, bitOffset: 0) }
        let characters = UnsafeBufferPointer(rebasing: input[range.lowerBound..<end])
        if let bad = Base64URL.decode(characters, into: scratch) {
            throw TCStringError.at(.invalidCharacter, segment: segment, bit: bad * 6, value: Int(characters[bad]))
        }
        return BitReader(base: scratch, bitCount: characters.count * 6, segment: segment)
    }

    // MARK: - Segments

    private mutating func decodeCore(_ r: inout BitReader) throws(TCStringError) {
        let version = try r.read(.version)
        guard version == 2 else {
            throw TCStringError.at(.unsupportedVersion, segment: r.segment, bit: 0, field: .version, value: version)
        }
        value.created = Timestamp(deciseconds: Int64(try r.read(.created)))
        value.lastUpdated = Timestamp(deciseconds: Int64(try r.read(.lastUpdated)))
        value.cmpId = try r.read(.cmpId)
        value.cmpVersion = try r.read(.cmpVersion)
        value.consentScreen = try r.read(.consentScreen)
        value.consentLanguage = TwoLetterCode(rawValue: try r.read(.consentLanguage))
        value.vendorListVersion = try r.read(.vendorListVersion)
        value.policyVersion = try r.read(.policyVersion)
        value.isServiceSpecific = try r.readBool(.isServiceSpecific)
        value.useNonStandardTexts = try r.readBool(.useNonStandardTexts)
        value.specialFeatureOptIns = SpecialFeatureSet(rawValue: try r.readLeftAligned(12, .specialFeatureOptIns))
        value.purposeConsents = PurposeSet(rawValue: try r.readLeftAligned(24, .purposesConsent))
        value.purposeLegitimateInterests = PurposeSet(rawValue: try r.readLeftAligned(24, .purposesLITransparency))
        value.purposeOneTreatment = try r.readBool(.purposeOneTreatment)
        value.publisherCountryCode = TwoLetterCode(rawValue: try r.read(.publisherCC))
        (value.vendorConsents, layout.vendorConsents) = try Self.readVendorSection(&r)
        (value.vendorLegitimateInterests, layout.vendorLegitimateInterests) = try Self.readVendorSection(&r)
        try readPublisherRestrictions(&r)
    }

    private mutating func decodeSegment(_ type: SegmentType, _ r: inout BitReader) throws(TCStringError) {
        switch type {
        case .core:
            preconditionFailure("the core is decoded by decodeCore")
        case .disclosedVendors:
            let (set, sectionLayout) = try Self.readVendorSection(&r)
            value.disclosedVendors = set
            layout.disclosedVendors = sectionLayout
        case .allowedVendors:
            let (set, sectionLayout) = try Self.readVendorSection(&r)
            value.allowedVendors = set
            layout.allowedVendors = sectionLayout
        case .publisherTC:
            let consents = PurposeSet(rawValue: try r.readLeftAligned(24, .pubPurposesConsent))
            let interests = PurposeSet(rawValue: try r.readLeftAligned(24, .pubPurposesLITransparency))
            let count = try r.read(.numCustomPurposes)
            let customConsents = CustomPurposeSet(rawValue: try r.readLeftAligned(count, .customPurposesConsent))
            let customInterests = CustomPurposeSet(rawValue: try r.readLeftAligned(count, .customPurposesLITransparency))
            value.publisherTC = PublisherTC(
                purposeConsents: consents, purposeLegitimateInterests: interests, numCustomPurposes: count,
                customPurposeConsents: customConsents, customPurposeLegitimateInterests: customInterests)
        }
    }

    // MARK: - Sections

    /// MaxVendorId, IsRangeEncoding, then a bitfield or range entries.
    private static func readVendorSection(_ r: inout BitReader) throws(TCStringError) -> (VendorSet, VendorSectionLayout) {
        let maxVendorId = try r.read(.maxVendorId)
        let isRange = try r.readBool(.isRangeEncoding)
        var set = VendorSet()
        var written: [RangeEntry]?
        if isRange {
            let entriesStart = r.offset
            let count = try r.read(.numEntries)
            set.words = Array(repeating: 0, count: (maxVendorId + 63) >> 6)
            if try !readRangeEntries(&r, count: count, maxVendorId: maxVendorId, into: &set) {
                written = rereadEntries(r, from: entriesStart)
            }
            set.trimTrailingZeros()
        } else {
            try r.require(maxVendorId, .bitField)
            set = VendorSet(words: readBitField(&r, bits: maxVendorId))
        }
        return (set, VendorSectionLayout(decoded: set, maxVendorId: maxVendorId, isRangeEncoding: isRange, entries: written))
    }

    /// Copies `bits` already-checked bits into words, 64 at a time, masking the last word.
    private static func readBitField(_ r: inout BitReader, bits: Int) -> [UInt64] {
        let count = (bits + 63) >> 6
        let start = r.offset
        let words = [UInt64](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = r.peek64(at: start &+ i &* 64) }
            let spare = count * 64 - bits
            if spare > 0 { buffer[count - 1] &= ~0 << UInt64(spare) }
            initialized = count
        }
        r.skip(bits)
        return words
    }

    /// Reads `count` range entries into `set`.
    ///
    /// - Parameter maxVendorId: the bound for vendor sections; `nil` for publisher restrictions, which have none.
    /// - Returns: whether the entries were canonical: ascending maximal runs, IsARange set exactly for runs of two or more.
    private static func readRangeEntries(_ r: inout BitReader, count: Int, maxVendorId: Int?, into set: inout VendorSet)
        throws(TCStringError) -> Bool
    {
        var canonical = true
        var previousEnd = 0
        for _ in 0..<count {
            let entryOffset = r.offset
            let isRange = try r.readBool(.isARange)
            let start = try r.read(.startOrOnlyVendorId)
            let end = isRange ? try r.read(.endVendorId) : start
            guard start >= 1 else {
                throw TCStringError.at(.invalidVendorId, segment: r.segment, bit: entryOffset + 1, field: .startOrOnlyVendorId, value: 0)
            }
            guard end >= start, end <= maxVendorId ?? VendorSet.maxID else {
                throw TCStringError.at(.invalidRange, segment: r.segment, bit: entryOffset, field: .endVendorId, value: end)
            }
            if start <= previousEnd + 1 || isRange != (end > start) { canonical = false }
            previousEnd = max(previousEnd, end)
            set.insertUnchecked(start...end)
        }
        return canonical
    }

    /// Reads again, as written, entries that ``readRangeEntries`` already validated (the rare non-canonical case).
    private static func rereadEntries(_ reader: BitReader, from offset: Int) -> [RangeEntry] {
        var r = reader
        r.offset = offset
        // Every read below succeeded once already, so `try!` cannot fail here.
        let count = try! r.read(.numEntries)
        return (0..<count).map { _ in
            let isRange = try! r.readBool(.isARange)
            let start = try! r.read(.startOrOnlyVendorId)
            return RangeEntry(start: start, end: isRange ? try! r.read(.endVendorId) : start, isRange: isRange)
        }
    }

    private mutating func readPublisherRestrictions(_ r: inout BitReader) throws(TCStringError) {
        let sectionStart = r.offset
        let count = try r.read(.numPubRestrictions)
        var restrictions = PublisherRestrictions()
        var canonical = true
        var previousKey = -1
        for _ in 0..<count {
            let purposeId = try r.read(.purposeId)
            let type = RestrictionType(rawValue: try r.read(.restrictionType))!  // 2 bits: always 0...3
            let entryCount = try r.read(.numEntries)
            var vendors = VendorSet()
            if try !Self.readRangeEntries(&r, count: entryCount, maxVendorId: nil, into: &vendors) { canonical = false }
            vendors.trimTrailingZeros()
            let key = purposeId << 2 | type.rawValue
            if key <= previousKey { canonical = false }
            previousKey = key
            restrictions.merge(vendors, purposeId: purposeId, restrictionType: type)
        }
        value.publisherRestrictions = restrictions
        if !canonical {
            var again = r
            again.offset = sectionStart
            let count = try! again.read(.numPubRestrictions)
            let entries = (0..<count).map { _ in
                let purposeId = try! again.read(.purposeId)
                let type = RestrictionType(rawValue: try! again.read(.restrictionType))!
                let ranges = Self.rereadEntries(again, from: again.offset)
                again.offset += 12 + ranges.reduce(0) { $0 + ($1.isRange ? 33 : 17) }
                return RestrictionsLayout.Entry(purposeId: purposeId, restrictionType: type, entries: ranges)
            }
            layout.publisherRestrictions = RestrictionsLayout(decoded: restrictions, entries: entries)
        }
    }
}
