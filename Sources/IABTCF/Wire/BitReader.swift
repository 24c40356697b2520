/// Reads MSB-first fields from a decoded segment.
///
/// The buffer must hold ``tailPadding`` zero bytes after the data, so a field read is one unaligned
/// 8-byte load plus two shifts, and a 64-bit read adds one byte; the real bit count is checked
/// separately, once per field.
@usableFromInline
struct BitReader {
    /// Zero bytes that must follow the data: a 64-bit read at the last bit loads 9 bytes from
    /// there, and ``copyBitField(_:at:bits:into:)`` up to 16 from its last word's first byte.
    static let tailPadding = 16

    let base: UnsafePointer<UInt8>
    /// Bits that belong to the segment (6 per character).
    let bitCount: Int
    /// The next bit to read, from the start of the segment.
    var offset = 0
    /// The segment's index in the input, for errors.
    let segment: Int

    init(base: UnsafePointer<UInt8>, bitCount: Int, segment: Int) {
        self.base = base
        self.bitCount = bitCount
        self.segment = segment
    }

    var remaining: Int { bitCount &- offset }

    /// Throws ``TCStringError/Code/truncated`` unless `width` more bits are there.
    @inline(__always)
    func require(_ width: Int, _ field: Field) throws(TCStringError) {
        guard width <= bitCount &- offset else {
            throw TCStringError.at(.truncated, segment: segment, bit: offset, field: field)
        }
    }

    /// The 64 bits starting at bit `position`, MSB first. No bounds check: `position < bitCount`
    /// must hold, and the tail padding covers the bytes past the end.
    @inline(__always)
    func peek64(at position: Int) -> UInt64 { Self.peek64(base, at: position) }

    /// The 64 bits starting at bit `position` of `base`, MSB first: one unaligned 8-byte load and
    /// one more byte. Inlinable for ``CoreFields``, whose getters ``TCString/Query`` inlines.
    @inlinable @inline(__always)
    static func peek64(_ base: UnsafePointer<UInt8>, at position: Int) -> UInt64 {
        let raw = UnsafeRawPointer(base + (position &>> 3))
        let shift = UInt64(position & 7)
        let high = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)) &<< shift
        // When shift is 0 this shifts the ninth byte out entirely, as it should.
        let low = UInt64(raw.load(fromByteOffset: 8, as: UInt8.self)) &>> (8 &- shift)
        return high | low
    }

    /// Copies the `bits`-bit bitfield at bit `start` of `base` into `words`, a word at a time,
    /// clearing the last word's bits past the field (they belong to the next one). `words` holds
    /// at most `(bits + 63) / 64` words.
    ///
    /// A field that starts on a byte is one big-endian 8-byte load a word. Otherwise each word
    /// joins two consecutive loads shifted by the field's bit offset, and each load serves two
    /// words; the last word's second load ends 15 bytes past that word's first byte, inside the
    /// zero tail (``tailPadding``).
    @inline(__always)
    static func copyBitField(
        _ base: UnsafePointer<UInt8>,
        at start: Int,
        bits: Int,
        into words: UnsafeMutableBufferPointer<UInt64>
    ) {
        let shift = UInt64(start & 7)
        var bytes = UnsafeRawPointer(base + (start &>> 3))
        if shift == 0 {
            for i in 0..<words.count {
                words[i] = UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: i &* 8, as: UInt64.self))
            }
        } else {
            var high = UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self))
            for i in 0..<words.count {
                bytes += 8
                let low = UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self))
                words[i] = high &<< shift | low &>> (64 &- shift)
                high = low
            }
        }
        let spare = words.count &* 64 &- bits
        if spare > 0 { words[words.count &- 1] &= ~0 &<< UInt64(spare) }
    }

    /// Whether a bit from ``offset`` to the end might be set: `true` when one of the next 57 is
    /// set, or when more than 57 remain. One 8-byte load, for the check at a segment's end (the
    /// buffer is zero past ``bitCount``, so bits beyond it read as zero).
    @inline(__always)
    var hasBitsAfterOffset: Bool {
        let raw = UnsafeRawPointer(base + (offset &>> 3))
        let bits = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)) &<< UInt64(offset & 7)
        return bits != 0 || bitCount &- offset > 57
    }

    /// Reads an unsigned field of `field.width` bits.
    @inline(__always)
    mutating func read(_ field: Field) throws(TCStringError) -> Int {
        try read(field.width, field)
    }

    /// Reads an unsigned field of `width` bits (1...63).
    @inline(__always)
    mutating func read(_ width: Int, _ field: Field) throws(TCStringError) -> Int {
        try require(width, field)
        let value = peek64(at: offset) &>> UInt64(64 &- width)
        offset &+= width
        return Int(truncatingIfNeeded: value)
    }

    /// Reads a field that an earlier pass already read successfully: no bounds check.
    @inline(__always)
    mutating func readUnchecked(_ width: Int) -> Int {
        assert(width <= bitCount &- offset)
        let value = peek64(at: offset) &>> UInt64(64 &- width)
        offset &+= width
        return Int(truncatingIfNeeded: value)
    }

    /// Reads a range entry (IsARange, StartOrOnlyVendorId, and EndVendorId when IsARange) with one
    /// load. No bounds check: the entry must be there.
    ///
    /// A branch, not a select, on IsARange: the next entry's position then need not wait for this
    /// load, since the CPU predicts the (usually single-id) kind.
    @inline(__always)
    mutating func readRangeEntryUnchecked() -> (isRange: Bool, start: Int, end: Int) {
        let bits = peek64(at: offset)
        let start = Int(truncatingIfNeeded: bits &>> 47 & 0xFFFF)
        if _fastPath(bits &>> 63 == 0) {
            offset &+= 17
            assert(offset <= bitCount)
            return (false, start, start)
        }
        offset &+= 33
        assert(offset <= bitCount)
        return (true, start, Int(truncatingIfNeeded: bits &>> 31 & 0xFFFF))
    }

    /// The ids of three range entries in a row from `bits` (the 64 bits at the first entry) when
    /// all three are single ids (IsARange 0 at bits 0, 17 and 34: 51 bits in all), else `nil`.
    @inline(__always)
    static func threeSingleIDs(_ bits: UInt64) -> (Int, Int, Int)? {
        guard bits & (1 << 63 | 1 << 46 | 1 << 29) == 0 else { return nil }
        return (
            Int(truncatingIfNeeded: bits &>> 47 & 0xFFFF),
            Int(truncatingIfNeeded: bits &>> 30 & 0xFFFF),
            Int(truncatingIfNeeded: bits &>> 13 & 0xFFFF)
        )
    }

    /// Reads a one-bit flag.
    @inline(__always)
    mutating func readBool(_ field: Field) throws(TCStringError) -> Bool {
        try read(1, field) == 1
    }

    /// Reads `width` bits (0...64) into the top of a word: the first bit read becomes bit 63.
    @inline(__always)
    mutating func readLeftAligned(_ width: Int, _ field: Field) throws(TCStringError) -> UInt64 {
        try require(width, field)
        guard width > 0 else { return 0 }
        let value = peek64(at: offset) & (~0 &<< UInt64(64 &- width))
        offset &+= width
        return value
    }

    /// Skips `width` bits that were already checked, e.g. a bitfield read word by word.
    @inline(__always)
    mutating func skip(_ width: Int) { offset &+= width }
}
