public import IABTCF

/// Why a GPP string, or one of its sections, does not decode or encode, and where.
///
/// Every decoding failure is one of these (nothing traps). The error has the shape of IABTCF's
/// `TCStringError` and reads like one: its ``description`` is what went wrong in words, then
/// where (the 1-based ``position`` in the whole input, the section or the header, the
/// ``subsection``, the ``bit`` and the ``field`` by its name in the specification), then the
/// ``code``'s name:
///
/// ```swift
/// do {
///     _ = try GPPString(encoded: "DBABL~BV")
/// } catch {
///     print(error)  // the section ends before the field does (character 8; section 7 usnat, bit 12, field TargetedAdvertisingOptOutNotice) [truncated]
/// }
/// ```
///
/// Two errors are equal when all their parts are: code, place and value. To ask only what kind
/// of error it is, compare ``code``.
public struct GPPError: Error, Hashable, Sendable {
    /// Every part, behind one reference: the error is one word wide, so a typed throw or a
    /// `Result` costs a decoding path no more than a pointer does. Never written after the error is
    /// made; equality and hashing are the storage's (IABTCF's `ErrorStorage`, as `TCStringError`'s):
    /// every part.
    private let backing: ErrorStorage<Parts>

    /// What went wrong.
    public var code: Code { backing.parts.code }
    /// The section id, when the error is inside a section; 3 for the header (the specification
    /// numbers the header 3), which ``description`` calls "the header".
    public var sectionId: Int? { backing.parts.sectionId }
    /// The `.`-separated part of the section: 0 for the core, 1 for the first after it.
    public var subsection: Int? { backing.parts.subsection }
    /// The field, by its name in the specification (or a key of the fields JSON, when encoding).
    public var field: String? { backing.parts.field }
    /// The bit within the section part where the field starts.
    public var bit: Int? { backing.parts.bit }
    /// The 1-based character position in the whole input.
    public var position: Int? { backing.parts.position }
    /// The value read, when one was (the version, the count, the byte...).
    public var value: Int? { backing.parts.value }
    /// The TCF EU v2 section's own error, for ``Code/tcString``.
    public var tcString: TCStringError? { backing.parts.tcString }
    /// Whether the error is in the header rather than in a section.
    public var isHeader: Bool { backing.parts.sectionId == GPPError.headerId }

    /// The id the specification gives the header, which ``sectionId`` holds for an error there.
    static let headerId = 3

    /// An error with what is known. `expected` is what the string should have had, where the
    /// sentence needs it (the header's count of sections, for ``Code/sectionCountMismatch``).
    package init(
        _ code: Code,
        sectionId: Int? = nil,
        subsection: Int? = nil,
        field: String? = nil,
        bit: Int? = nil,
        position: Int? = nil,
        value: Int? = nil,
        expected: Int? = nil,
        tcString: TCStringError? = nil
    ) {
        backing = ErrorStorage(
            Parts(
                code: code,
                sectionId: sectionId,
                subsection: subsection,
                field: field,
                bit: bit,
                position: position,
                value: value,
                expected: expected,
                tcString: tcString
            )
        )
    }

    /// The error's parts, all of which equality and hashing compare.
    private struct Parts: Hashable, Sendable {
        let code: Code
        let sectionId: Int?
        let subsection: Int?
        let field: String?
        let bit: Int?
        let position: Int?
        let value: Int?
        let expected: Int?
        let tcString: TCStringError?
    }

    /// A kind of error. New codes may be added in minor releases, so switch with a `default:` case.
    ///
    /// One byte wide: the index of the code's ``name`` in the table of names.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The index of the code's name in ``names``.
        let index: UInt8

        private init(_ index: UInt8) { self.index = index }

        /// The code's stable name, as printed by the command-line tool.
        public var name: String { Self.names[Int(index)] }

        /// The code's name.
        public var description: String { name }

        /// Every code's name, by index.
        static let names = [
            "empty", "invalidCharacter", "invalidHeaderType", "unsupportedVersion", "sectionCountMismatch",
            "truncated", "surplusData", "invalidValue", "invalidSubsection", "invalidUSPrivacy", "tcString",
            "invalidSectionIDs", "inputTooLong", "missingTCFSection",
        ]

        /// Every code, in the order of ``names``.
        package static var all: [Code] { (0..<names.count).map { Code(UInt8($0)) } }

        /// The input is empty, or a section or sub-section is.
        public static let empty = Code(0)
        /// A byte outside base64url (`A-Z a-z 0-9 - _`); `+`, `/` and `=` are refused too.
        public static let invalidCharacter = Code(1)
        /// The header's Type is not 3.
        public static let invalidHeaderType = Code(2)
        /// A Version (of the header or of a section) this module does not know.
        public static let unsupportedVersion = Code(3)
        /// The header lists a different number of sections than the string holds.
        public static let sectionCountMismatch = Code(4)
        /// The bits end inside a field.
        public static let truncated = Code(5)
        /// More characters than any of the three padding conventions allows after the last field.
        public static let surplusData = Code(6)
        /// A value outside its data type (a Fibonacci code without its end, a String(n) letter
        /// past `Z`, a sub-section type the section does not have, a value too large to encode).
        public static let invalidValue = Code(7)
        /// A sub-section the section does not have, or one given twice.
        public static let invalidSubsection = Code(8)
        /// The uspv1 text is not `1` and three of `Y`, `N`, `-`.
        public static let invalidUSPrivacy = Code(9)
        /// The TCF EU v2 section (2) does not decode or encode: see ``GPPError/tcString``.
        public static let tcString = Code(10)
        /// The section ids are not ascending, unique and positive (encoding only).
        public static let invalidSectionIDs = Code(11)
        /// The input is longer than the decoder accepts.
        public static let inputTooLong = Code(12)
        /// The string has no TCF EU v2 section (id 2) where a TC string is needed.
        public static let missingTCFSection = Code(13)
    }
}

