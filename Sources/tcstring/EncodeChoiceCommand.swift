import IABTCF
import IABTCFVendorList
import TCStringToolSupport

/// `tcstring encode --gvl FILE (--accept-all | --reject-all | --choice FILE) --cmp-id N ...`
/// (see ``Usage/encodeChoice``): the string a CMP writes for a choice against a vendor list.
enum EncodeChoiceCommand {
    /// The keys of a `--choice` file; any other key is an error naming it. The sets a choice shares
    /// with a TC string take the decode schema's names.
    static let choiceKeys = [
        purposeConsents, "purposeLegitimateInterestObjections", specialFeatureOptIns, vendorConsents,
        "vendorLegitimateInterestObjections",
    ]
    private static let purposeConsents = TCString.SchemaKey.purposeConsents.stringValue
    private static let specialFeatureOptIns = TCString.SchemaKey.specialFeatureOptIns.stringValue
    private static let vendorConsents = TCString.SchemaKey.vendorConsents.stringValue

    /// `encode`'s one parser, for both its modes: with `--gvl` or any option of a choice, this
    /// mode; otherwise a JSON object in the decode schema (``EncodeCommand/encodeJSON(_:maximumLength:_:)``).
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "encode")
        var choiceOption: String?
        var gvlPath: String?
        var choiceFlags: [String] = []
        var choicePath = ""
        var cmp = GlobalVendorList.CMP(id: -1)
        var vendors: VendorSet?
        var restrictionsPath: String?
        var day: Timestamp?
        var maximumLength = TCString.DecodingOptions.defaultMaximumLength
        func number(_ option: String, _ range: ClosedRange<Int>, _ arguments: inout Arguments) -> Int {
            arguments.value(of: option, "a number \(range.text)") {
                Int($0).flatMap { range.contains($0) ? $0 : nil }
            }
        }
        func code(_ option: String, _ arguments: inout Arguments) -> TwoLetterCode {
            arguments.value(of: option, "two letters A-Z") { try? TwoLetterCode($0) }
        }
        let operands = arguments.parse { option, arguments in
            if option != "--max-length" { choiceOption = choiceOption ?? option }
            switch option {
            case "--gvl": gvlPath = arguments.value(of: option)
            case "--accept-all", "--reject-all": choiceFlags.append(option)
            case "--choice":
                choiceFlags.append(option)
                choicePath = arguments.value(of: option)
            case "--cmp-id": cmp.id = number(option, TCString.SchemaKey.cmpId.values!, &arguments)
            case "--cmp-version": cmp.version = number(option, TCString.SchemaKey.cmpVersion.values!, &arguments)
            case "--consent-screen":
                cmp.consentScreen = number(option, TCString.SchemaKey.consentScreen.values!, &arguments)
            case "--language": cmp.language = code(option, &arguments)
            case "--publisher-cc": cmp.publisherCountryCode = code(option, &arguments)
            case "--vendors": vendors = arguments.vendors(of: option)
            case "--restrictions": restrictionsPath = arguments.value(of: option)
            case "--date":
                day = arguments.value(of: option, "a day YYYY-MM-DD") { text in
                    text.count == 10 ? Timestamp(iso8601: text).flatMap { $0.isEncodable ? $0 : nil } : nil
                }
            case "--max-length": maximumLength = arguments.maximumLength(of: option)
            default: return false
            }
            return true
        }
        guard let choiceOption else {
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
        default: choice = .custom(parse(choicePath, customChoice))
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

    /// A `--choice` file: an object with any of ``choiceKeys``, each a list of ids.
    static func customChoice(_ json: JSON) throws(ModelError) -> GlobalVendorList.CustomChoice {
        let fields = try Fields(json, path: "", keys: choiceKeys)
        return GlobalVendorList.CustomChoice(
            purposeConsents: try fields.smallSet(purposeConsents) ?? [],
            purposeLegitimateInterestObjections: try fields.smallSet("purposeLegitimateInterestObjections") ?? [],
            specialFeatureOptIns: try fields.smallSet(specialFeatureOptIns) ?? [],
            vendorConsents: try fields.vendors(vendorConsents) ?? [],
            vendorLegitimateInterestObjections: try fields.vendors("vendorLegitimateInterestObjections") ?? []
        )
    }

    /// A `--restrictions` file: a list of entries as in the decode schema's publisher restrictions;
    /// errors name the entry and its key.
    static func publisherRestrictions(_ json: JSON) throws(ModelError) -> PublisherRestrictions {
        try Fields(.object([("", json)]), path: "", keys: [""]).restrictions("")
    }
}
