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

    init(_ arguments: [String], command: String, usage: String) {
        self.command = command
        self.usage = usage
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

    /// The operands, for a command without options of its own (any option is a usage error).
    mutating func operands() -> [String] {
        var operands: [String] = []
        while let argument = next() {
            switch argument {
            case .option(let option): unknown(option)
            case .operand(let operand): operands.append(operand)
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
