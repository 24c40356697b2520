import IABTCF
import TCStringToolSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// One subcommand's command line, read left to right. `--name value` and `--name=value` are the
/// same; `--help` or `-h` anywhere prints the subcommand's usage and exits 0; `--` ends the options;
/// `-` is an operand (standard input). A mistake prints the subcommand's usage only, status 2.
struct Arguments {
    /// An option (`--pretty`, `-j`) or an operand (a string, a file, `-`).
    enum Argument: Equatable {
        case option(String)
        case operand(String)
    }

    let command: String
    let usage: String
    private var rest: ArraySlice<String>
    /// The `value` of the last `--name=value`, until ``value(of:)`` takes it.
    private var attachedValue: String?
    private var onlyOperands = false
    /// The argument ``next()`` returned last.
    private var last: Argument?

    /// The arguments after `command`'s name; its usage comes from ``Command/all``.
    init(_ arguments: [String], command: String) {
        self.command = command
        self.usage = Command.named(command)?.usage ?? Usage.tool
        self.rest = arguments[...]
    }

    /// The next argument, or `nil` at the end.
    mutating func next() -> Argument? {
        if attachedValue != nil, case .option(let name)? = last { fail("\(name) takes no value") }
        guard var argument = rest.popFirst() else { return nil }
        if onlyOperands || argument == "-" || !argument.hasPrefix("-") {
            last = .operand(argument)
            return last
        }
        if argument == "--" {
            onlyOperands = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            attachedValue = String(argument[argument.index(after: equals)...])
            argument = String(argument[..<equals])
        }
        if argument == "--help" || argument == "-h" {
            Terminal.out(usage)
            exit(0)
        }
        last = .option(argument)
        return last
    }

    /// The value of `option`: its `=value`, or the next argument.
    mutating func value(of option: String) -> String {
        if let attached = attachedValue {
            attachedValue = nil
            return attached
        }
        guard let value = rest.popFirst() else { fail("\(option) needs a value") }
        return value
    }

    /// The value of `option` converted by `parse`; a usage error saying `expected` when it fails.
    mutating func value<T>(of option: String, _ expected: String, _ parse: (String) -> T?) -> T {
        guard let parsed = parse(value(of: option)) else { fail("\(option) takes \(expected)") }
        return parsed
    }

    /// The same, assigned to an optional. Without this overload `T` would become that optional
    /// there, and a value `parse` refuses would turn into `nil` instead of a usage error.
    mutating func value<T>(of option: String, _ expected: String, _ parse: (String) -> T?) -> T? {
        let parsed: T = value(of: option, expected, parse)
        return parsed
    }

    /// Reads the whole command line, left to right: `option` takes each option by its name (and
    /// its value, with ``value(of:)``) and returns `false` for one the command does not have, a
    /// usage error; `operand` takes each operand, by default collected into the result.
    @discardableResult
    mutating func parse(
        _ option: (_ name: String, _ arguments: inout Arguments) -> Bool,
        operand: ((_ operand: String, _ arguments: Arguments) -> Void)? = nil
    ) -> [String] {
        var operands: [String] = []
        while let argument = next() {
            switch argument {
            case .option(let name): if !option(name, &self) { unknown(name) }
            case .operand(let text):
                if let operand { operand(text, self) } else { operands.append(text) }
            }
        }
        return operands
    }

    /// A usage error: the message and this command's usage on standard error, status 2.
    func fail(_ message: String) -> Never {
        Terminal.usageError("\(command): \(message)", usage: usage)
    }

    /// A usage error for an option this command does not have.
    func unknown(_ option: String) -> Never { fail("unknown option \(option)") }
}

/// `--strict` and `--max-length N`, which every command that decodes TC strings takes.
struct DecodingFlags {
    private(set) var options = TCString.DecodingOptions()

    /// Takes `option` (and its value) when it is one of these flags; returns whether it was.
    mutating func parse(_ option: String, _ arguments: inout Arguments) -> Bool {
        switch option {
        case "--strict": options.strict = true
        case "--max-length": options.maximumLength = arguments.maximumLength(of: option)
        default: return false
        }
        return true
    }
}

extension Arguments {
    /// The value of `--max-age-days`: a number of days, 0 or more.
    mutating func days(of option: String) -> Int {
        value(of: option, "a number of days (0 or more)") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
    }

    /// The value of a day option (`--today`, `--att-answered`): a day `YYYY-MM-DD`.
    mutating func day(of option: String) -> Timestamp {
        value(of: option, "a day YYYY-MM-DD") { text in text.count == 10 ? Timestamp(iso8601: text) : nil }
    }

    /// The value of `--max-length`: a number of bytes, 1 or more.
    mutating func maximumLength(of option: String) -> Int {
        value(of: option, "a number of bytes (1 or more)") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
    }

    /// The value of `--jobs`: a number of parallel jobs, 1 or more.
    mutating func jobs() -> Int {
        value(of: "--jobs", "a number of parallel jobs (1 or more)") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
    }

    /// The value of `option` as ids and ranges such as `1,5-9`, each id within `bounds`; a usage
    /// error naming the problem (and the first id outside `bounds`) when it is not.
    mutating func ids(of option: String, within bounds: ClosedRange<Int> = 0...Int.max) -> IDList {
        switch IDList.parse(value(of: option), within: bounds) {
        case .success(let list): return list
        case .failure(let problem): fail("\(option) \(problem.description)")
        }
    }

    /// The value of `option` as vendor ids and ranges such as `1,5-9`, each a vendor id (1-65535).
    mutating func vendors(of option: String) -> VendorSet {
        let list = ids(of: option, within: 1...VendorSet.maxID)
        do throws(TCStringError) {
            return try VendorSet(list.ids)
        } catch {
            fail(JSON.message(error, about: option))
        }
    }
}

/// An id list as options take it, `1,5-9`: ids and inclusive ranges separated by commas. The one
/// parser of every option that takes ids (`--vendors`, `--vendor`, `--purpose`, `--reject-vendors`).
struct IDList {
    /// Every id the list names.
    let ids: Set<Int>
    /// The ids named alone, not as part of a range (`1` in `1,5-9`).
    let namedAlone: Set<Int>

    /// Why a list was refused, as the end of `OPTION ...`.
    enum Problem: Error, CustomStringConvertible {
        /// Not ids and ranges.
        case malformed
        /// An id outside what the option takes.
        case outside(id: Int, bounds: ClosedRange<Int>)

        var description: String {
            switch self {
            case .malformed: "takes ids such as 1,5-9"
            case .outside(let id, let bounds): "takes ids \(bounds.lowerBound)-\(bounds.upperBound), not \(id)"
            }
        }
    }

    /// The largest range a list may name, so a list's memory is bounded by its text.
    static let maximumRange = 1 << 20

    /// Parses `text`; each id must lie within `bounds`.
    static func parse(_ text: String, within bounds: ClosedRange<Int>) -> Result<IDList, Problem> {
        var ids: Set<Int> = []
        var namedAlone: Set<Int> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let ends = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(ends.count), let low = Int(ends[0]), let high = Int(ends[ends.count - 1]),
                low >= 0, low <= high, high - low < maximumRange
            else { return .failure(.malformed) }
            if let outside = [low, high].first(where: { !bounds.contains($0) }) {
                return .failure(.outside(id: outside, bounds: bounds))
            }
            ids.formUnion(low...high)
            if ends.count == 1 { namedAlone.insert(low) }
        }
        return .success(IDList(ids: ids, namedAlone: namedAlone))
    }
}
