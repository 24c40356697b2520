/// Writes MSB-first fields into a zeroed byte buffer whose size the encoder computed beforehand.
///
/// A field is OR-ed into the 8-byte big-endian window at its byte, so each write is one load, one
/// OR and one store; the buffer carries ``tailPadding`` spare bytes so the window never leaves it.
struct BitWriter {
    /// Spare zero bytes after the last bit: a window at the last byte spans 8 bytes.
    static let tailPadding = 8

    let base: UnsafeMutablePointer<UInt8>
    /// The next bit to write.
    private(set) var offset = 0

    init(base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// Writes the low `width` bits of `value` (width 0...57; the value must fit).
    @inline(__always)
    mutating func write(_ value: Int, _ width: Int) {
        assert(
            width >= 0 && width <= 57 && (width == 64 || value >> width == 0),
            "value \(value) does not fit \(width) bits"
        )
        guard width > 0 else { return }
        let raw = UnsafeMutableRawPointer(base + (offset &>> 3))
        let shift = UInt64(64 &- width &- (offset & 7))
        let window = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)) | UInt64(truncatingIfNeeded: value) &<< shift
        raw.storeBytes(of: window.bigEndian, as: UInt64.self)
        offset &+= width
    }

    @inline(__always)
    mutating func write(_ flag: Bool) { write(flag ? 1 : 0, 1) }

    /// Writes the top `width` bits of an MSB-first word (0...64), e.g. a purpose set's raw value.
    @inline(__always)
    mutating func writeLeftAligned(_ word: UInt64, _ width: Int) {
        guard width > 0 else { return }
        let bits = word & (~0 &<< UInt64(64 &- width))
        // Two halves keep each write within the 57-bit limit of `write`.
        let high = min(width, 32)
        write(Int(truncatingIfNeeded: bits &>> UInt64(64 &- high)), high)
        if width > 32 { write(Int(truncatingIfNeeded: (bits &<< 32) &>> UInt64(96 &- width)), width &- 32) }
    }

    /// Writes `bits` bits taken from MSB-first words (a bitfield); missing words are zeros.
    mutating func writeBitField(_ words: ArraySlice<UInt64>, bits: Int) {
        var remaining = bits
        for word in words where remaining > 0 {
            writeLeftAligned(word, min(64, remaining))
            remaining &-= 64
        }
        // Ids above the highest set one are zero; the buffer is already zero there.
        if remaining > 0 { offset &+= remaining }
    }
}
