import Foundation
import IABGPP
import IABTCF
import IABTCFStorage
import TCFJSON
import TestSupport
import Testing

/// Where TC strings and GPP strings meet in the tool, one dialect: routing by the GPP header,
/// `encode`'s order, typo and date rules, section defaults, `inapp --read`, `validate`'s day and
/// every command's help.
@Suite struct SeamsCommandTests {
    func run(_ arguments: [String], stdin: String? = nil) throws -> CommandLineTool.Output {
        try CommandLineTool.run(arguments, stdin: stdin)
    }

    // MARK: - A GPP string by its header

    /// `DBAA` (a header with no sections, as four peer libraries' vectors write it) decodes to no
    /// sections and comes back byte for byte through decode | encode and reencode.
    @Test func headerOnlyStringRoundTrips() throws {
        let decoded = try run(["decode", "DBAA"])
        #expect(decoded.status == 0, "\(decoded.stderr)")
        let json = try JSON(parsing: decoded.stdout)
        #expect(json["sectionIds"] == .ids([]))
        #expect(json["sections"] == .array([]))
        #expect(try run(["encode"], stdin: decoded.stdout).stdout == "DBAA\n")
        #expect(try run(["encode", #"{"sections": []}"#]).stdout == "DBAA\n")
        #expect(try run(["reencode", "DBAA"]).stdout == "DBAA\n")
        #expect(try run(["reencode", "--canonical", "DBAA"]).stdout == "DBAA\n")
        // Standard input takes the same road (the batch path).
        let lines = try run(["decode"], stdin: "DBAA\nDBAA\n")
        #expect(lines.status == 0)
        #expect(lines.stdout.split(separator: "\n").count == 2)
        #expect(try run(["validate", "DBAA"]).status == 0)
    }

    /// A header that lists a section the string lacks gets the GPP reader's section count error,
    /// not the TC reader's "version 3".
    @Test func headerListingMissingSectionsIsTheGPPError() throws {
        for text in ["DBABM", "DBACNY~1YNN"] {
            let output = try run(["decode", text])
            #expect(output.status == 1)
            #expect(output.stderr.contains("sectionCountMismatch"), "\(output.stderr)")
            #expect(!output.stderr.contains("version 3"), "\(output.stderr)")
        }
    }

    /// No TC string goes to the GPP reader: a TC string's first character is its Version (`C` for
    /// 2, `B` for 1), and TCF has no Version 3 (`D`). Seeded random TC strings all decode as TC.
    @Test func tcStringsAreNeverRoutedToGPP() throws {
        let strings = try run(["random", "--count", "40", "--seed", "55"]).stdout
        let decoded = try run(["decode"], stdin: strings)
        #expect(decoded.status == 0)
        let lines = decoded.stdout.split(separator: "\n")
        #expect(lines.count == 40)
        for line in lines {
            let json = try JSON(parsing: String(line))
            #expect(json["gppVersion"] == nil && json["cmpId"] != nil)
        }
        // A Version 1 TC string gets the TC reader's answer.
        #expect(try run(["decode", "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA"]).stderr.contains("[unsupportedVersion]"))
    }

    /// A bare US Privacy string gets a hint to decode it as section uspv1; the hint is right.
    @Test func usPrivacyStringGetsAHint() throws {
        let output = try run(["decode", "1YNN"])
        #expect(output.status == 1)
        #expect(output.stderr.contains("--section uspv1"), "\(output.stderr)")
        let section = try run(["decode", "--section", "uspv1", "1YNN"])
        #expect(section.status == 0)
        #expect(try JSON(parsing: section.stdout)["name"] == .string("uspv1"))
        for other in ["1YNNN", "CYNN", "1YNX"] {
            #expect(!(try run(["decode", other]).stderr.contains("uspv1")), "\(other)")
        }
    }

    // MARK: - encode: order, typos, dates

