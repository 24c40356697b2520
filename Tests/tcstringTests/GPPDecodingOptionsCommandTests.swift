import Foundation
import IABTCF
import TestSupport
import Testing

/// `--max-length` and `--strict` on a GPP string: the limit bounds the whole string and is the
/// only one (its TCF EU v2 section is not held to the TC string's default as well).
@Suite struct GPPDecodingOptionsCommandTests {
    func run(_ arguments: [String], stdin: String? = nil) throws -> CommandLineTool.Output {
        try CommandLineTool.run(arguments, stdin: stdin)
    }

    /// A GPP string whose TCF EU v2 section is longer than the TC string's default limit: a
    /// 44-character TC string, then zero bits after its last field (which the lenient default
    /// accepts).
    static let section = "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAA" + String(repeating: "A", count: 140_000)
    static let gpp = "DBABMA~" + section

    @Test(arguments: ["decode", "validate", "explain", "reencode", "inapp"])
    func maxLengthBoundsTheWholeStringAndNothingElse(_ command: String) throws {
        let length = Self.gpp.utf8.count
        #expect(Self.section.utf8.count > TCString.DecodingOptions.defaultMaximumLength)
        let refused = try run([command, "-"], stdin: Self.gpp + "\n")
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("inputTooLong"))
        let accepted = try run([command, "--max-length=\(length)", "-"], stdin: Self.gpp + "\n")
        #expect(!accepted.stderr.contains("TooLong"), "\(accepted.stderr.prefix(300))")
        #expect(!accepted.stdout.contains("TooLong"))
        if command == "decode" {
            #expect(accepted.status == 0)
            #expect(accepted.stdout.hasPrefix(#"{"gppVersion":1,"sectionIds":[2],"tcfeuv2":{"version":2,"#))
        }
        // Written back byte for byte: section 2 has no length limit of its own when encoded either.
        if command == "reencode" { #expect(accepted.stdout == Self.gpp + "\n") }
        if command == "inapp" {
            #expect(accepted.status == 0)
            #expect(accepted.stdout.contains(#""IABGPP_HDR_GppString":"\#(Self.gpp)""#))
        }
        let oneShort = try run([command, "--max-length=\(length - 1)", "-"], stdin: Self.gpp + "\n")
        #expect(oneShort.status == 1)
        #expect(
            oneShort.stderr.hasSuffix("the input is longer than the maximum of \(length - 1) bytes [inputTooLong]\n"),
            "\(oneShort.stderr.prefix(300))"
        )
    }

    /// `--strict` is read with the rest of the string, in one pass: the first error in the string
    /// is the one reported, here section 2's under `--strict` before section 6's.
    @Test func strictErrorsComeInStringOrder() throws {
        // Sections 2 and 6 (the specification's example header); a set bit after section 2's last
        // field, and a US Privacy string that is not one.
        let text = "DBACNY~CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAf~1XYZ"
        let lenient = try run(["decode", text])
        #expect(lenient.status == 1)
        #expect(
            lenient.stderr
                == "tcstring: 'X' is not Y, N or - (character 54; section 6 uspv1, field Notice) [invalidUSPrivacy]\n"
        )
        let strict = try run(["decode", "--strict", text])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasSuffix("(character 51; section 2 tcfeuv2, segment 0, bit 259) [nonZeroPadding]\n"))
    }

    /// `encode --section tcfeuv2` refuses a section longer than `--max-length` (by default the
    /// TC string's 128 KiB), as `encode` refuses a whole string, and writes it under a higher one.
    @Test func encodeSectionHonoursMaxLength() throws {
        let vendors = stride(from: 1, through: 1999, by: 2).map(String.init).joined(separator: ",")
        let restrictions = (1...24).flatMap { purpose in
            (0...1).map { #"{"purposeId": \#(purpose), "restrictionType": \#($0), "vendors": [\#(vendors)]}"# }
        }
        let model =
            #"{"fields": {"created": "2026-03-01", "cmpId": 300, "vendorListVersion": 150, "publisherRestrictions": [\#(restrictions.joined(separator: ","))]}}"#
        let refused = try run(["encode", "--section", "tcfeuv2", "-"], stdin: model)
        #expect(refused.status == 1)
        #expect(refused.stdout.isEmpty)
        #expect(refused.stderr.contains("[encodingTooLong]"))
        let written = try run(["encode", "--section", "tcfeuv2", "--max-length", "200000", "-"], stdin: model)
        #expect(written.status == 0)
        let text = written.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(text.utf8.count > TCString.DecodingOptions.defaultMaximumLength)
        #expect(try TCString(encoded: text, options: .init(maximumLength: 200_000)).cmpId == 300)
    }

    /// `decode --section` reads `--strict` and `--max-length` as a whole GPP string does.
    @Test func decodeSectionHonoursTheDecodingFlags() throws {
        let section = "CQgYw8AQgYw8AEsABBENCWFgAAAAAAAAAAAAAAAAAAAf"
        #expect(try run(["decode", "--section", "tcfeuv2", section]).status == 0)
        let strict = try run(["decode", "--section", "tcfeuv2", "--strict", section])
        #expect(strict.status == 1)
        #expect(strict.stderr.hasSuffix("(character 44; section 2 tcfeuv2, segment 0, bit 259) [nonZeroPadding]\n"))
        let short = try run(["decode", "--section", "usnat", "--max-length", "9", "BVQqAAAAAg"])
        #expect(short.status == 1)
        #expect(short.stderr == "tcstring: the input is longer than the maximum of 9 bytes [inputTooLong]\n")
        #expect(try run(["decode", "--section", "usnat", "--max-length", "10", "BVQqAAAAAg"]).status == 0)
    }
}
