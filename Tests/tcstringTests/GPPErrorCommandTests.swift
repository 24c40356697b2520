import Foundation
import TCFJSON
import TestSupport
import Testing

/// A GPP error reads like a TC string error on the command line: `tcstring: <sentence>
/// (character N; section 7 usnat, ...) [code]` on standard error, and for a line of standard
/// input the one error object, whose `code` is the code's name and `message` the same sentence.
@Suite struct GPPErrorCommandTests {
    static let tcfSection = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    @Test(arguments: [
        (
            "DBABL~BV",
            "the section ends before the field does (character 8; section 7 usnat, bit 12, field TargetedAdvertisingOptOutNotice) [truncated]"
        ),
        (
            // The header lists sections 2 and 6; the string holds one.
            "DBACNY~" + tcfSection,
            "the header lists 2 sections but the string has 1 (character 3; the header, bit 12, field Sections) [sectionCountMismatch]"
        ),
    ])
    func errorsReadAsSentences(_ text: String, _ sentence: String) throws {
        let operand = try CommandLineTool.run(["decode", text])
        #expect(operand.status == 1)
        #expect(operand.stderr == "tcstring: \(sentence)\n")
        let line = try CommandLineTool.run(["decode", "-"], stdin: text + "\n")
        #expect(line.status == 1)
        #expect(line.stderr == "tcstring: line 1: \(sentence)\n")
        // A header's error is the line's; a section's stands in the section, in place of its fields.
        let object = try JSON(parsing: line.stdout)
        var error = object["error"]
        if case .array(let sections)? = object["sections"] {
            error = sections.lazy.compactMap { $0["error"] }.first
        }
        #expect(error?["message"] == .string(sentence))
        #expect(error?["code"] == .string(String(sentence.split(separator: "[").last?.dropLast() ?? "")))
        #expect(error?["position"] == .int(text.hasPrefix("DBABL") ? 8 : 3))
        #expect(error?["gppSection"] == .int(text.hasPrefix("DBABL") ? 7 : 3))
    }
}
