extension TCString {
    /// Answers questions about an encoded TC string straight from its decoded bytes, without
    /// building a ``TCString``: for servers that ask a few questions of millions of strings.
    ///
    /// The string is validated exactly as ``init(encoded:options:)-(String,_)`` validates it (same
    /// errors, same options); then `body` reads what it needs from the ``Query``:
    ///
    /// ```swift
    /// let allowed = try TCString.query(encoded: string) { tc in
    ///     tc.purposeConsents.contains(1) && tc.vendorConsents.contains(755)
    /// }
    /// ```
    ///
    /// Nothing is allocated for strings whose range-encoded vendor sections hold 256 entries or
    /// fewer; bitfields are read in place and range entries are searched by bisection (one by
    /// one when there are at most 8).
    ///
    /// - Important: the ``Query`` points into memory that lives only while `body` runs: do not
    ///   let it, or a ``Query/Vendors`` taken from it, escape `body`.
    /// - Throws: ``TCStringError`` for input that does not decode; `body` is then not called.
    ///
    /// `string` may be any `StringProtocol` value: a `Substring` from splitting a request or a file
    /// is read where it lies, as a `String` is. ``query(encodedBytes:options:_:)`` takes UTF-8 bytes.
    @inlinable
    public static func query<Result>(
        encoded string: some StringProtocol,
        options: DecodingOptions = DecodingOptions(),
        _ body: (Query) -> Result
    ) throws(TCStringError) -> Result {
        var result: Result?
        var failure: TCStringError?
        let done: Void? = string.utf8.withContiguousStorageIfAvailable {
            withQuery(utf8: $0, options, failure: &failure) { result = body($0) }
        }
        if done == nil { try withQuery(String(string), options) { result = body($0) } }
        if let failure { throw failure }
        return result!
    }

    /// ``query(encoded:options:_:)`` for a TC string's UTF-8 bytes, taken exactly as given (a
    /// server's request buffer, a line of a file read as bytes): the same validation, errors and
    /// options. Input longer than ``DecodingOptions/maximumLength`` is refused before it is copied.
    @inlinable
    public static func query<Result>(
        encodedBytes bytes: some Collection<UInt8>,
        options: DecodingOptions = DecodingOptions(),
        _ body: (Query) -> Result
    ) throws(TCStringError) -> Result {
        var result: Result?
        var failure: TCStringError?
        let done: Void? = bytes.withContiguousStorageIfAvailable {
            withQuery(utf8: $0, options, failure: &failure) { result = body($0) }
        }
        if done == nil {
            // Refuse over-long input before copying it: a lazy collection can be far larger than memory.
            guard bytes.count <= options.maximumLength else {
                throw TCStringError(.inputTooLong, value: options.maximumLength)
            }
            Array(bytes).withUnsafeBufferPointer {
                withQuery(utf8: $0, options, failure: &failure) { result = body($0) }
            }
        }
        if let failure { throw failure }
        return result!
    }

    /// ``query(encoded:options:_:)`` without its generic result, so that it need not be inlined.
    @usableFromInline
    static func withQuery(_ string: String, _ options: DecodingOptions, _ body: (Query) -> Void) throws(TCStringError) {
        var failure: TCStringError?
        withUTF8(of: string) { withQuery(utf8: $0, options, failure: &failure, body) }
        if let failure { throw failure }
    }

    /// The non-generic core of every query front: validates `input` and lends its ``Query`` to
    /// `body`, or sets `failure`.
    @usableFromInline
    static func withQuery(
        utf8 input: UnsafeBufferPointer<UInt8>,
        _ options: DecodingOptions,
        failure: inout TCStringError?,
        _ body: (Query) -> Void
    ) {
        scan(utf8: input, options: options, failure: &failure) { $0.withQuery(body) }
    }

    /// A validated TC string read where it lies: the answers of ``TCString``'s fields without a
    /// value built. Only valid inside the closure of ``TCString/query(encoded:options:_:)``.
    ///
    /// The list of publisher restrictions and the wire layout are not offered (one restriction
    /// is: ``restrictionType(vendorId:purposeId:)``): decode a ``TCString`` for those. Not
    /// `Sendable`: it points into the stack of the call that lends it.
    public struct Query {
        /// The core's fixed fields, read on demand.
        @usableFromInline let core: CoreFields
        /// Vendor Consents.
        public let vendorConsents: Vendors
        /// Vendor Legitimate Interests.
        public let vendorLegitimateInterests: Vendors
        /// The Disclosed Vendors segment, or `nil` when absent.
        public let disclosedVendors: Vendors?
        /// The Allowed Vendors segment, or `nil` when absent.
        public let allowedVendors: Vendors?
        /// Pass 1's findings, for the Publisher TC segment and restrictions.
        let decoder: UnsafePointer<SegmentDecoder>

