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
    /// - Complexity: O(n) in the input length. All vendor sets and publisher restrictions of the result
    ///   share one allocation.
    @inlinable
    public init(encoded string: some StringProtocol, options: DecodingOptions = DecodingOptions()) throws(TCStringError)
    {
        // Both fronts are inlinable so that the value is filled where the caller keeps it (an
        // initializer that throws copies its value out when it returns): decoding writes every field
        // in place, starting from the stored properties' initial values.
        self.init(decodingStart: ())
        try decodeInPlace(String(string), options: options)
    }

    /// Decodes a TC string held in a `String`, reading it where it is (not even retained); see
    /// ``init(encoded:options:)-(StringProtocol,_)`` for what is accepted.
    @inlinable
    public init(encoded string: String, options: DecodingOptions = DecodingOptions()) throws(TCStringError) {
        self.init(decodingStart: ())
        try decodeInPlace(string, options: options)
    }

    /// Every field at its initial value, for ``decodeInPlace(_:options:)`` to overwrite.
    @usableFromInline init(decodingStart: Void) {}

    /// Decodes a TC string from its UTF-8 bytes; see ``init(encoded:options:)-(StringProtocol,_)``.
    public init(
        encodedBytes bytes: some Collection<UInt8>,
        options: DecodingOptions = DecodingOptions()
    ) throws(TCStringError) {
        var failure: TCStringError?
        let decoded: Void? = bytes.withContiguousStorageIfAvailable {
            Self.decode(utf8: $0, options: options, into: &self, failure: &failure)
        }
        if decoded == nil {
            // Refuse over-long input before copying it: a lazy collection can be far larger than memory.
            guard bytes.count <= options.maximumLength else {
                throw TCStringError(.inputTooLong, value: options.maximumLength)
            }
            Array(bytes).withUnsafeBufferPointer {
                Self.decode(utf8: $0, options: options, into: &self, failure: &failure)
            }
        }
        if let failure = consume failure { throw failure }
    }

    /// Fills every field of `self` from `string`.
    @usableFromInline mutating func decodeInPlace(_ string: String, options: DecodingOptions) throws(TCStringError) {
        var failure: TCStringError?
        let decoded: Void? = string.utf8.withContiguousStorageIfAvailable {
            Self.decode(utf8: $0, options: options, into: &self, failure: &failure)
        }
        if decoded == nil {
            // A bridged or otherwise non-contiguous string is made native first.
            var text = string
            text.withUTF8 { Self.decode(utf8: $0, options: options, into: &self, failure: &failure) }
        }
        if let failure = consume failure { throw failure }
    }

    /// The one decoding routine every front calls: fills every field of `value`, or sets `failure`.
    ///
    /// The error goes out through `failure`, written only when there is one: returned through the
    /// closures below, even a `nil` was copied at every level, a cost on every successful decode.
    static func decode(
        utf8 input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions,
        into value: inout TCString,
        failure: inout TCStringError?
    ) {
        guard !input.isEmpty else {
            failure = TCStringError(.emptyString)
            return
        }
        guard input.count <= options.maximumLength else {
            failure = TCStringError(.inputTooLong, value: options.maximumLength)
            return
        }
        // Every segment keeps its decoded bytes until the second pass, each with its own zero tail;
        // at most five segments are decoded (a fifth is always a duplicate).
        let scratchBytes = Base64URL.scratchSize(characters: input.count) + 5 * BitReader.tailPadding
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchBytes) { scratch in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { pairs in
                withUnsafeTemporaryAllocation(of: SegmentDecoder.VendorSection.self, capacity: 4) { sections in
                    var decoder = SegmentDecoder(
                        input: input,
                        scratch: scratch.baseAddress!,
                        pairs: pairs,
                        sections: sections.baseAddress!
                    )
                    do throws(TCStringError) {
                        try decoder.scanSegments(into: &value)
                    } catch {
                        failure = error.located(in: input)
                        return
                    }
                    decoder.fill(into: &value)
                }
            }
        }
    }
}
