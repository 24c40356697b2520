import Testing

@testable import IABTCF
@testable import tcstring

@Suite struct Base64URLTests {
    @Test func decodesTheWholeAlphabet() {
        let text = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var output = [UInt8](repeating: 0xAA, count: Base64URL.scratchSize(characters: text.count))
        let bad = text.withUnsafeBufferPointer { Base64URL.decode($0, into: &output) }
        #expect(bad == nil)
        // Value i at bit 6i: read back every 6-bit group.
        for i in 0..<64 { #expect(BitReaderTests.naive(output, i * 6, 6) == UInt64(i)) }
        #expect(output[48...].allSatisfy { $0 == 0 })
    }

    @Test(arguments: 1...9)
    func decodesEveryTailLength(_ length: Int) {
        var rng = SplitMix64(seed: UInt64(length))
        let values = (0..<length).map { _ in Int.random(in: 0..<64, using: &rng) }
        let text = values.map { Base64URL.alphabet[$0] }
        var output = [UInt8](repeating: 0xAA, count: Base64URL.scratchSize(characters: length))
        #expect(text.withUnsafeBufferPointer { Base64URL.decode($0, into: &output) } == nil)
        for (i, v) in values.enumerated() { #expect(BitReaderTests.naive(output, i * 6, 6) == UInt64(v)) }
        // Everything after the last character's bits is zero.
        let used = length * 6
        #expect(BitReaderTests.naive(output, used, output.count * 8 - used) == 0 || output.count * 8 - used > 64)
        #expect(output[((used + 7) / 8)...].allSatisfy { $0 == 0 } || used % 8 != 0)
    }

    @Test(arguments: ["+", "/", "=", " ", "!", "*", "~", "\u{0}", "é"])
    func reportsTheFirstInvalidCharacter(_ bad: String) {
        for position in 0..<9 {
            var text = Array("CAAAAAAAA".utf8)
            text.replaceSubrange(position..<(position + 1), with: Array(bad.utf8))
            var output = [UInt8](repeating: 0, count: Base64URL.scratchSize(characters: text.count))
            #expect(text.withUnsafeBufferPointer { Base64URL.decode($0, into: &output) } == position)
        }
    }

    /// Packs the 6-bit values of `text` MSB first, one bit at a time: the obvious, slow reference.
    static func naive(_ text: [UInt8]) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: (text.count * 6 + 7) / 8)
        for (i, character) in text.enumerated() {
            let value = Base64URL.alphabet.firstIndex(of: character)!
            for bit in 0..<6 where value >> (5 - bit) & 1 == 1 {
                let position = i * 6 + bit
                bytes[position / 8] |= 0x80 >> UInt8(position % 8)
            }
        }
        return bytes
    }

    /// Runs `decodePrefix` into a scratch buffer filled with garbage; returns the characters decoded
    /// and the whole buffer.
    static func decode(_ text: [UInt8]) -> (decoded: Int, output: [UInt8]) {
        var output = [UInt8](repeating: 0xA5, count: Base64URL.scratchSize(characters: text.count))
        let decoded = text.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { Base64URL.decodePrefix(input, into: $0.baseAddress!) }
        }
        return (decoded, output)
    }

    /// Every length 0-40, seeded random characters: the bytes match the reference and are followed by
    /// zeroes up to the tail padding the bit reader may load.
    @Test func matchesTheReferenceAtEveryLength() {
        var rng = SplitMix64(seed: 0xB64)
        for length in 0...40 {
            for _ in 0..<20 {
                let text = (0..<length).map { _ in Base64URL.alphabet[Int.random(in: 0..<64, using: &rng)] }
                let (decoded, output) = Self.decode(text)
                let expected = Self.naive(text)
                #expect(decoded == length)
                #expect(Array(output[..<expected.count]) == expected, "length \(length)")
                let tail = output[expected.count..<(expected.count + BitReader.tailPadding)]
                #expect(tail.allSatisfy { $0 == 0 }, "length \(length)")
            }
        }
    }

    /// A byte outside the alphabet at any position of the 8-character groups or the tail stops the
    /// decode exactly there, with the characters before it decoded.
    @Test func stopsAtTheFirstByteOutsideTheAlphabet() {
        var rng = SplitMix64(seed: 0xB65)
        let outsiders: [UInt8] = [
            UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), 0, 0x80, 0xFF,
        ]
        for length in 1...27 {
            for position in 0..<length {
                var text = (0..<length).map { _ in Base64URL.alphabet[Int.random(in: 0..<64, using: &rng)] }
                text[position] = outsiders[(length + position) % outsiders.count]
                let (decoded, output) = Self.decode(text)
                #expect(decoded == position, "length \(length) position \(position)")
                let expected = Self.naive(Array(text[..<position]))
                #expect(Array(output[..<expected.count]) == expected, "length \(length) position \(position)")
            }
        }
    }
}