        /// A query over `decoder`'s findings; range sections' entries are unpacked in `entries`,
        /// section after section.
        init(decoder: UnsafePointer<SegmentDecoder>, entries: UnsafePointer<UInt32>?) {
            self.decoder = decoder
            core = decoder.pointee.core
            let sections = decoder.pointee.sections
            // Pass 1 requires both sections of the core, and puts the optional ones after them.
            let first = Vendors(sections, entries: entries, at: 0)
            vendorConsents = first
            let second = Vendors(sections + 1, entries: entries, at: first.entries.count)
            vendorLegitimateInterests = second
            var used = first.entries.count &+ second.entries.count
            disclosedVendors = decoder.pointee.has(2) ? Vendors(sections + 2, entries: entries, at: used) : nil
            used &+= disclosedVendors?.entries.count ?? 0
            allowedVendors = decoder.pointee.has(3) ? Vendors(sections + 3, entries: entries, at: used) : nil
        }

        /// The Publisher TC segment, or `nil` when absent.
        public var publisherTC: PublisherTC? { decoder.pointee.publisherTC }

        /// The restriction the publisher placed on vendor `vendorId` for purpose `purposeId`, as
        /// ``PublisherRestrictions/restrictionType(vendorId:purposeId:)`` of the decoded value gives
        /// it (the lowest type when several apply), or `nil` when none does.
        ///
        /// - Complexity: O(n) in the restriction entries on the wire, read where they are.
        public func restrictionType(vendorId: Int, purposeId: Int) -> RestrictionType? {
            decoder.pointee.restrictionType(vendorId: vendorId, purposeId: purposeId).map {
                RestrictionType(rawValue: $0)!
            }
        }

        /// See ``TCString/created``.
        @inlinable public var created: Timestamp { core.created }
        /// See ``TCString/lastUpdated``.
        @inlinable public var lastUpdated: Timestamp { core.lastUpdated }
        /// See ``TCString/cmpId``.
        @inlinable public var cmpId: Int { core.cmpId }
        /// See ``TCString/cmpVersion``.
        @inlinable public var cmpVersion: Int { core.cmpVersion }
        /// See ``TCString/consentScreen``.
        @inlinable public var consentScreen: Int { core.consentScreen }
        /// See ``TCString/consentLanguage``.
        @inlinable public var consentLanguage: TwoLetterCode { core.consentLanguage }
        /// See ``TCString/vendorListVersion``.
        @inlinable public var vendorListVersion: Int { core.vendorListVersion }
        /// See ``TCString/policyVersion``.
        @inlinable public var policyVersion: Int { core.policyVersion }
        /// See ``TCString/isServiceSpecific``.
        @inlinable public var isServiceSpecific: Bool { core.isServiceSpecific }
        /// See ``TCString/useNonStandardTexts``.
        @inlinable public var useNonStandardTexts: Bool { core.useNonStandardTexts }
        /// See ``TCString/specialFeatureOptIns``.
        @inlinable public var specialFeatureOptIns: SpecialFeatureSet { core.specialFeatureOptIns }
        /// See ``TCString/purposeConsents``.
        @inlinable public var purposeConsents: PurposeSet { core.purposeConsents }
        /// See ``TCString/purposeLegitimateInterests``.
        @inlinable public var purposeLegitimateInterests: PurposeSet { core.purposeLegitimateInterests }
        /// See ``TCString/purposeOneTreatment``.
        @inlinable public var purposeOneTreatment: Bool { core.purposeOneTreatment }
        /// See ``TCString/publisherCountryCode``.
        @inlinable public var publisherCountryCode: TwoLetterCode { core.publisherCountryCode }

        /// A vendor section read in place: a bitfield's bits, or its range entries.
        public struct Vendors {
            /// MaxVendorId as encoded: no id above it is in the set.
            public let maxVendorId: Int
            /// The bitfield's bytes, its first bit at ``bitOffset``; `nil` for range entries.
            @usableFromInline let bits: UnsafePointer<UInt8>?
            @usableFromInline let bitOffset: Int
            /// The range entries, each `start << 16 | end`.
            @usableFromInline let entries: UnsafeBufferPointer<UInt32>
            /// Whether the entries are ascending and do not touch (as encoders write them): then
            /// a lookup bisects them when there are more than 8.
            @usableFromInline let canonical: Bool

