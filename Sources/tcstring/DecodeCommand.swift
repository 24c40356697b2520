import IABGPP
import IABTCF
import IABTCFVendorList
import TCFJSON

/// `tcstring decode [--pretty] [--jobs N] [STRING | -]` (see ``Usage/decode``).
enum DecodeCommand {
    struct Values {
        var pretty = false
        var gvl: GlobalVendorList?
        var decoding = DecodingFlags()
        /// `--section NAME`: the id of the one bare GPP section to decode.
        var sectionId: Int?
    }

    /// The section names `--section` takes, in id order.
    static let sectionNames = IABGPP.GPPSection.supportedIds.compactMap(IABGPP.GPPSection.name(of:))

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            SharedOptions.pretty(\.pretty, help: "indent the JSON for people"),
            SharedOptions.gvl(\.gvl, help: "add \"vendorNames\": {\"id\": name} for the vendors the string mentions"),
            .value(
                ["--section"],
                "NAME",
                "decode one bare GPP section (what stands between two ~) as NAME: usnat, usca, ..., tcfcav1, "
                    + "uspv1, tcfeuv2; prints {\"id\", \"name\", \"value\", \"fields\"}"
            ) { values, arguments, name in
                values.sectionId = arguments.value(of: name, sectionNames.joined(separator: ", ")) {
                    IABGPP.GPPSection.id(named: $0)
                }
            },
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "decode")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (pretty, decoding, gvl) = (values.pretty, values.decoding, values.gvl)
        if let sectionId = values.sectionId {
            return Inputs.each(operands, arguments, options: decoding.options, failure: .errorObject(pretty: pretty)) {
                input in
                Terminal.out(
                    try sectionJSON(id: sectionId, input.text, options: input.options).serialized(pretty: pretty)
                )
                return false
            }
        }
        // JSON Lines from standard input take the batch path (byte writer, parallel jobs).
        if !pretty && gvl == nil && (operands.isEmpty || operands == ["-"]) {
            return BatchLines.run(jobs: decoding.jobs ?? BatchLines.defaultJobs, options: decoding.options) {
                input,
                output,
                errors in
                // A TC string is written as bytes straight from the value; a GPP string goes
                // through the JSON tree.
                switch try input.decode() {
                case .tc(let value): value.writeJSON(to: &output)
                case .gpp(let gpp):
                    output.append(gpp.json(text: input.text, errorJSON: GPPInput.errorJSON).serialized())
                    // Every section is printed; one that failed makes the exit status 1.
                    for failure in gpp.failedSections { errors.append(input.message(failure.error) + "\n") }
                    return !gpp.failedSections.isEmpty
                }
                return false
            }
        }
        return Inputs.each(operands, arguments, options: decoding.options, failure: .errorObject(pretty: pretty)) {
            input in
            let decoded = try input.decode()
            var json = decoded.json(text: input.text)
            if let gvl, case .object(var members) = json, let tc = decoded.tcString {
                members.append(("vendorNames", VendorListFile.vendorNames(tc, gvl)))
                json = .object(members)
            }
            Terminal.out(json.serialized(pretty: pretty))
            // Every section is printed; one that failed makes the exit status 1.
            guard case .gpp(let gpp) = decoded else { return false }
            for failure in gpp.failedSections { input.report(failure.error) }
            return !gpp.failedSections.isEmpty
        }
    }
}

extension DecodeCommand {
    /// `decode --section`: one bare section decoded as section `id`, the object of a GPP string's
    /// `"sections"` (IABGPP's `GPPSection.json(value:)`); section 2's error is its TC string error.
    /// `--max-length` bounds the section's text and `--strict` applies to section 2, as in a
    /// whole GPP string.
    static func sectionJSON(id: Int, _ text: String, options: TCString.DecodingOptions) throws -> JSON {
        try IABGPP.GPPSection(id: id, encoded: text, options: options).json(value: text)
    }
}

extension Decoded {
    /// The decode schema for a TC string; for a GPP string IABGPP's `GPPString.json(text:errorJSON:)`,
    /// its sections' values from `text`, the decoded string, a failed section's error as the tool
    /// words it (``GPPInput/errorJSON(_:)``).
    func json(text: String?) -> JSON {
        switch self {
        case .tc(let tc): tc.json
        case .gpp(let gpp): gpp.json(text: text, errorJSON: GPPInput.errorJSON)
        }
    }
}
