import IABTCF
import Testing

@testable import IABTCF

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
