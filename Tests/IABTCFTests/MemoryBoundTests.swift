import Testing

@testable import IABTCF

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The largest memory use for an oversized or hostile input, per way input arrives: the library's
/// rows of the table in the DecodingTCStrings article ("Bounded memory"). Each is measured in a
/// child process of its own (an exit test) as the growth of that process's high-water mark: no
/// other test runs there to raise the mark first and hide the growth. The child exits 0 when the
/// bound holds, 1 when the memory grew past it, 2 when the answer is wrong. The command-line rows
/// are `MemoryBoundTests` in tcstringTests.
@Suite struct MemoryBoundTests {
    static let mebibyte = 1 << 20

    /// Additional Consent strings have no length limit of their own: parsing takes memory linear
    /// in the string, here a 4 MiB string of two million ids.
    @Test func aLongAdditionalConsentStringParsesInLinearMemory() async {
        await #expect(processExitsWith: .success) {
            let size = 4 * MemoryBoundTests.mebibyte
            let text = "1~" + Array(repeating: "1", count: size / 2 - 1).joined(separator: ".")
            let before = ChildPeakMemory.bytes()
            let consent = try? AdditionalConsent(text)
            ChildPeakMemory.finish(grewBy: ChildPeakMemory.bytes() - before, bound: 48 * size) {
                consent?.consentedProviders == [1]
            }
        }
    }

    /// `UserDefaults` values: only the first `maxID` characters of a binary string can name an id,
    /// so a 64 MiB `IABTCF_VendorConsents` (or restriction) string costs no more than 65,535 ids.
    @Test func aHugeInAppBinaryStringReadsInBoundedMemory() async {
        await #expect(processExitsWith: .success) {
            let huge = String(repeating: "1", count: 64 * MemoryBoundTests.mebibyte)
            let keys: [String: InAppValue] = [
                InAppKeys.vendorConsents: .string(huge), InAppKeys.purposeConsents: .string(huge),
                InAppKeys.publisherRestrictions(purposeId: 1): .string(huge),
            ]
            let before = ChildPeakMemory.bytes()
            let consent = InAppConsent(keys: keys)
            // Reading every character would take 512 MiB per key (one Int each).
            ChildPeakMemory.finish(grewBy: ChildPeakMemory.bytes() - before, bound: 16 * MemoryBoundTests.mebibyte) {
                consent.vendorConsents.count == VendorSet.maxID && consent.purposeConsents.count == PurposeSet.maxID
                    && consent.publisherRestrictions.restrictionType(vendorId: VendorSet.maxID, purposeId: 1)
                        == .requireConsent
            }
        }
    }
}

/// The high-water mark of the process an exit test runs in, and how that process reports on it.
enum ChildPeakMemory {
    /// The process's high-water mark in bytes.
    static func bytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
        getrusage(RUSAGE_SELF, &usage)
        #endif
        // `ru_maxrss` is in kibibytes on Linux and in bytes on Apple platforms.
        #if canImport(Darwin)
        return usage.ru_maxrss
        #else
        return usage.ru_maxrss * 1024
        #endif
    }

    /// Ends the child: status 1 (with the growth on standard error) when it grew by `bound` or
    /// more, 2 when `correct` is false, else 0.
    static func finish(grewBy growth: Int, bound: Int, _ correct: () -> Bool) -> Never {
        if growth >= bound {
            var message = "grew by \(growth) bytes, bound \(bound)\n"
            message.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
            exit(1)
        }
        exit(correct() ? 0 : 2)
    }
}
