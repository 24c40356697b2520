/// The one error type of the codec: what went wrong and where.
///
/// Decoding never traps on malformed input; every failure is one of these. The ``code`` says what
/// happened, ``segment`` (0-based, in the order the segments appear in the input), ``bitOffset``
/// (from the start of that segment) and ``field`` (the specification's field name) say where.
///
/// Like every error of the package, two errors are equal when all their fields are: code, place
/// and value. To ask only what kind of error it is, compare ``code``.
///
/// ```swift
/// do {
///     _ = try TCString(encoded: "CPc7TgP")
/// } catch {
///     print(error)  // the segment ends before the field does (character 8; segment 0, bit 42, field LastUpdated) [truncated]
/// }
/// ```
public struct TCStringError: Error, Hashable, Sendable {
    /// Every field, behind one reference: the error is one word wide, so a `Result`, an optional
    /// error or a typed throw costs a decoding path no more than a pointer does. The code lives
    /// there too: inline next to the reference it would make the error two words. Equality and
    /// hashing are the storage's (``ErrorStorage``): every field.
    private var backing: ErrorStorage<Parts>

    /// What went wrong.
    public var code: Code {
        get { backing.parts.code }
        set { uniqueBacking().parts.code = newValue }
    }
    /// The 0-based index of the segment in the input, when the error belongs to one.
    public var segment: Int? {
        get { backing.parts.segment }
        set { uniqueBacking().parts.segment = newValue }
    }
    /// The bit offset from the start of ``segment`` where the offending field begins.
    public var bitOffset: Int? {
        get { backing.parts.bitOffset }
        set { uniqueBacking().parts.bitOffset = newValue }
    }
    /// The specification's name for the offending field, such as `MaxVendorId`.
    public var field: String? {
        get { backing.parts.field }
        set { uniqueBacking().parts.field = newValue }
    }
    /// A value that explains the error: the unsupported version, the offending byte, the maximum length...
    public var value: Int? {
        get { backing.parts.value }
        set { uniqueBacking().parts.value = newValue }
    }
    /// The 1-based position, in UTF-8 bytes of the input, of the character where the offending
    /// field begins (one past the last character when the input ends before it).
    public var position: Int? {
        get { backing.parts.position }
        set { uniqueBacking().parts.position = newValue }
    }
    /// The offending character, when ``code`` is ``Code/invalidCharacter`` and it is a valid
    /// UTF-8 character outside ASCII (``value`` holds only its first byte).
    var character: Unicode.Scalar? {
        get { backing.parts.character }
        set { uniqueBacking().parts.character = newValue }
    }
    /// What the ids are and which are valid, when ``code`` is ``Code/valueOutOfRange`` for an id
    /// given to a set of purposes, special features or custom purposes.
    var idRange: IDRange? {
        get { backing.parts.idRange }
        set { uniqueBacking().parts.idRange = newValue }
    }

    /// A kind of id and its valid range, e.g. purposes 1-24.
    struct IDRange: Hashable, Sendable {
        let name: String
        let ids: ClosedRange<Int>
    }

    /// Creates an error.
    public init(
        _ code: Code,
        segment: Int? = nil,
        bitOffset: Int? = nil,
        field: String? = nil,
        value: Int? = nil,
        position: Int? = nil
    ) {
        backing = ErrorStorage(
            Parts(code: code, segment: segment, bitOffset: bitOffset, field: field, value: value, position: position)
        )
    }

    /// The backing to write to: copied first when another error shares it (copy on write).
    private mutating func uniqueBacking() -> ErrorStorage<Parts> {
        if !isKnownUniquelyReferenced(&backing) { backing = ErrorStorage(backing.parts) }
        return backing
    }

    /// The error's fields, all of which equality and hashing compare.
    private struct Parts: Hashable, Sendable {
        var code: Code
        var segment: Int?
        var bitOffset: Int?
        var field: String?
        var value: Int?
        var position: Int?
        var character: Unicode.Scalar? = nil
        var idRange: IDRange? = nil
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
            "emptyString", "inputTooLong", "invalidCharacter", "emptySegment", "truncated",
            "unsupportedVersion", "unknownSegmentType", "duplicateSegment", "invalidRange", "invalidVendorId",
            "encodingTooLong", "valueOutOfRange", "nonZeroPadding", "invalidPadding", "invalidLetter",
            "invalidPurposeId", "invalidSegmentLength",
        ]

        /// Every code, in the order of ``names``.
        static var all: [Code] { (0..<names.count).map { Code(UInt8($0)) } }

