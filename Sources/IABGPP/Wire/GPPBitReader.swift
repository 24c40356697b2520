/// Reads MSB-first fields from one base64url part of a GPP string (the header, a section's core or
/// one of its sub-sections), and locates every error in the whole input.
struct GPPBitReader {
    /// The part's characters as 6-bit values.
    let sixes: [UInt8]
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
        self.sectionId = sectionId
        self.subsection = subsection
        self.start = start
        guard !text.isEmpty else {
            throw GPPError(.empty, sectionId: sectionId, subsection: subsection, position: start + 1)
        }
        var sixes: [UInt8] = []
        sixes.reserveCapacity(text.count)
        for (index, byte) in text.enumerated() {
            guard let value = Self.value(of: byte) else {
                throw GPPError(
                    .invalidCharacter,
                    sectionId: sectionId,
                    subsection: subsection,
                    bit: index * 6,
                    position: start + index + 1,
                    value: Int(byte)
                )
            }
            sixes.append(value)
        }
        self.sixes = sixes
        bitCount = sixes.count * 6
    }

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

    /// Reads an unsigned Int(width), width 0...62.
    mutating func read(_ width: Int, _ field: String) throws(GPPError) -> Int {
        guard width <= remaining else { throw error(.truncated, field) }
        var value = 0
        for _ in 0..<width {
            let bit = Int(sixes[offset / 6] >> (5 - offset % 6) & 1)
            value = value << 1 | bit
            offset += 1
        }
        return value
    }

    /// Reads one bit.
    mutating func readBit(_ field: String) throws(GPPError) -> Bool { try read(1, field) == 1 }

    /// Whether the bits from ``offset`` to the end are all zero.
    var restIsZero: Bool {
        var copy = self
        while copy.remaining > 0 {
            let width = min(copy.remaining, 60)
            if (try? copy.read(width, "")) != 0 { return false }
        }
        return true
    }

    /// The layout of the bits after the last field, or a ``GPPError/Code/surplusData`` error when
    /// the part is longer than any padding convention allows.
    func trailingLayout(_ field: String) throws(GPPError) -> GPPPartLayout {
        guard let padding = GPPPadding.convention(bits: offset, characters: sixes.count) else {
            throw error(.surplusData, field, value: remaining)
        }
        var copy = self
        let surplus = (try? copy.read(remaining, field)) ?? 0
        return GPPPartLayout(padding: padding, surplusBitCount: remaining, surplusBits: surplus)
    }
}

extension GPPBitReader {
    /// The bits from 0 to `end`, one element per bit, to compare with a re-encoding.
    func bits(upTo end: Int) -> [UInt8] {
        (0..<min(end, bitCount)).map { sixes[$0 / 6] >> (5 - $0 % 6) & 1 }
    }
}
