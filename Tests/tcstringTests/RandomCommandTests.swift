import Foundation
import TCFJSON
import TestSupport
import Testing

/// `tcstring random` writes strings QA can use as fixtures: every one passes `validate` (a property
/// over seeded generators), on the day asked; `--any` keeps the anything-goes models.
@Suite struct RandomCommandTests {
    /// The lines `tcstring validate --json -` writes for `strings`.
    static func validate(_ strings: String) throws -> [Substring] {
        let result = try CommandLineTool.run(["validate", "--json", "-"], stdin: strings)
        return result.stdout.split(separator: "\n")
    }

    @Test(arguments: [["--date", "2026-11-27"], ["--date", "2024-02-29"], []])
    func everyRandomStringValidates(_ date: [String]) throws {
        for seed in ["1", "20261127"] {
            let random = try CommandLineTool.run(["random", "--count", "2000", "--seed", seed] + date)
            #expect(random.status == 0 && random.stderr.isEmpty)
            let lines = try Self.validate(random.stdout)
            #expect(lines.count == 2000)
            let flagged = lines.filter { $0 != #"{"valid":true,"findings":[]}"# }
            #expect(flagged.isEmpty, "seed \(seed) \(date): \(flagged.prefix(3))")
        }
    }

    /// Created and LastUpdated fall on the day given, and the same seed gives the same strings.
    @Test func stringsAreCreatedOnTheDayAndRepeatable() throws {
        let random = try CommandLineTool.run(["random", "--count", "50", "--seed", "7", "--date", "2025-06-30"])
        #expect(
            try CommandLineTool.run(["random", "--count", "50", "--seed", "7", "--date", "2025-06-30"]).stdout
                == random.stdout
        )
        let decoded = try CommandLineTool.run(["decode", "-"], stdin: random.stdout).stdout.split(separator: "\n")
        #expect(decoded.count == 50)
        for line in decoded {
            let json = try JSON(parsing: String(line))
            guard case .string(let created)? = json["created"], case .string(let updated)? = json["lastUpdated"] else {
                Issue.record("no dates in \(line)")
                continue
            }
            #expect(created.hasPrefix("2025-06-30T") && updated == created)
        }
    }

    /// `--any` writes what the format holds, most of which validate flags.
    @Test func anyWritesStringsValidateFlags() throws {
        let random = try CommandLineTool.run(["random", "--any", "--count", "200"])
        let lines = try Self.validate(random.stdout)
        #expect(lines.count == 200)
        #expect(lines.filter { $0.hasPrefix(#"{"valid":false"#) }.count > 100)
        let both = try CommandLineTool.run(["random", "--any", "--date", "2026-01-01"])
        #expect(both.status == 2)
    }
}
