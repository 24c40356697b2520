import Foundation
import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// `tcstring decode -` in batch: the byte writer gives exactly the JSON tree's output, batch output
/// equals per-string output whatever `--jobs`, a blank line is an error in its place, and the tool behaves in
/// real pipes (a closed reader ends it quietly; output streams as input arrives).
@Suite struct BatchDecodeTests {
    /// What `tcstring decode -` (the batch path, written by the byte writer) prints for `values`,
    /// and the JSON tree's output for each value decoded back.
    func batchAndTree(_ values: [TCString]) throws -> (batch: [String], tree: [String]) {
        let strings = try values.map { try $0.encoded() }
        let result = try CommandLineTool.run(["decode", "-"], stdin: strings.joined(separator: "\n"))
        #expect(result.status == 0, "\(result.stderr)")
        let tree = try strings.map { try TCString(encoded: $0).json.serialized() }
        return (result.stdout.split(separator: "\n").map(String.init), tree)
    }

    @Test func writerMatchesTheTree() throws {
        let values = try Fixtures.validDecodeVectors.filter { !$0.tcString.contains("~") }.map {
            try TCString(encoded: $0.tcString)
        }
        let (batch, tree) = try batchAndTree(values)
        #expect(batch.count == values.count)
        for (written, expected) in zip(batch, tree) { #expect(written == expected) }
    }

    /// Seeded random models (every segment, extreme values, codes outside A-Z, including `\`).
    @Test func writerMatchesTheTreeOnRandomModels() throws {
        var rng = SplitMix64(seed: 14)
        var values: [TCString] = []
        for _ in 0..<2_000 {
            var value = RandomModels.model(&rng)
            value.consentLanguage = TwoLetterCode(rawValue: Int(rng.next() & 0xFFF))
            values.append(value)
        }
        let (batch, tree) = try batchAndTree(values)
        #expect(batch.count == values.count)
        for (written, expected) in zip(batch, tree) { #expect(written == expected) }
    }

    @Test func batchEqualsPerStringWhateverTheJobs() throws {
        let strings = Fixtures.validDecodeVectors.map(\.tcString) + ["garbage!", "DBABM~garbage"]
        // Enough lines for parallel rounds; blank and space-padded lines among them.
        var lines: [String] = []
        for round in 0..<12 {
            for (index, text) in strings.enumerated() {
                lines.append(index % 7 == round % 7 ? "  \(text)\r" : text)
                if index % 29 == 0 { lines.append("") }
            }
        }
        let input = lines.joined(separator: "\n")  // the last line has no line end
        // Per string: what `tcstring decode STRING` prints (a GPP string with a failing section
        // too), or for a string that does not decode (or a blank line) the error a stream writes
        // in its place, with the line's number.
        var perString: [String: String] = [:]
        var failures: [String: JSON] = ["": TCStringError(.emptyString).json]
        for text in strings {
            let single = try CommandLineTool.run(["decode", text])
            // A GPP string whose section 2 fails is printed section by section (exit 1).
            if single.status == 0 || text.contains("~") {
                perString[text] = single.stdout
            } else {
                let error = #expect(throws: TCStringError.self) { _ = try TCString(encoded: text) }
                failures[text] = error?.json ?? .null
            }
        }
        var expected = ""
        for (number, line) in zip(1..., lines) {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            expected +=
                perString[text]
                ?? JSON.object([("error", CommandLineTests.appendingLine(failures[text] ?? .null, number))])
                .serialized() + "\n"
        }
        for jobs in ["1", "2", "3"] {
            let result = try CommandLineTool.run(["decode", "--jobs", jobs, "-"], stdin: input)
            #expect(result.stdout == expected, "--jobs \(jobs)")
            #expect(result.stdout.split(separator: "\n").count == lines.count, "--jobs \(jobs)")
            #expect(result.status == 1)  // two strings do not decode, and blank lines are errors
            // Errors name their input line: 24 strings that do not decode and the blank lines.
            #expect(result.stderr.split(separator: "\n").count == 24 + lines.filter(\.isEmpty).count)
            #expect(result.stderr.hasPrefix("tcstring: line "))
        }
        let single = try CommandLineTool.run(["decode", strings[0]])
        #expect(expected.hasPrefix(single.stdout))
    }

    /// `yes S | tcstring decode | head -1` ends: a closed pipe stops the tool quietly.
    @Test func closedPipeEndsTheTool() throws {
        let s = Fixtures.validDecodeVectors[0].tcString
        let tool = CommandLineTool.executable.path
        let result = try CommandLineTool.shell(
            "yes '\(s)' | timeout 20 '\(tool)' decode | head -1 >/dev/null; echo \"${PIPESTATUS[1]}\""
        )
        #expect(result == "0")
        let pretty = try CommandLineTool.shell(
            "yes '\(s)' | timeout 20 '\(tool)' decode --pretty | head -1 >/dev/null; echo \"${PIPESTATUS[1]}\""
        )
        #expect(pretty == "0")
    }
}

/// `tcstring inapp -` in batch: the byte writer gives exactly the JSON tree's output.
@Suite struct BatchInAppTests {
    /// The JSON tree's output for `tc`'s in-app keys, as `tcstring inapp STRING` prints it.
    static func tree(_ tc: TCString) throws -> String {
        let keys = try tc.inAppKeys(gdprApplies: true).sorted { $0.key < $1.key }
        return JSON.object(
            keys.map { key, value in
                switch value {
                case .int(let number): (key, .int(number))
                case .string(let text): (key, .string(text))
                case .bool(let flag): (key, .bool(flag))
                }
            }
        ).serialized()
    }

    @Test func writerMatchesTheTree() throws {
        var rng = SplitMix64(seed: 40)
        var values = try Fixtures.validDecodeVectors.filter { !$0.tcString.contains("~") }.map {
            try TCString(encoded: $0.tcString)
        }
        for _ in 0..<300 {
            var value = RandomModels.model(&rng)
            // Codes outside A-Z, `\` among them, take the escaping path.
            value.publisherCountryCode = TwoLetterCode(rawValue: Int(rng.next() & 0xFFF))
            values.append(value)
        }
        let strings = try values.map { try $0.encoded() }
        for jobs in ["1", "2"] {
            let result = try CommandLineTool.run(
                ["inapp", "--gdpr-applies", "true", "--jobs", jobs, "-"],
                stdin: strings.joined(separator: "\n")
            )
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == values.count)
            // The tool's keys are those of the string it reads (IABTCF_TCString is that string).
            for (written, string) in zip(lines, strings) {
                #expect(try written == Self.tree(TCString(encoded: string)))
            }
        }
        let single = try CommandLineTool.run(["inapp", "--gdpr-applies", "true", strings[0]])
        #expect(single.stdout == (try Self.tree(TCString(encoded: strings[0]))) + "\n")
    }
}

/// Every command that streams standard input takes `--jobs`, and its output does not depend on it:
/// the same bytes on standard output, the same messages on standard error, the same status.
@Suite struct JobsEverywhereTests {
    static let v17 = Fixtures.directory.appendingPathComponent("gvl/vendor-list-v17-spec3.json").path

