import IABTCF
import IABTCFVendorList

/// One option of a command, declared once: its names, the value it takes, its help and what it
/// does to the command's values. A command's rows make both its parser
/// (``Arguments/parse(_:into:operand:)``) and the option part of its help (``Usage/synopsis(_:_:operands:)``,
/// ``Usage/table(_:)``), so the two cannot drift (swift-argument-parser's model, without the
/// dependency). Options several commands take are made by the shared constructors below, so they
/// mean the same everywhere. A command's rows are a computed `static var` (closures and key paths
/// are not `Sendable`); they are made once per run.
struct OptionRow<Values> {
    /// The names, the first as the help shows it (`--jobs`), then aliases (`-j`).
    let names: [String]
    /// What the value is called in the help (`N`, `FILE`), or `nil` for a flag.
    let value: String?
    /// The help text (lines after the first are indented to its column).
    let help: String
    /// Whether the synopsis shows the option without brackets (the command needs it).
    var required = false
    /// Takes the option, given under `name`, and its value from `arguments` into `values`.
    let apply: (_ values: inout Values, _ arguments: inout Arguments, _ name: String) -> Void

    /// The name and value as the help shows them: `--jobs N`.
    var label: String { names[0] + (value.map { " " + $0 } ?? "") }

    /// A flag: `set` runs when it is given.
    static func flag(
        _ name: String,
        _ help: String,
        _ set: @escaping (inout Values) -> Void
    ) -> OptionRow {
        OptionRow(names: [name], value: nil, help: help) { values, _, _ in set(&values) }
    }

    /// An option with a value, read by `read` from the arguments (``Arguments/value(of:)`` and the
    /// parsers that check it).
    static func value(
        _ names: [String],
        _ value: String,
        _ help: String,
        required: Bool = false,
        _ read: @escaping (inout Values, inout Arguments, String) -> Void
    ) -> OptionRow {
        OptionRow(names: names, value: value, help: help, required: required, apply: read)
    }

    /// The same option for a command whose values hold it at `path`.
    func on<Outer>(_ path: WritableKeyPath<Outer, Values>) -> OptionRow<Outer> {
        let apply = self.apply
        return OptionRow<Outer>(names: names, value: value, help: help, required: required) { outer, arguments, name in
            apply(&outer[keyPath: path], &arguments, name)
        }
    }
}

/// The options several commands share, one parser and one help text each.
enum SharedOptions {
    /// `--pretty`: indent the JSON.
    static func pretty<Values>(
        _ path: WritableKeyPath<Values, Bool>,
        help: String = "indent the JSON"
    ) -> OptionRow<Values> {
        .flag("--pretty", help) { $0[keyPath: path] = true }
    }

    /// `--gdpr-applies B`: true or 1, false or 0 (the in-app key stores 1 or 0).
    static func gdprApplies<Values>(_ path: WritableKeyPath<Values, Bool?>, help: String) -> OptionRow<Values> {
        .value(["--gdpr-applies"], "B", help) { values, arguments, _ in values[keyPath: path] = arguments.gdprApplies()
        }
    }

    /// `--gpp-sid IDS`: the GPP sections in force, `7_8` as `IABGPP_GppSID` stores them or `7,8`.
    static func gppSectionIds<Values>(_ path: WritableKeyPath<Values, [Int]?>) -> OptionRow<Values> {
        .value(
            ["--gpp-sid"],
            "IDS",
            "the GPP sections in force: 7_8 (as IABGPP_GppSID) or 7,8\n(default: every section of the string)"
        ) { values, arguments, name in
            values[keyPath: path] = arguments.value(of: name, "section ids joined by _ or , (7_8)") { text -> [Int]? in
                let parts = text.split(separator: text.contains(",") ? "," : "_", omittingEmptySubsequences: false)
                let ids = parts.map { Int($0) }
                return ids.allSatisfy({ ($0 ?? 0) > 0 }) && !ids.isEmpty ? ids.compactMap { $0 } : nil
            }
        }
    }

    /// `--jobs N` (`-j N`): how many strings to work on at once.
    static func jobs<Values>(_ path: WritableKeyPath<Values, Int?>) -> OptionRow<Values> {
        .value(["--jobs", "-j"], "N", Usage.jobs.1) { values, arguments, _ in values[keyPath: path] = arguments.jobs() }
    }

