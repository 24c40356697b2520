/// Why JSON input was rejected, and where: the ``code``, the 1-based ``position`` at which the
/// reader stopped and a ``message`` that names the problem.
///
/// Every malformed or hostile input (truncation, bad syntax, invalid UTF-8, nesting deeper than the
/// limit, a number that does not fit, input over the size limit, or a value of the wrong shape for
/// the schema being read) gives this error; none traps.
///
/// Like every error of the package, two errors are equal when all their fields are: code,
/// position and message. To ask only what kind of error it is, compare ``code``.
public struct JSONInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem it is.
    public var code: Code
    /// The 1-based position, in UTF-8 bytes of the input, of the byte where reading stopped (one
    /// past the last byte when the input ends too early).
    public var position: Int
    /// A short description, e.g. `expected ':'` or `vendors.755.purposes: expected an array`.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, position: Int, message: String) {
        self.code = code
        self.position = position
        self.message = message
    }

    /// A kind of problem. New codes may be added in minor releases, so switch with a `default:` case.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, as printed by the command-line tool.
        public let name: String

        init(_ name: String) { self.name = name }

        /// The code's name.
        public var description: String { name }

        /// Not JSON (RFC 8259): an unexpected character, a missing `,` `:` `]` `}`, a bad escape.
        public static let syntax = Code("syntax")
        /// The input ended inside a value.
        public static let unexpectedEnd = Code("unexpectedEnd")
        /// A string holds bytes that are not UTF-8, a control character or a lone surrogate escape.
        public static let invalidString = Code("invalidString")
        /// Arrays and objects nested deeper than the reader's limit.
        public static let tooDeep = Code("tooDeep")
        /// The input is larger than the reader's limit.
        public static let tooLarge = Code("tooLarge")
        /// A number with a fraction or exponent where an integer is expected, or one that does not fit.
        public static let invalidNumber = Code("invalidNumber")
        /// Valid JSON, but not the expected shape: a wrong type, a missing member, an id out of range.
        public static let schema = Code("schema")
    }

    /// One line for people, worded like every error of the package (what, then where, then the
    /// code): `invalid JSON: expected ':' (byte 13) [syntax]` (the byte is 1-based), and
    /// `unexpected JSON: ...` for valid JSON of the wrong shape.
    public var description: String {
        (code == .schema ? "unexpected JSON: " : "invalid JSON: ") + message + " (byte \(position)) [\(code.name)]"
    }
}
