import Foundation
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// The tool's conventions, the same for every command: `--help`, usage errors, `--opt=value`,
/// standard input, GPP strings, `--pretty`, streaming, and errors people can read.
@Suite struct CommandLineTests {
    static let s =
        "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"
    /// The same string as the TCF EU v2 section of a GPP string (header: section 2 only).
    static let gpp = "DBABMA~" + s
    static let commands = [
        "decode", "encode", "reencode", "explain", "validate", "inapp", "ac", "att", "bench", "random",
    ]
    static let reading = ["decode", "reencode", "explain", "validate", "inapp"]

    func run(_ arguments: [String], stdin: String? = nil) throws -> CommandLineTool.Output {
        try CommandLineTool.run(arguments, stdin: stdin)
    }

    @Test(arguments: commands)
    func helpPrintsTheCommandsUsage(_ command: String) throws {
        for form in [[command, "--help"], [command, "-h"], ["help", command]] {
            let result = try run(form)
            #expect(result.status == 0, "\(form)")
            #expect(result.stdout.hasPrefix("usage: tcstring \(command) "), "\(form)")
            #expect(result.stderr.isEmpty)
        }
    }

    @Test func versionAndToolHelp() throws {
        // The version is the CHANGELOG's newest release heading (`## 0.1.0 (unreleased)`).
        let changelog = try String(
            contentsOf: Fixtures.directory.deletingLastPathComponent().appendingPathComponent("CHANGELOG.md"),
            encoding: .utf8
        )
        let heading = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        let version = heading?.dropFirst(3).split(separator: " ").first.map(String.init)
        #expect(try run(["--version"]).stdout == "tcstring \(version ?? "?")\n")
        let help = try run(["--help"])
        #expect(help.status == 0)
        for command in Self.commands { #expect(help.stdout.contains("\n  \(command) "), "\(command)") }
    }

    /// A mistake is one line naming the option and where that command's help is, status 2.
    @Test(arguments: commands)
    func usageErrorIsOneLine(_ command: String) throws {
        let result = try run([command, "--no-such-option"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "tcstring: \(command): unknown option --no-such-option; see `tcstring help \(command)`\n"
        )
    }

    @Test func optionValuesWithEquals() throws {
        #expect(
            try run(["inapp", "--gdpr-applies=true", Self.s]).stdout
                == run(["inapp", "--gdpr-applies", "true", Self.s]).stdout
        )
        let att = try run(["att", "--flow=consentmanager", "--status=denied"])
        #expect(att.status == 0)
        #expect(att.stdout == (try run(["att", "--flow", "consentmanager", "--status", "denied"])).stdout)
        #expect(try run(["decode", "--jobs=2", "-"], stdin: Self.s).stdout == run(["decode", Self.s]).stdout)
        // A flag takes no value.
        let flag = try run(["validate", "--json=yes", Self.s])
        #expect(flag.status == 2)
        #expect(flag.stderr.hasPrefix("tcstring: validate: --json takes no value"))
    }

    /// `-` or no argument: one result per input line, as the single-string form prints it; a blank
    /// line is an error (`emptyString`) in its place.
    @Test(arguments: reading)
    func standardInputGivesOneResultPerLine(_ command: String) throws {
        let single = try run([command, Self.s])
        #expect(single.status == 0 || command == "validate")
        let blank = JSON.object([("error", Self.appendingLine(TCStringError(.emptyString).json, 2))]).serialized()
        for arguments in [[command, "-"], [command]] {
            let result = try run(arguments, stdin: "\(Self.s)\n\n  \(Self.s)\r\n")
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr == "tcstring: line 2: the input is empty [emptyString]\n", "\(arguments)")
            let expected: String
            switch command {
            case "explain": expected = "line 1:\n\(single.stdout)\nline 2:\n\nline 3:\n\(single.stdout)"
            case "validate": expected = "line 1: \(single.stdout)line 3: \(single.stdout)"
            case "reencode": expected = single.stdout + "\n" + single.stdout
            default: expected = single.stdout + blank + "\n" + single.stdout
            }
            #expect(result.stdout == expected, "\(arguments)")
        }
    }

