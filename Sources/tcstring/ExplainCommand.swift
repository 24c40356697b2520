import IABTCF

/// `tcstring explain STRING`: a table of every field (segment, bit offset, width, raw bits, value),
/// then one line per vendor section saying why it is a bitfield or ranges.
enum ExplainCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 1, let input = arguments.first, !input.hasPrefix("--") else {
            Terminal.usageError("explain takes one TC string")
        }
        let explanation: Explanation
        do throws(TCStringError) {
            explanation = try TCString.explain(String(input.trimmedASCII))
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
        let rows =
            [["segment", "bit", "width", "field", "raw bits", "value"]]
            + explanation.fields.map {
                [String($0.segment), String($0.bitOffset), String($0.width), $0.name, $0.rawBits, $0.value]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = zip(row, widths).enumerated().map { column, pair in
                // Numbers right-aligned, text left-aligned; the last column is not padded.
                let (cell, width) = pair
                let padding = String(repeating: " ", count: width - cell.count)
                return column < 3 ? padding + cell : column == 5 ? cell : cell + padding
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            Terminal.out(line)
        }
        Terminal.out("")
        for section in explanation.vendorSections { Terminal.out(section.reason) }
        return 0
    }
}
