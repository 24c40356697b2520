import Foundation
import Testing

@testable import IABTCF
@testable import tcstring

/// `tcstring decode -` in batch: the byte writer gives exactly the JSON tree's output, batch output
/// equals per-string output whatever `--jobs`, blank lines are skipped, and the tool behaves in
/// real pipes (a closed reader ends it quietly; output streams as input arrives).
@Suite struct BatchDecodeTests {
    func written(_ value: TCString) -> String {
        var buffer = ByteBuffer(capacity: 16)
        defer { buffer.release() }
        value.writeJSON(to: &buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test(arguments: Fixtures.validDecodeVectors)
    func writerMatchesTheTree(_ vector: DecodeVector) throws {
        guard !vector.tcString.contains("~") else { return }
        let value = try TCString(encoded: vector.tcString)
        #expect(written(value) == value.json.serialized())
    }

    /// Seeded random models (every segment, extreme values, codes outside A-Z, including `\`).
    @Test func writerMatchesTheTreeOnRandomModels() {
        var rng = SplitMix64(seed: 14)
        for _ in 0..<2_000 {
            var value = RandomModels.model(&rng)
            value.consentLanguage = TwoLetterCode(rawValue: Int(rng.next() & 0xFFF))
            #expect(written(value) == value.json.serialized())
        }
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
        var expected = ""
        for line in lines where !line.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            switch DecodeCommand.decode(text) {
            case .success(let json): expected += json.serialized() + "\n"
            case .failure(let error): expected += JSON.object([("error", error.json)]).serialized() + "\n"
            }
        }
        for jobs in ["1", "2", "3"] {
            let result = try CommandLineTool.run(["decode", "--jobs", jobs, "-"], stdin: input)
            #expect(result.stdout == expected, "--jobs \(jobs)")
            #expect(result.status == 1)  // two lines do not decode
            // Errors name their input line, counted with the blank ones.
            #expect(result.stderr.split(separator: "\n").count == 24)
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
