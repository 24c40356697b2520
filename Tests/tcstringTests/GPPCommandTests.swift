import Foundation
import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// `tcstring decode` on GPP strings.
@Suite struct GPPCommandTests {
    /// A TC string to wrap in GPP strings (the TCF EU v2 section of the codec's `GPPTests`).
    static let tcfSection = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    @Test func commandLineDecodesGPP() throws {
        let output = try CommandLineTool.run(["decode", "DBACNY~" + Self.tcfSection + "~1YNN"])
        #expect(output.status == 0)
        let json = try JSON(parsing: output.stdout)
        #expect(json["gppVersion"] == .int(1))
        #expect(json["sectionIds"] == .ids([2, 6]))
        #expect(json["tcfeuv2"]?["cmpId"] == .int(31))
        #expect(json["tcfeuv2"] == (try TCString(encoded: Self.tcfSection)).json)
        #expect(try JSON(parsing: CommandLineTool.run(["decode", "DBABT~1YNN"]).stdout)["tcfeuv2"] == .null)
        #expect(try CommandLineTool.run(["decode", "DBABM~"]).status == 1)
        // A header listing a section the string lacks: the GPP reader's error, not "version 3".
        #expect(try CommandLineTool.run(["decode", "DBABM"]).stderr.contains("sectionCountMismatch"))
    }
}

/// `tcstring decode` gives each GPP section its API prefix and its fields, for every vector of
/// `Fixtures/gpp/sections.tsv` (fields worked out from the specification's tables).
@Suite struct GPPSectionFieldsCommandTests {
    static let vectors = SectionVector.all

    /// Entry `index` of a decode's `"sections"`.
    static func section(_ json: JSON, _ index: Int) -> JSON? {
        guard case .array(let sections)? = json["sections"], index < sections.count else { return nil }
        return sections[index]
    }

    @Test func vectorsAreLoaded() { #expect(Self.vectors.count >= 40) }

    @Test(arguments: vectors) func sectionHasNameAndFields(_ vector: SectionVector) throws {
        let output = try CommandLineTool.run(["decode", vector.gpp])
        #expect(output.status == 0)
        let section = Self.section(try JSON(parsing: output.stdout), 0)
        #expect(section?["id"] == .int(vector.sectionId))
        // The vector's name starts with the section's API prefix (`usnat-v1-…`).
        #expect(section?["name"] == .string(String(vector.name.prefix { $0 != "-" })))
        #expect(section?["value"] == .string(String(vector.gpp.split(separator: "~")[1])))
        #expect(section?["fields"] == (try vector.expectedFields))
        // What the decoder read besides the fields, as the vector's notes say.
        switch vector.sectionId {
        case 5:
            #expect(section?["encoding"] == .string(vector.notes["encoding"] ?? "?"))
            #expect(section?["hasPubRestrictions"] == .bool(vector.notes["hasPubRestrictions"] != "false"))
        case let id where USSectionDefinition.all[id] != nil:
            #expect(section?["compatibility"] == (vector.notes["compat"].map(JSON.string) ?? .null))
            let mspa = USSectionDefinition.all[id]?.style == .mspa
            #expect(section?["layout"] == (mspa ? vector.notes["layout"].map(JSON.string) : nil))
        default: #expect(section?["compatibility"] == nil)
        }
    }

    @Test func tcfEuV2FieldsAreItsDecodeSchema() throws {
        let output = try CommandLineTool.run(["decode", "DBACNY~" + GPPCommandTests.tcfSection + "~1YNN"])
        let json = try JSON(parsing: output.stdout)
        #expect(Self.section(json, 0)?["name"] == .string("tcfeuv2"))
        #expect(Self.section(json, 0)?["fields"] == json["tcfeuv2"])
        #expect(Self.section(json, 1)?["name"] == .string("uspv1"))
        #expect(
            Self.section(json, 1)?["fields"]
                == (try JSON(parsing: #"{"version":1,"notice":"Y","optOutSale":"N","lspaCovered":"N"}"#))
        )
        // A section IABGPP refuses is printed with "error" (naming the section, field and
        // character) in place of "fields", the others are printed, and the exit status is 1 (here
        // both sections, 5 and 6, fail). --strict refuses the whole string at the first.
        let refused = try CommandLineTool.run(["decode", "DBABjw~a~b"])
        #expect(refused.status == 1 && refused.stdout.hasSuffix("\n"))
        #expect(refused.stderr.contains("section 5") && refused.stderr.contains("character 8"))
        let strict = try CommandLineTool.run(["decode", "--strict", "DBABjw~a~b"])
        #expect(strict.status == 1 && strict.stdout.isEmpty && refused.stderr.hasPrefix(strict.stderr))
        let stream = try CommandLineTool.run(["decode", "-"], stdin: "DBABjw~a~b\n")
        #expect(stream.status == 1)
        let failed = Self.section(try JSON(parsing: stream.stdout), 0)
        #expect(failed?["id"] == .int(5) && failed?["name"] == .string("tcfcav1") && failed?["value"] == .string("a"))
        #expect(failed?["fields"] == nil)
        let error = failed?["error"]
        #expect(
            error?["gppSection"] == .int(5) && error?["position"] == .int(8) && error?["field"] == .string("Version")
        )
        // The same error object a failing line gets (--strict).
        let strictStream = try CommandLineTool.run(["decode", "--strict", "-"], stdin: "DBABjw~a~b\n")
        var lineError = try JSON(parsing: strictStream.stdout)["error"]
        if case .object(let members)? = lineError { lineError = .object(members.filter { $0.0 != "line" }) }
        #expect(lineError == error)
        #expect(Self.section(try JSON(parsing: stream.stdout), 1)?["error"]?["gppSection"] == .int(6))
        let unknown = try JSON(parsing: CommandLineTool.run(["decode", "DBABY~abc"]).stdout)
        #expect(unknown["sectionIds"] == .ids([1]))
        #expect(Self.section(unknown, 0)?["name"] == .null)
        #expect(Self.section(unknown, 0)?["fields"] == .null)
    }
}

/// `tcstring decode --section NAME STRING`: one bare section.
@Suite struct DecodeSectionCommandTests {
    @Test(arguments: GPPSectionFieldsCommandTests.vectors)
    func bareSectionIsTheEntryOfItsString(_ vector: SectionVector) throws {
        let whole = try JSON(parsing: CommandLineTool.run(["decode", vector.gpp]).stdout)
        let name = String(vector.name.prefix { $0 != "-" })
        let text = String(vector.gpp.split(separator: "~")[1])
        let output = try CommandLineTool.run(["decode", "--section", name, text])
        #expect(output.status == 0)
        #expect(try JSON(parsing: output.stdout) == GPPSectionFieldsCommandTests.section(whole, 0))
    }

