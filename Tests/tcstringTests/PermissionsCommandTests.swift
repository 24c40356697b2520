import Foundation
import IABTCF
import IABTCFVendorList
import TCFJSON
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

/// `permissions --compact` says what the verbose form says, per vendor the allowed ids by basis,
/// and a vendor filter answered vendor by vendor says what the whole list's matrix says.
@Suite struct CompactPermissionsTests {
    static let v17 = Fixtures.directory.appendingPathComponent("gvl/vendor-list-v17-spec3.json").path

    /// The allowed ids of one verbose cell group, optionally only those on `basis`.
    static func allowed(_ cells: JSON?, basis: String? = nil) -> JSON {
        guard case .object(let members)? = cells else { return .array([]) }
        let ids = members.filter { _, cell in
            cell["allowed"] == .bool(true) && (basis == nil || cell["basis"] == .string(basis!))
        }
        return .array(ids.map { .int(Int($0.0)!) })
    }

    @Test(arguments: [[], ["--vendor", "1-40,755"], ["--vendor", "8,755"]])
    func compactMatchesVerbose(_ filter: [String]) throws {
        let input = try Fixtures.corpusLines().joined(separator: "\n") + "\n"
        let verbose = try CommandLineTool.run(["permissions", "--gvl", Self.v17] + filter + ["-"], stdin: input)
        let compact = try CommandLineTool.run(
            ["permissions", "--gvl", Self.v17, "--compact"] + filter + ["-"],
            stdin: input
        )
        #expect(verbose.status == 0 && compact.status == 0)
        let pairs = zip(verbose.stdout.split(separator: "\n"), compact.stdout.split(separator: "\n"))
        #expect(pairs.underestimatedCount == 9)
        for (long, short) in pairs {
            let long = try JSON(parsing: String(long))
            let short = try JSON(parsing: String(short))
            #expect(short["tcString"] == long["tcString"])
            guard case .array(let vendors)? = long["vendors"], case .object(let compactVendors)? = short["vendors"]
            else {
                Issue.record("no vendors")
                continue
            }
            #expect(vendors.count == compactVendors.count)
            for (vendor, (id, entry)) in zip(vendors, compactVendors) {
                #expect(vendor["vendorId"] == .int(Int(id)!))
                #expect(entry["consent"] == Self.allowed(vendor["purposes"], basis: "consent"), "\(id)")
                #expect(entry["legitimateInterest"] == Self.allowed(vendor["purposes"], basis: "legitimateInterest"))
                #expect(entry["specialPurposes"] == Self.allowed(vendor["specialPurposes"]))
                #expect(entry["specialFeatures"] == Self.allowed(vendor["specialFeatures"]))
            }
        }
    }

    /// A few vendors are answered one by one, many from the matrix: the same objects either way.
    @Test func vendorByVendorMatchesTheMatrix() throws {
        let input = try Fixtures.corpusLines().joined(separator: "\n") + "\n"
        let all = try CommandLineTool.run(["permissions", "--gvl", Self.v17, "-"], stdin: input)
        let few = try CommandLineTool.run(["permissions", "--gvl", Self.v17, "--vendor", "8,755", "-"], stdin: input)
        for (whole, part) in zip(all.stdout.split(separator: "\n"), few.stdout.split(separator: "\n")) {
            guard case .array(let vendors)? = try JSON(parsing: String(whole))["vendors"],
                case .array(let chosen)? = try JSON(parsing: String(part))["vendors"]
            else {
                Issue.record("no vendors")
                continue
            }
            let expected = vendors.filter { $0["vendorId"] == .int(8) || $0["vendorId"] == .int(755) }
            #expect(chosen == expected)
            #expect(chosen.count == 2)
        }
    }
}
