extension TCString {
    /// Limits that keep decoding time and memory bounded by the input, and how strict decoding is.
    public struct DecodingOptions: Sendable, Hashable {
        /// The default ``maximumLength``: 128 KiB.
        ///
        /// A string holding full 65,535-bit bitfields in all four vendor sections is about 44,000
        /// characters, so 128 KiB leaves ample room for restrictions while rejecting abuse (the
        /// GVL's own `httpGetLimit` for CMP requests is 32 or 128 KiB).
        public static let defaultMaximumLength = 131_072

        /// The largest ``maximumLength``: 536,870,911 bytes (512 MiB less one), the most characters
        /// a decoded segment's layout records. A larger value acts as this one.
        public static let largestMaximumLength = 1 << 29 - 1

        /// The longest input accepted, in UTF-8 bytes (at most ``largestMaximumLength``). Longer
        /// input fails with ``TCStringError/Code/inputTooLong`` before any work is done.
        public var maximumLength: Int {
            get { limit }
            set { limit = Swift.min(newValue, Self.largestMaximumLength) }
        }
        private var limit: Int

        /// Whether to reject what the lenient default accepts, as the reference decoders do, but
        /// the specification or base64 does not allow. Each has its own code and position:
        ///
        /// - a set bit after the last field of a segment (non-zero padding, or data after the last
        ///   field): ``TCStringError/Code/nonZeroPadding``;
        /// - `=` that is not exact base64 padding (after a complete group of four characters, or in
        ///   the wrong count): ``TCStringError/Code/invalidPadding``;
        /// - a ConsentLanguage or PublisherCC letter outside A-Z (26-63):
        ///   ``TCStringError/Code/invalidLetter``;
        /// - a publisher restriction PurposeId outside 1-24: ``TCStringError/Code/invalidPurposeId``;
        /// - a segment of 4n+1 characters, whose last character makes no byte:
        ///   ``TCStringError/Code/invalidSegmentLength``.
        ///
        /// The default, `false`, accepts them all (``TCString/validate()`` reports each as a finding),
        /// and ``TCString/EncodingStyle/preservingLayout`` gives such strings back byte for byte.
        public var strict: Bool

        /// Creates options.
        public init(maximumLength: Int = DecodingOptions.defaultMaximumLength, strict: Bool = false) {
            self.limit = Swift.min(maximumLength, Self.largestMaximumLength)
            self.strict = strict
        }
    }

