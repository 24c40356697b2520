import Testing

@testable import IABTCF
@testable import tcstring

@Suite struct BitReaderTests {
    /// Reads the bits `offset..<offset+width` of `bytes` one at a time: the obvious, slow reference.
    static func naive(_ bytes: [UInt8], _ offset: Int, _ width: Int) -> UInt64 {
        var value: UInt64 = 0
        for bit in offset..<(offset + width) {
            value = value << 1 | UInt64(bytes[bit / 8] >> (7 - bit % 8) & 1)
        }
        return value
    }

    /// Every width 1-63 at every bit offset 0-127, over seeded random bytes.
    @Test func readsEveryWidthAtEveryOffset() throws {
        var rng = SplitMix64(seed: 0x7C0)
        let data = (0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let buffer = data + [UInt8](repeating: 0, count: BitReader.tailPadding)
        try buffer.withUnsafeBufferPointer { bytes in
            for offset in 0..<128 {
                for width in 1...63 where offset + width <= data.count * 8 {
                    var reader = BitReader(base: bytes.baseAddress!, bitCount: data.count * 8, segment: 0)
                    reader.offset = offset
                    let value = try reader.read(width, .cmpId)
                    #expect(UInt64(value) == Self.naive(data, offset, width), "width \(width) offset \(offset)")
                    #expect(reader.offset == offset + width)
                }
            }
        }
    }

    @Test func readsLeftAlignedAndWholeWords() throws {
        var rng = SplitMix64(seed: 0x7C1)
        let data = (0..<24).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let buffer = data + [UInt8](repeating: 0, count: BitReader.tailPadding)
        try buffer.withUnsafeBufferPointer { bytes in
            for offset in 0..<64 {
                let reader = BitReader(base: bytes.baseAddress!, bitCount: data.count * 8, segment: 0)
                #expect(reader.peek64(at: offset) == Self.naive(data, offset, 64))
                for width in 0...64 where offset + width <= data.count * 8 {
                    var r = reader
                    r.offset = offset
                    let value = try r.readLeftAligned(width, .bitField)
                    let expected = width == 0 ? 0 : Self.naive(data, offset, width) << (64 - width)
                    #expect(value == expected)
                }
            }
        }
    }

    @Test func refusesToReadPastTheEnd() throws {
        let buffer = [UInt8](repeating: 0xFF, count: 2 + BitReader.tailPadding)
        buffer.withUnsafeBufferPointer { bytes in
            var reader = BitReader(base: bytes.baseAddress!, bitCount: 12, segment: 3)
            #expect(throws: TCStringError(.truncated, segment: 3, bitOffset: 0, field: "Created")) {
                _ = try reader.read(.created)
            }
            reader.offset = 6
            #expect(throws: TCStringError(.truncated, segment: 3, bitOffset: 6, field: "CmpId")) {
                _ = try reader.read(.cmpId)
            }
            #expect((try? reader.read(6, .version)) == 63)
        }
    }
}

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
}