    @Test func refusesBadSectionsAndNames() throws {
        let bad = try CommandLineTool.run(["decode", "--section", "usnat", "BVQ+AAAAAg"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("invalidCharacter"))
        #expect(bad.stderr.contains("character 4"))
        let unknown = try CommandLineTool.run(["decode", "--section", "usxx", "BVQqAAAAAg"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("usnat"))
        let lines = try CommandLineTool.run(["decode", "--section", "usnat", "-"], stdin: "BVQqAAAAAg\nBAAAAAAAAg\n")
        #expect(lines.stdout.split(separator: "\n").count == 2)
    }
}

/// `tcstring encode --section NAME`: a section from its fields.
@Suite struct EncodeSectionCommandTests {
    /// decode --section → encode --section → decode --section gives the same fields.
    @Test(arguments: GPPSectionFieldsCommandTests.vectors)
    func fieldsRoundTrip(_ vector: SectionVector) throws {
        let name = String(vector.name.prefix { $0 != "-" })
        let text = String(vector.gpp.split(separator: "~")[1])
        let decoded = try CommandLineTool.run(["decode", "--section", name, text]).stdout
        let encoded = try CommandLineTool.run(["encode", "--section", name, "-"], stdin: decoded)
        #expect(encoded.status == 0)
        let again = try CommandLineTool.run([
            "decode", "--section", name, encoded.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
        ])
        #expect(try JSON(parsing: again.stdout)["fields"] == (try JSON(parsing: decoded)["fields"]))
    }

    @Test func leftOutFieldsTakeDefaultsAndGPCIsAbsent() throws {
        let output = try CommandLineTool.run([
            "encode", "--section", "usnat", #"{"fields":{"version":1,"saleOptOut":1}}"#,
        ])
        // MspaCoveredTransaction left out is 2 (No), its 0 not being a value.
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "BAAQAAAAAg")
        let fields = try JSON(parsing: CommandLineTool.run(["decode", "--section", "usnat", "BAAQAAAAAg"]).stdout)[
            "fields"
        ]
        #expect(fields?["saleOptOut"] == .int(1))
        #expect(fields?["sharingNotice"] == .int(0))
        #expect(fields?["mspaCoveredTransaction"] == .int(2))
        #expect(fields?["gpc"] == .null)
        let gpc = try CommandLineTool.run(["encode", "--section", "usnat", #"{"fields":{"gpc":true}}"#])
        #expect(gpc.stdout.trimmingCharacters(in: .whitespacesAndNewlines).hasSuffix(".Y"))
        let bad = try CommandLineTool.run(["encode", "--section", "usnat", #"{"fields":{"bogus":1}}"#])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("bogus"))
    }
}

extension SectionVector {
    /// The fields as the CLI prints them: the vector's, with TCF Canada's Datetime fields
    /// (deciseconds in the vector) as ISO-8601 times like the TC string schema's `created`.
    var expectedFields: JSON {
        get throws {
            guard case .object(let members) = try JSON(parsing: fieldsJSON) else { return .null }
            return .object(
                members.map { key, value in
                    guard sectionId == 5, key == "created" || key == "lastUpdated", case .int(let int) = value
                    else {
                        return (key, value)
                    }
                    return (key, .string(Timestamp(deciseconds: Int64(int)).description))
                }
            )
        }
    }
}
