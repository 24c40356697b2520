import Foundation
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// What every reading command shares: one input path (an operand or each line of standard input,
/// a failed line reported the same way) and one option loop.
@Suite struct ReadingCommandTests {
    static let v17 = GVLFixtures.directory.appendingPathComponent(GVLFixtures.v17Name).path

    /// The reading commands that write one JSON object per line of standard input, an error
    /// object in place of a line that fails.
    static let jsonLineCommands: [[String]] = [
        ["decode"], ["decode", "--jobs", "2"], ["decode", "--gvl", v17],
        ["inapp"], ["validate", "--json"], ["renew", "--gvl", v17, "--today", "2025-01-01"],
        ["permissions", "--gvl", v17, "--vendor", "1"],
    ]

    @Test(arguments: jsonLineCommands)
    func aFailedLineIsReportedInItsPlace(_ command: [String]) throws {
        let good = try Fixtures.corpusLines()[0]
        let run = try CommandLineTool.run(command + ["-"], stdin: "\(good)\n\n  CPXx  \n\(good)\n")
        #expect(run.status == 1)
        let messages = run.stderr.split(separator: "\n")
        #expect(messages.count == 2)
        #expect(messages.first?.hasPrefix("tcstring: line 2: ") == true && run.stderr.contains("[emptyString]"))
        #expect(messages.last?.hasPrefix("tcstring: line 3: ") == true && run.stderr.contains("[truncated]"))
        let objects = try run.stdout.split(separator: "\n").map { try JSON(parsing: String($0)) }
        #expect(objects.count == 4)
        #expect(objects[1]["error"]?["code"] == .string("emptyString"))
        #expect(objects[1]["error"]?["line"] == .int(2))
        #expect(objects[2]["error"]?["code"] == .string("truncated"))
        #expect(objects[2]["error"]?["line"] == .int(3))
        #expect(objects[0]["error"] == nil && objects[3]["error"] == nil)
    }

    /// Lines in equals lines out for every reading command, a blank line or a failed one included,
    /// in a real pipe (`printf ... | tcstring COMMAND -`), and the error objects' lines count from 1.
    @Test(arguments: jsonLineCommands + [["reencode"], ["ac"]])
    func linesInEqualLinesOut(_ command: [String]) throws {
        let good = command == ["ac"] ? "2~1.35~dv.9" : try Fixtures.corpusLines()[0]
        let tool = CommandLineTool.executable.path
        let arguments = command.map { "'\($0)'" }.joined(separator: " ")
        let counts = try CommandLineTool.shell(
            "printf '\(good)\\n\\n \\nx\\n\(good)\\n' | '\(tool)' \(arguments) - 2>/dev/null | wc -l"
        )
        #expect(counts == "5", "\(command)")
    }

    @Test func anOperandThatFailsHasOnlyItsMessage() throws {
        for command in [["decode"], ["inapp"], ["reencode"], ["renew", "--gvl", Self.v17], ["ac"]] {
            let run = try CommandLineTool.run(command + ["CPXx"])
            #expect(run.status == 1 && run.stdout.isEmpty, "\(command)")
            #expect(run.stderr.hasPrefix("tcstring: ") && !run.stderr.contains("line"), "\(command)")
        }
    }

    @Test func reencodeKeepsOneOutputLinePerInputLine() throws {
        let good = try Fixtures.corpusLines()[0]
        let run = try CommandLineTool.run(["reencode", "-"], stdin: "\(good)\nCPXx\n\(good)\n")
        #expect(run.status == 1)
        #expect(
            run.stdout.split(separator: "\n", omittingEmptySubsequences: false) == [
                Substring(good), "", Substring(good), "",
            ]
        )
    }

    /// `--` ends the options of every command: what follows is an operand, even `--count`.
    @Test func doubleDashEndsTheOptions() throws {
        let random = try CommandLineTool.run(["random", "--", "--count"])
        #expect(
            random.status == 2
                && random.stderr.hasPrefix("tcstring: random: unexpected --count; see `tcstring help random`\n")
        )
        let bench = try CommandLineTool.run(["bench", "--seconds", "0.01", "--", "--workload"])
        #expect(bench.status == 1 && bench.stderr.hasPrefix("tcstring: cannot read --workload: "))
        let decode = try CommandLineTool.run(["decode", "--", "--pretty"])
        #expect(decode.status == 1 && decode.stderr.hasPrefix("tcstring: "))
    }
}
