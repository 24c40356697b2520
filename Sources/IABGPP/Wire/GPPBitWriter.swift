/// Writes MSB-first fields and turns them into base64url text with a chosen padding.
struct GPPBitWriter {
    /// The bits written, MSB first in 64-bit words; bits past ``count`` are zero.
    private(set) var words: [UInt64] = []
    /// The number of bits written.
    private(set) var count = 0

    /// Where errors point: the section and the `.` part being written.
    var sectionId: Int
    var subsection: Int

    /// A writer with room for `bits` bits before it grows (one allocation for a part whose size
    /// is known, such as the part a decoder re-encodes to compare).
    init(sectionId: Int, subsection: Int = 0, bits: Int = 0) {
        self.sectionId = sectionId
        self.subsection = subsection
        if bits > 0 { words.reserveCapacity(bits / 64 + 1) }
    }

    /// Writes `value` as an unsigned Int(width); a value that does not fit is an error.
    mutating func write(_ value: Int, _ width: Int, _ field: String) throws(GPPError) {
        guard value >= 0, width >= 63 || value >> width == 0 else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field, value: value)
        }
        append(UInt64(value), width)
    }

    /// Writes one bit.
    mutating func write(_ flag: Bool) { append(flag ? 1 : 0, 1) }

    /// Appends the low `width` bits (0...64) of `bits`, which holds nothing above them.
    mutating func append(_ bits: UInt64, _ width: Int) {
        guard width > 0 else { return }
        let shift = count & 63
        if shift == 0 {
            words.append(bits << (64 - width))
        } else {
            let free = 64 - shift
            if width <= free {
                words[words.count - 1] |= bits << (free - width)
            } else {
                words[words.count - 1] |= bits >> (width - free)
                words.append(bits << (64 - (width - free)))
            }
        }
        count += width
    }

    /// The bit at `index` (0 or 1).
    func bit(_ index: Int) -> Int { Int(words[index >> 6] >> (63 - index & 63) & 1) }

    /// The base64url text: the bits, then `layout`'s surplus bits when they fill it exactly, else
    /// zero bits to `layout`'s (or, without one, the spec's) convention.
    func text(_ layout: GPPPartLayout?) -> String {
        var all = self
        let padding = layout?.padding ?? .spec
        let total = padding.characters(forBits: count) * 6
        if let layout, count + layout.surplusBitCount == total, layout.surplusBitCount <= 57 {
            all.append(
                UInt64(truncatingIfNeeded: layout.surplusBits) & (1 << layout.surplusBitCount &- 1),
                layout.surplusBitCount
            )
        }
        while all.count < total { all.append(0, min(total - all.count, 57)) }
        let length = total / 6
        // Before macOS 11, iOS 14, tvOS 14 and watchOS 7 (no `String(unsafeUninitializedCapacity:)`)
        // the characters go to a temporary buffer, then into the string with one UTF-8 copy.
        if #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) {
            return String(unsafeUninitializedCapacity: length) { all.writeCharacters(into: $0) }
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
            let count = all.writeCharacters(into: buffer)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<count]), as: UTF8.self)
        }
    }

    /// Writes the bits as base64url characters into `buffer` (six bits a character); returns the count.
    private func writeCharacters(into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let length = count / 6
        for index in 0..<length {
            var value = 0
            for bit in index * 6..<index * 6 + 6 { value = value << 1 | self.bit(bit) }
            buffer[index] = Self.alphabet[value]
        }
        return length
    }

    /// 6-bit value → base64url byte.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}
