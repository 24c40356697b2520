import IABGPP
import IABTCF
import IABTCFVendorList
import TCFJSON

/// `tcstring encode --gvl FILE (--accept-all | --reject-all | --choice FILE) --cmp-id N ...`
/// (see ``Usage/encodeChoice``): the string a CMP writes for a choice against a vendor list.
enum EncodeChoiceCommand {
    /// `encode`'s one parser, for both its modes: with `--gvl` or any option of a choice, this
    /// mode; otherwise a JSON object in the decode schema (``EncodeCommand/encodeJSON(_:maximumLength:_:)``).
    struct Values {
        /// The first option of this mode given, if any (the other mode takes only --max-length).
        var choiceOption: String?
        var gvlPath: String?
        var choiceFlags: [String] = []
        var choicePath = ""
        var cmp = GlobalVendorList.CMP(id: -1)
        var vendors: VendorSet?
        var restrictionsPath: String?
        var day: Timestamp?
        var maximumLength = TCString.DecodingOptions.defaultMaximumLength
        /// `--section NAME`: encode one GPP section from its fields.
        var sectionId: Int?
    }

    /// `--max-length N`, which both modes take.
    static var maximumLengthOption: OptionRow<Values> {
        .value(
            ["--max-length"],
            "N",
            "write strings up to N bytes (default \(TCString.DecodingOptions.defaultMaximumLength)); decoding them then\n"
                + "needs the same --max-length"
        ) { values, arguments, name in values.maximumLength = arguments.maximumLength(of: name) }
    }

    /// This mode's options, declared once (see ``OptionRow``); each records that the mode was asked for.
    static var options: [OptionRow<Values>] {
        func number(
            _ name: String,
            _ key: TCString.SchemaKey,
            _ help: String,
            _ set: @escaping (inout Values, Int) -> Void
        )
            -> OptionRow<Values>
        {
            .value([name], "N", help, required: key == .cmpId) { values, arguments, name in
                let range = key.values!
                set(
                    &values,
                    arguments.value(of: name, "a number \(range.text)") {
                        Int($0).flatMap { range.contains($0) ? $0 : nil }
                    }
                )
            }
        }
        func code(
            _ name: String,
            _ help: String,
            _ set: @escaping (inout Values, TwoLetterCode) -> Void
        ) -> OptionRow<Values> {
            .value([name], "XX", help) { values, arguments, name in
                set(&values, arguments.value(of: name, "two letters A-Z") { try? TwoLetterCode($0) })
            }
        }
        let rows: [OptionRow<Values>] = [
            .value(["--gvl"], "FILE", "the vendor list the notice shows", required: true) { values, arguments, name in
                values.gvlPath = arguments.value(of: name)
            },
            .flag("--accept-all", "the choice: Accept All") { $0.choiceFlags.append("--accept-all") },
            .flag("--reject-all", "the choice: Reject All") { $0.choiceFlags.append("--reject-all") },
            .value(
                ["--choice"],
                "FILE",
                "the choice: a JSON object with any of purposeConsents,\npurposeLegitimateInterestObjections, specialFeatureOptIns,\n"
                    + "vendorConsents, vendorLegitimateInterestObjections (id lists);\n"
                    + "legitimate interests are Accept All's less the objections"
            ) { values, arguments, name in
                values.choiceFlags.append(name)
                values.choicePath = arguments.value(of: name)
            },
            number("--cmp-id", .cmpId, "CmpId, \(TCFPolicy.registeredCmpIds.text)") { $0.cmp.id = $1 },
            number("--cmp-version", .cmpVersion, "CmpVersion (default 0)") { $0.cmp.version = $1 },
            number("--consent-screen", .consentScreen, "ConsentScreen (default 0)") { $0.cmp.consentScreen = $1 },
            code("--language", "ConsentLanguage (default EN)") { $0.cmp.language = $1 },
            code("--publisher-cc", "PublisherCC (default AA)") { $0.cmp.publisherCountryCode = $1 },
            .value(
                ["--vendors"],
                "IDS",
                "the shown vendors, e.g. 1,5-9 (default: the list's vendors without\n"
                    + "a deletedDate); an id the list does not hold is an error"
            ) { values, arguments, name in values.vendors = arguments.vendors(of: name) },
            .value(
                ["--restrictions"],
                "FILE",
                "a JSON list of {"
                    + PublisherRestriction.SchemaKey.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "}"
            ) { values, arguments, name in values.restrictionsPath = arguments.value(of: name) },
            .value(["--date"], "YYYY-MM-DD", "the day of the choice (default: today, UTC)") { values, arguments, name in
                values.day = arguments.value(of: name, "a day YYYY-MM-DD") { text in
                    text.count == 10 ? Timestamp(iso8601: text).flatMap { $0.isEncodable ? $0 : nil } : nil
                }
            },
        ]
        let marked = rows.map { row in
            OptionRow<Values>(names: row.names, value: row.value, help: row.help, required: row.required) {
                values,
                arguments,
                name in
                values.choiceOption = values.choiceOption ?? name
                row.apply(&values, &arguments, name)
            }
        }
        return marked + [maximumLengthOption, sectionOption]
    }

