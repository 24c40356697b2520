import IABTCF
import Testing

@testable import IABGPP

/// ``GPPParts`` reads eight bytes at a time: its parts, indices and positions are those of a
/// plain split at every separator, for random texts of every length around the word size.
@Suite struct PartsTests {
    @Test func partsAreTheSplit() {
        var rng = SplitMix64(seed: 0x9A27_5)
        let alphabet = Array("AB~.~.-_z\u{7F}".utf8) + [0x80, 0xFE, 0xAE, 0x00]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...40, using: &rng)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &rng)! }
            let start = Int.random(in: 0...9, using: &rng)
            for separator in [UInt8(ascii: "~"), UInt8(ascii: ".")] {
                let expected = text.split(separator: separator, omittingEmptySubsequences: false)
                var read: [(bytes: [UInt8], index: Int, start: Int)] = []
                text.withUnsafeBufferPointer { buffer in
                    var parts = GPPParts(buffer, separator: separator, start: start)
                    #expect(parts.count == expected.count)
                    while let part = parts.next() { read.append((Array(part.bytes), part.index, part.start)) }
                }
                #expect(read.map(\.bytes) == expected.map(Array.init), "\(text)")
                #expect(read.map(\.index) == Array(expected.indices))
                #expect(read.map(\.start) == expected.map { start + $0.startIndex })
            }
        }
    }
}
