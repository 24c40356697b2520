import Foundation
import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// The GPP decode schema read back (`encode`), `reencode`, `explain`, `validate` and standard
/// input on GPP strings, on the vectors of `Fixtures/gpp/sections.tsv` and on seeded random models.
@Suite struct GPPSchemaCommandTests {
    static let vectors = GPPSectionFieldsCommandTests.vectors

    /// The six-section US string, TCF EU with TCF Canada, and a string with an unknown id.
    static let wholeStrings = [
        "DBABrG~BVQqAAAAAg~BkloWWhg.QA~BWhCgaU~BqmkgaA.YA~BQCmRSU~BQKRmiEg.Q",
        "DBACNY~" + GPPCommandTests.tcfSection + "~1YNN",
        "DBABY~abc",
    ]

    static func run(_ arguments: [String], stdin: String? = nil) throws -> CommandLineTool.Output {
        try CommandLineTool.run(arguments, stdin: stdin)
    }

    /// A decode's JSON without each section's `value` (the padding an encoding picks): the model.
    static func model(_ json: JSON) -> JSON {
        guard case .object(let members) = json else { return json }
        return .object(
            members.map { key, value in
                guard key == "sections", case .array(let sections) = value else { return (key, value) }
                return (
                    key,
                    .array(
                        sections.map { section in
                            guard case .object(let fields) = section else { return section }
                            return .object(fields.filter { $0.0 != "value" })
                        }
                    )
                )
            }
        )
    }

