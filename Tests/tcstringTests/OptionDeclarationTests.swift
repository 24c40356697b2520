import Foundation
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// What `tcstring help COMMAND` lists and what the command's parser accepts are the same options,
/// and a command line mistake is one line that says where the help is.
@Suite struct OptionDeclarationTests {
    /// Every command, as `tcstring help` lists them (two spaces, the name, two or more spaces).
    static let commands: [String] = {
        let help = (try? CommandLineTool.run(["help"]).stdout) ?? ""
        return help.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            let name = line.dropFirst(2).prefix { $0 != " " }
            // Names are letters and hyphens (`consent-mode`, `webview-js`).
            let isName = !name.isEmpty && name.allSatisfy { $0.isLetter || $0 == "-" }
            return isName ? String(name) : nil
        }
    }()

    /// The options a help text names: `--name` words.
    static func options(inHelp help: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9-])--[a-z][a-z0-9-]+")
        let range = NSRange(help.startIndex..., in: help)
        var names: [String] = []
        for match in pattern.matches(in: help, range: range) {
            let name = String(help[Range(match.range, in: help)!])
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    @Test func everyCommandIsListed() {
        #expect(Self.commands.count == 16, "\(Self.commands)")
    }

    /// Each option `tcstring help COMMAND` names, the command's parser knows: given alone (with or
    /// without its value) it is never an unknown option.
    @Test(arguments: commands)
    func everyOptionInTheHelpIsAccepted(_ command: String) throws {
        let help = try CommandLineTool.run(["help", command])
        #expect(help.status == 0)
        let names = Self.options(inHelp: help.stdout)
        #expect(!names.isEmpty)
        for name in names {
            let result = try CommandLineTool.run([command, name], stdin: "")
            #expect(!result.stderr.contains("unknown option"), "\(command) \(name): \(result.stderr)")
        }
    }

    /// A misspelt command or option gets the nearest one; a far-off one gets none.
    @Test func misspellingsGetASuggestion() throws {
        #expect(
            try CommandLineTool.run(["decod"]).stderr
                == "tcstring: unknown command decod (did you mean decode?); see `tcstring help`\n"
        )
        #expect(
            try CommandLineTool.run(["decode", "--prety", "x"]).stderr
                == "tcstring: decode: unknown option --prety (did you mean --pretty?); see `tcstring help decode`\n"
        )
        #expect(
            try CommandLineTool.run(["att", "--staus", "denied"]).stderr
                == "tcstring: att: unknown option --staus (did you mean --status?); see `tcstring help att`\n"
        )
        #expect(
            try CommandLineTool.run(["decode", "--zzzzzzzz", "x"]).stderr
                == "tcstring: decode: unknown option --zzzzzzzz; see `tcstring help decode`\n"
        )
    }

    /// An option that takes a value is given once; two choices conflict.
    @Test func repeatedAndConflictingOptionsAreRefused() throws {
        let gvl = Fixtures.directory.appendingPathComponent("gvl/vendor-list-v17-spec3.json").path
        let twice = try CommandLineTool.run(["encode", "--gvl", gvl, "--accept-all", "--cmp-id", "5", "--cmp-id", "6"])
        #expect(twice.status == 2)
        #expect(
            twice.stderr
                == "tcstring: encode: --cmp-id is given twice (it takes one value); see `tcstring help encode`\n"
        )
        let both = try CommandLineTool.run(["encode", "--gvl", gvl, "--accept-all", "--reject-all", "--cmp-id", "5"])
        #expect(both.status == 2)
        #expect(
            both.stderr
                == "tcstring: encode: --accept-all and --reject-all conflict: give one choice; see `tcstring help encode`\n"
        )
        let jobs = try CommandLineTool.run(["decode", "--jobs", "1", "--jobs=2"], stdin: "")
        #expect(jobs.status == 2 && jobs.stderr.hasPrefix("tcstring: decode: --jobs is given twice"))
    }
}

/// Options that several commands take mean the same in each.
@Suite struct SharedOptionTests {
    static let s =
        "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"
    static let v17 = Fixtures.directory.appendingPathComponent("gvl/vendor-list-v17-spec3.json").path

    /// `att --tc-string` takes a GPP string as `ads` does: the same decision, the rejection applied
    /// to its TCF EU v2 section, the header kept.
    @Test func attTakesAGPPString() throws {
        let flow = ["att", "--flow", "consentmanager", "--status", "denied", "--today", "2026-11-27", "--tc-string"]
        let tc = try CommandLineTool.run(flow + [Self.s])
        let gpp = try CommandLineTool.run(flow + ["DBABM~" + Self.s])
        #expect(tc.status == 0 && gpp.status == 0, "\(gpp.stderr)")
        let tcJSON = try JSON(parsing: tc.stdout)
        let gppJSON = try JSON(parsing: gpp.stdout)
        guard case .string(let rejected)? = tcJSON["tcString"] else {
            Issue.record("no tcString")
            return
        }
        #expect(rejected != Self.s)
        #expect(gppJSON["tcString"] == .string("DBABM~" + rejected))
        #expect(gppJSON["rejectPurposes"] == tcJSON["rejectPurposes"])
    }

    /// `--pretty` on ads and renew indents the same object.
    @Test func prettyIndentsTheSameObject() throws {
        for command in [["ads", "--today", "2026-11-27"], ["renew", "--gvl", Self.v17, "--today", "2026-11-27"]] {
            let compact = try CommandLineTool.run(command + [Self.s])
            let pretty = try CommandLineTool.run(command + ["--pretty", Self.s])
            #expect(pretty.stdout.contains("\n  \""), "\(command)")
            #expect(try JSON(parsing: pretty.stdout) == JSON(parsing: compact.stdout), "\(command)")
        }
    }

    /// A string pasted with its URL parameter name or its quotes gets a hint.
    @Test func pasteMistakesGetAHint() throws {
        let parameter = try CommandLineTool.run(["decode", "gdpr_consent=" + Self.s])
        #expect(parameter.status == 1)
        #expect(parameter.stderr.hasSuffix("(hint: give the value after gdpr_consent=, not the parameter)\n"))
        let quoted = try CommandLineTool.run(["decode", "-"], stdin: "\"" + Self.s + "\"\n")
        #expect(quoted.stderr.hasSuffix("(hint: give the string without its quotes)\n"), "\(quoted.stderr)")
        let plain = try CommandLineTool.run(["decode", "C!"])
        #expect(!plain.stderr.contains("hint"))
    }
}
