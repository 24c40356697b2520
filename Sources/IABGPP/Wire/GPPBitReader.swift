/// Reads MSB-first fields from one base64url part of a GPP string (the header, a section's core or
/// one of its sub-sections), and locates every error in the whole input.
///
/// The part's characters are translated once, in one pass, into 64-bit words (bit 0 of the part is
/// the top bit of the first word): a field of up to 57 bits is then one or two word reads and a
/// shift, whatever its alignment. A part of up to 448 bits (74 characters: every US section, the
/// header) is held inline; a longer one in one array.
struct GPPBitReader {
    /// The words of a part of up to 448 bits, with zero words after it.
    private var inline = SIMD8<UInt64>()
    /// The words of a longer part, with one zero word past the end; empty for an inline part.
    private var heap: [UInt64] = []
    /// Bits in the part (6 per character).
    let bitCount: Int
    /// The next bit to read.
    var offset = 0
    /// Where errors point: the section id, the `.` part and the part's first character (0-based)
    /// in the whole input.
    let sectionId: Int
    let subsection: Int
    let start: Int

    /// Decodes the base64url `text`, refusing any byte outside the alphabet (`+ / =` included).
    init(_ text: Substring.UTF8View, sectionId: Int, subsection: Int, start: Int) throws(GPPError) {
        self = try GPPBytes.with(Substring(text)) { bytes throws(GPPError) in
            try GPPBitReader(bytes, sectionId: sectionId, subsection: subsection, start: start)
        }
    }

    /// Decodes the base64url `bytes`, refusing any byte outside the alphabet (`+ / =` included).
    init(_ bytes: UnsafeBufferPointer<UInt8>, sectionId: Int, subsection: Int, start: Int) throws(GPPError) {
        self.sectionId = sectionId
        self.subsection = subsection
        self.start = start
        guard !bytes.isEmpty else {
            throw GPPError(.empty, sectionId: sectionId, subsection: subsection, position: start + 1)
        }
        bitCount = bytes.count * 6
        let words = (bitCount + 63) / 64 + 1
        var bad = -1
        if words <= 8 {
            withUnsafeMutableBytes(of: &inline) { raw in
                bad = Self.translate(bytes, into: raw.bindMemory(to: UInt64.self))
            }
        } else {
            heap = [UInt64](unsafeUninitializedCapacity: words) { buffer, initialized in
                buffer.initialize(repeating: 0)
                bad = Self.translate(bytes, into: buffer)
                initialized = words
            }
        }
        guard bad < 0 else {
            throw GPPError(
                .invalidCharacter,
                sectionId: sectionId,
                subsection: subsection,
                bit: bad * 6,
                position: start + bad + 1,
                value: Int(bytes[bad])
            )
        }
    }

    /// Writes the bits of `bytes` into `buffer` (zeroed, room for every bit), and returns the
    /// index of the first byte outside the alphabet, or -1.
    private static func translate(
        _ bytes: UnsafeBufferPointer<UInt8>,
        into buffer: UnsafeMutableBufferPointer<UInt64>
    ) -> Int {
        sextets.withUnsafeBufferPointer { sextets in
            // Ten characters at a time become 60 bits, OR-ed into place at bit 60 × k; a byte
            // outside the alphabet (255) sets bits above 63 in `seen`, and is located after.
            var seen: UInt8 = 0
            var index = 0
            var bit = 0
            while index < bytes.count {
                let count = min(bytes.count - index, 10)
                var chunk: UInt64 = 0
                for offset in 0..<count {
                    let value = sextets[Int(bytes[index + offset])]
                    seen |= value
                    chunk = chunk << 6 | UInt64(value & 63)
                }
                // MSB-aligned: the chunk's first bit at bit 63.
                chunk <<= UInt64(64 - 6 * count)
                let word = bit >> 6
                let shift = bit & 63
                buffer[word] |= chunk >> UInt64(shift)
                if shift > 0 { buffer[word + 1] |= chunk << UInt64(64 - shift) }
                index += count
                bit += 6 * count
            }
            guard seen > 63 else { return -1 }
            for index in 0..<bytes.count where sextets[Int(bytes[index])] > 63 { return index }
            return -1
        }
    }

    /// Word `index` of the part.
    @inline(__always)
    private func word(_ index: Int) -> UInt64 { heap.isEmpty ? inline[index] : heap[index] }

    /// Byte → 6-bit value; 255 outside base64url.
    static let sextets: [UInt8] = (0...255).map { byte in value(of: UInt8(byte)) ?? 255 }

    /// The 6-bit value of a base64url byte.
    static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// Bits left.
    var remaining: Int { bitCount - offset }

    /// An error at bit `bit` of this part.
    func error(_ code: GPPError.Code, _ field: String, bit: Int? = nil, value: Int? = nil) -> GPPError {
        let bit = bit ?? offset
        return GPPError(
            code,
            sectionId: sectionId,
            subsection: subsection,
            field: field,
            bit: bit,
            position: start + min(bit, max(bitCount - 1, 0)) / 6 + 1,
            value: value
        )
    }

    /// The `width` bits (0...57) at `bit`, without bounds checks against ``bitCount``.
    @inline(__always)
    func peek(_ width: Int, at bit: Int) -> Int {
        guard width > 0 else { return 0 }
        let index = bit >> 6
        let shift = bit & 63
        var top = word(index) << shift
        if shift != 0 { top |= word(index + 1) >> (64 - shift) }
        return Int(truncatingIfNeeded: top >> (64 - width))
    }

    /// Reads an unsigned Int(width), width 0...57. The field's name is only built for an error.
    @inline(__always)
    mutating func read(_ width: Int, _ field: @autoclosure () -> String) throws(GPPError) -> Int {
        guard width <= remaining else { throw error(.truncated, field()) }
        let value = peek(width, at: offset)
        offset += width
        return value
    }

    /// Reads one bit.
    mutating func readBit(_ field: @autoclosure () -> String) throws(GPPError) -> Bool { try read(1, field()) == 1 }

    /// Whether the bits from ``offset`` to the end are all zero.
    var restIsZero: Bool {
        var bit = offset
        while bit < bitCount {
            let width = min(bitCount - bit, 64 - bit & 63)
            if (word(bit >> 6) << (bit & 63)) >> (64 - width) != 0 { return false }
            bit += width
        }
        return true
    }

    /// The layout of the bits after the last field, or a ``GPPError/Code/surplusData`` error when
    /// the part is longer than any padding convention allows.
    func trailingLayout(_ field: @autoclosure () -> String) throws(GPPError) -> GPPPartLayout {
        guard let padding = GPPPadding.convention(bits: offset, characters: bitCount / 6) else {
            throw error(.surplusData, field(), value: remaining)
        }
        let surplus = remaining <= 57 ? peek(remaining, at: offset) : 0
        return GPPPartLayout(padding: padding, surplusBitCount: remaining, surplusBits: surplus)
    }

    /// Whether the bits before ``offset`` are `writer`'s, and every bit after it is zero: the
    /// value read re-encodes to the part.
    func isReencoding(of writer: GPPBitWriter) -> Bool {
        guard writer.count == offset, restIsZero else { return false }
        let full = offset >> 6
        for index in 0..<full where word(index) != writer.words[index] { return false }
        let rest = offset & 63
        return rest == 0 || word(full) >> (64 - rest) == writer.words[full] >> (64 - rest)
    }
}
