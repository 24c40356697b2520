internal import CBase64URL

/// Base64url (RFC 4648 §5) without a byte step: characters map straight to 6-bit values and are
/// packed MSB-first into a byte buffer that ``BitReader`` reads.
enum Base64URL {
    /// ASCII byte → 6-bit value; 0xFF marks a byte outside the alphabet. Built once.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Four tables of 256 entries: in table k, an ASCII byte maps to its 6-bit value shifted to
    /// where the k-th character of a group of four lands in 24 bits; a byte outside the alphabet maps
    /// to 0xFF00_0000, so OR-ing a group gives its bits and, in the top byte, whether any was invalid.
    static let groupValues: [UInt32] = (0..<4).flatMap { k in
        values.map { $0 == 0xFF ? 0xFF00_0000 : UInt32($0) << (18 - 6 * UInt32(k)) }
    }

    /// 6-bit value → ASCII byte.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Bytes needed to hold `characters` decoded characters, plus the zero tail ``BitReader`` may load.
    static func scratchSize(characters: Int) -> Int { (characters + 3) / 4 * 3 + BitReader.tailPadding }

    /// Decodes `input` into `output`, MSB first, and zeroes ``BitReader/tailPadding`` bytes after the data.
    ///
    /// - Returns: `nil` on success, or the index in `input` of the first byte outside the alphabet.
    static func decode(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int? {
        let decoded = decodePrefix(input, into: output)
        return decoded == input.count ? nil : decoded
    }

    /// Decodes the characters of `input` up to its first byte outside the alphabet (or its end) into
    /// `output`, MSB first, and zeroes ``BitReader/tailPadding`` bytes after the data. Stopping at the
    /// first such byte lets the decoder find a segment's end (`.`) in the same pass.
    ///
    /// Input of 32 characters or more goes through the vector unit first, in whole blocks of 32 or
    /// 64 characters (`tcf_base64url_decode_blocks`: AVX2 or, where the CPU has it, AVX-512 VBMI on
    /// x86-64, NEON on arm64); the scalar loop decodes what is left.
    ///
    /// `output` needs ``scratchSize(characters:)`` bytes for `input.count` characters.
    ///
    /// - Returns: the number of characters decoded.
    @inline(__always)
    static func decodePrefix(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        // Short strings skip the call: it could not fill a block.
        guard input.count >= 32 else { return decodeScalar(input, into: output, from: 0) }
        let vectorized = tcf_base64url_decode_blocks(input.baseAddress!, input.count, output)
        return decodeScalar(input, into: output, from: vectorized)
    }

    /// ``decodePrefix(_:into:)`` from character `start` on (a multiple of 4, already decoded
    /// before it), by table lookups alone: the reference the vector step is tested against.
    static func decodeScalar(
        _ input: UnsafeBufferPointer<UInt8>,
        into output: UnsafeMutablePointer<UInt8>,
        from start: Int
    ) -> Int {
        assert(start & 3 == 0)
        return groupValues.withUnsafeBufferPointer { groups in
            let count = input.count
            let raw = UnsafeMutableRawPointer(output)
            var i = start
            var o = start &>> 2 &* 3
            // Eight characters make six bytes, stored with one 8-byte write (its last two bytes are
            // overwritten next). Each group of four is four lookups OR-ed together (see
            // ``groupValues``); one test of the top byte covers all eight characters.
            let g = groups.baseAddress!  // UnsafePointer: no bounds checks, every index is below 1,024
            while i &+ 8 <= count {
                let c = input.baseAddress! + i
                let high = g[Int(c[0])] | g[256 &+ Int(c[1])] | g[512 &+ Int(c[2])] | g[768 &+ Int(c[3])]
                let low = g[Int(c[4])] | g[256 &+ Int(c[5])] | g[512 &+ Int(c[6])] | g[768 &+ Int(c[7])]
                if (high | low) & 0xFF00_0000 != 0 { break }
                let bits = UInt64(high) &<< 40 | UInt64(low) &<< 16
                raw.storeBytes(of: bits.bigEndian, toByteOffset: o, as: UInt64.self)
                i &+= 8
                o &+= 6
            }
            // At most seven more characters: left-align them in one word and keep the bytes they cover
            // (table 0 holds each value shifted left by 18).
            var bits: UInt64 = 0
            var shift: UInt64 = 58
            while i < count {
                let value = g[Int(input[i])]
                if value & 0xFF00_0000 != 0 { break }
                bits |= UInt64(value &>> 18) &<< shift
                shift &-= 6
                i &+= 1
            }
            raw.storeBytes(of: bits.bigEndian, toByteOffset: o, as: UInt64.self)
            o &+= Int(64 &- 6 &- shift &+ 7) &>> 3
            (output + o).initialize(repeating: 0, count: BitReader.tailPadding)
            return i
        }
    }
}