    /// TC and GPP encode take ids and sections in any order, repeated ids once, and write the
    /// canonical order.
    @Test func encodeTakesAnyOrder() throws {
        let tcSorted = try run(["encode", #"{"cmpId": 10, "vendorListVersion": 5, "vendorConsents": [1, 3, 9]}"#])
        let tcAnyOrder = try run(["encode", #"{"cmpId": 10, "vendorListVersion": 5, "vendorConsents": [9, 3, 3, 1]}"#])
        #expect(tcSorted.status == 0 && tcAnyOrder.stdout == tcSorted.stdout)

        let sorted = #"""
            {"sections": [{"name": "tcfcav1", "fields": {"created": "2026-01-01", "vendorExpressConsent": [1, 3, 9],
              "pubRestrictions": [{"key": 2, "type": 1, "ids": [4, 7]}]}},
              {"name": "usnat", "fields": {}}, {"name": "usca", "fields": {}}]}
            """#
        let anyOrder = #"""
            {"sections": [{"name": "usca", "fields": {}}, {"name": "usnat", "fields": {}},
              {"name": "tcfcav1", "fields": {"created": "2026-01-01", "vendorExpressConsent": [9, 1, 3, 3],
              "pubRestrictions": [{"key": 2, "type": 1, "ids": [7, 4, 7]}]}}]}
            """#
        let expected = try run(["encode", sorted])
        #expect(expected.status == 0, "\(expected.stderr)")
        #expect(expected.stdout.hasPrefix("DBAC"))
        let given = try run(["encode", anyOrder])
        #expect(given.status == 0, "\(given.stderr)")
        #expect(given.stdout == expected.stdout)
        let section = try run(["encode", "--section", "tcfcav1", #"{"fields": {"vendorImpliedConsent": [5, 2, 2]}}"#])
        #expect(
            section.stdout
                == (try run(["encode", "--section", "tcfcav1", #"{"fields": {"vendorImpliedConsent": [2, 5]}}"#]))
                .stdout
        )
        // A section given twice cannot be written once: refused, naming it.
        let twice = try run(["encode", #"{"sections": [{"name": "usca", "fields": {}}, {"id": 8, "fields": {}}]}"#])
        #expect(twice.status == 1 && twice.stderr.contains("section 8 (usca)"), "\(twice.stderr)")
    }

    /// An unknown key gets the nearest known key, in one wording, in TC and GPP encode.
    @Test func unknownKeysGetDidYouMean() throws {
        let cases: [([String], String, String)] = [
            (
                ["encode", #"{"cmpId": 10, "vendorListVersion": 5, "purposeConsent": [1]}"#], "purposeConsent",
                "purposeConsents"
            ),
            (
                ["encode", #"{"sections": [{"name": "usnat", "fields": {"saleOptOutt": 1}}]}"#], "saleOptOutt",
                "saleOptOut"
            ),
            (["encode", #"{"sections": [{"nmae": "usnat", "fields": {}}]}"#], "nmae", "name"),
            (["encode", "--section", "usnat", #"{"fields": {"gpcc": true}}"#], "gpcc", "gpc"),
            (["encode", "--section", "tcfcav1", #"{"fields": {"cmpID": 5}}"#], "cmpID", "cmpId"),
        ]
        for (arguments, typed, known) in cases {
            let output = try run(arguments)
            #expect(output.status == 1)
            #expect(
                output.stderr.contains(#"unknown key "\#(typed)" (did you mean "\#(known)"?)"#)
                    && output.stderr.contains("[unknownKey]"),
                "\(output.stderr)"
            )
        }
    }

    /// Left-out dates are today at 00:00 UTC in both: a TC string's Created, TCF Canada's Created
    /// and LastUpdated (and LastUpdated is Created when only Created is given, in both).
    @Test func defaultDatesAreTheSameInBoth() throws {
        /// The decode of what `encode` prints for `arguments` (`section`: decoded as that section).
        func encoded(_ arguments: [String], section: String? = nil) throws -> JSON {
            let text = try run(["encode"] + arguments).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            return try JSON(parsing: try run(["decode"] + (section.map { ["--section", $0] } ?? []) + [text]).stdout)
        }
        let tc = [#"{"cmpId": 10, "vendorListVersion": 5}"#]
        let before = try encoded(tc)["created"]
        let fields = try encoded(["--section", "tcfcav1", #"{"fields": {}}"#], section: "tcfcav1")["fields"]
        let after = try encoded(tc)["created"]
        // Read between two TC encodes, so a run across midnight still compares one day.
        #expect(fields?["created"] == before || fields?["created"] == after, "\(String(describing: fields))")
        #expect(fields?["lastUpdated"] == fields?["created"])
        if case .string(let text)? = before { #expect(text.hasSuffix("T00:00:00.000Z")) }
        // LastUpdated follows a given Created, as a TC string's does.
        let read = try encoded(
            ["--section", "tcfcav1", #"{"fields": {"created": "2026-03-01"}}"#],
            section: "tcfcav1"
        )["fields"]
        #expect(read?["lastUpdated"] == .string("2026-03-01T00:00:00.000Z"))
        let tcGiven = try encoded([#"{"cmpId": 10, "vendorListVersion": 5, "created": "2026-03-01"}"#])
        #expect(tcGiven["lastUpdated"] == .string("2026-03-01T00:00:00.000Z"))
    }

    // MARK: - Defaults pass validate

    /// Every section the tables name (not a list of ids), encoded from its defaults alone, makes a
    /// GPP string that validate finds nothing in (tcfeuv2 with the two keys it requires).
    @Test(arguments: (1...64).compactMap { GPPSection.name(of: $0) })
    func everySectionsDefaultsPassValidate(_ name: String) throws {
        let fields = name == "tcfeuv2" ? #"{"cmpId": 10, "vendorListVersion": 5}"# : "{}"
        let encoded = try run(["encode", #"{"sections": [{"name": "\#(name)", "fields": \#(fields)}]}"#])
        #expect(encoded.status == 0, "\(name): \(encoded.stderr)")
        let text = encoded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let validated = try run(["validate", text])
        #expect(validated.status == 0, "\(name): \(validated.stdout)")
        #expect(validated.stdout == "valid: no policy findings\n", "\(name)")
        // And the bare section from encode --section, wrapped in its header, is the same string.
        let section = try run(["encode", "--section", name, #"{"fields": \#(fields)}"#]).stdout
        #expect(text.hasSuffix("~" + section.trimmingCharacters(in: .whitespacesAndNewlines)), "\(name)")
    }

    // MARK: - inapp --read reads what the library reads

    /// `inapp --read` reads every value the library's store reads (`InAppValue(propertyListValue:)`
    /// over what a property list holds): `IABTCF_gdprApplies` as 1, 1.0, true, "1", 0.0 and more.
    @Test(arguments: [
        "1", "1.0", "0", "0.0", "true", "false", #""1""#, #""0""#, #""true""#, "2", "1.5", #""yes""#, "-1",
    ])
    func inAppReadReadsWhatTheLibraryReads(_ value: String) throws {
        let json = #"{"IABTCF_gdprApplies": \#(value)}"#
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inapp-\(UUID()).json")
        try Data(json.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try run(["inapp", "--read", file.path, "--today", "2026-12-01"])
        #expect(output.status == 0, "\(output.stderr)")
        let read = try JSON(parsing: output.stdout)["storedConsent"]?["gdprApplies"]
        // The library: the value as UserDefaults holds it, read by IABTCFStorage.
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        let keys = object.compactMapValues(InAppValue.init(propertyListValue:))
        let expected = InAppConsent(keys: keys).gdprApplies.map(JSON.bool) ?? .null
        #expect(read == expected, "\(value)")
        if value == "1.0" { #expect(read == .bool(true)) }
    }

    // MARK: - validate's day

    /// Without --today, validate checks the dates against today's UTC day, as ads does.
    @Test func validateChecksDatesAgainstToday() throws {
        let future = try run(["encode", #"{"cmpId": 10, "vendorListVersion": 5, "created": "2099-01-01"}"#]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let today = try run(["validate", future])
        #expect(today.status == 1)
        #expect(today.stdout.contains("tcf.dateInFuture"), "\(today.stdout)")
        #expect(try run(["validate", "--today", "2099-01-01", future]).status == 0)
        let ads = try run(["ads", future])
        #expect(ads.stdout.contains("futureDated"))
        // The same string inside a GPP string.
        let gpp = try run([
            "encode",
            #"{"sections": [{"name": "tcfeuv2", "fields": {"cmpId": 10, "vendorListVersion": 5, "created": "2099-01-01"}}]}"#,
        ]).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try run(["validate", gpp]).stdout.contains("tcf.dateInFuture"))
    }

    // MARK: - Help

    /// Every command `tcstring help` lists (one list, ``OptionDeclarationTests/commands``).
    static let commands = OptionDeclarationTests.commands

    /// Every help fits 100 columns and its option descriptions (and the input note) fill each line:
    /// a line never ends where the next line's first word would still fit (a phrase cut mid-way).
    @Test(arguments: commands) func helpWrapsAtWordBoundaries(_ command: String) throws {
        let lines = try run([command, "--help"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines { #expect(line.count <= 100, "\(command): \(line)") }
        let row = /^(  -\S*(?: [A-Z]\S*)?|      [a-z][A-Za-z]+)( {2,})\S/
        // The description column of the row (or the note) the lines continue, and the line before.
        var column: Int?
        var previous: Substring?
        var checked = 0
        for line in lines {
            let indent = line.prefix { $0 == " " }.count
            if let start = line.prefixMatch(of: row) {
                (column, previous) = (start.output.1.count + start.output.2.count, line)
            } else if line.hasPrefix("  STRING may be") {
                (column, previous) = (2, line)
            } else if let column, let last = previous, indent == column, line.count > indent {
                let word = line.dropFirst(indent).prefix { $0 != " " }
                #expect(last.count + 1 + word.count > 100, "\(command): a line ends early:\n\(last)\n\(line)")
                previous = line
                checked += 1
            } else {
                (column, previous) = (nil, nil)
            }
        }
        // The two helps that wrapped mid-phrase have continuation lines to check.
        if command == "encode" || command == "reencode" { #expect(checked > 0) }
    }

    /// Every help says what the command does with a GPP string; ads and inapp do not claim to use
    /// its TCF EU v2 section (ads answers tcfOnlyInGPP; inapp reads every section).
    @Test(arguments: commands) func helpSaysWhatItDoesWithAGPPString(_ command: String) throws {
        let help = try run([command, "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("GPP string"), "\(command)")
        if command == "ads" || command == "inapp" {
            #expect(!help.contains("its TCF EU v2 section is used"), "\(command)")
        }
        if command == "ads" { #expect(help.contains("tcfOnlyInGPP")) }
    }
}
