import IABGPP
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
        /// `--section NAME`: the id of the one bare GPP section to decode.
        var sectionId: Int?
    }

    /// The section names `--section` takes, in id order.
    static let sectionNames = (1...64).compactMap { IABGPP.GPPSection.name(of: $0) }

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
                Terminal.out(try sectionJSON(id: sectionId, input.text).serialized(pretty: pretty))
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

extension DecodeCommand {
    /// `decode --section`: one bare section decoded as section `id`, `{"id", "name", "value",
    /// "fields"}` as in a GPP string's `"sections"`.
    static func sectionJSON(id: Int, _ text: String) throws(GPPError) -> JSON {
        let section = try IABGPP.GPPSection(id: id, encoded: text)
        var tcfEuV2: TCString?
        if case .tcfEuV2(let tc) = section { tcfEuV2 = tc }
        return IABTCF.GPPString.sectionJSON(id: id, value: text, tcfEuV2: tcfEuV2)
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

extension IABTCF.GPPString {
    /// `{"gppVersion", "sectionIds", "tcfeuv2", "sections"}`: `tcfeuv2` is the decode schema or
    /// `null`, each section `{"id", "name", "value", "fields"}` (``sectionJSON(id:value:tcfEuV2:)``).
    var json: JSON {
        .object([
            ("gppVersion", .int(version)),
            ("sectionIds", .ids(sectionIds)),
            ("tcfeuv2", tcfEuV2?.json ?? .null),
            (
                "sections",
                .array(zip(sectionIds, sections).map { Self.sectionJSON(id: $0, value: $1, tcfEuV2: tcfEuV2) })
            ),
        ])
    }

    /// One section: `{"id", "name", "value", "fields"}`. `name` is the API prefix (`null` for an
    /// id IABGPP does not decode); `fields` the section's fields by its tables
    /// (``IABGPP/GPPSection/fields``), for `tcfeuv2` the TC string's decode schema, `null` for an
    /// unknown id or a section IABGPP refuses.
    static func sectionJSON(id: Int, value: String, tcfEuV2: TCString?) -> JSON {
        .object([
            ("id", .int(id)),
            ("name", IABGPP.GPPSection.name(of: id).map(JSON.string) ?? .null),
            ("value", .string(value)),
            ("fields", fieldsJSON(id: id, value: value, tcfEuV2: tcfEuV2)),
        ])
    }

    /// The `fields` of ``sectionJSON(id:value:tcfEuV2:)``.
    static func fieldsJSON(id: Int, value: String, tcfEuV2: TCString?) -> JSON {
        if id == IABTCF.GPPString.tcfEuV2SectionId {
            return (tcfEuV2 ?? (try? TCString(encoded: value)))?.json ?? .null
        }
        guard let section = try? IABGPP.GPPSection(id: id, encoded: value), let fields = section.fields else {
            return .null
        }
        return .object(fields.map { ($0.key, $0.value.map(JSON.init) ?? .null) })
    }
}

extension JSON {
    /// A GPP field value: numbers, `true`/`false`, id and Int(2) lists as arrays, text, and
    /// `{"key", "type", "ids"}` records.
    init(_ value: GPPValue) {
        switch value {
        case .int(let int): self = .int(int)
        case .bool(let flag): self = .bool(flag)
        case .list(let values), .ids(let values): self = .ids(values)
        case .string(let text): self = .string(text)
        case .records(let records):
            self = .array(
                records.map { .object([("key", .int($0.key)), ("type", .int($0.type)), ("ids", .ids($0.ids))]) }
            )
        }
    }
}