extension GPPError: CustomStringConvertible {
    /// One line for people, worded as every error of the package is: the problem in words, then
    /// where (the 1-based character, then the header or the section by id and name, the
    /// sub-section after the core, the bit and the field), then the code, e.g.
    /// `the header lists 1 section but the string has 0 (character 3; the header, bit 12, field Sections) [sectionCountMismatch]`.
    /// A TCF EU v2 section that does not decode (``Code/tcString``) reads as its TC string error
    /// placed in the whole string:
    /// `... (character 60; section 2 tcfeuv2, segment 0, bit 42) [invalidCharacter]`.
    public var description: String {
        if code == .tcString, let inner = tcString {
            var placed = inner
            placed.position = position
            return placed.description(within: Self.place(of: sectionId ?? GPPString.tcfEuV2SectionId))
        }
        var places: [String] = []
        if let sectionId { places.append(Self.place(of: sectionId)) }
        if let subsection, subsection > 0 { places.append("sub-section \(subsection)") }
        if let bit { places.append("bit \(bit)") }
        if let field { places.append("field \(field)") }
        return ErrorWording.line(problem, character: position, places: places, code: code.name)
    }

    /// `the header`, or `section 7 usnat` (the id, then the API prefix when the id has one).
    static func place(of sectionId: Int) -> String {
        guard sectionId != headerId else { return "the header" }
        return "section \(sectionId)" + (GPPSection.name(of: sectionId).map { " \($0)" } ?? "")
    }

    /// What the error is in: the header, a sub-section after the core, or a section.
    private var part: String {
        if isHeader { return "the header" }
        if let subsection, subsection > 0 { return "the sub-section" }
        return sectionId == nil ? "the input" : "the section"
    }

    /// The problem in words.
    private var problem: String {
        let number = value.map(String.init) ?? "?"
        switch code {
        case .empty: return "\(part) is empty"
        case .invalidCharacter:
            guard let value else { return "a character is not base64url, only A-Z a-z 0-9 - _" }
            if value == Int(UInt8(ascii: "~")) && bit == nil {
                return "'~' separates the sections, so it cannot be in a section's text"
            }
            return "\(ErrorWording.quoted(byte: value)) is not a base64url character, only A-Z a-z 0-9 - _"
        case .invalidHeaderType: return "not a GPP string: the header's Type is \(number), not 3"
        case .unsupportedVersion where sectionId == 6 && value != nil:
            return "the US Privacy string's version \(ErrorWording.quoted(byte: value ?? 0)) is not 1"
        case .unsupportedVersion: return "\(part)'s Version \(number) is not one this library reads"
        case .sectionCountMismatch:
            guard let listed = backing.parts.expected, value != nil else {
                return "the header lists a different number of sections than the string has"
            }
            return "the header lists \(listed) section\(listed == 1 ? "" : "s") but the string has \(number)"
        case .truncated where field == nil:
            return "the section ends before its sub-section \(subsection.map(String.init) ?? "?")"
        case .truncated: return "\(part) ends before the field does"
        case .surplusData: return "\(part) has more characters after its last field than padding allows"
        case .invalidValue where value != nil && value == sectionId && subsection == nil:
            return "section \(number) is not one whose fields this library knows"
        case .invalidValue where bit != nil: return "the bits are not a value of the field's data type"
        case .invalidValue where value != nil: return "\(number) does not fit the field"
        case .invalidValue where field != nil:
            return "the value does not fit the field, or the section has no such field"
        case .invalidValue: return "the values do not fit the section's fields"
        case .invalidSubsection where value != nil:
            return "sub-section type \(number) is not one the section has, or it is given twice"
        case .invalidSubsection: return "the sub-sections present are not the ones the section header lists"
        case .invalidUSPrivacy where value != nil:
            return "\(ErrorWording.quoted(byte: value ?? 0)) is not Y, N or -"
        case .invalidUSPrivacy: return "the US Privacy string is not 1 and three of Y, N, -"
        case .tcString: return "the TCF EU v2 section is not a TC string"
        case .invalidSectionIDs: return "the section ids are not ascending, unique and positive"
        case .inputTooLong: return "the input is longer than the maximum of \(number) bytes"
        case .missingTCFSection: return "the GPP string has no TCF EU v2 section (section 2 tcfeuv2)"
        default: return "the input is not a valid GPP string"
        }
    }
}
