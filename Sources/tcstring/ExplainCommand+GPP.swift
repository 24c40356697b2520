import IABGPP
import IABTCF
import IABTCFVendorList
import TCFJSON

extension ExplainCommand {
    /// Adds to `lines` one table per section of the GPP string `input`, in header order, blank
    /// lines between them: section 2 as a TC string's table (bit by bit); every other section by
    /// its IABGPP table (part, field by its specification name, type, value, and what the value
    /// means from the section's table), then what the decoder read besides the fields
    /// (compatibility rule, layout, encoding). A string that does not decode gets the tables of
    /// the sections before the failing one (and, for section 2, the fields read before the
    /// error), then the error, which it throws.
    static func explainGPP(_ input: Input, _ lines: inout [String], gvl: GlobalVendorList?) throws {
        let text = input.text
        var decodeError: (any Error)?
        do {
            decodeError = try GPPInput.decodeGPP(text, options: input.options).failedSections.first?.error
        } catch { decodeError = error }
        // A header that does not decode, or lists other sections than the string holds: no table.
        let parts = text.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false)
        guard let ids = try? IABGPP.GPPString.sectionIDs(inHeader: text), ids.count == parts.count - 1 else {
            throw decodeError ?? GPPError(.sectionCountMismatch, sectionId: 3)
        }
        for (index, id) in ids.enumerated() {
            let part = Substring(parts[index + 1])
            let start = text.utf8.distance(from: text.utf8.startIndex, to: parts[index + 1].startIndex)
            if index > 0 { lines.append("") }
            if id == 2 {
                lines.append("TCF EU v2 section of a GPP string (section id 2, from character \(start + 1)):")
                do throws(TCStringError) {
                    try explain(TCString.explanation(of: String(part), options: input.options), &lines)
                } catch {
                    // Errors are placed in the whole string.
                    let position = error.position.map { $0 + start }
                    throw GPPError(.tcString, sectionId: 2, position: position, tcString: error)
                }
                if decodeError == nil, let gvl, let tc = try? TCString(encoded: part, options: input.options) {
                    listNames(tc, gvl, &lines)
                }
                continue
            }
            let name = IABGPP.GPPSection.name(of: id).map { " \($0)" } ?? ""
            lines.append("section \(id)\(name) (from character \(start + 1)):")
            guard let section = try? IABGPP.GPPSection(id: id, encoded: String(part)) else { break }
            explain(section, &lines)
        }
        if let decodeError { throw decodeError }
    }

    /// Adds to `lines` the table of one section that is not TCF EU v2.
    static func explain(_ section: IABGPP.GPPSection, _ lines: inout [String]) {
        guard let fieldRows = section.fieldRows else {
            lines.append("not decoded (no table for this section id); its text is kept as it is")
            return
        }
        let rows =
            [["part", "field", "type", "value", "meaning"]]
            + fieldRows.map { row in
                [
                    String(row.subsection), row.name, row.type?.name ?? "Character",
                    row.value.map { JSON($0, type: nil).serialized() } ?? "(absent)",
                    row.meaning(sectionId: section.id) ?? "",
                ]
            }
        let widths = (0..<5).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = zip(row, widths).enumerated().map { column, pair in
                // The part right-aligned, text left-aligned.
                let (cell, width) = pair
                let padding = String(repeating: " ", count: width - cell.count)
                return column == 0 ? padding + cell : cell + padding
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        for (key, value) in section.reading {
            lines.append("\(key): " + (value.map { JSON($0, type: nil).serialized() } ?? "none"))
        }
    }
}
