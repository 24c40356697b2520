import Foundation
import IABTCF
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line's edges: usage mistakes are status 2, every error object has one shape and
/// 1-based positions, `encode` says what is wrong with its input and where, `reencode` gives GPP
/// strings back whole, `permissions` names what the vendor list lacks, and an over-long line on
/// standard input is refused while it is read.
@Suite struct CommandLineEdgeTests {
    static let s = CommandLineTests.s
    /// A TC string to wrap in GPP strings (the TCF EU v2 section of the codec's `GPPTests`).
    static let tcfSection = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    static let v17 = PermissionsCommandTests.v17
    static let model = #"{"cmpId": 300, "vendorListVersion": 17, "created": "2026-03-01"}"#

    func run(_ arguments: [String], stdin: String? = nil) throws -> CommandLineTool.Output {
        try CommandLineTool.run(arguments, stdin: stdin)
    }

    /// The keys of the error object `decode` writes for a line that does not decode.
    static func errorKeys(_ line: some StringProtocol) throws -> [String] {
        guard case .object(let members)? = try JSON(parsing: String(line))["error"] else { return [] }
        return members.map(\.0)
    }

    @Test func helpForAnUnknownCommandIsAUsageError() throws {
        let result = try run(["help", "nosuch"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "tcstring: unknown command nosuch; see `tcstring help`\n")
        #expect(try run(["nosuch"]).stderr == "tcstring: unknown command nosuch; see `tcstring help`\n")
        #expect(try run(["help", "help"]).stdout == run(["--help"]).stdout)
    }

    /// A value a closure refuses is a usage error even where the option's variable is optional
    /// (`Arguments.value(of:_:_:)` has an overload for those).
    @Test(arguments: [
        ["decode", "--jobs", "0"], ["decode", "--jobs", "-1"], ["decode", "--jobs=-1"], ["decode", "-j", "0"],
        ["decode", "--jobs", "many"], ["inapp", "--gdpr-applies", "maybe", s],
        ["renew", "--today", "2026-13-99", "--gvl", v17, s], ["renew", "--vendors", "5-1", "--gvl", v17, s],
        ["encode", "--gvl", v17, "--date", "nope", "--accept-all", "--cmp-id", "300"],
        ["encode", "--gvl", v17, "--vendors", "x", "--accept-all", "--cmp-id", "300"],
    ])
    func refusedOptionValuesAreUsageErrors(_ arguments: [String]) throws {
        let result = try run(arguments, stdin: Self.s + "\n")
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("tcstring: \(arguments[0]): --"))
        #expect(result.stderr.contains(" takes "))
    }

    @Test func additionalConsentErrorsAreOneBasedAndShapedLikeDecodes() throws {
        let one = try run(["ac", "1~1.x"])
        #expect(one.status == 1)
        #expect(
            one.stderr
                == "tcstring: a provider id is not a positive decimal integer (character 5) [invalidProviderId]\n"
        )
        let empty = try run(["ac", ""])
        #expect(empty.status == 1)
        #expect(empty.stderr == "tcstring: the string is empty (character 1) [emptyString]\n")

