import IABTCF
import TCFJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// One subcommand's command line, read left to right. `--name value` and `--name=value` are the
/// same; `--help` or `-h` anywhere prints the subcommand's usage and exits 0; `--` ends the options;
/// `-` is an operand (standard input). An option that takes a value may be given once. A mistake
/// is one line on standard error naming the option and `tcstring help COMMAND`, status 2; a
/// misspelt option gets the nearest one the usage lists.
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
    /// The options whose value was taken, each at most once.
    private var valued: Set<String> = []

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
        guard valued.insert(option).inserted else { fail("\(option) is given twice (it takes one value)") }
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

    /// A usage error: one line naming this command and `tcstring help COMMAND`, status 2.
    func fail(_ message: String) -> Never {
        Terminal.usageError("\(command): \(message)", command: command)
    }

    /// A usage error for an option this command does not have, with the nearest one it has.
    func unknown(_ option: String) -> Never {
        fail("unknown option \(option)" + Suggestion.didYouMean(option, Suggestion.options(in: usage)))
    }
}

/// The nearest of a few names to a misspelt one, by edit distance.
enum Suggestion {
    /// ` (did you mean NAME?)` for the nearest of `names` within a third of `typed`'s length (at
    /// least 1, at most 3 edits), or nothing.
    static func didYouMean(_ typed: String, _ names: some Sequence<String>) -> String {
        let typed = Array(typed.utf8)
        let allowed = min(3, max(1, typed.count / 3))
        let nearest = names.map { (name: $0, distance: distance(typed, Array($0.utf8))) }
            .filter { $0.distance <= allowed }
            .min { $0.distance < $1.distance }
        return nearest.map { " (did you mean \($0.name)?)" } ?? ""
    }

    /// The options `usage` names (`--name`, `-j`), in order, each once.
    static func options(in usage: String) -> [String] {
        var names: [String] = []
        let bytes = Array(usage.utf8)
        var index = 0
        while index < bytes.count {
            let startsWord = index == 0 || !isNameByte(bytes[index - 1])
            guard startsWord, bytes[index] == UInt8(ascii: "-") else {
                index += 1
                continue
            }
            var end = index
            while end < bytes.count && isNameByte(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[index..<end], as: UTF8.self)
            let dashes = name.prefix { $0 == "-" }.count
            if (dashes == 2 && name.count > 3 || dashes == 1 && name.count == 2) && !names.contains(name) {
                names.append(name)
            }
            index = max(end, index + 1)
        }
        return names
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "-") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// Levenshtein distance: insertions, deletions and substitutions.
    static func distance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// `--strict` and `--max-length N`, which every command that decodes TC strings takes, and
/// `--jobs N` (`-j N`), which every command that streams standard input takes: their rows are
/// ``rows(_:streams:)``, so they mean the same everywhere.
struct DecodingFlags {
    var options = TCString.DecodingOptions()
    /// `--jobs` (`nil`: every core).
    var jobs: Int?
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

    /// The value of `--gdpr-applies`: `true` or `1`, `false` or `0` (the in-app key stores `1`/`0`).
    mutating func gdprApplies() -> Bool {
        value(of: "--gdpr-applies", "true, false, 1 or 0") {
            ["true": true, "1": true, "false": false, "0": false][$0]
        }
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
