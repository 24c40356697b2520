import TCFJSON
import TestSupport
import Testing

/// `tcstring decode` reports which of TCF Canada's three encodings it read (`"encoding"`), and
/// `tcstring encode` reads that key back: one string of each encoding, the same model in each.
@Suite struct TCFCanadaEncodingCommandTests {
    /// The vectors `tcfcav1-fibonacci`, `tcfcav1-legacy` and `tcfcav1-literal` of
    /// `Fixtures/gpp/sections.tsv`: one model written the three ways.
    static let strings: [(encoding: String, gpp: String)] = [
        ("fibonacci", "DBABDA~BPXuQIAPXuQXoAfKABFRB-CYAPAAAAYAAAXnACuImIowAIFIAQSAE8AGmFhwADBQ"),
        ("legacy", "DBABDA~BPXuQIAPXuQXoAfKABFRB-CYAPAAAAYAAAXnACgAEAlYC8wAIFIAQSADAAoAJw4AIAAgABg"),
        ("literal", "DBABD~BPXuQIAPXuQXoAfKABFRB-CYAPAAAAYAAQAriJiKMABBSAEEwAaYWHQAlm"),
    ]

    /// The only section of a decoded GPP string.
    static func section(_ stdout: String) throws -> JSON {
        guard case .array(let sections) = try JSON(parsing: stdout)["sections"], sections.count == 1 else {
            return .null
        }
        return sections[0]
    }

    /// A command's one line of output without its newline.
    static func line(_ stdout: String) -> String {
        stdout.hasSuffix("\n") ? String(stdout.dropLast()) : stdout
    }

    @Test func decodeReportsEachEncodingAndEncodeReadsItBack() throws {
        var fields: [JSON] = []
        for (encoding, gpp) in Self.strings {
            let decoded = try CommandLineTool.run(["decode", gpp])
            #expect(decoded.status == 0, "\(decoded.stderr)")
            let section = try Self.section(decoded.stdout)
            #expect(section["encoding"] == .string(encoding), "\(gpp)")
            fields.append(section["fields"] ?? .null)
            // encode reads "encoding" back: the canonical string in the same encoding.
            let encoded = try CommandLineTool.run(["encode", "-"], stdin: decoded.stdout)
            #expect(encoded.status == 0, "\(encoded.stderr)")
            let again = try Self.section(try CommandLineTool.run(["decode", Self.line(encoded.stdout)]).stdout)
            #expect(again["encoding"] == .string(encoding))
            #expect(again["fields"] == section["fields"])
            #expect(try CommandLineTool.run(["reencode", gpp]).stdout == gpp + "\n")
        }
        // One model, three encodings.
        #expect(fields.count == 3 && fields.allSatisfy { $0 == fields[0] && $0 != .null })
    }

    /// `encode --section tcfcav1` writes the encoding it is given, and refuses an unknown one.
    @Test func encodeSectionChoosesTheEncoding() throws {
        let literal = try CommandLineTool.run(["decode", Self.strings[2].gpp])
        let section = try Self.section(literal.stdout)
        for (encoding, gpp) in Self.strings {
            guard case .object(var members) = section else { return }
            members.removeAll { $0.0 == "encoding" || $0.0 == "value" }
            members.append(("encoding", .string(encoding)))
            let encoded = try CommandLineTool.run(
                ["encode", "--section", "tcfcav1", "-"],
                stdin: JSON.object(members).serialized()
            )
            #expect(encoded.status == 0, "\(encoded.stderr)")
            let decoded = try CommandLineTool.run(["decode", "--section", "tcfcav1", Self.line(encoded.stdout)])
            #expect(try JSON(parsing: decoded.stdout)["encoding"] == .string(encoding), "\(gpp)")
        }
        guard case .object(var members) = section else { return }
        members.removeAll { $0.0 == "encoding" }
        members.append(("encoding", .string("spec")))
        let refused = try CommandLineTool.run(
            ["encode", "--section", "tcfcav1", "-"],
            stdin: JSON.object(members).serialized()
        )
        #expect(refused.status == 1)
    }
}
