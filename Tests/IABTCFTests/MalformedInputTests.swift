import IABTCF
import TestSupport
import Testing

@testable import IABTCF

/// Properties every malformed string must satisfy: a typed error that says where, never a trap.
@Suite struct MalformedInputTests {
    /// Every prefix of every valid vector either decodes or fails with an error naming the segment.
    @Test(arguments: Fixtures.validDecodeVectors.filter { $0.tcString.count < 700 })
    func everyPrefixFailsCleanly(_ vector: DecodeVector) {
        let text = Array(vector.tcString.utf8)
        for length in 0..<text.count {
            do {
                _ = try TCString(encodedBytes: text[0..<length])
            } catch {
                if length == 0 {
                    #expect(error.code == .emptyString)
                } else {
                    #expect(error.segment != nil && error.bitOffset != nil, "\(length): \(error)")
                    #expect([.truncated, .emptySegment].contains(error.code), "\(length): \(error)")
                }
            }
        }
    }

    /// Replacing any character by any other byte never traps, and an error always says where.
    @Test func randomCorruptionFailsCleanly() {
        var rng = SplitMix64(seed: 0xBAD)
        let vectors = Fixtures.validDecodeVectors
        for _ in 0..<20_000 {
            var text = Array(vectors[Int.random(in: 0..<vectors.count, using: &rng)].tcString.utf8)
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                text[Int.random(in: 0..<text.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
            }
            do {
                _ = try TCString(encodedBytes: text)
            } catch {
                #expect(error.segment != nil, "\(error)")
            }
        }
    }

    @Test func reportsWhereTheProblemIs() throws {
        func error(_ text: String) -> TCStringError? {
            do {
                _ = try TCString(encoded: text)
                return nil
            } catch { return error }
        }
        let core = "CPc7TgPPc7TgPAGABCENCpCgAP_AAAAAAAAAAAAAAAAA"
        #expect(try TCString(encoded: core).cmpId == 6)
        // Positions are 1-based characters of the input: the core has 44, so segment 1 starts at 46.
        #expect(error(core + ".") == TCStringError(.emptySegment, segment: 1, bitOffset: 0, position: 46))
        #expect(error("." + core) == TCStringError(.emptySegment, segment: 0, bitOffset: 0, position: 1))
        #expect(
            error(core + ".IAA+")
                == TCStringError(.invalidCharacter, segment: 1, bitOffset: 18, value: 43, position: 49)
        )
        #expect(error(core + ".IAA+")?.description.contains("'+' is not a base64url character") == true)
        #expect(error(core + ".cAAAAAAAAAA.cAAAAAAAAAA")?.code == .duplicateSegment)
        #expect(error(core + ".CAAAAAAAAAA")?.code == .duplicateSegment)
        #expect(
            error(core + ".gAAAAAAAAAA")
                == TCStringError(
                    .unknownSegmentType,
                    segment: 1,
                    bitOffset: 0,
                    field: "SegmentType",
                    value: 4,
                    position: 46
                )
        )
        #expect(error("BAAAAAAAAAAAAAAAAAAAA")?.value == 1)
        #expect(error("BAAAAAAAAAAAAAAAAAAAA")?.description.contains("TCF v1.1") == true)
        #expect(error(core + "==") == nil)
        #expect(error(core + "===")?.code == .invalidCharacter)
        #expect(error(String(repeating: "C", count: 200_000)) == TCStringError(.inputTooLong, value: 131_072))
        #expect(throws: TCStringError.self) {
            _ = try TCString(encoded: core, options: .init(maximumLength: 10))
        }
        // The limit stops at what a decoded layout can record (29 bits of characters per segment).
        var options = TCString.DecodingOptions(maximumLength: .max)
        #expect(options.maximumLength == 536_870_911)
        options.maximumLength = 1 << 40
        #expect(options == TCString.DecodingOptions(maximumLength: TCString.DecodingOptions.largestMaximumLength))
    }

    /// Ranges that end before they start, start at vendor 0 or pass MaxVendorId are errors.
    @Test func rejectsInvalidRanges() {
        // Core with an empty consent bitfield, then a range-encoded LI section built bit by bit.
        func withLIRange(max: Int, start: Int, end: Int) -> String {
            var b = WireBuilder.coreHeader()
            b.put(0, 17)  // consents: MaxVendorId 0, bitfield
            b.put(max, 16)
            b.put(1, 1)
            b.put(1, 12)
            b.put(1, 1)
            b.put(start, 16)
            b.put(end, 16)
            b.put(0, 12)  // no restrictions
            return b.base64URL
        }
        #expect(throws: Never.self) { _ = try TCString(encoded: withLIRange(max: 10, start: 3, end: 10)) }
        #expect(
            (try? TCString(encoded: withLIRange(max: 10, start: 3, end: 10)))?.vendorLegitimateInterests == [
                3, 4, 5, 6, 7, 8, 9, 10,
            ]
        )
        for (max, start, end, code) in [
            (10, 5, 4, TCStringError.Code.invalidRange), (10, 3, 11, .invalidRange), (10, 0, 3, .invalidVendorId),
        ] {
            #expect {
                _ = try TCString(encoded: withLIRange(max: max, start: start, end: end))
            } throws: { error in
                (error as? TCStringError)?.code == code && (error as? TCStringError)?.bitOffset ?? 0 > 230
            }
        }
    }
}
