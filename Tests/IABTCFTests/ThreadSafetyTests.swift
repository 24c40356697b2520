import Foundation
import TestSupport
import Testing

@testable import IABTCF

/// Decoded strings shared across tasks (the vendor list's matrix and the CLI's `--jobs` have their
/// own `ThreadSafetyTests` suites in IABTCFVendorListTests and tcstringTests). Each test compares
/// what concurrent tasks see with a serial run; `scripts/check-thread-safety.sh` runs them under
/// the thread sanitizer, which reports any data race.
@Suite struct ThreadSafetyTests {
    static let strings: [String] = GVLFixtures.corpus.compactMap { try? $0.encoded(.preservingLayout) }

    /// What one task computes from a shared decoded value and its string.
    static func observe(_ value: TCString, _ text: String) throws -> [String] {
        var copy = value
        try copy.vendorConsents.insert(65_535)
        let queried = try TCString.query(encoded: text) { query in query.vendorConsents.set }
        return [
            try value.encoded(), try value.encoded(.preservingLayout), try copy.encoded(),
            "\(try TCString(encoded: text) == value)", "\(queried == value.vendorConsents)",
            "\(try value.inAppKeys(gdprApplies: true).count)", "\(value.validate().count)",
        ]
    }

    /// Eight tasks decode, query, re-encode and copy-and-change the same shared values at once.
    @Test func decodingInATaskGroupMatchesASerialRun() async throws {
        let values = try Self.strings.map { try TCString(encoded: $0) }
        let expected = try zip(values, Self.strings).map { try Self.observe($0, $1) }
        #expect(expected.count > 100)
        let results = await withTaskGroup(of: [[String]].self) { group in
            for _ in 0..<8 {
                group.addTask { zip(values, Self.strings).map { (try? Self.observe($0, $1)) ?? [] } }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8)
        for result in results { #expect(result == expected) }
    }
}
