import Testing

@testable import IABTCF

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Input built to hurt: huge, repetitive, lying about its lengths. Each case must come back as a
/// clear error or the correct value, with work and memory bounded by the input.
///
/// Work is bounded by the CPU time of the decoding thread, not by the wall clock: it does not grow
/// while other tests or processes hold the cores. The limit is at least 20 times what these decodes
/// take in the debug build `swift test` makes, so it never fails on a slow or shared machine, yet a
/// quadratic pass over millions of vendor ids would exceed it many times over. Release-build timings
/// are in the DocC article Performance.
@Suite struct HostileInputTests {
    static let cpuLimit = Duration.seconds(5)
    static let roomy = TCString.DecodingOptions(maximumLength: 4 << 20)
    /// A valid 44-character core.
    static let core = "CPc7TgPPc7TgPAGABCENCpCgAP_AAAAAAAAAAAAAAAAA"

    /// The CPU time the calling thread spends in `body`: the work done, whatever else the machine runs.
    static func threadCPUTime(_ body: () throws -> Void) rethrows -> Duration {
        func now() -> Duration {
            var time = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
            return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
        }
        let start = now()
        try body()
        return now() - start
    }

    /// Decodes `text`, checks the work it took, and returns the outcome.
    func decode(_ text: String, options: TCString.DecodingOptions = roomy) -> Result<TCString, TCStringError> {
        var outcome: Result<TCString, TCStringError>!
        let work = Self.threadCPUTime {
            outcome = Result { () throws(TCStringError) in try TCString(encoded: text, options: options) }
        }
        #expect(work < Self.cpuLimit, "took \(work) of CPU time")
        return outcome
    }

    func code(_ result: Result<TCString, TCStringError>) -> TCStringError.Code? {
        if case .failure(let error) = result { return error.code }
        return nil
    }

    /// Decoded bytes go to a stack buffer up to 1 KiB, a fixed 4 KiB one past it and the heap past
    /// that: strings on either side of each bound, with a second segment after the long core,
    /// decode to the value they encode.
    @Test func longStringsDecodeOnEitherSideOfTheScratchBounds() throws {
        for highest in [3_400, 3_800, 15_500, 16_100, 40_000] {
            var tc = TCString(created: Timestamp(deciseconds: 0))
            // Every third id: a bitfield (shorter than ranges), `highest` bits long.
            tc.vendorConsents = try VendorSet(stride(from: 1, through: highest, by: 3))
            tc.disclosedVendors = try VendorSet(stride(from: 2, through: highest, by: 5))
            let text = try tc.encoded()
            let decoded = try TCString(encoded: text)
            let characters = text.utf8.count
            #expect(decoded.vendorConsents == tc.vendorConsents, "\(characters) characters")
            #expect(decoded.disclosedVendors == tc.disclosedVendors, "\(characters) characters")
            #expect(try decoded.encoded(.preservingLayout) == text)
        }
    }

    @Test func oneMegabyteIsRefusedBeforeAnyWork() {
        let text = String(repeating: "A", count: 1 << 20)
        #expect(code(decode(text, options: .init())) == .inputTooLong)
        // With the limit raised, it is read: Version 0 is unsupported.
        #expect(code(decode(text)) == .unsupportedVersion)
    }

    /// `endIndex` letters "A" that count the elements read from them, with no contiguous storage.
    struct CountingBytes: RandomAccessCollection {
        final class Reads { var count = 0 }
        let reads = Reads()
        var startIndex: Int { 0 }
        let endIndex: Int
        subscript(position: Int) -> UInt8 {
            reads.count += 1
            return UInt8(ascii: "A")
        }
    }