        let stream = try run(["ac"], stdin: "1~1.x\n2~1~dv.3\n~\n")
        #expect(stream.status == 1)
        let lines = stream.stdout.split(separator: "\n")
        #expect(lines.count == 3)
        let decodeError = try run(["decode", "-"], stdin: "garbage!\n").stdout
        #expect(try Self.errorKeys(lines[0]) == Self.errorKeys(decodeError))
        let error = try JSON(parsing: String(lines[0]))["error"]
        #expect(error?["code"] == .string("invalidProviderId"))
        #expect(error?["position"] == .int(5))
        #expect(
            error?["message"]
                == .string("a provider id is not a positive decimal integer (character 5) [invalidProviderId]")
        )
        #expect(try JSON(parsing: String(lines[1]))["consentedProviders"] == .ids([1]))
        #expect(try JSON(parsing: String(lines[2]))["error"]?["position"] == .int(1))
    }

    /// A fraction or an exponent names the key path, as every other error of `encode` does.
    @Test(arguments: [
        (#"{"cmpId": 7.0, "vendorListVersion": 1}"#, "cmpId: expected an integer"),
        (#"{"cmpId": 7, "vendorListVersion": 1e3}"#, "vendorListVersion: expected an integer"),
        (#"{"cmpId": 7, "vendorListVersion": 1, "vendorConsents": [2, 1.5]}"#, "vendorConsents[1]: expected"),
        (
            #"{"cmpId": 7, "vendorListVersion": 1, "publisherRestrictions": [{"purposeId": 2E1, "restrictionType": 0}]}"#,
            "publisherRestrictions[0].purposeId: expected an integer"
        ),
    ])
    func encodeNamesTheKeyOfANumberThatIsNotAnInteger(_ model: String, _ expected: String) throws {
        let result = try run(["encode", "-"], stdin: model)
        #expect(result.status == 1)
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.hasSuffix("[invalidNumber]\n"))
    }

    @Test func encodeSaysWhyAFileCannotBeRead() throws {
        let directory = try run(["encode", FileManager.default.temporaryDirectory.path])
        #expect(directory.status == 1)
        #expect(
            directory.stderr == "tcstring: \(FileManager.default.temporaryDirectory.path) is a directory, not a file\n"
        )
        let missing = try run(["encode", "/nonexistent/model.json"])
        #expect(missing.status == 1)
        #expect(
            missing.stderr == "tcstring: cannot read /nonexistent/model.json: \(String(cString: strerror(ENOENT)))\n"
        )
    }

    @Test func encodeTakesJSONAsTheArgument() throws {
        let fromInput = try run(["encode", "-"], stdin: Self.model)
        #expect(fromInput.status == 0)
        #expect(!fromInput.stdout.isEmpty)
        #expect(try run(["encode", Self.model]).stdout == fromInput.stdout)
        #expect(try run(["encode", "  " + Self.model]).stdout == fromInput.stdout)
        let broken = try run(["encode", #"{"cmpId": 300"#])
        #expect(broken.status == 1)
        #expect(broken.stderr.hasPrefix("tcstring: invalid JSON: "))
    }

    @Test func encodingTooLongNamesTheCommandLineOption() throws {
        let result = try run(["encode", "--max-length", "20", Self.model])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "tcstring: --max-length: the encoding would be longer than the maximum of 20 characters,"
                + " by default the most decoding accepts [encodingTooLong]\n"
        )
    }

    @Test func reencodeGivesAGPPStringBackWhole() throws {
        let strings = [
            "DBACNY~" + Self.tcfSection + "~1YNN", "DBABMA~" + Self.s,
            "DBABrG~BVQqAAAAAg~BkloWWhg.QA~BWhCgaU~BqmkgaA.YA~BQCmRSU~BQKRmiEg.Q", CommandLineTests.gpp,
        ]
        for text in strings {
            let result = try run(["reencode", text])
            #expect(result.status == 0, "\(text)")
            #expect(result.stdout == text + "\n")
        }
        let stream = try run(["reencode", "-"], stdin: strings.joined(separator: "\n") + "\nDBABM~x\n")
        #expect(stream.status == 1)
        #expect(stream.stdout == strings.joined(separator: "\n") + "\n\n")
        // A string IABGPP refuses (section 5 "x") is not written back.
        let refused = try run(["reencode", "DBABjw~x~y"])
        #expect(refused.status == 1 && refused.stdout.isEmpty)
    }

    /// An id list with an id outside what the option takes names that id (and the option).
    @Test func anIDOutsideItsRangeIsNamed() throws {
        let encode = try run(["encode", "--gvl", Self.v17, "--accept-all", "--cmp-id", "5", "--vendors", "1,99999"])
        #expect(encode.status == 2)
        #expect(
            encode.stderr.hasPrefix(
                "tcstring: encode: --vendors takes ids 1-65535, not 99999; see `tcstring help encode`\n"
            )
        )
        let renew = try run(["renew", "--gvl", Self.v17, "--vendors", "0-3", Self.s])
        #expect(renew.status == 2)
        #expect(
            renew.stderr.hasPrefix("tcstring: renew: --vendors takes ids 1-65535, not 0; see `tcstring help renew`\n")
        )
        let malformed = try run(["renew", "--gvl", Self.v17, "--vendors", "1,,2", Self.s])
        #expect(
            malformed.stderr.hasPrefix(
                "tcstring: renew: --vendors takes ids such as 1,5-9; see `tcstring help renew`\n"
            )
        )
    }

    /// `--max-length` means the same for renew and ads as for decode: a longer string is refused.
    @Test func renewAndAdsTakeMaxLength() throws {
        for command in [["renew", "--gvl", Self.v17], ["ads"]] {
            let help = try run([command[0], "--help"])
            #expect(help.stdout.contains("--max-length N"))
            let refused = try run(command + ["--max-length", "9", Self.s])
            #expect(refused.status == 1 && refused.stderr.contains("[inputTooLong]"), "\(refused.stderr)")
            #expect(try run(command + ["--max-length", "999", Self.s]).status == 0)
        }
    }

    /// A file that cannot be read is reported one way by every command that reads one.
    @Test(arguments: [
        ["encode", "/nonexistent"], ["decode", "--gvl", "/nonexistent", "x"], ["bench", "/nonexistent"],
        ["encode", "--gvl", "/nonexistent", "--accept-all", "--cmp-id", "5"],
        ["encode", "--gvl", PermissionsCommandTests.v17, "--choice", "/nonexistent", "--cmp-id", "5"],
    ])
    func anUnreadableFileIsReportedOneWay(_ arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr == "tcstring: cannot read /nonexistent: No such file or directory\n")
    }

    @Test func permissionsNamesAVendorTheListDoesNotHold() throws {
        let single = try run(["permissions", "--gvl", Self.v17, "--vendor", "755,99999", "--purpose", "1", Self.s])
        #expect(single.status == 1)
        let lines = single.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(try JSON(parsing: String(lines[0]))["vendorId"] == .int(755))
        let error = try JSON(parsing: String(lines[1]))["error"]
        #expect(
            try Self.errorKeys(lines[1]) == [
                "code", "segment", "bitOffset", "field", "value", "message", "position", "gppSection",
            ]
        )
        #expect(error?["code"] == .string("vendorNotInList"))
        #expect(error?["value"] == .int(99999))
        #expect(error?["message"] == .string("vendor 99999 is not in vendor list 17 [vendorNotInList]"))
        #expect(single.stderr == "tcstring: vendor 99999 is not in vendor list 17 [vendorNotInList]\n")

        let stream = try run(["permissions", "--gvl", Self.v17, "--vendor", "99999", "-"], stdin: Self.s + "\n")
        #expect(stream.status == 1)
        guard case .array(let vendors)? = try JSON(parsing: stream.stdout)["vendors"] else {
            Issue.record("no vendors in \(stream.stdout)")
            return
        }
        #expect(vendors.count == 1 && vendors[0]["error"]?["value"] == .int(99999))

        // A range takes the vendors the list holds, without an error for the others.
        let range = try run(["permissions", "--gvl", Self.v17, "--vendor", "755-760,1-3", Self.s])
        #expect(range.status == 0)
        let ids = try range.stdout.split(separator: "\n").map { try JSON(parsing: String($0))["vendorId"] }
        #expect(
            ids
                == GVLFixtures.v17.vendorIds.filter { (1...3).contains($0) || (755...760).contains($0) }.map {
                    .int($0)
                }
        )
    }

    @Test func permissionsRefusesAPurposeTheListDoesNotDefine() throws {
        let result = try run(["permissions", "--purpose", "1,30", "--gvl", Self.v17, Self.s])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr.hasPrefix(
                "tcstring: permissions: purpose 30 is not defined by vendor list 17; see `tcstring help permissions`\n"
            )
        )
    }

    /// A line of a few megabytes between two strings: refused on its own output line, the lines
    /// around it (one with megabytes of trailing spaces) decoded, whatever the command and the
    /// number of jobs.
    @Test(arguments: [
        ["decode", "--jobs", "1"], ["decode", "--jobs", "2"], ["decode", "--gvl", v17], ["reencode"], ["inapp"],
        ["validate", "--json"], ["ac"],
    ])
    func anOverLongLineIsRefusedAndReadingGoesOn(_ command: [String]) throws {
        let item = command == ["ac"] ? "2~1.35~dv.2" : Self.s
        let long = String(repeating: "A", count: 3 << 20)
        let padded = "  " + item + String(repeating: " ", count: 2 << 20)
        let result = try run(command + ["-"], stdin: [item, long, padded, item].joined(separator: "\n"))
        #expect(result.status == 1)
        let single = try run(command + [item])
        #expect(single.status == 0)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 4)
        #expect(lines.map { $0 + "\n" } == [single.stdout, lines[1] + "\n", single.stdout, single.stdout])
        #expect(
            result.stderr == "tcstring: line 2: the input is longer than the maximum of 131072 bytes [inputTooLong]\n"
        )
        // reencode keeps one output line per input line with an empty one.
        if command == ["reencode"] {
            #expect(lines[1].isEmpty)
        } else {
            #expect(try JSON(parsing: String(lines[1]))["error"]?["code"] == .string("inputTooLong"))
        }
    }

    /// A line far longer than the limit is refused for its length, and a line within the limit
    /// once trimmed is kept whole, whatever the lines around them.
    @Test func theReaderKeepsOneBlockWhateverTheLineLength() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tcstring-long-\(UUID()).txt").path
        defer { unlink(path) }
        let lines = [
            Self.s, String(repeating: "x", count: 5 << 20), "   " + String(repeating: "y", count: 1000) + "   ",
            Self.s,
        ]
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        let result = try CommandLineTool.shell(
            "\(CommandLineTool.executable.path) decode --max-length 1000 - < \(path) 2>&1 >/dev/null; echo status $?"
        )
        let messages = result.split(separator: "\n").map(String.init)
        #expect(messages.count == 3, "\(messages)")
        // The refused line is its first limit + 1 bytes, which decoding refuses for its length.
        #expect(
            messages.first?.hasPrefix("tcstring: line 2: ") == true && messages.first?.contains("inputTooLong") == true
        )
        // The line within the limit once trimmed is decoded (and fails as the letters it holds).
        #expect(messages.dropFirst().first?.hasPrefix("tcstring: line 3: ") == true)
        #expect(messages.dropFirst().first?.contains("inputTooLong") == false)
        #expect(messages.last == "status 1")
    }

    @Test func helpSaysTheCommandLineTrimsAndTheLibraryDoesNot() throws {
        #expect(try run(["--help"]).stdout.contains("trimmed of ASCII spaces, tabs and carriage returns"))
        for command in CommandLineTests.reading {
            let help = try run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            #expect(help.contains("(the library takes strings exactly as given)"))
        }
        #expect(try run(["decode", "  " + Self.s + " \t"]).status == 0)
        #expect(throws: TCStringError.self) { try TCString(encoded: " " + Self.s) }
    }

    /// In the tool's usage and each reading command's (and both modes of encode), the descriptions of
    /// the rows start in one column.
    @Test(arguments: ["--help"] + CommandLineTests.reading + ["permissions", "encode"])
    func usageColumnsAlign(_ command: String) throws {
        let usage = try run(command == "--help" ? ["--help"] : [command, "--help"]).stdout
        let rows = usage.split(separator: "\n").filter {
            command == "--help" ? $0.hasPrefix("  ") && !$0.hasPrefix("   ") : $0.hasPrefix("  --")
        }
        #expect(rows.count >= 2)
        // The description starts after the name and the two or more spaces that follow it.
        let columns = Set(
            rows.map { row in
                let gap = row.dropFirst(2).range(of: "  ")!.lowerBound
                return row.count - row[gap...].drop { $0 == " " }.count
            }
        )
        #expect(columns.count == 1, "\(rows)")
        // Continuation lines of an option's description start in that column too.
        guard let column = columns.first, command != "--help" else { return }
        var inOption = false
        for line in usage.split(separator: "\n") {
            if line.hasPrefix("  --") {
                inOption = true
            } else if inOption && line.hasPrefix("   ") {
                #expect(line.prefix { $0 == " " }.count == column, "\(line)")
            } else {
                inOption = false
            }
        }
    }
}
