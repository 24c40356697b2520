import Foundation
import Testing

@testable import IABTCF

/// Values shared across tasks: decoded strings, a vendor list and its permission matrix, and the
/// CLI's `--jobs` workers. Each test compares what concurrent tasks see with a serial run;
/// `scripts/check-thread-safety.sh` runs them under the thread sanitizer, which reports any data race.
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

    /// One vendor list and one string shared by tasks that build and query permission matrices.
    @Test func permissionMatrixSharedAcrossTasksMatchesASerialRun() async {
        let gvl = GVLFixtures.v17
        let values = Array(GVLFixtures.corpus.prefix(40))
        let shared = values.map { $0.permissions(in: gvl) }
        func answers(_ matrix: PermissionMatrix) -> [Int] {
            (1...PurposeSet.maxID).map { matrix.allowedVendors(purpose: $0).count }
                + (1...SpecialFeatureSet.maxID).map { matrix.allowedVendors(specialFeature: $0).count }
        }
        let expected = shared.map(answers)
        #expect(expected.contains { $0.contains { $0 > 0 } })
        let results = await withTaskGroup(of: ([[Int]], [[Int]]).self) { group in
            for _ in 0..<8 {
                group.addTask { (values.map { answers($0.permissions(in: gvl)) }, shared.map(answers)) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (built, read) in results {
            #expect(built == expected)
            #expect(read == expected)
        }
    }

    /// `decode --jobs 3` on enough lines that every round runs on three threads: the output is the
    /// serial output and the tool reports nothing on standard error (a thread-sanitized build
    /// prints any race there and exits with 66).
    @Test func cliJobsMatchOneJobWithNothingOnStandardError() throws {
        let lines = (0..<2_000).map { Self.strings[$0 % Self.strings.count] }
        let input = lines.joined(separator: "\n") + "\n"
        let serial = try CommandLineTool.run(["decode", "--jobs", "1", "-"], stdin: input)
        let parallel = try CommandLineTool.run(["decode", "--jobs", "3", "-"], stdin: input)
        #expect(serial.status == 0 && parallel.status == 0)
        #expect(parallel.stderr == "")
        #expect(parallel.stdout == serial.stdout)
        #expect(parallel.stdout.split(separator: "\n").count == lines.count)
    }
}
