import Foundation
import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// Every vector of `Fixtures/decode-valid.jsonl` and `decode-invalid.jsonl` through `tcstring decode`
/// (`FixtureDecodingTests` in IABTCFTests runs them through the library), JSON Lines, pretty
/// output and usage errors.
@Suite struct FixtureCommandTests {
    @Test(arguments: Fixtures.validDecodeVectors)
    func decodesThroughCommandLine(_ vector: DecodeVector) throws {
        let output = try CommandLineTool.run(["decode", vector.tcString])
        #expect(output.status == 0)
        #expect(output.stderr.isEmpty)
        let json = try JSON(parsing: output.stdout)
        guard case .object(let expectedMembers) = vector.expected else {
            Issue.record("bad fixture")
            return
        }
        for (key, value) in expectedMembers {
            #expect(json[key] == value, "key \(key)")
        }
        // The output is a contract byte for byte: the keys in the schema's order, compact.
        #expect(output.stdout == vector.expectedText + "\n")
    }

    /// The batch path's byte writer prints every vector exactly as the fixtures spell it.
    @Test func batchOutputIsTheFixturesBytes() throws {
        let vectors = Fixtures.validDecodeVectors
        let output = try CommandLineTool.run(["decode", "-"], stdin: vectors.map(\.tcString).joined(separator: "\n"))
        #expect(output.status == 0)
        #expect(output.stdout == vectors.map { $0.expectedText + "\n" }.joined())
    }

    @Test(arguments: Fixtures.invalidDecodeVectors)
    func rejectsThroughCommandLine(_ vector: InvalidVector) throws {
        let output = try CommandLineTool.run(["decode", vector.tcString])
        #expect(output.status == 1)
        #expect(!output.signaled)
        #expect(output.stdout.isEmpty)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        var code = vector.category == "v1String" ? "unsupportedVersion" : vector.category
        // A string starting with D has Type 3 in its first 6 bits, a GPP header (TCF has no Version
        // 3): the tool reads it as a GPP string and reports what IABGPP refuses.
        if vector.tcString.hasPrefix("D") {
            #expect(throws: GPPError.self) { try GPPString(encoded: vector.tcString) }
            do { _ = try GPPString(encoded: vector.tcString) } catch { code = "\(error.code)" }
        }
        #expect(lines.first?.contains(code) == true, "\(lines)")
    }

    @Test func jsonLinesModeKeepsOneLinePerInput() throws {
        let valid = Fixtures.validDecodeVectors.prefix(3).map(\.tcString)
        let invalid = Fixtures.invalidDecodeVectors.prefix(2).map(\.tcString)
        let input = (valid + invalid + [valid[0]]).joined(separator: "\n") + "\n"
        let output = try CommandLineTool.run(["decode", "-"], stdin: input)
        #expect(output.status == 1)
        let lines = output.stdout.split(separator: "\n").map { try? JSON(parsing: String($0)) }
        #expect(lines.count == 6)
        #expect(lines.map { $0?["error"] != nil } == [false, false, false, true, true, false])
        #expect(lines[3]?["error"]?["code"] == .string("truncated"))
        #expect(output.stderr.split(separator: "\n").count == 2)
    }

    @Test func prettyOutputIsTheSameJSON() throws {
        let vector = Fixtures.validDecodeVectors[0]
        let compact = try CommandLineTool.run(["decode", vector.tcString])
        let pretty = try CommandLineTool.run(["decode", "--pretty", vector.tcString])
        #expect(pretty.stdout.contains("\n  \"cmpId\""))
        #expect(try JSON(parsing: compact.stdout) == JSON(parsing: pretty.stdout))
    }

    @Test func usageErrorsExitWithTwo() throws {
        #expect(try CommandLineTool.run([]).status == 2)
        #expect(try CommandLineTool.run(["frobnicate"]).status == 2)
        #expect(try CommandLineTool.run(["decode", "--nope", "x"]).status == 2)
    }

    /// A consent language outside A-Z (here `A` + 37, as the fuzzer finds them) survives
    /// `tcstring decode | tcstring encode` with its raw bits.
    @Test func lettersOutsideAToZSurviveDecodeThenEncode() throws {
        let string = "CPd2dsAPd2dsAbsYEDic__FgAEAgEQACEABAAAgAQFAEAIAACQ.QFuQAA.f37_4AAAAA"
        let value = try TCString(encoded: string)
        #expect(!value.consentLanguage.isValid)
        let json = try CommandLineTool.run(["decode", string]).stdout
        let encoded = try CommandLineTool.run(["encode", "-"], stdin: json)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        #expect(try TCString(encoded: String(encoded.stdout.dropLast())) == value)
    }
}
