import Foundation
import Testing

@testable import IABTCF

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The largest memory use for an oversized or hostile input, per way input arrives: the library's
/// rows of the table in the DecodingTCStrings article ("Bounded memory"), measured as the growth
/// of the test process's high-water mark, which only rises, so no bound is passed by accident.
/// The command-line rows are `MemoryBoundTests` in tcstringTests.
@Suite(.serialized) struct MemoryBoundTests {
    static let mebibyte = 1 << 20

    /// Additional Consent strings have no length limit of their own: parsing takes memory linear
    /// in the string, here a 4 MiB string of two million ids.
    @Test func aLongAdditionalConsentStringParsesInLinearMemory() throws {
        let size = 4 * Self.mebibyte
        let text = "1~" + Array(repeating: "1", count: size / 2 - 1).joined(separator: ".")
        let before = PeakMemory.ownPeakBytes()
        let consent = try AdditionalConsent(text)
        #expect(PeakMemory.ownPeakBytes() - before < 48 * size)
        #expect(consent.consentedProviders == [1])
    }

    /// `UserDefaults` values: only the first `maxID` characters of a binary string can name an id,
    /// so a 64 MiB `IABTCF_VendorConsents` (or restriction) string costs no more than 65,535 ids.
    @Test func aHugeInAppBinaryStringReadsInBoundedMemory() {
        let huge = String(repeating: "1", count: 64 * Self.mebibyte)
        let keys: [String: InAppValue] = [
            InAppKeys.vendorConsents: .string(huge), InAppKeys.purposeConsents: .string(huge),
            InAppKeys.publisherRestrictions(purposeId: 1): .string(huge),
        ]
        let before = PeakMemory.ownPeakBytes()
        let consent = InAppConsent(keys: keys)
        // Reading every character would take 512 MiB per key (one Int each); the margin leaves
        // room for tests running beside this one.
        #expect(PeakMemory.ownPeakBytes() - before < 192 * Self.mebibyte)
        #expect(consent.vendorConsents.count == VendorSet.maxID)
        #expect(consent.purposeConsents.count == PurposeSet.maxID)
        #expect(
            consent.publisherRestrictions.restrictionType(vendorId: VendorSet.maxID, purposeId: 1) == .requireConsent
        )
    }
}

/// Memory bounds, in bytes.
enum PeakMemory {
    /// The test process's own high-water mark.
    static func ownPeakBytes() -> Int {
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
}