    static func lines(_ text: String) -> [String] {
        var lines = text.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// decode → encode → decode is the identity on every vector and whole string, and `encode`
    /// prints the canonical string (`reencode --canonical`).
    @Test func decodeEncodeDecodeOnFixtures() throws {
        let strings = Self.vectors.map(\.gpp) + Self.wholeStrings
        let decoded = try Self.run(["decode", "-"], stdin: strings.joined(separator: "\n") + "\n")
        #expect(decoded.status == 0)
        let encoded = try Self.run(["encode", "-"], stdin: decoded.stdout)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let canonical = try Self.run(["reencode", "--canonical", "-"], stdin: strings.joined(separator: "\n"))
        #expect(encoded.stdout == canonical.stdout)
        let again = try Self.run(["decode", "-"], stdin: encoded.stdout)
        let (first, second) = (Self.lines(decoded.stdout), Self.lines(again.stdout))
        #expect(first.count == strings.count && second.count == strings.count)
        for (text, (one, two)) in zip(strings, zip(first, second)) {
            #expect(Self.model(try JSON(parsing: one)) == Self.model(try JSON(parsing: two)), "\(text)")
        }
    }

    /// Seeded random models of every section (and a TC string as section 2), built from IABGPP's
    /// tables: model → encode → decode gives the model's fields; decode → encode gives the same
    /// string and decode → encode → decode the same model.
    @Test func randomModelsRoundTrip() throws {
        var models = SchemaModels(seed: 47)
        var inputs: [JSON] = []
        for _ in 0..<120 { inputs.append(try models.gppString()) }
        let encoded = try Self.run(["encode", "-"], stdin: inputs.map { $0.serialized() }.joined(separator: "\n"))
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let strings = Self.lines(encoded.stdout)
        #expect(strings.count == inputs.count)
        let decoded = try Self.run(["decode", "-"], stdin: encoded.stdout)
        #expect(decoded.status == 0)
        let again = try Self.run(["encode", "-"], stdin: decoded.stdout)
        #expect(again.stdout == encoded.stdout)
        let twice = try Self.run(["decode", "-"], stdin: again.stdout)
        #expect(twice.stdout == decoded.stdout)
        let reencoded = try Self.run(["reencode", "-"], stdin: encoded.stdout)
        #expect(reencoded.stdout == encoded.stdout)
        for (input, line) in zip(inputs, Self.lines(decoded.stdout)) {
            guard case .array(let given)? = input["sections"],
                case .array(let read)? = try JSON(parsing: line)["sections"]
            else {
                Issue.record("no sections")
                continue
            }
            for (model, section) in zip(given, read) where SchemaModels.readsBackAsGiven(model) {
                #expect(section["fields"] == model["fields"], "\(model.serialized())")
            }
        }
    }

    /// `reencode` gives back byte for byte every string IABGPP decodes: the vectors, the whole
    /// strings and their accepted one-character mutants; `--canonical` gives IABGPP's canonical form.
    @Test func reencodeIsByteForByte() throws {
        var rng = SplitMix64(seed: 6)
        var strings = Self.vectors.map(\.gpp) + Self.wholeStrings
        for text in strings {
            for _ in 0..<8 {
                var bytes = Array(text.utf8)
                let pool = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.".utf8)
                let at = Int.random(in: 7..<bytes.count, using: &rng)
                bytes[at] = pool[Int.random(in: 0..<pool.count, using: &rng)]
                let mutant = String(decoding: bytes, as: UTF8.self)
                // reencode refuses a string with a section that did not decode.
                if (try? IABGPP.GPPString(encoded: mutant))?.failedSections.isEmpty == true { strings.append(mutant) }
            }
        }
        #expect(strings.count > Self.vectors.count + Self.wholeStrings.count)
        let output = try Self.run(["reencode", "-"], stdin: strings.joined(separator: "\n"))
        #expect(output.status == 0)
        #expect(Self.lines(output.stdout) == strings)
        let canonical = try Self.run(["reencode", "--canonical", "-"], stdin: strings.joined(separator: "\n"))
        #expect(Self.lines(canonical.stdout) == (try strings.map { try IABGPP.GPPString(encoded: $0).encoded() }))
    }

    /// The issue's strings decode typed: Google UMP's usnat v1 (60 bits), the 72-bit "Version 1"
    /// read with Version 2's widths and flagged, and TCF Canada in each encoding, each reported.
    @Test func doneWhenStrings() throws {
        func section(_ text: String) throws -> JSON? {
            GPPSectionFieldsCommandTests.section(try JSON(parsing: try Self.run(["decode", text]).stdout), 0)
        }
        let ump = try section("DBABL~BVQqAAAAAg")
        #expect(ump?["name"] == .string("usnat") && ump?["fields"]?["version"] == .int(1))
        #expect(ump?["fields"]?["saleOptOut"] == .int(2) && ump?["compatibility"] == .null)
        let flagged = try section("DBABLA~BVQVAAAAAAGA.YA")
        #expect(flagged?["compatibility"] == .string("usnatVersion1WithVersion2Widths"))
        guard case .array(let categories)? = flagged?["fields"]?["sensitiveDataProcessing"] else {
            Issue.record("no categories")
            return
        }
        #expect(categories.count == 16 && flagged?["fields"]?["gpc"] == .bool(true))
        let encodings = [
            ("tcfcav1-fibonacci", "fibonacci", true), ("tcfcav1-legacy", "legacy", true),
            ("tcfcav1-v1.0-rs", "fibonacci", false),
        ]
        for (name, encoding, restrictions) in encodings {
            let vector = try #require(Self.vectors.first { $0.name == name })
            let canada = try section(vector.gpp)
            #expect(canada?["encoding"] == .string(encoding), "\(name)")
            #expect(canada?["hasPubRestrictions"] == .bool(restrictions), "\(name)")
            #expect(canada?["fields"]?["created"]?.isISOTime == true, "\(name)")
        }
    }

    /// `explain` prints every section's fields by their specification names with what the values
    /// mean, and what the decoder read; section 2 as a TC string's table.
    @Test func explainEverySection() throws {
        let usnat = try Self.run(["explain", "DBABL~BVQqAAAAAg"])
        #expect(usnat.status == 0)
        #expect(usnat.stdout.hasPrefix("section 7 usnat (from character 7):\npart  field"))
        #expect(usnat.stdout.contains("SaleOptOut                           Int(2)            2"))
        #expect(usnat.stdout.contains("2 = Did Not Opt Out") && usnat.stdout.contains("(absent)"))
        #expect(usnat.stdout.contains("compatibility: none"))
        let flagged = try Self.run(["explain", "DBABLA~BVQVAAAAAAGA.YA"])
        #expect(flagged.stdout.contains("compatibility: \"usnatVersion1WithVersion2Widths\""))
        let canada = try Self.run(["explain", try #require(Self.vectors.first { $0.name == "tcfcav1-legacy" }).gpp])
        #expect(canada.stdout.contains("Created") && canada.stdout.contains("T00:00:00.000Z"))
        #expect(canada.stdout.contains("encoding: \"legacy\""))
        let both = try Self.run(["explain", Self.wholeStrings[1]])
        #expect(both.stdout.hasPrefix("TCF EU v2 section of a GPP string (section id 2, from character 8):"))
        #expect(both.stdout.contains("\n\nsection 6 uspv1 (from character 53):"))
        #expect(both.stdout.contains("OptOutSale   Character  \"N\"    N = No"))
        // Every vector: every field of its table, by its specification name.
        let all = try Self.run(["explain", "-"], stdin: Self.vectors.map(\.gpp).joined(separator: "\n"))
        #expect(all.status == 0)
        for vector in Self.vectors {
            let rows = try #require(try IABGPP.GPPString(encoded: vector.gpp).sections[0].fieldRows)
            for row in rows { #expect(all.stdout.contains("  \(row.name)  "), "\(vector.name) \(row.name)") }
        }
        // A section that does not decode: the tables before it, then the error.
        let broken = try Self.run(["explain", "DBABrG~BVQqAAAAAg~BklXXoWWhg.QA~BWhCgaU~BqmkgaA.YA~BQCmRSU~BQKRmiEg.Q"])
        #expect(broken.status == 1)
        #expect(broken.stdout.contains("section 7 usnat") && broken.stdout.contains("section 8 usca"))
        #expect(!broken.stdout.contains("section 9 usva"))
        #expect(broken.stderr.contains("section 8"))
    }

    /// `validate` runs IABGPP's rules on every section (each finding with section, field and rule),
    /// `--gpp-sid` its IABGPP_GppSID check, and the TC string's policy on section 2.
    @Test func validateEverySection() throws {
        let valid = try Self.run(["validate", "--json", "DBABL~BVQqAAAAAg"])
        #expect(valid.status == 0 && valid.stdout == "{\"valid\":true,\"findings\":[]}\n")
        let flagged = try JSON(parsing: try Self.run(["validate", "--json", "DBABLA~BVQVAAAAAAGA.YA"]).stdout)
        #expect(flagged["valid"] == .bool(false))
        guard case .array(let findings)? = flagged["findings"] else {
            Issue.record("no findings")
            return
        }
        #expect(findings.first?["rule"] == .string("gpp.compatibilityReading"))
        #expect(findings.first?["section"] == .int(7) && findings.first?["field"] == .string("Version"))
        let missing = try Self.run(["validate", "--gpp-sid", "7_8", "DBABL~BVQqAAAAAg"])
        #expect(missing.status == 1)
        #expect(
            missing.stdout
                == "gpp.gppSIDSectionMissing: section 8 (usca), field IABGPP_GppSID: IABGPP_GppSID lists this "
                + "section but the string does not hold it\n"
        )
        // Section 2's policy findings are the TC string's own.
        let tcOnly = try Self.run(["validate", "--json", GPPCommandTests.tcfSection])
        let withUS = try Self.run(["validate", "--json", Self.wholeStrings[1]])
        #expect(withUS.stdout == tcOnly.stdout)
        // Every vector validates (exit 0 or 1 with findings), never an error.
        let all = try Self.run(["validate", "--json", "-"], stdin: Self.vectors.map(\.gpp).joined(separator: "\n"))
        #expect(Self.lines(all.stdout).count == Self.vectors.count)
        #expect(!all.stdout.contains("\"error\""))
    }

    /// `--section tcfeuv2`: the TC string's decode schema under `fields`, both ways.
    @Test func sectionTcfEuV2() throws {
        let tc = GPPCommandTests.tcfSection
        let decoded = try Self.run(["decode", "--section", "tcfeuv2", tc])
        let json = try JSON(parsing: decoded.stdout)
        #expect(json["name"] == .string("tcfeuv2") && json["value"] == .string(tc))
        #expect(json["fields"] == (try TCString(encoded: tc)).json)
        let encoded = try Self.run(["encode", "--section", "tcfeuv2", "-"], stdin: decoded.stdout)
        #expect(encoded.stdout == (try TCString(encoded: tc).encoded()) + "\n")
        let bad = try Self.run(["decode", "--section", "tcfeuv2", "CPXxRf"])
        #expect(bad.status == 1 && bad.stderr.contains("[truncated]"))
    }

    /// Standard input: one line out per line in, GPP lines among them, for every command.
    @Test func oneLineOutPerLineIn() throws {
        let input = ["DBABL~BVQqAAAAAg", "DBABjw~x~y", GPPCommandTests.tcfSection, "", Self.wholeStrings[0]]
        let stdin = input.joined(separator: "\n") + "\n"
        for command in [["decode"], ["reencode"], ["validate", "--json"]] {
            let output = try Self.run(command + ["-"], stdin: stdin)
            #expect(output.status == 1, "\(command)")
            #expect(Self.lines(output.stdout).count == input.count, "\(command)")
        }
        let decoded = try Self.run(["decode", "-"], stdin: stdin)
        // Read section by section: section 5 of line 2 carries the error, with no line number
        // (the line itself decoded).
        let sections = try JSON(parsing: Self.lines(decoded.stdout)[1])["sections"]
        guard case .array(let list)? = sections else {
            Issue.record("no sections")
            return
        }
        #expect(list.count == 2 && list[0]["error"]?["gppSection"] == .int(5))
        // encode reads JSON Lines: a line that fails is an empty line.
        let encoded = try Self.run(["encode", "-"], stdin: decoded.stdout)
        #expect(
            Self.lines(encoded.stdout) == [
                "DBABL~BVQqAAAAAg", "", (try TCString(encoded: input[2]).encoded()), "",
                (try IABGPP.GPPString(encoded: input[4]).encoded()),
            ]
        )
        #expect(encoded.stderr.contains("line 2:") && encoded.stderr.contains("line 4:"))
        // A pretty-printed object is one input, reported once when it has a mistake.
        let pretty = "{\n  \"sections\": [\n    {\"name\": \"usnat\", \"fields\": {\"saleOptOut\": 1}}\n  ]\n}\n"
        // MspaCoveredTransaction left out is 2 (No).
        #expect(try Self.run(["encode", "-"], stdin: pretty).stdout == "DBABL~CAAQAAAAAACA\n")
        let mistake = try Self.run(
            ["encode", "-"],
            stdin: pretty.replacingOccurrences(of: "saleOptOut", with: "bogus")
        )
        #expect(mistake.status == 1 && mistake.stdout.isEmpty)
        #expect(mistake.stderr.split(separator: "\n").count == 1 && mistake.stderr.contains("bogus"))
        // explain: one table per line, each under its line number.
        let explained = try Self.run(["explain", "-"], stdin: stdin)
        for number in 1...input.count { #expect(explained.stdout.contains("line \(number):")) }
    }
}

extension JSON {
    /// Whether the value is an ISO-8601 UTC time as the schema writes one.
    var isISOTime: Bool {
        if case .string(let text) = self { Timestamp(iso8601: text) != nil && text.hasSuffix("Z") } else { false }
    }
}

/// Seeded random GPP strings in the decode schema, built from IABGPP's public tables
/// (``IABGPP/GPPSection/fieldRows``): each field a random value of its type.
struct SchemaModels {
    var rng: SplitMix64

    init(seed: UInt64) { rng = SplitMix64(seed: seed) }

    mutating func int(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &rng) }

    mutating func ids(_ limit: Int) -> JSON {
        .ids((1...limit).filter { _ in int(limit > 40 ? 20 : 3) == 0 })
    }

    /// `{"sections": [...]}` with one to three sections in ascending id order.
    mutating func gppString() throws -> JSON {
        let pool = IABGPP.GPPSection.supportedIds
        var ids: Set<Int> = []
        for _ in 0..<int(3) + 1 { ids.insert(pool[int(pool.count)]) }
        return .object([("sections", .array(try ids.sorted().map { try section($0) }))])
    }

    /// A section of the schema: `name`, random `fields`, and the reading keys it may take.
    mutating func section(_ id: Int) throws -> JSON {
        guard let name = IABGPP.GPPSection.name(of: id) else { throw CancellationError() }
        if id == 2 {
            return .object([
                ("name", .string(name)),
                ("fields", RandomModels.validModel(&rng, day: Timestamp(deciseconds: 17_000_000_000)).json),
            ])
        }
        var reading: [(String, JSON)] = []
        var given: [String: GPPValue] = [:]
        var readingValues: [String: GPPValue] = [:]
        if let definition = USSectionDefinition.all[id] {
            let versions = definition.cores.keys.sorted()
            let version = versions[int(versions.count)]
            given["version"] = .int(version)
            if id == 7 && version == 1 && int(2) == 0 {
                readingValues["compatibility"] = .string("usnatVersion1WithVersion2Widths")
            }
            if definition.style == .mspa {
                readingValues["layout"] = .string(int(2) == 0 ? "sectionHeader" : "noHeader")
            }
        }
        if id == 5 {
            readingValues["encoding"] = .string(int(2) == 0 ? "fibonacci" : "legacy")
            readingValues["hasPubRestrictions"] = .bool(int(4) != 0)
        }
        let template = try IABGPP.GPPSection(id: id, fields: given, reading: readingValues)
        guard let rows = template.fieldRows else { throw CancellationError() }
        let presentParts = Set(rows.map(\.subsection).filter { $0 == 0 || int(2) == 0 })
        var fields: [(String, JSON)] = []
        var customPurposes = 0
        for row in rows {
            guard presentParts.contains(row.subsection) else {
                fields.append((row.key, .null))
                continue
            }
            if row.key == "version" {
                fields.append((row.key, .int(row.value?.int ?? 1)))
                continue
            }
            let value = value(row, id: id, customPurposes: &customPurposes, readingValues)
            fields.append((row.key, value))
        }
        for (key, value) in readingValues.sorted(by: { $0.key < $1.key }) {
            reading.append((key, value.string.map(JSON.string) ?? .bool(value.bool ?? false)))
        }
        return .object([("name", .string(name)), ("fields", .object(fields))] + reading)
    }

    /// A random value of `row`'s type, as the schema writes it.
    mutating func value(_ row: GPPFieldRow, id: Int, customPurposes: inout Int, _ reading: [String: GPPValue]) -> JSON {
        switch row.type {
        case nil: return .string(["Y", "N", "-"][int(3)])
        case .int(let width)?:
            var value = int(1 << width)
            // Without a section header, an MspaVersion equal to the section id reads as a header.
            if row.name == "MspaVersion", value == id { value = 0 }
            if row.name == "NumCustomPurposes" { customPurposes = value }
            return .int(value)
        case .boolean?: return .bool(int(2) == 0)
        case .intFibonacci?: return .int(int(1000) + 1)
        case .datetime?: return .string(Timestamp(deciseconds: Int64(int(1 << 36))).description)
        case .string(let count)?:
            return .string(String((0..<count).map { _ in Character(Unicode.Scalar(65 + int(26))!) }))
        case .bitfield(let count)?: return ids(count)
        case .bitfieldSizedBy?: return customPurposes == 0 ? .ids([]) : ids(customPurposes)
        case .intList(let count)?: return .ids((0..<count).map { _ in int(4) })
        case .rangeInt?, .rangeFibonacci?, .optimizedRange?, .optimizedIntRange?: return ids(int(2) == 0 ? 30 : 400)
        case .arrayOfRanges?, .nArrayOfRanges?:
            if reading["hasPubRestrictions"] == .bool(false) { return .array([]) }
            let keys = Set((0..<int(3)).map { _ in int(64) }).sorted()
            return .array(
                keys.map { key in .object([("key", .int(key)), ("type", .int(int(4))), ("ids", ids(200))]) }
            )
        }
    }

    /// Whether decoding the encoding of `model` gives its fields as given: not for a TCF Canada
    /// value written the legacy way (its bits may read as the specification's encoding), a TC
    /// string (its defaults and sets are the TC schema's) or a section without a section header
    /// (mspa sections: a version the header would give is not in the fields).
    static func readsBackAsGiven(_ model: JSON) -> Bool {
        guard case .string(let name)? = model["name"] else { return false }
        return name != "tcfeuv2" && model["encoding"] != .string("legacy")
    }
}