            /// The section's view; a range section's unpacked entries start at `entries[used]`.
            init(_ section: UnsafePointer<SegmentDecoder.VendorSection>, entries: UnsafePointer<UInt32>?, at used: Int)
            {
                // Through the pointer: no copy of the section per view.
                let isRange = section.pointee.isRange
                maxVendorId = section.pointee.maxVendorId
                bits = isRange ? nil : section.pointee.reader.base
                bitOffset = section.pointee.reader.offset
                self.entries = UnsafeBufferPointer(
                    start: isRange ? entries.map { $0 + used } : nil,
                    count: isRange ? section.pointee.entryCount : 0
                )
                canonical = section.pointee.canonical
            }

            /// Whether vendor `id` is in the section; `false` for ids outside `1...maxVendorId`.
            ///
            /// - Complexity: O(1) for a bitfield; O(log n) for n > 8 range entries written in order,
            ///   as encoders write them (ascending, not touching), O(n) otherwise.
            @inlinable public func contains(_ id: Int) -> Bool {
                guard id >= 1 && id <= maxVendorId else { return false }
                guard let bits else { return !entries.isEmpty && rangesContain(UInt32(truncatingIfNeeded: id)) }
                let bit = bitOffset &+ id &- 1
                return bits[bit &>> 3] &<< UInt8(bit & 7) & 0x80 != 0
            }

            @inlinable func rangesContain(_ id: UInt32) -> Bool {
                // Up to 8 entries, a scan takes fewer instructions than bisecting.
                guard canonical && entries.count > 8 else {
                    return entries.contains { $0 >> 16 <= id && id <= $0 & 0xFFFF }
                }
                // Bisect for the last entry that starts at or before `id`.
                let key = id << 16 | 0xFFFF
                var low = 0
                var high = entries.count
                while low < high {
                    let middle = (low &+ high) &>> 1
                    if entries[middle] <= key { low = middle &+ 1 } else { high = middle }
                }
                return low > 0 && id <= entries[low &- 1] & 0xFFFF
            }

            /// The section's ids as a ``VendorSet``.
            public var set: VendorSet {
                guard let bits else {
                    var set = VendorSet()
                    for entry in entries { set.insertUnchecked(Int(entry >> 16)...Int(entry & 0xFFFF)) }
                    return set
                }
                var words = [UInt64](repeating: 0, count: (maxVendorId &+ 63) &>> 6)
                words.withUnsafeMutableBufferPointer {
                    BitReader.copyBitField(bits, at: bitOffset, bits: maxVendorId, into: $0)
                }
                return VendorSet(words: words)
            }
        }
    }
}

extension SegmentDecoder {
    /// The lowest RestrictionType of an entry for `purposeId` whose ranges hold `vendorId`, read
    /// from the restriction entries pass 1 validated.
    func restrictionType(vendorId: Int, purposeId: Int) -> Int? {
        guard let restrictions else { return nil }
        return RestrictionSection(reader: restrictions.reader).restrictionType(vendorId: vendorId, purposeId: purposeId)
    }

    /// Calls `body` with a ``TCString/Query`` over what pass 1 found. Range entries are unpacked
    /// into 32-bit words first (on the stack up to 256 of them), so a lookup can bisect them.
    mutating func withQuery(_ body: (TCString.Query) -> Void) {
        var total = 0
        for k in 0..<4 where has(k) && sections[k].isRange { total &+= sections[k].entryCount }
        guard total > 0 else {
            withUnsafeMutablePointer(to: &self) { body(TCString.Query(decoder: $0, entries: nil)) }
            return
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: total) { entries in
            var used = 0
            for k in 0..<4 where has(k) && sections[k].isRange {
                var reader = sections[k].reader
                for i in used..<(used &+ sections[k].entryCount) {
                    let (_, first, last) = reader.readRangeEntryUnchecked()
                    entries[i] = UInt32(truncatingIfNeeded: first << 16 | last)
                }
                used &+= sections[k].entryCount
            }
            withUnsafeMutablePointer(to: &self) {
                body(TCString.Query(decoder: $0, entries: UnsafePointer(entries.baseAddress!)))
            }
        }
    }
}
