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
        let decoded = decodePrefix(input, into: output)
        return decoded == input.count ? nil : decoded
    }

    /// Decodes the characters of `input` up to its first byte outside the alphabet (or its end) into
    /// `output`, MSB first, and zeroes ``BitReader/tailPadding`` bytes after the data. Stopping at the
    /// first such byte lets the decoder find a segment's end (`.`) in the same pass.
    ///
    /// `output` needs ``scratchSize(characters:)`` bytes for `input.count` characters.
    ///
    /// - Returns: the number of characters decoded.
    static func decodePrefix(_ input: UnsafeBufferPointer<UInt8>, into output: UnsafeMutablePointer<UInt8>) -> Int {
        values.withUnsafeBufferPointer { table in
            let count = input.count
            let raw = UnsafeMutableRawPointer(output)
            var i = 0
            var o = 0
            // Eight characters make six bytes, stored with one 8-byte write (its last two bytes are
            // overwritten next); an invalid character sets bit 7 of its value, and OR-ing the
            // values lets one test cover them all.
            while i &+ 8 <= count {
                let c = input.baseAddress! + i
                let v0 = table[Int(c[0])]
                let v1 = table[Int(c[1])]
                let v2 = table[Int(c[2])]
                let v3 = table[Int(c[3])]
                let v4 = table[Int(c[4])]
                let v5 = table[Int(c[5])]
                let v6 = table[Int(c[6])]
                let v7 = table[Int(c[7])]
                if (v0 | v1 | v2 | v3 | v4 | v5 | v6 | v7) & 0x80 != 0 { break }
                var bits = UInt64(v0) &<< 58 | UInt64(v1) &<< 52 | UInt64(v2) &<< 46 | UInt64(v3) &<< 40
                bits |= UInt64(v4) &<< 34 | UInt64(v5) &<< 28 | UInt64(v6) &<< 22 | UInt64(v7) &<< 16
                raw.storeBytes(of: bits.bigEndian, toByteOffset: o, as: UInt64.self)
                i &+= 8
                o &+= 6
            }
            // At most seven more characters: left-align them in one word and keep the bytes they cover.
            var bits: UInt64 = 0
            var shift: UInt64 = 58
            while i < count {
                let value = table[Int(input[i])]
                if value & 0x80 != 0 { break }
                bits |= UInt64(value) &<< shift
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