        /// The input is empty.
        public static let emptyString = Code(0)
        /// The input is longer than ``TCString/DecodingOptions/maximumLength``.
        public static let inputTooLong = Code(1)
        /// A character outside the base64url alphabet (`A-Z a-z 0-9 - _`), or misplaced `=` padding.
        public static let invalidCharacter = Code(2)
        /// A segment has no characters (`a..b`, a leading or trailing `.`).
        public static let emptySegment = Code(3)
        /// A field needs more bits than the segment holds.
        public static let truncated = Code(4)
        /// The core's Version is not 2 (``TCStringError/value`` holds it; 1 is a TCF v1.1 string).
        public static let unsupportedVersion = Code(5)
        /// A segment's SegmentType is 4-7, which the specification does not define.
        public static let unknownSegmentType = Code(6)
        /// A segment type occurs twice, or a segment after the first claims to be a core segment.
        public static let duplicateSegment = Code(7)
        /// A range entry ends before it starts, or beyond the section's MaxVendorId.
        public static let invalidRange = Code(8)
        /// A vendor id of 0, or above ``VendorSet/maxID``.
        public static let invalidVendorId = Code(9)
        /// An encoding would be longer than the `maximumLength` given to
        /// ``TCString/encoded(_:maximumLength:)`` (``TCStringError/value`` holds it; by default the
        /// decoder's limit, so that the encoder never writes what the decoder refuses).
        public static let encodingTooLong = Code(10)
        /// A value does not fit its field (purpose 25, a timestamp beyond 36 bits, a letter outside A-Z...).
        public static let valueOutOfRange = Code(11)
        /// Strict decoding: a bit after the last field of a segment is set (non-zero padding bits, or
        /// data after the last field). ``TCStringError/bitOffset`` is the first such bit.
        public static let nonZeroPadding = Code(12)
        /// Strict decoding: `=` that is not exact base64 padding: after a complete group of four
        /// characters, or in the wrong count for the last group (``TCStringError/value`` holds the count).
        public static let invalidPadding = Code(13)
        /// Strict decoding: a ConsentLanguage or PublisherCC letter outside A-Z
        /// (``TCStringError/value`` holds its 6-bit value, 26-63).
        public static let invalidLetter = Code(14)
        /// Strict decoding: a publisher restriction's PurposeId outside 1 to ``PurposeSet/maxID``
        /// (``TCStringError/value`` holds it).
        public static let invalidPurposeId = Code(15)
        /// Strict decoding: a segment of 4n+1 characters, whose last character makes no whole byte
        /// (``TCStringError/value`` holds the count).
        public static let invalidSegmentLength = Code(16)
    }
}

extension TCStringError: CustomStringConvertible {
    /// One line for people: the problem in words (input that is not base64url or not version 2
    /// starts with "not a TC string"), then where: the character position in the input, segment,
    /// bit and field; last the code, e.g.
    /// `not a TC string: '!' is not a base64url character, only A-Z a-z 0-9 - _ (character 8; segment 0, bit 42) [invalidCharacter]`.
    public var description: String { description(within: nil) }

    /// ``description`` of a TC string that is part of a larger string, with `container` (where
    /// in that string the TC string is, such as its section) first among the places;
    /// ``position`` is then counted in the larger string.
    package func description(within container: String?) -> String {
        var places: [String] = []
        if let container { places.append(container) }
        if let segment { places.append("segment \(segment)") }
        if let bitOffset { places.append("bit \(bitOffset)") }
        if let field { places.append("field \(field)") }
        return ErrorWording.line(problem, character: position, places: places, code: code.name)
    }

