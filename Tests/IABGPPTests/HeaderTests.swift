import IABGPP
import IABTCF
import Testing

/// The header's section ids against an encoder written here from the specification's text
/// (Range(Fibonacci): NumEntries(12), then per run of consecutive ids IsRange(1), the Fibonacci
/// code of the offset from the previous id and, for a range, of its length less one), moved from
/// the codec's tests with the GPP header.
@Suite struct HeaderTests {
    /// The Fibonacci code of `value` (1 or more): bit k stands for Fib(k + 2) (1, 2, 3, 5...), no
    /// two consecutive ones, then a closing 1.
    static func fibonacci(_ value: Int) -> [Bool] {
        var weights = [1, 2]
        while weights.last! <= value { weights.append(weights[weights.count - 1] + weights[weights.count - 2]) }
        var bits = [Bool](repeating: false, count: weights.count)
        var rest = value
        for k in stride(from: weights.count - 1, through: 0, by: -1) where weights[k] <= rest {
            bits[k] = true
            rest -= weights[k]
        }
        while bits.last == false { bits.removeLast() }
        return bits + [true]
    }

    /// The header of `ids` (ascending), padded with zero bits to a whole base64url character.
    static func header(_ ids: [Int]) -> String {
        var runs: [ClosedRange<Int>] = []
        for id in ids {
            if let last = runs.last, last.upperBound + 1 == id {
                runs[runs.count - 1] = last.lowerBound...id
            } else {
                runs.append(id...id)
            }
        }
        var bits: [Bool] = []
        func put(_ value: Int, _ width: Int) {
            for k in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> k & 1 == 1) }
        }
        put(3, 6)
        put(1, 6)
        put(runs.count, 12)
        var last = 0
        for run in runs {
            bits.append(run.count > 1)
            bits += fibonacci(run.lowerBound - last)
            if run.count > 1 { bits += fibonacci(run.count - 1) }
            last = run.upperBound
        }
        while bits.count % 6 != 0 { bits.append(false) }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return String(
            stride(from: 0, to: bits.count, by: 6).map { start in
                alphabet[bits[start..<start + 6].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }]
            }
        )
    }

    /// Seeded random id lists: the decoder reads the independent header back, and the canonical
    /// encoding of a string with those sections writes the same header.
    @Test func headersMatchAnIndependentEncoder() throws {
        var rng = SplitMix64(seed: 0x6_0E_A0)
        // Ids the module keeps as text, so a section's text can be empty.
        let unknownIDs = (1...300).filter { !GPPSection.supportedIds.contains($0) }
        for _ in 0..<2000 {
            let ids = Set((0..<Int.random(in: 1...12, using: &rng)).map { _ in unknownIDs.randomElement(using: &rng)! })
                .sorted()
            let header = Self.header(ids)
            #expect(try GPPString.sectionIDs(inHeader: header) == ids)
            let gpp = GPPString(sections: ids.map { .unknown(id: $0, text: "") })
            #expect(try gpp.encoded().split(separator: "~", omittingEmptySubsequences: false)[0] == header[...])
        }
    }

    /// Input longer than the limit is refused before any work, as the codec refuses a TC string.
    @Test func overLongInputIsRefused() {
        #expect(throws: GPPError(.inputTooLong, value: 10)) {
            try GPPString(encoded: "DBABM~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", maximumLength: 10)
        }
    }
}