    static let commands: [[String]] = [
        ["decode"], ["decode", "--pretty"], ["reencode"], ["explain"], ["explain", "--gvl", v17], ["validate"],
        ["validate", "--json"], ["inapp"],
        ["inapp", "--pretty"], ["ads", "--today", "2026-11-27"], ["renew", "--gvl", v17, "--today", "2026-11-27"],
        ["permissions", "--gvl", v17, "--vendor", "755,99999"], ["ac"],
    ]

    @Test(arguments: commands)
    func outputDoesNotDependOnJobs(_ command: [String]) throws {
        // Enough lines for several rounds of parallel runs: corpus strings, a GPP string, an
        // Additional Consent string, a blank line and a bad one.
        let corpus = try Fixtures.corpusLines()
        let block = corpus + ["DBABM~" + corpus[0], "2~1.35.41~dv.9.21", "", "C!"]
        let input = Array(repeating: block, count: 80).joined().joined(separator: "\n") + "\n"
        let one = try CommandLineTool.run(command + ["--jobs", "1", "-"], stdin: input)
        #expect(!one.stdout.isEmpty)
        for jobs in ["2", "3"] {
            let many = try CommandLineTool.run(command + ["--jobs", jobs, "-"], stdin: input)
            #expect(many.stdout == one.stdout, "\(command) --jobs \(jobs)")
            #expect(many.stderr == one.stderr, "\(command) --jobs \(jobs)")
            #expect(many.status == one.status, "\(command) --jobs \(jobs)")
        }
    }
}
