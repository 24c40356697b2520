import IABTCF
import IABTCFVendorList

/// `tcstring explain [STRING | -]`: a table of every field (segment, bit offset, width, raw bits,
/// value), then one line per vendor section saying why it is a bitfield or ranges. A string that
/// does not decode gets the fields read before the error, then the error.
enum ExplainCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "explain", usage: Usage.explain)
        var operands: [String] = []
        var gvl: GlobalVendorList?
        var decoding = DecodingFlags()
        while let argument = arguments.next() {
            switch argument {
            case .option("--gvl"): gvl = PermissionsCommand.loadGVL(arguments.value(of: "--gvl"))
            case .option(let option) where decoding.parse(option, &arguments): break
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        var first = true
        return Inputs.each(operands, arguments, maximumLength: decoding.options.maximumLength) { input, line in
            if !first { Terminal.out("") }  // a blank line between the tables of a stream
            first = false
            if let line { Terminal.out("line \(line):") }
            let failed = explain(
                String(decoding: input, as: UTF8.self),
                line: line,
                options: decoding.options
            )
            if !failed, let gvl, let tc = try? Inputs.tcString(input, options: decoding.options) {
                listNames(tc, gvl)
            }
            return failed
        }
    }

    /// Prints the names of the vendors the string mentions, from the vendor list.
    static func listNames(_ tc: TCString, _ gvl: GlobalVendorList) {
        Terminal.out("")
        Terminal.out("vendors (vendor list \(gvl.vendorListVersion)):")
        for id in PermissionsCommand.mentionedVendors(tc) {
            let entry = gvl.vendors[id]
            let name = entry.map { $0.name + ($0.isDeleted ? " (deleted)" : "") } ?? "(not in the vendor list)"
            Terminal.out(String(repeating: " ", count: max(0, 6 - String(id).count)) + "\(id)  \(name)")
        }
    }

    /// Prints the explanation of one string; returns whether it failed to decode.
    static func explain(
        _ text: String,
        line: Int?,
        options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) -> Bool {
        var explanation: Explanation
        if Inputs.isGPP(text.utf8) {
            // A GPP string: explain its TCF EU v2 section, with errors placed in the whole string.
            do throws(TCStringError) {
                _ = try GPPString(encoded: text, options: options).requiredTCFEuV2()
            } catch  where error.gppSection == nil {
                Inputs.report(error, line: line)
                return true
            } catch {}
            guard let section = GPPString.section(GPPString.tcfEuV2SectionId, in: text) else { return true }
            Terminal.out("TCF EU v2 section of a GPP string (section id 2, from character \(section.start + 1)):")
            explanation = TCString.explanation(of: String(section.text), options: options)
            if var error = explanation.error {
                error.gppSection = GPPString.tcfEuV2SectionId
                error.position = error.position.map { $0 + section.start }
                explanation.error = error
            }
        } else {
            explanation = TCString.explanation(of: text, options: options)
        }
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
            Terminal.out(line)
        }
        if let error = explanation.error {
            // Standard output is flushed line by line on a terminal: the error shows under the fields.
            Inputs.report(error, line: line)
            return true
        }
        Terminal.out("")
        for section in explanation.vendorSections { Terminal.out(section.reason) }
        return false
    }
}
