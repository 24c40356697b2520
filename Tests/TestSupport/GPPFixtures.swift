import Foundation
import Testing

/// One line of `Fixtures/gpp/sections.tsv`: a GPP string, the section it holds and that section's
/// fields as JSON, worked out from the specification's tables (see `Fixtures/gpp/README.md`).
package struct SectionVector: Sendable, CustomTestStringConvertible {
    package let name: String
    package let gpp: String
    package let sectionId: Int
    package let fieldsJSON: String
    /// `key=value` pairs: `padding`, `layout`, `encoding`, `compat`, `hasPubRestrictions`.
    package let notes: [String: String]
    package let source: String

    package var testDescription: String { name }

    /// Every line of the file, in order; empty when the file cannot be read (a test counting them
    /// then fails).
    package static let all: [SectionVector] = {
        let url = Fixtures.directory.appendingPathComponent("gpp/sections.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let notes = columns[4].split(separator: ";").reduce(into: [String: String]()) { notes, pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                if parts.count == 2 { notes[parts[0]] = parts[1] }
            }
            return SectionVector(
                name: columns[0],
                gpp: columns[1],
                sectionId: Int(columns[2]) ?? -1,
                fieldsJSON: columns[3],
                notes: notes,
                source: columns[5]
            )
        }
    }()
}