    /// The problem in words.
    private var problem: String {
        let value = value.map(String.init) ?? "?"
        switch code {
        case .emptyString: return "the input is empty"
        case .inputTooLong: return "the input is longer than the maximum of \(value) bytes"
        case .invalidCharacter:
            let shown =
                character.map(ErrorWording.quoted) ?? self.value.map(ErrorWording.quoted(byte:)) ?? "a character"
            return "not a TC string: \(shown) is not a base64url character, only A-Z a-z 0-9 - _"
        case .emptySegment: return "a segment has no characters"
        case .truncated: return "the segment ends before the field does"
        case .unsupportedVersion where self.value == 1:
            return "not a TCF v2 string: a TCF v1.1 consent string, only TCF v2 is supported"
        case .unsupportedVersion: return "not a TC string: version \(value), only TCF v2 is supported"
        case .unknownSegmentType: return "segment type \(value) is not defined (0-\(SegmentType.allCases.count - 1))"
        case .duplicateSegment: return "a segment type appears twice, or a later segment claims to be the core"
        case .invalidRange: return "a vendor range ends before it starts or beyond MaxVendorId (\(value))"
        case .invalidVendorId: return "vendor id \(value) is not between 1 and \(VendorSet.maxID)"
        case .valueOutOfRange:
            guard let idRange else { return "\(value) does not fit the field" }
            return "\(idRange.name) id \(value) is not between \(idRange.ids.lowerBound) and \(idRange.ids.upperBound)"
        case .encodingTooLong:
            return
                "the encoding would be longer than the maximum of \(value) characters, by default the most decoding accepts"
        case .nonZeroPadding: return "a bit after the last field is set (non-zero padding or data after the last field)"
        case .invalidPadding:
            return "'=' is not exact base64 padding: \(value) '=' do not complete the last group of four characters"
        case .invalidLetter: return "letter value \(value) is outside A-Z (0-25)"
        case .invalidPurposeId: return "restriction PurposeId \(value) is outside 1-\(PurposeSet.maxID)"
        case .invalidSegmentLength:
            return "a segment of \(value) characters (4n+1): its last character makes no whole byte"
        default: return "the input is not a valid TC string"
        }
    }

    /// The error with ``position`` worked out from ``segment`` and ``bitOffset`` in `input` (six
    /// bits per character; segments separated by `.`). Only called on the failure path; consuming,
    /// so that the error's one backing is written in place, not copied.
    consuming func located(in input: UnsafeBufferPointer<UInt8>) -> TCStringError {
        guard position == nil, let segment, let bitOffset else { return self }
        var start = 0
        var dots = 0
        while dots < segment {
            guard let dot = input[start...].firstIndex(of: UInt8(ascii: ".")) else { return self }
            start = dot + 1
            dots += 1
        }
        var located = self
        let index = min(start + bitOffset / 6, input.count)
        located.position = index + 1
        // A character outside ASCII is named as a whole when its bytes are valid UTF-8.
        if located.code == .invalidCharacter, index < input.count, input[index] >= 0x80 {
            var bytes = input[index..<min(index + 4, input.count)].makeIterator()
            var decoder = Unicode.UTF8()
            if case .scalarValue(let scalar) = decoder.decode(&bytes) { located.character = scalar }
        }
        return located
    }
}

/// The one owner of the errors' equality and hashing (``TCStringError``, IABGPP's `GPPError`): an
/// error keeps its parts behind one reference to this storage, so that it is one word wide, and
/// two errors are equal when all their parts are, whether or not they share the storage.
/// `@unchecked Sendable`: a storage is written only through the one error that holds it, and only
/// while no other error shares it (copy on write), so a storage two errors or two threads share is
/// never written.
package final class ErrorStorage<Parts: Hashable & Sendable>: Hashable, @unchecked Sendable {
    /// The error's parts.
    package var parts: Parts

    /// A storage of `parts`.
    package init(_ parts: Parts) { self.parts = parts }

    /// Whether the two storages hold equal parts (the same storage does).
    package static func == (lhs: ErrorStorage, rhs: ErrorStorage) -> Bool { lhs === rhs || lhs.parts == rhs.parts }

    /// Hashes the parts that ``==(_:_:)`` compares.
    package func hash(into hasher: inout Hasher) { hasher.combine(parts) }
}

// Error construction is kept out of line so the hot decoding paths stay small.
extension TCStringError {
    @inline(never)
    static func at(
        _ code: Code,
        segment: Int,
        bit: Int,
        field: Field? = nil,
        value: Int? = nil
    ) -> TCStringError {
        TCStringError(code, segment: segment, bitOffset: bit, field: field?.rawValue, value: value)
    }

    /// `id` is not one a set of `Set` can hold: the error names the kind of id and its range.
    @usableFromInline @inline(never)
    static func idOutOfRange<Set: SmallIDSet>(_ id: Int, in _: Set.Type) -> TCStringError {
        let name =
            switch Set.self {
            case is PurposeSet.Type: "purpose"
            case is SpecialFeatureSet.Type: "special feature"
            case is CustomPurposeSet.Type: "custom purpose"
            default: "\(Set.self)"
            }
        var error = TCStringError(.valueOutOfRange, value: id)
        error.idRange = IDRange(name: name, ids: 1...Set.maxID)
        return error
    }

    @inline(never)
    static func outOfRange(_ field: Field, _ value: Int) -> TCStringError {
        TCStringError(.valueOutOfRange, field: field.rawValue, value: value)
    }
}
