import IABGPP
import IABTCF
import IABTCFVendorList

/// `tcstring explain [STRING | -]`: a table of every field (segment, bit offset, width, raw bits,
/// value), then one line per vendor section saying why it is a bitfield or ranges. A string that
/// does not decode gets the fields read before the error, then the error.
enum ExplainCommand {
    struct Values {
        var gvl: GlobalVendorList?
        var decoding = DecodingFlags()
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [SharedOptions.gvl(\.gvl, help: "then list the names of the vendors the string mentions")]
            + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "explain")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (gvl, decoding) = (values.gvl, values.decoding)
        // The table of a string that does not decode stays: the error goes to standard error
        // after the fields read before it.
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: .nothing) {
            input,
            output,
            errors in
            var lines: [String] = []
            if let line = input.line {
                if line > 1 { lines.append("") }  // a blank line between the tables of a stream
                lines.append("line \(line):")
            }
            do {
                if input.isGPP {
                    try explainGPP(input, &lines, gvl: gvl)
                    output.append(lines.joined(separator: "\n"))
                    return false
                }
                let tc: TCString
                do throws(TCStringError) {
                    tc = try TCString(encodedBytes: input.bytes, options: input.options)
                } catch {
                    // A TC string that does not decode: the fields read before the error.
                    try explain(input, &lines)
                    throw error
                }
                try explain(input, &lines)
                if let gvl { listNames(tc, gvl, &lines) }
                output.append(lines.joined(separator: "\n"))
                return false
            } catch {
                output.append(lines.joined(separator: "\n"))
                errors.append(input.message(error) + "\n")
                return true
            }
        }
    }

    /// Adds to `lines` the names of the vendors the string mentions, from the vendor list.
    static func listNames(_ tc: TCString, _ gvl: GlobalVendorList, _ lines: inout [String]) {
        lines.append("")
        lines.append("vendors (vendor list \(gvl.vendorListVersion)):")
        for id in VendorListFile.mentionedVendors(tc) {
            let entry = gvl.vendors[id]
            let name = entry.map { $0.name + ($0.isDeleted ? " (deleted)" : "") } ?? "(not in the vendor list)"
            lines.append(String(repeating: " ", count: max(0, 6 - String(id).count)) + "\(id)  \(name)")
        }
    }

    /// Adds to `lines` the table of `input`'s TC string: its fields and vendor sections, or the
    /// fields read before the error, which it throws.
    static func explain(_ input: Input, _ lines: inout [String]) throws(TCStringError) {
        try explain(TCString.explanation(of: input.text, options: input.options), &lines)
    }

    /// Adds to `lines` the table of an explanation: its fields and vendor sections, or the fields
    /// read before its error, which it throws.
    static func explain(_ explanation: Explanation, _ lines: inout [String]) throws(TCStringError) {
        let rows =
            [["segment", "bit", "width", "field", "raw bits", "value"]]
            + explanation.fields.map {
                [String($0.segment), String($0.bitOffset), String($0.width), $0.name, $0.rawBits, $0.value]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows where rows.count > 1 {
            let cells = zip(row, widths).enumerated().map { column, pair in
                // Numbers right-aligned, text left-aligned; the last column is not padded.
                let (cell, width) = pair
                let padding = String(repeating: " ", count: width - cell.count)
                return column < 3 ? padding + cell : column == 5 ? cell : cell + padding
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        // Standard output is flushed line by line on a terminal: the error shows under the fields.
        if let error = explanation.error { throw error }
        lines.append("")
        for section in explanation.vendorSections { lines.append(section.reason) }
    }
}