    /// A non-contiguous collection is measured before it is copied: not one of its bytes is read.
    @Test func aGigabyteLazyCollectionIsRefusedWithoutCopying() {
        let gigabyte = CountingBytes(endIndex: 1 << 30)
        #expect(throws: TCStringError(.inputTooLong, value: TCString.DecodingOptions.defaultMaximumLength)) {
            try TCString(encodedBytes: gigabyte)
        }
        #expect(gigabyte.reads.count == 0)
        // Within the limit the bytes are copied once, then decoded: Version 0 is unsupported.
        let short = CountingBytes(endIndex: 100)
        #expect(code(Result { () throws(TCStringError) in try TCString(encodedBytes: short) }) == .unsupportedVersion)
        #expect(short.reads.count == 100)
    }

    @Test func aMillionDots() {
        let dots = String(repeating: ".", count: 1_000_000)
        #expect(code(decode(dots)) == .emptySegment)
        #expect((try? decode(Self.core + dots).get()) == nil)
        if case .failure(let error) = decode(Self.core + dots) { #expect(error.segment == 1) }
    }

    @Test func oneHundredThousandSegments() {
        let text = Self.core + String(repeating: ".IAAA", count: 100_000)
        guard case .failure(let error) = decode(text) else {
            Issue.record("decoded")
            return
        }
        #expect(error.code == .duplicateSegment && error.segment == 2)
    }

    @Test(arguments: ["\u{0}", "é", "€", "🙂", "\u{FEFF}", " ", "\n"])
    func nulAndNonASCII(_ intruder: String) {
        for position in [0, 10, 43] {
            var text = Array(Self.core)
            text.insert(contentsOf: intruder, at: position)
            guard case .failure(let error) = decode(String(text)) else {
                Issue.record("decoded")
                continue
            }
            #expect(error.code == .invalidCharacter)
            #expect(error.bitOffset == position * 6)
            #expect(error.value == Int(intruder.utf8.first!))
        }
    }

    /// 4,095 ranges of 1-65,535 in both vendor sections, in one restriction, and in the Disclosed and
    /// Allowed Vendors segments: about 20 million vendor ids listed, all applied with word masks.
    @Test func fourThousandFullRangesEverywhere() throws {
        let full = Array(repeating: 1...65535, count: 4095)
        var core = WireBuilder.coreHeader()
        core.putRangeSection(maxVendorId: 65535, entries: full)
        core.putRangeSection(maxVendorId: 65535, entries: full)
        core.put(1, 12)  // one restriction: purpose 1, type 0
        core.put(1, 6)
        core.put(0, 2)
        core.putEntries(full)
        var disclosed = WireBuilder()
        disclosed.put(1, 3)
        disclosed.putRangeSection(maxVendorId: 65535, entries: full)
        var allowed = WireBuilder()
        allowed.put(2, 3)
        allowed.putRangeSection(maxVendorId: 65535, entries: full)
        let text = [core, disclosed, allowed].map(\.base64URL).joined(separator: ".")
        let value = try decode(text).get()
        let everyone = try VendorSet(1...65535)
        #expect(value.vendorConsents == everyone)
        #expect(value.vendorLegitimateInterests == everyone)
        #expect(value.disclosedVendors == everyone)
        #expect(value.allowedVendors == everyone)
        #expect(value.publisherRestrictions.vendors(purposeId: 1, restrictionType: .notAllowed) == everyone)
        #expect(value.vendorConsents.count == 65535)
        // And it re-encodes, byte for byte with its layout, compactly when canonical.
        #expect(try value.encoded(.preservingLayout) == text)
        #expect(try value.encoded().count < 120)
        // TCString.query answers from the same bytes; overlapping entries are searched one by one.
        let work = try Self.threadCPUTime {
            let answers = try TCString.query(encoded: text, options: Self.roomy) { tc in
                [1, 32_768, 65_535].map {
                    tc.vendorConsents.contains($0) && tc.disclosedVendors?.contains($0) == true
                        && tc.allowedVendors?.contains($0) == true
                } + [tc.restrictionType(vendorId: 7, purposeId: 1) == .notAllowed, !tc.vendorConsents.contains(0)]
            }
            #expect(answers.allSatisfy { $0 })
        }
        #expect(work < Self.cpuLimit, "took \(work) of CPU time")
    }

    /// Thousands of restriction entries for distinct and repeated (purpose, type) pairs.
    @Test func manyRestrictionEntries() throws {
        var core = WireBuilder.coreHeader()
        core.put(0, 17)
        core.put(0, 17)
        core.put(4095, 12)
        for i in 0..<4095 {
            core.put(i / 4 % 64, 6)  // every (purpose 0-63, type 0-3) pair, 16 entries each
            core.put(i % 4, 2)
            core.putEntries([(i % 65535 + 1)...65535, 1...(i + 1)])
        }
        let value = try decode(core.base64URL).get()
        #expect(value.publisherRestrictions.count == 256)
        #expect(value.publisherRestrictions.allSatisfy { $0.vendors.count == 65535 })
    }

    /// A bitfield that claims 65,535 bits but carries ten characters: truncated, at the bitfield.
    @Test func bitfieldLongerThanTheString() {
        var core = WireBuilder.coreHeader()
        core.put(65535, 16)
        core.put(0, 1)
        core.put(0, 60)
        guard case .failure(let error) = decode(core.base64URL) else {
            Issue.record("decoded")
            return
        }
        #expect(error.code == .truncated && error.field == "BitField" && error.bitOffset == 230)
    }

    /// A 1 MB string that is valid: 4,095 restriction entries of 40 scattered ranges each.
    @Test func oneMegabyteOfValidRestrictions() throws {
        var core = WireBuilder.coreHeader()
        core.put(0, 17)
        core.put(0, 17)
        core.put(4095, 12)
        for i in 0..<4095 {
            core.put(i / 3 % 24 + 1, 6)  // purposes 1-24 × types 0-2
            core.put(i % 3, 2)
            core.putEntries((0..<40).map { k in (k * 1600 + i % 1000 + 1)...(k * 1600 + i % 1000 + 500) })
        }
        let text = core.base64URL
        #expect(text.utf8.count > 900_000)
        let value = try decode(text).get()
        #expect(value.publisherRestrictions.count == 72)
        // Re-encoding it needs the same raised limit: by default the encoder refuses what the
        // decoder would.
        #expect(throws: TCStringError(.encodingTooLong, value: 131_072)) { try value.encoded(.preservingLayout) }
        #expect(try value.encoded(.preservingLayout, maximumLength: Self.roomy.maximumLength) == text)
    }
}