    /// Decodes a TC string: the core segment first, then Disclosed Vendors, Allowed Vendors and
    /// Publisher TC segments in any order, each at most once.
    ///
    /// Every policy version decodes; whether the value follows TCF 2.2/2.3 policy is a separate
    /// question. Trailing `=` padding is accepted, and so is any segment length (24-bit and byte
    /// padding both occur in real strings); ``DecodingOptions/strict`` refuses what base64 or the
    /// specification does not allow.
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
        // A native `String` or `Substring` is read where it lies; anything else is copied once.
        var failure: TCStringError?
        let decoded: Void? = string.utf8.withContiguousStorageIfAvailable {
            Self.decodeInPlace(utf8: $0, options: options, into: &self, failure: &failure)
        }
        if let failure { throw failure }
        if decoded == nil { try decodeInPlace(String(string), options: options) }
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
        if let failure { throw failure }
    }

    /// Fills every field of `value` from `input`, or sets `failure`: the non-generic core the
    /// inlinable fronts call with bytes they already hold.
    @usableFromInline static func decodeInPlace(
        utf8 input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions,
        into value: inout TCString,
        failure: inout TCStringError?
    ) {
        decode(utf8: input, options: options, into: &value, failure: &failure)
    }

    /// Fills every field of `self` from `string`.
    @usableFromInline mutating func decodeInPlace(_ string: String, options: DecodingOptions) throws(TCStringError) {
        var failure: TCStringError?
        Self.withUTF8(of: string) { Self.decode(utf8: $0, options: options, into: &self, failure: &failure) }
        if let failure { throw failure }
    }

    /// Calls `body` with `string`'s UTF-8 bytes where they are; a bridged or otherwise
    /// non-contiguous string is made native first.
    @inline(__always)
    static func withUTF8(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { body($0) }
        if done == nil {
            var text = string
            text.withUTF8 { body($0) }
        }
    }

    /// The one decoding routine every front calls: fills every field of `value`, or sets `failure`.
    ///
    /// The error goes out through `failure`, written only when there is one, so a successful decode
    /// does not carry an optional error back through the closures below (one word, `nil` on success).
    static func decode(
        utf8 input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions,
        into value: inout TCString,
        failure: inout TCStringError?
    ) {
        scan(utf8: input, options: options, failure: &failure) { decoder in
            decoder.readFields(into: &value)
            decoder.fill(into: &value)
        }
    }

    /// Runs pass 1 over `input` with its scratch memory on the stack, then `finish` with the
    /// decoder while that memory lives; or sets `failure`.
    @inline(__always)
    static func scan(
        utf8 input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions,
        failure: inout TCStringError?,
        then finish: (inout SegmentDecoder) -> Void
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
        // A temporary allocation is on the stack up to 1 KiB and on the heap past it (on Linux at
        // any size), so the next few KiB use a fixed stack buffer instead: one allocation less.
        if _slowPath(scratchBytes > 1024) && scratchBytes <= MemoryLayout<LongScratch>.size {
            scanWithLongScratch(utf8: input, options: options, failure: &failure, then: finish)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchBytes) { scratch in
            scan(utf8: input, options: options, scratch: scratch.baseAddress!, failure: &failure, then: finish)
        }
    }

    /// Stack room for the decoded bytes of up to about 5,300 characters (4 KiB).
    private struct LongScratch {
        typealias Block = SIMD64<UInt8>
        typealias Blocks = (Block, Block, Block, Block, Block, Block, Block, Block)
        var blocks: (Blocks, Blocks, Blocks, Blocks, Blocks, Blocks, Blocks, Blocks) = {
            let b = Block()
            let eight = (b, b, b, b, b, b, b, b)
            return (eight, eight, eight, eight, eight, eight, eight, eight)
        }()
    }

    /// ``scan(utf8:options:failure:then:)`` with its scratch in a ``LongScratch``; out of line,
    /// so that only long input makes the stack frame larger.
    @inline(never)
    private static func scanWithLongScratch(
        utf8 input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions,
        failure: inout TCStringError?,
        then finish: (inout SegmentDecoder) -> Void
    ) {
        var scratch = LongScratch()
        withUnsafeMutableBytes(of: &scratch) { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            scan(utf8: input, options: options, scratch: bytes.baseAddress!, failure: &failure, then: finish)
        }
    }

    /// Pass 1 and `finish`, with `scratch` large enough for every segment's decoded bytes and zero tail.
    @inline(__always)
    private static func scan(
        utf8 input: UnsafeBufferPointer<UInt8>,
        options: DecodingOptions,
        scratch: UnsafeMutablePointer<UInt8>,
        failure: inout TCStringError?,
        then finish: (inout SegmentDecoder) -> Void
    ) {
        // Two tables of 1 KiB rather than one of 2 KiB: a temporary allocation past 1 KiB is on the heap.
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { highest in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 256) { firstEntry in
                withUnsafeTemporaryAllocation(of: SegmentDecoder.VendorSection.self, capacity: 4) { sections in
                    var decoder = SegmentDecoder(
                        input: input,
                        scratch: scratch,
                        pairs: (highest, firstEntry),
                        sections: sections.baseAddress!
                    )
                    do throws(TCStringError) {
                        try decoder.scanSegments()
                        if options.strict { try decoder.checkStrict() }
                    } catch {
                        failure = error.located(in: input)
                        return
                    }
                    finish(&decoder)
                }
            }
        }
    }
}
