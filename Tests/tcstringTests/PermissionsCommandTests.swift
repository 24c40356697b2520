import Foundation
import IABTCF
import IABTCFVendorList
import TCStringToolSupport
import TestSupport
import Testing

/// `tcstring permissions` and `--gvl` on decode, explain and validate.
@Suite struct PermissionsCommandTests {
    static let v17 = GVLFixtures.directory.appendingPathComponent(GVLFixtures.v17Name).path
    static let string =
        "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"

    @Test func onePerVendorWithTheExactKeys() throws {
        let output = try CommandLineTool.run([
            "permissions", "--gvl", Self.v17, "--vendor", "1-2,755", "--purpose", "2", Self.string,
        ])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(
            lines[2]
                == #"{"vendorId":755,"name":"Google Advertising Products","purposes":{"2":{"allowed":true,"basis":"legitimateInterest","reason":"legitimateInterest"}},"specialPurposes":{"1":{"allowed":true,"basis":"legitimateInterest","reason":"specialPurpose"},"2":{"allowed":true,"basis":"legitimateInterest","reason":"specialPurpose"}},"specialFeatures":{"1":{"allowed":false,"reason":"notDeclared"},"2":{"allowed":false,"reason":"notDeclared"}}}"#
        )
        let first = try JSON(parsing: lines[0])
        #expect(first["vendorId"] == .int(1))
        // Not allowed: basis is null.
        #expect(first["purposes"]?["2"]?["basis"] == .null && first["purposes"]?["2"]?["allowed"] == .bool(false))
    }

    @Test func everyVendorAscendingAndAgreeingWithTheLibrary() throws {
        let output = try CommandLineTool.run(["permissions", "--gvl=\(Self.v17)", Self.string])
        let lines = try output.stdout.split(separator: "\n").map { try JSON(parsing: String($0)) }
        #expect(lines.count == 692)
        let ids = lines.compactMap { if case .int(let id)? = $0["vendorId"] { id } else { nil } }
        #expect(ids == Array(GVLFixtures.v17.vendorIds))
        let tc = try TCString(encoded: Self.string)
        for (line, id) in zip(lines, ids) {
            for purpose in 1...11 {
                let expected = tc.permission(vendor: id, purpose: purpose, in: GVLFixtures.v17)
                #expect(line["purposes"]?[String(purpose)]?["allowed"] == .bool(expected.isAllowed))
                #expect(line["purposes"]?[String(purpose)]?["reason"] == .string(expected.reason.rawValue))
            }
        }
    }

    @Test func standardInputGivesOneLinePerString() throws {
        let output = try CommandLineTool.run(
            ["permissions", "--gvl", Self.v17, "--vendor", "755", "-"],
            stdin: Self.string + "\n\nnot-a-string\n"
        )
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(output.status == 1 && lines.count == 3)
        let first = try JSON(parsing: lines[0])
        #expect(first["tcString"] == .string(Self.string))
        guard case .array(let vendors)? = first["vendors"] else { throw CancellationError() }
        #expect(vendors.count == 1 && vendors[0]["vendorId"] == .int(755))
        #expect(try JSON(parsing: lines[1])["error"]?["code"] == .string("emptyString"))
        #expect(try JSON(parsing: lines[2])["error"]?["line"] == .int(3))
    }

    @Test func usageAndListErrors() throws {
        #expect(try CommandLineTool.run(["permissions", Self.string]).status == 2)
        #expect(
            try CommandLineTool.run(["permissions", "--gvl", Self.v17, "--vendor", "5-1", Self.string]).status == 2
        )
        let missing = try CommandLineTool.run(["permissions", "--gvl", "/nonexistent.json", Self.string])
        #expect(missing.status == 1 && missing.stderr.contains("cannot read"))
        let bad = try CommandLineTool.shell("f=$(mktemp); printf '{\"vendors\": [' > $f; echo $f")
        let broken = try CommandLineTool.run(["permissions", "--gvl", bad, Self.string])
        #expect(
            broken.status == 1
                && broken.stderr.contains("unexpected JSON: at vendors: expected an object (byte 13) [schema]")
        )
    }

    @Test func decodeExplainAndValidateTakeAList() throws {
        let decoded = try JSON(parsing: CommandLineTool.run(["decode", "--gvl", Self.v17, Self.string]).stdout)
        #expect(decoded["vendorNames"]?["755"] == .string("Google Advertising Products"))
        #expect(decoded["vendorNames"]?["793"] == nil)  // not in list 17
        let explained = try CommandLineTool.run(["explain", "--gvl", Self.v17, Self.string]).stdout
        #expect(
            explained.contains("   755  Google Advertising Products")
                && explained.contains("   793  (not in the vendor list)")
        )
        let validated = try CommandLineTool.run(["validate", "--json", "--gvl", Self.v17, Self.string])
        let rules = try JSON(parsing: validated.stdout)["findings"]
        #expect(validated.status == 1)
        guard case .array(let findings)? = rules else { throw CancellationError() }
        let names = findings.compactMap { if case .string(let name)? = $0["rule"] { name } else { nil } }
        #expect(names == ["gvl.vendorListVersionAhead", "gvl.vendorNotInList"])
    }

    @Test func benchWorkloads() throws {
        let parse = try CommandLineTool.run(["bench", "--workload", "gvl", "--seconds", "0.01", Self.v17])
        let checksum = try JSON(parsing: parse.stdout)["checksum"]
        #expect(parse.status == 0 && checksum == .int(692))
        let corpus = Fixtures.directory.appendingPathComponent("corpus/corpus.txt").path
        let matrix = try CommandLineTool.run([
            "bench", "--workload", "permissions", "--gvl", Self.v17, "--seconds", "0.01", corpus,
        ])
        #expect(matrix.status == 0 && matrix.stdout.split(separator: "\n").count == 9)
        #expect(try CommandLineTool.run(["bench", "--workload", "permissions", corpus]).status == 2)
        // scan validates without building a value; its checksum is each line's CmpId, as decode's.
        for workload in ["scan", "decode"] {
            let run = try CommandLineTool.run(["bench", "--workload", workload, "--seconds", "0.01", corpus])
            let checksums = try run.stdout.split(separator: "\n").map { try JSON(parsing: String($0))["checksum"] }
            let expected = try String(contentsOfFile: corpus, encoding: .utf8).split(separator: "\n").map {
                JSON.int(try TCString(encoded: String($0)).cmpId)
            }
            #expect(run.status == 0 && checksums == expected.map(Optional.some), "\(workload)")
        }
    }
}