    /// `--us-privacy S`: the stored `IABUSPrivacy_String`.
    static func usPrivacy<Values>(_ path: WritableKeyPath<Values, String?>) -> OptionRow<Values> {
        .value(["--us-privacy"], "S", "IABUSPrivacy_String (1YYN opts out of sale)") { values, arguments, name in
            values[keyPath: path] = arguments.value(of: name)
        }
    }

    /// `--gad-rdp`: Google's restricted data processing flag is set.
    static func restrictedDataProcessing<Values>(_ path: WritableKeyPath<Values, Bool>) -> OptionRow<Values> {
        .flag("--gad-rdp", "gad_rdp is set: Google's restricted data processing") { $0[keyPath: path] = true }
    }

    /// `--today YYYY-MM-DD`: the UTC day to work on (default: today).
    static func today<Values>(
        _ path: WritableKeyPath<Values, Timestamp?>,
        help: String = "the day to check on (default: today, UTC)"
    ) -> OptionRow<Values> {
        .value(["--today"], "YYYY-MM-DD", help) { values, arguments, name in
            values[keyPath: path] = arguments.day(of: name)
        }
    }

    /// `--max-age-days N`.
    static func maximumAge<Values>(_ path: WritableKeyPath<Values, Int>, help: String) -> OptionRow<Values> {
        .value(["--max-age-days"], "N", help) { values, arguments, name in
            values[keyPath: path] = arguments.days(of: name)
        }
    }

    /// `--gvl FILE`, loaded when given (a file that cannot be read or parsed ends the command).
    static func gvl<Values>(
        _ path: WritableKeyPath<Values, GlobalVendorList?>,
        help: String,
        required: Bool = false
    ) -> OptionRow<Values> {
        .value(["--gvl"], "FILE", help, required: required) { values, arguments, name in
            values[keyPath: path] = VendorListFile.load(arguments.value(of: name))
        }
    }
}

extension DecodingFlags {
    /// `--jobs N` (when `streams`), `--strict` and `--max-length N`, for the decoding flags at `path`.
    static func rows<Values>(_ path: WritableKeyPath<Values, DecodingFlags>, streams: Bool) -> [OptionRow<Values>] {
        let jobs = SharedOptions.jobs(path.appending(path: \DecodingFlags.jobs))
        let strict = OptionRow<Values>.flag("--strict", Usage.strictHelp) { $0[keyPath: path].options.strict = true }
        let maximumLength = OptionRow<Values>.value(["--max-length"], "N", Usage.maxLengthHelp) {
            values,
            arguments,
            name in
            values[keyPath: path].options.maximumLength = arguments.maximumLength(of: name)
        }
        return (streams ? [jobs] : []) + [strict, maximumLength]
    }
}

extension Arguments {
    /// Reads the whole command line with `rows`: each option into `values` (an option no row
    /// names is a usage error suggesting the nearest); `operand` takes each operand, by default
    /// collected into the result.
    @discardableResult
    mutating func parse<Values>(
        _ rows: [OptionRow<Values>],
        into values: inout Values,
        operand: ((_ operand: String, _ arguments: Arguments) -> Void)? = nil
    ) -> [String] {
        parse(
            { name, arguments in
                guard let row = rows.first(where: { $0.names.contains(name) }) else { return false }
                row.apply(&values, &arguments, name)
                return true
            },
            operand: operand
        )
    }
}

extension Usage {
    /// `usage: tcstring NAME [--option VALUE] ... OPERANDS`, wrapped at 100 columns under the
    /// first option: every row, bracketed unless required.
    static func synopsis<Values>(
        _ name: String,
        _ rows: [OptionRow<Values>],
        operands: String = "[STRING | -]"
    ) -> String {
        let head = "usage: tcstring \(name) "
        let items = rows.map { $0.required ? $0.label : "[\($0.label)]" } + (operands.isEmpty ? [] : [operands])
        var lines = [head]
        for item in items {
            if lines[lines.count - 1].count + item.count > 100 && lines[lines.count - 1].count > head.count {
                lines.append(String(repeating: " ", count: head.count))
            }
            lines[lines.count - 1] += item + " "
        }
        return lines.map { String($0.dropLast()) }.joined(separator: "\n")
    }

    /// The rows' help as two columns (``options(_:indent:width:)``).
    static func table<Values>(_ rows: [OptionRow<Values>], width: Int? = nil) -> String {
        options(rows.map { ($0.label, $0.help) }, width: width)
    }
}
