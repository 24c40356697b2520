import Foundation
import IABGPP
import TCFJSON
import TestSupport
import Testing

/// `tcstring activities`: the issue's contract, through the built executable.
@Suite struct ActivitiesCommandTests {
    static let names = ["syncUser", "enrichEids", "enrichUfpd", "transmitEids", "transmitUfpd", "transmitPreciseGeo"]

    static func run(_ arguments: [String], stdin: String? = nil) throws -> (status: Int32, lines: [JSON]) {
        let output = try CommandLineTool.run(["activities"] + arguments, stdin: stdin)
        let lines = output.stdout.split(separator: "\n").compactMap { try? JSON(parsing: String($0)) }
        return (output.status, lines)
    }

    static func member(_ json: JSON?, _ key: String) -> JSON? {
        guard case .object(let members) = json else { return nil }
        return members.first { $0.0 == key }?.1
    }

    static func activities(_ allowed: Set<String>) -> JSON {
        .object(names.map { ($0, .bool(allowed.contains($0))) })
    }

    /// A US National string: every notice given, no opt-out but `fields`.
    static func usnat(_ fields: [String: GPPValue] = [:]) throws -> String {
        var section = try #require(USSection(id: 7))
        for field in section.coreFields where field.name.hasSuffix("Notice") { section[field.name] = .int(1) }
        for field in ["SaleOptOut", "SharingOptOut", "TargetedAdvertisingOptOut", "MspaCoveredTransaction"] {
            section[field] = .int(2)
        }
        section["MspaServiceProviderMode"] = .int(2)
        for (name, value) in fields { section[name] = value }
        return try GPPString(sections: [.us(section)]).encoded()
    }

    /// The exact keys and shape: `{"activities", "reasons", "sections"}`, exit 0.
    @Test func theContract() throws {
        let clean = try Self.run([try Self.usnat()])
        #expect(clean.status == 0)
        let expected = JSON.object([
            ("activities", Self.activities(Set(Self.names))), ("reasons", .array([])),
            ("sections", .array([.object([("id", .int(7)), ("name", .string("usnat")), ("denied", .array([]))])])),
        ])
        #expect(clean.lines == [expected])
        // The issue's first example: three opt-outs with California in force but absent.
        let optedOut = "DBABLA~BVQVAAAAAWA.QA"
        let missing = try Self.run(["--gpp-sid", "8", optedOut])
        #expect(missing.status == 0)
        #expect(Self.member(missing.lines.first, "activities") == Self.activities([]))
        let reasons = Self.member(missing.lines.first, "reasons")
        #expect(
            reasons
                == .array([
                    .object([
                        ("reason", .string("sectionMissing")), ("sectionId", .int(8)), ("section", .string("usca")),
                    ]),
                    .object([("reason", .string("notInForce")), ("sectionId", .int(7)), ("section", .string("usnat"))]),
                ])
        )
        // Without --gpp-sid the usnat section decides: opt-outs deny all but precise geolocation.
        let decided = try Self.run([optedOut])
        #expect(Self.member(decided.lines.first, "activities") == Self.activities(["transmitPreciseGeo"]))
    }

    /// A known child without consent, service provider mode, a missing notice: each denies, with
    /// the rule in the reasons.
    @Test func childrenModesAndNotices() throws {
        let cases: [([String: GPPValue], String, Set<String>)] = [
            (["KnownChildSensitiveDataConsents": .list([1, 0, 0])], "KnownChildSensitiveDataConsents[1]=1", []),
            (["MspaServiceProviderMode": .int(1)], "MspaServiceProviderMode=1", []),
            (["SaleOptOutNotice": .int(2)], "SaleOptOutNotice=2", ["transmitPreciseGeo"]),
        ]
        for (fields, rule, allowed) in cases {
            let answer = try Self.run([try Self.usnat(fields)])
            #expect(answer.status == 0)
            #expect(Self.member(answer.lines.first, "activities") == Self.activities(allowed), "\(rule)")
            guard case .array(let reasons) = Self.member(answer.lines.first, "reasons") else {
                Issue.record("no reasons")
                continue
            }
            #expect(reasons.map { Self.member($0, "rule") } == [.string(rule)])
        }
    }

    /// `--usnat`: every US National field present, null where the state has none.
    @Test func usnatFields() throws {
        var california = try #require(USSection(id: 8))
        california["SaleOptOut"] = .int(1)
        let text = try GPPString(sections: [.us(california)]).encoded()
        let answer = try Self.run(["--usnat", text])
        let usnat = Self.member(answer.lines.first, "usnat")
        guard case .object(let members) = usnat else {
            Issue.record("no usnat object")
            return
        }
        let keys = ["version"] + (USSectionDefinition.all[7]?.cores[1] ?? []).map(\.key) + ["gpc"]
        #expect(members.map(\.0) == keys)
        #expect(Self.member(usnat, "saleOptOut") == .int(1))
        #expect(Self.member(usnat, "sharingNotice") == .null)
        #expect(Self.member(usnat, "gpc") == .null)
        guard case .array(let sensitive) = Self.member(usnat, "sensitiveDataProcessing") else {
            Issue.record("no list")
            return
        }
        #expect(sensitive.count == 12 && sensitive[4] == .null && sensitive[10] == .null)
        // Without --usnat there is no such key; with it and nothing read, null.
        #expect(Self.member(try Self.run([text]).lines.first, "usnat") == nil)
        #expect(Self.member(try Self.run(["--usnat", "--gpp-sid", "9", text]).lines.first, "usnat") == .null)
    }

    /// `-` reads one string per line, on several jobs, in input order; `--pretty` indents; a US
    /// section that does not decode fails safe (every activity denied) and exits 1.
    @Test func linesJobsPrettyAndFailures() throws {
        let strings = try (0..<200).map { index in
            try Self.usnat(index % 2 == 0 ? [:] : ["SaleOptOut": .int(1)])
        }
        let batch = try Self.run(["--jobs", "3", "-"], stdin: strings.joined(separator: "\n") + "\n")
        #expect(batch.status == 0 && batch.lines.count == 200)
        for (index, line) in batch.lines.enumerated() {
            let expected = index % 2 == 0 ? Set(Self.names) : ["transmitPreciseGeo"]
            #expect(Self.member(line, "activities") == Self.activities(expected))
        }
        let pretty = try CommandLineTool.run(["activities", "--pretty", try Self.usnat()])
        #expect(pretty.stdout.contains("\n  \"activities\""))
        let unreadable = try Self.run(["DBABL~BV"])
        #expect(unreadable.status == 1)
        #expect(Self.member(unreadable.lines.first, "activities") == Self.activities([]))
        let notGPP = try CommandLineTool.run(["activities", "not a string"])
        #expect(notGPP.status == 1 && notGPP.stdout.contains("\"error\""))
        #expect(try CommandLineTool.run(["help"]).stdout.contains("activities"))
    }
}
