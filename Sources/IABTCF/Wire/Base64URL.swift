/// Base64url (RFC 4648 §5) without a byte step: characters map straight to 6-bit values and are
/// packed MSB-first into a byte buffer that ``BitReader`` reads.
enum Base64URL {
    /// ASCII byte → 6-bit value; 0xFF marks a byte outside the alphabet. Built once.
    static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// 6-bit value → ASCII byte.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Bytes needed to hold `characters` decoded characters, plus the zero tail ``BitReader`` may load.
    static func scratchSize(characters: Int) -> Int { (characters + 3) / 4 * 3 + BitReader.tailPadding }

    /// Decodes `input` into `output`, MSB first, and zeroes ``BitReader/tailPadding`` bytes after the data.
    ///
    /// - Returns: `nil` on success, or the index in `input` of the first byte outside the alphabet.
    static func decode(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        values.withUnsafeBufferPointer { table in
            let count = input.count
            var i = 0
            var o = 0
            // Four characters make three bytes; an invalid character sets bit 7 of its value, and
            // OR-ing the four lets one test cover them all.
            while i &+ 4 <= count {
                let a = table[Int(input[i])]
                let b = table[Int(input[i &+ 1])]
                let c = table[Int(input[i &+ 2])]
                let d = table[Int(input[i &+ 3])]
                if (a | b | c | d) & 0x80 != 0 { return firstInvalid(input, from: i, table) }
                let v = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                output[o] = UInt8(truncatingIfNeeded: v >> 16)
                output[o &+ 1] = UInt8(truncatingIfNeeded: v >> 8)
                output[o &+ 2] = UInt8(truncatingIfNeeded: v)
                i &+= 4
                o &+= 3
            }
            // 1-3 trailing characters: left-align their bits in a 24-bit group and keep what they cover.
            if i < count {
                var v: UInt32 = 0
                for k in 0..<3 {
                    let value = i &+ k < count ? table[Int(input[i &+ k])] : 0
                    if value & 0x80 != 0 { return i &+ k }
                    v |= UInt32(value) << (18 &- 6 &* UInt32(k))
                }
                for k in 0..<3 { output[o &+ k] = UInt8(truncatingIfNeeded: v >> (16 &- 8 &* UInt32(k))) }
                o &+= 3
            }
            (output + o).initialize(repeating: 0, count: BitReader.tailPadding)
            return nil
        }
    }

    @inline(never)
    private static func firstInvalid(
        _ input: UnsafeBufferPointer<UInt8>,
        from start: Int,
        _ table: UnsafeBufferPointer<UInt8>
    ) -> Int {
        var i = start
        while table[Int(input[i])] & 0x80 == 0 { i += 1 }
        return i
    }
}