    /// `--section NAME`: the third mode, one GPP section from `{"fields": {...}}`.
    static var sectionOption: OptionRow<Values> {
        .value(
            ["--section"],
            "NAME",
            "encode one GPP section (usnat, usca, ..., tcfcav1, uspv1) from {\"fields\": {...}} as decode\n"
                + "--section prints it; fields left out take their defaults, gpc absent unless given"
        ) { values, arguments, name in
            values.sectionId = arguments.value(of: name, DecodeCommand.sectionNames.joined(separator: ", ")) {
                IABGPP.GPPSection.id(named: $0)
            }
        }
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "encode")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (gvlPath, choiceFlags, choicePath, cmp, vendors, restrictionsPath, day, maximumLength) = (
            values.gvlPath, values.choiceFlags, values.choicePath, values.cmp, values.vendors, values.restrictionsPath,
            values.day, values.maximumLength
        )
        if let sectionId = values.sectionId {
            if let choiceOption = values.choiceOption { arguments.fail("--section takes no \(choiceOption)") }
            return EncodeCommand.encodeSection(sectionId, operands, maximumLength: maximumLength, arguments)
        }
        guard let choiceOption = values.choiceOption else {
            return EncodeCommand.encodeJSON(operands, maximumLength: maximumLength, arguments)
        }
        guard let gvlPath else { arguments.fail("\(choiceOption) needs --gvl FILE") }
        if let operand = operands.first { arguments.fail("takes no FILE with --gvl (got \(operand))") }
        guard choiceFlags.count <= 1 else {
            let (first, second) = (choiceFlags[0], choiceFlags[1])
            arguments.fail(
                first == second ? "\(first) is given twice" : "\(first) and \(second) conflict: give one choice"
            )
        }
        guard choiceFlags.count == 1 else {
            arguments.fail("needs one of --accept-all, --reject-all, --choice FILE")
        }
        guard cmp.id >= 0 else { arguments.fail("needs --cmp-id N") }
        let gvl = VendorListFile.load(gvlPath)
        let choice: GlobalVendorList.Choice
        switch choiceFlags[0] {
        case "--accept-all": choice = .acceptAll
        case "--reject-all": choice = .rejectAll
        default: choice = .custom(parse(choicePath) { json throws(ModelError) in try .init(json: json) })
        }
        let restrictions = restrictionsPath.map { parse($0, publisherRestrictions) } ?? PublisherRestrictions()
        do {
            let tc = try gvl.tcString(
                for: choice,
                cmp: cmp,
                day: day ?? EncodeCommand.today(),
                shownVendors: vendors,
                publisherRestrictions: restrictions
            )
            Terminal.out(try tc.encoded(maximumLength: maximumLength))
            return 0
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
    }

    /// The JSON file at `path` read by `body`; a file that cannot be read or read by `body` ends
    /// the command (status 1) with the path and the error.
    private static func parse<T>(_ path: String, _ body: (JSON) throws(ModelError) -> T) -> T {
        let text = Terminal.contents(of: path)
        do {
            return try body(try JSON(parsing: text))
        } catch {
            Terminal.inputError(JSON.message(error, about: path))
        }
    }

    /// A `--restrictions` file: a list of entries as in the decode schema's publisher restrictions;
    /// errors name the entry and its key.
    static func publisherRestrictions(_ json: JSON) throws(ModelError) -> PublisherRestrictions {
        try Fields(.object([("", json)]), path: "", keys: [""]).restrictions("")
    }
}
