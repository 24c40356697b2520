import CBase64URL
import IABTCF
import TestSupport
import Testing

@testable import IABTCF

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

    // MARK: - The vector step against the scalar loop

    /// The vector paths this machine has (as `tcf_base64url_vector_path` numbers them): a machine
    /// on AVX-512 VBMI (3) has AVX2 (1) as well.
    static let vectorPaths: [Int32] = {
        let path = tcf_base64url_vector_path()
        return path == 3 ? [1, 3] : path == 0 ? [] : [path]
    }()

    /// Decodes `text` through ``Base64URL/decodePrefix(_:into:)`` (the vector step this machine
    /// takes, then the scalar loop), through each vector path this machine has followed by the
    /// scalar loop, and through ``Base64URL/decodeScalar(_:into:from:)`` alone, into buffers of the
    /// same garbage; returns whether the characters decoded and every byte of the buffers agree.
    static func bothWaysAgree(_ text: [UInt8]) -> Bool {
        let size = Base64URL.scratchSize(characters: text.count)
        var scalar = [UInt8](repeating: 0xA5, count: size)
        let expected = text.withUnsafeBufferPointer { input in
            scalar.withUnsafeMutableBufferPointer { Base64URL.decodeScalar(input, into: $0.baseAddress!, from: 0) }
        }
        var vector = [UInt8](repeating: 0xA5, count: size)
        let decoded = text.withUnsafeBufferPointer { input in
            vector.withUnsafeMutableBufferPointer { Base64URL.decodePrefix(input, into: $0.baseAddress!) }
        }
        guard decoded == expected && vector == scalar else { return false }
        for path in vectorPaths {
            var output = [UInt8](repeating: 0xA5, count: size)
            let decoded = text.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer { output in
                    guard let base = input.baseAddress else { return 0 }
                    let blocks = tcf_base64url_decode_blocks_on(path, base, input.count, output.baseAddress!)
                    return Base64URL.decodeScalar(input, into: output.baseAddress!, from: blocks)
                }
            }
            guard decoded == expected && output == scalar else { return false }
        }
        return true
    }

    /// Every byte value (0-255) at every position of 160 characters (five AVX2 blocks, two and a
    /// half NEON or AVX-512 VBMI ones), in seeded random base64url text: the vector step stops before the block
    /// that holds an outsider and the scalar loop finds it, so both agree on where decoding stops
    /// and on every byte written.
    @Test func vectorStepMatchesScalarForEveryByteAtEveryPosition() {
        var rng = SplitMix64(seed: 0x51D)
        var disagreements: [String] = []
        for position in 0..<160 {
            for byte in 0...255 {
                var text = (0..<160).map { _ in Base64URL.alphabet[Int.random(in: 0..<64, using: &rng)] }
                text[position] = UInt8(byte)
                if !Self.bothWaysAgree(text) { disagreements.append("byte \(byte) at \(position)") }
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    }

    /// Every length 0-300 with seeded random text (a `.` in half of them), every alphabet character
    /// in every lane of a block, each corpus line and each valid vector: both ways agree.
    @Test func vectorStepMatchesScalarAtEveryLength() throws {
        var rng = SplitMix64(seed: 0x51E)
        for length in 0...300 {
            for round in 0..<8 {
                var text = (0..<length).map { _ in Base64URL.alphabet[Int.random(in: 0..<64, using: &rng)] }
                if round.isMultiple(of: 2) && length > 0 {
                    text[Int.random(in: 0..<length, using: &rng)] = UInt8(ascii: ".")
                }
                #expect(Self.bothWaysAgree(text), "length \(length) round \(round)")
            }
        }
        for shift in 0..<64 {
            let text = (0..<128).map { Base64URL.alphabet[($0 + shift) % 64] }
            #expect(Self.bothWaysAgree(text), "alphabet shifted by \(shift)")
        }
        for (number, line) in try Fixtures.corpusLines().enumerated() {
            #expect(Self.bothWaysAgree(Array(line.utf8)), "corpus line \(number + 1)")
        }
        for vector in Fixtures.validDecodeVectors {
            #expect(Self.bothWaysAgree(Array(vector.tcString.utf8)), "\(vector.name)")
        }
    }

    /// The vector step is really taken where the machine has one, so the tests above compare two
    /// different paths (on x86-64 without AVX2 they compare the scalar loop with itself), and every
    /// path this machine has decodes a block.
    @Test func vectorStepIsTakenOnThisMachine() {
        #if arch(x86_64) || arch(arm64)
        let path = tcf_base64url_vector_path()
        #if arch(arm64)
        #expect(path == 2)
        #else
        #expect(path == 0 || path == 1 || path == 3)
        #endif
        guard path != 0 else { return }
        // 64 'A's are 48 zero bytes, through the path taken (-1) and through each path by number.
        let text = Array(repeating: UInt8(ascii: "A"), count: 64)
        for path in [-1] + Self.vectorPaths {
            var output = [UInt8](repeating: 0xFF, count: Base64URL.scratchSize(characters: 64))
            let blocks = text.withUnsafeBufferPointer { input in
                output.withUnsafeMutableBufferPointer {
                    path < 0
                        ? tcf_base64url_decode_blocks(input.baseAddress!, 64, $0.baseAddress!)
                        : tcf_base64url_decode_blocks_on(path, input.baseAddress!, 64, $0.baseAddress!)
                }
            }
            #expect(blocks == 64, "path \(path)")
            #expect(output[..<48].allSatisfy { $0 == 0 }, "path \(path)")
        }
        #endif
    }
}
