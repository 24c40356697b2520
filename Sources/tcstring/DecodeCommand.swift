import IABTCF
import IABTCFVendorList
import TCFJSON
import TCStringToolSupport

/// `tcstring decode [--pretty] [--jobs N] [STRING | -]` (see ``Usage/decode``).
enum DecodeCommand {
    struct Values {
        var pretty = false
        var gvl: GlobalVendorList?
        var decoding = DecodingFlags()
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            SharedOptions.pretty(\.pretty, help: "indent the JSON for people"),
            SharedOptions.gvl(\.gvl, help: "add \"vendorNames\": {\"id\": name} for the vendors the string mentions"),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "decode")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (pretty, decoding, gvl) = (values.pretty, values.decoding, values.gvl)
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
                case .gpp(let gpp): output.append(gpp.json.serialized())
                }
                return false
            }
        }
        return Inputs.each(operands, arguments, options: decoding.options, failure: .errorObject(pretty: pretty)) {
            input in
            let decoded = try input.decode()
            var json = decoded.json
            if let gvl, case .object(var members) = json, let tc = decoded.tcString {
                members.append(("vendorNames", VendorListFile.vendorNames(tc, gvl)))
                json = .object(members)
            }
            Terminal.out(json.serialized(pretty: pretty))
            return false
        }
    }
}

extension Decoded {
    /// The decode schema for a TC string; for a GPP string ``GPPString/json``.
    var json: JSON {
        switch self {
        case .tc(let tc): tc.json
        case .gpp(let gpp): gpp.json
        }
    }
}

extension GPPString {
    /// `{"gppVersion", "sectionIds", "tcfeuv2", "sections"}`: `tcfeuv2` is the decode schema or
    /// `null`, each section `{"id", "value"}`.
    var json: JSON {
        .object([
            ("gppVersion", .int(version)),
            ("sectionIds", .ids(sectionIds)),
            ("tcfeuv2", tcfEuV2?.json ?? .null),
            (
                "sections",
                .array(zip(sectionIds, sections).map { .object([("id", .int($0)), ("value", .string($1))]) })
            ),
        ])
    }
}
