public import IABTCF

/// Why a GPP string, or one of its sections, does not decode or encode, and where.
///
/// Every decoding failure is one of these (nothing traps): it names the section id, the
/// sub-section (0 for a section's core, 1 for the first `.`-separated part after it), the field by
/// its name in the specification, the bit within that part and the 1-based character position in
/// the whole input.
public struct GPPError: Error, Hashable, Sendable {
    /// What went wrong.
    public enum Code: String, Sendable, Hashable {
        /// The input is empty, or a section is.
        case empty
        /// A byte outside base64url (`A-Z a-z 0-9 - _`); `+`, `/` and `=` are refused too.
        case invalidCharacter
        /// The header's Type is not 3.
        case invalidHeaderType
        /// A Version (of the header or of a section) this module does not know.
        case unsupportedVersion
        /// The header lists a different number of sections than the string holds.
        case sectionCountMismatch
        /// The bits end inside a field.
        case truncated
        /// More characters than any of the three padding conventions allows after the last field.
        case surplusData
        /// A value outside its data type (a Fibonacci code without its end, a String(n) letter
        /// past `Z`, a sub-section type the section does not have, a value too large to encode).
        case invalidValue
        /// A sub-section the section does not have, or one given twice.
        case invalidSubsection
        /// The uspv1 text is not `1` and three of `Y`, `N`, `-`.
        case invalidUSPrivacy
        /// The TCF EU v2 section (2) does not decode or encode: see ``tcString``.
        case tcString
        /// The section ids are not ascending, unique and positive (encoding only).
        case invalidSectionIDs
        /// The input is longer than the decoder accepts.
        case inputTooLong
        /// The string has no TCF EU v2 section (id 2) where a TC string is needed.
        case missingTCFSection
    }

    /// What went wrong.
    public var code: Code
    /// The section id, when the error is inside a section (3 for the header).
    public var sectionId: Int?
    /// The `.`-separated part of the section: 0 for the core, 1 for the first after it.
    public var subsection: Int?
    /// The field, by its name in the specification.
    public var field: String?
    /// The bit within the section part where the field starts.
    public var bit: Int?
    /// The 1-based character position in the whole input.
    public var position: Int?
    /// The value read, when one was (the version, the count, the byte...).
    public var value: Int?
    /// The TCF EU v2 section's own error, for ``Code/tcString``.
    public var tcString: TCStringError?

    /// An error with what is known.
    public init(
        _ code: Code,
        sectionId: Int? = nil,
        subsection: Int? = nil,
        field: String? = nil,
        bit: Int? = nil,
        position: Int? = nil,
        value: Int? = nil,
        tcString: TCStringError? = nil
    ) {
        self.code = code
        self.sectionId = sectionId
        self.subsection = subsection
        self.field = field
        self.bit = bit
        self.position = position
        self.value = value
        self.tcString = tcString
    }
}

extension GPPError: CustomStringConvertible {
    /// One line: the code, then each location part that is known. A TCF EU v2 section that does
    /// not decode (``Code/tcString``) reads as its TC string error placed in the whole string,
    /// `... (character 60; GPP section 2, segment 0, bit 42) [invalidCharacter]`, and a missing one
    /// as `the GPP string has no TCF EU v2 section (section id 2) [missingTCFSection]`: the
    /// wording these errors had when the codec read GPP.
    public var description: String {
        if code == .tcString, var inner = tcString {
            inner.position = position
            return inner.description(within: "GPP section \(sectionId ?? GPPString.tcfEuV2SectionId)")
        }
        if code == .missingTCFSection {
            return ErrorWording.line("the GPP string has no TCF EU v2 section (section id 2)", code: code.rawValue)
        }
        var parts = [code.rawValue]
        if let sectionId { parts.append("section \(sectionId)") }
        if let subsection { parts.append("sub-section \(subsection)") }
        if let field { parts.append("field \(field)") }
        if let bit { parts.append("bit \(bit)") }
        if let position { parts.append("character \(position)") }
        if let value { parts.append("value \(value)") }
        if let tcString { parts.append("(\(tcString))") }
        return parts.joined(separator: ", ")
    }
}
