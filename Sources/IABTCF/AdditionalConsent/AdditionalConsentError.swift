/// Why an Additional Consent string is not one: the ``code``, the 1-based ``position`` of the
/// problem and the offending ``value``.
///
/// Like every error of the package, two errors are equal when all their fields are: code,
/// position and value. To ask only what kind of error it is, compare ``code``:
///
/// ```swift
/// do throws(AdditionalConsentError) {
///     _ = try AdditionalConsent("1~1.x")
/// } catch {
///     print(error.code == .invalidProviderId)  // true
///     print(error)  // a provider id is not a positive decimal integer (character 5) [invalidProviderId]
/// }
/// ```
public struct AdditionalConsentError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public var code: Code
    /// The 1-based position, in UTF-8 bytes, of the character where the problem is (one past the
    /// last character when the string ends too early), as ``TCStringError/position`` counts; `nil`
    /// for a value built with ``AdditionalConsent/init(version:consentedProviders:disclosedProviders:)``,
    /// which has no text.
    public var position: Int?
    /// The offending id, or the unsupported version given to
    /// ``AdditionalConsent/init(version:consentedProviders:disclosedProviders:)``.
    public var value: Int?

    /// Creates an error.
    public init(_ code: Code, position: Int? = nil, value: Int? = nil) {
        self.code = code
        self.position = position
        self.value = value
    }

    /// A kind of error. New codes may be added in minor releases, so switch with a `default:` case.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's stable name, as printed by the command-line tool.
        public let name: String

        init(_ name: String) { self.name = name }

        /// The code's name.
        public var description: String { name }

        /// The string is empty.
        public static let emptyString = Code("emptyString")
        /// The string does not start with `1~` or `2~`.
        public static let unsupportedVersion = Code("unsupportedVersion")
        /// The `~` structure is wrong (too many parts, disclosed ids in version 1...).
        public static let malformed = Code("malformed")
        /// A version 2 string without its `~dv.` part.
        public static let missingDisclosedSection = Code("missingDisclosedSection")
        /// An id that is not a positive decimal integer.
        public static let invalidProviderId = Code("invalidProviderId")
        /// An id listed as both consented and disclosed-only.
        public static let providerInBothLists = Code("providerInBothLists")
    }

    /// One line for people: the problem in words, the character position when there is one, and
    /// the code, e.g. `a provider id is not a positive decimal integer (character 5) [invalidProviderId]`.
    public var description: String {
        ErrorWording.line(problem, character: position, code: code.name)
    }

    /// The problem in words.
    private var problem: String {
        switch code {
        case .emptyString: return "the string is empty"
        case .unsupportedVersion:
            return value.map { "version \($0) is not 1 or 2" } ?? "the string does not start with 1~ or 2~"
        case .malformed:
            return "not an Additional Consent string: its ~ parts are not 1~ids or 2~ids~dv.ids"
        case .missingDisclosedSection: return "a version 2 string needs its ~dv. part after the consented ids"
        case .invalidProviderId:
            return value.map { "provider id \($0) is not positive" }
                ?? "a provider id is not a positive decimal integer"
        case .providerInBothLists:
            return "provider id \(value.map(String.init) ?? "?") is both consented and disclosed-only"
        default: return "not a valid Additional Consent string"
        }
    }
}