    /// `error` with `"line": number` after its other keys, as a stream writes it.
    static func appendingLine(_ error: JSON, _ number: Int) -> JSON {
        guard case .object(let members) = error else { return error }
        return .object(members + [("line", .int(number))])
    }

    /// A line that fails keeps its place in JSON output, and the error names the line.
    @Test func streamsKeepTheirLines() throws {
        let input = "\(Self.s)\ngarbage!\n\(Self.s)\n"
        for command in [["inapp"], ["validate", "--json"], ["decode", "--pretty"], ["reencode"]] {
            let result = try run(command + ["-"], stdin: input)
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.hasPrefix("tcstring: line 2: not a TC string: '!'"), "\(command)")
        }
        let validate = try run(["validate", "--json", "-"], stdin: input).stdout.split(separator: "\n")
        #expect(validate.count == 3)
        #expect(validate[1].hasPrefix("{\"error\":{\"code\":\"invalidCharacter\""))
        #expect(validate[1].hasSuffix(",\"line\":2}}"))
        #expect(try run(["reencode", "-"], stdin: input).stdout == "\(Self.s)\n\n\(Self.s)\n")
    }

    /// `validate --json` prints JSON for undecodable input too, so a script can tell it apart.
    @Test func validateJSONSaysWhatFailed() throws {
        let valid = try run(["validate", "--json", Self.s])
        #expect(valid.stdout == "{\"valid\":true,\"findings\":[]}\n")
        let findings = try run(["validate", "--json", "COwAdDhOwAdDhN4ABAENAPCgAAQAAv___wAAAFP_AAp_4AI6ACACAA"])
        #expect(findings.status == 1)
        #expect(findings.stdout.hasPrefix("{\"valid\":false,\"findings\":[{\"rule\":"))
        let broken = try run(["validate", "--json", "garbage"])
        #expect(broken.status == 1)
        #expect(broken.stdout.hasPrefix("{\"error\":{\"code\":\"unsupportedVersion\""))
        let pretty = try run(["validate", "--pretty", Self.s])
        #expect(pretty.stdout == "{\n  \"valid\": true,\n  \"findings\": []\n}\n")
    }

    /// A GPP string works wherever a TC string does: its TCF EU v2 section is used (`reencode`
    /// gives the GPP string back whole; `inapp` adds the IABGPP_ keys: InAppGPPCommandTests).
    @Test(arguments: ["reencode", "explain", "validate"])
    func gppStringsAreAccepted(_ command: String) throws {
        let direct = try run([command, Self.s])
        let viaGPP = try run([command, Self.gpp])
        #expect(viaGPP.status == direct.status)
        if command == "explain" {
            #expect(
                viaGPP.stdout == "TCF EU v2 section of a GPP string (section id 2, from character 8):\n" + direct.stdout
            )
        } else if command == "reencode" {
            #expect(viaGPP.stdout == Self.gpp + "\n")
        } else {
            #expect(viaGPP.stdout == direct.stdout)
        }
    }

    @Test func gppErrorsNameTheSection() throws {
        let truncated = "DBABMA~CQtDjkAQtDjk"
        for command in Self.reading {
            let result = try run([command, truncated])
            #expect(result.status == 1, "\(command)")
            #expect(
                result.stderr.hasSuffix(
                    "the segment ends before the field does (character 15; section 2 tcfeuv2, segment 0, bit 42, field LastUpdated) [truncated]\n"
                ),
                "\(command)"
            )
        }
        // A GPP string whose section IABGPP refuses is an error naming the section; a GPP
        // string without a TCF EU v2 section is valid GPP.
        let refused = try run(["decode", "DBABjw~x~y"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("section 5"))
        let usOnly = try run(["validate", "DBABT~1YNN"])
        #expect(usOnly.status == 0)
        #expect(usOnly.stdout == "valid: no policy findings\n")
    }

    static let gvl = Fixtures.directory.appendingPathComponent("gvl/vendor-list-v17-spec3.json").path

    @Test(arguments: [
        ["inapp", s], ["ac", "2~1.35~dv.2"], ["att", "--flow", "adjust", "--status", "denied"], ["decode", s],
        ["permissions", "--gvl", gvl, "--vendor", "755", s],
    ])
    func prettyWhereverJSONIsPrinted(_ arguments: [String]) throws {
        let compact = try run(arguments)
        let pretty = try run(arguments + ["--pretty"])
        #expect(pretty.status == 0)
        #expect(pretty.stdout.hasPrefix("{\n  \""))
        #expect(try JSON(parsing: pretty.stdout) == JSON(parsing: compact.stdout))
    }

    /// Errors say the problem in words, the character (escaped) and its 1-based position, then where.
    @Test func errorsPeopleCanRead() throws {
        let cases: [(String, String)] = [
            (
                "garbage!",
                "not a TC string: '!' is not a base64url character, only A-Z a-z 0-9 - _ (character 8; segment 0, bit 42) [invalidCharacter]"
            ),
            (
                "garbage",
                "not a TC string: version 32, only TCF v2 is supported (character 1; segment 0, bit 0, field Version) [unsupportedVersion]"
            ),
            (
                "CQtDj\u{E9}k",
                "not a TC string: 'é' (U+00E9) is not a base64url character, only A-Z a-z 0-9 - _ (character 6; segment 0, bit 30) [invalidCharacter]"
            ),
            (
                "CQ\tx",
                "not a TC string: '\\t' is not a base64url character, only A-Z a-z 0-9 - _ (character 3; segment 0, bit 12) [invalidCharacter]"
            ),
        ]
        for (input, message) in cases {
            #expect(try run(["decode", input]).stderr == "tcstring: \(message)\n", "\(input)")
        }
        // A byte that is not UTF-8 is reported as that byte, from standard input and from the command line.
        let tool = CommandLineTool.executable.path
        let byte =
            "not a TC string: byte 0xFF is not a base64url character, only A-Z a-z 0-9 - _ (character 7; segment 0, bit 36) [invalidCharacter]"
        #expect(
            try CommandLineTool.shell("printf 'CQtDjk\\xffAQ\\n' | '\(tool)' decode 2>&1 >/dev/null")
                == "tcstring: line 1: \(byte)"
        )
        #expect(try CommandLineTool.shell("'\(tool)' validate $'CQtDjk\\xffAQ' 2>&1") == "tcstring: \(byte)")
    }

    /// `--strict` on every reading command refuses a set padding bit with its code and position;
    /// without it the string is accepted (and `reencode` gives it back).
    @Test(arguments: reading)
    func strictOnEveryReadingCommand(_ command: String) throws {
        let padded = "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAf"
        let message =
            "a bit after the last field is set (non-zero padding or data after the last field) (character 44; segment 0, bit 259) [nonZeroPadding]"
        for input in [padded, "DBABMA~" + padded] {
            let strict = try run([command, "--strict", input])
            #expect(strict.status == 1, "\(input)")
            #expect(strict.stderr.hasPrefix("tcstring: " + message.prefix(60)), "\(input)")
            #expect(strict.stderr.hasSuffix("[nonZeroPadding]\n"), "\(input)")
            let lenient = try run([command, input])
            #expect(lenient.stderr.isEmpty)
            if command == "reencode" { #expect(lenient.stdout == input + "\n") }
        }
        // From standard input: one result per line, on the batch path for decode.
        let stream = try run([command, "--strict", "-"], stdin: Self.s + "\n" + padded + "\n")
        #expect(stream.status == 1)
        #expect(stream.stderr == "tcstring: line 2: \(message)\n")
        let decoded = try run(["decode", "--strict", "--jobs", "2", "-"], stdin: Self.s + "\n" + padded + "\n")
        #expect(decoded.stdout.split(separator: "\n").last?.hasPrefix(#"{"error":{"code":"nonZeroPadding""#) == true)
    }

    /// A lenient `validate` is never silent about what `--strict` refuses.
    @Test func validateReportsWhatStrictRefuses() throws {
        let result = try run(["validate", "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAf="])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "encoding.nonZeroPadding: segment 0 has bit 259 set, after its last field (which ends at bit 259)"
            )
        )
        #expect(result.stdout.contains("encoding.invalidPadding: segment 0 has 44 characters and 1 '='"))
    }

    /// `--max-length` raises the limit on both sides: encode writes the long string, the reading
    /// commands accept it only when given the same limit.
    @Test func maxLengthRaisesTheLimitOnBothSides() throws {
        let vendors = stride(from: 1, through: 1999, by: 2).map(String.init).joined(separator: ",")
        let restrictions = (1...24).flatMap { purpose in
            (0...1).map { #"{"purposeId": \#(purpose), "restrictionType": \#($0), "vendors": [\#(vendors)]}"# }
        }
        let model =
            #"{"cmpId": 300, "vendorListVersion": 150, "publisherRestrictions": [\#(restrictions.joined(separator: ","))]}"#
        let encoded = try run(["encode", "--max-length", "200000", "-"], stdin: model)
        #expect(encoded.status == 0)
        let text = encoded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.utf8.count > 131_072)
        for command in ["decode", "validate", "reencode", "inapp"] {
            let refused = try run([command, "-"], stdin: text)
            #expect(refused.status == 1, "\(command)")
            #expect(refused.stderr.contains("[inputTooLong]"), "\(command)")
            let accepted = try run([command, "--max-length=200000", "-"], stdin: text)
            #expect(accepted.stderr.isEmpty, "\(command)")
        }
        #expect(try run(["reencode", "--max-length", "200000", "-"], stdin: text).stdout == text + "\n")
    }

    /// `encode` refuses a model whose string the decoder would refuse for its length, and says so.
    @Test func encodeRefusesWhatDecodingWould() throws {
        let vendors = stride(from: 1, through: 1999, by: 2).map(String.init).joined(separator: ",")
        let restrictions = (1...24).flatMap { purpose in
            (0...1).map { #"{"purposeId": \#(purpose), "restrictionType": \#($0), "vendors": [\#(vendors)]}"# }
        }
        let model =
            #"{"created": "2026-03-01", "cmpId": 300, "vendorListVersion": 150, "publisherRestrictions": [\#(restrictions.joined(separator: ","))]}"#
        let result = try run(["encode", "-"], stdin: model)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr
                == "tcstring: --max-length: the encoding would be longer than the maximum of 131072 characters,"
                + " by default the most decoding accepts [encodingTooLong]\n"
        )
    }

    /// `explain` on a string that fails prints the fields it could read, then the error.
    @Test func explainShowsWhatItCouldRead() throws {
        let full = try run(["explain", Self.s]).stdout.split(separator: "\n")
        let truncated = String(Self.s.prefix(46))
        let result = try run(["explain", truncated])
        #expect(result.status == 1)
        let rows = result.stdout.split(separator: "\n")
        #expect(rows.count > 20)
        // The rows read are the full table's rows (columns may be narrower).
        let squeeze = { (row: Substring) in row.split(separator: " ").joined(separator: " ") }
        #expect(rows.map(squeeze) == full.prefix(rows.count).map(squeeze))
        #expect(
            result.stderr.hasPrefix(
                "tcstring: the segment ends before the field does (character 47; segment 0, bit 276"
            )
        )
    }

    /// Output follows input through a pipe: the first line's result arrives before the second line.
    @Test(arguments: [["decode"], ["decode", "--pretty"], ["reencode"], ["validate"], ["inapp"], ["explain"]])
    func outputStreamsAsInputArrives(_ arguments: [String]) throws {
        let (early, all) = try CommandLineTool.streamed(arguments + ["-"], first: Self.s, second: Self.s)
        #expect(early.contains("\n"), "\(arguments)")
        #expect(all.count > early.count)
    }
}
