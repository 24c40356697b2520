import TCFJSON

/// A two-letter code as TC strings store it: two 6-bit values, `A` = 0 ... `Z` = 25.
///
/// Used for ConsentLanguage (ISO 639-1, e.g. `EN`) and PublisherCC (ISO 3166-1 alpha-2, e.g. `DE`).
/// A decoded value keeps the raw 6-bit numbers even when they lie outside A-Z (26-63), so that
/// decoding never fails on them; ``isValid`` tells, and policy validation reports it.
public struct TwoLetterCode: Sendable, Hashable, CustomStringConvertible {
    /// The 12-bit wire value: first letter in the high 6 bits.
    public let rawValue: Int

    /// Creates a code from its 12-bit wire value.
    public init(rawValue: Int) { self.rawValue = rawValue & 0xFFF }

    /// Creates a code from two letters, upper or lower case.
    ///
    /// - Throws: ``TCStringError/Code/valueOutOfRange`` unless `letters` is two ASCII letters.
    public init(_ letters: String) throws(TCStringError) {
        let bytes = Array(letters.utf8)
        guard bytes.count == 2, let first = Self.value(bytes[0]), let second = Self.value(bytes[1]) else {
            throw TCStringError(.valueOutOfRange, field: "ConsentLanguage/PublisherCC", value: bytes.count)
        }
        rawValue = first << 6 | second
    }

    private static func value(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte) - 65
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte) - 97
        default: nil
        }
    }

    /// Whether both letters are in A-Z.
    public var isValid: Bool { rawValue >> 6 <= 25 && rawValue & 63 <= 25 }

    /// The two letters, e.g. `EN`. A 6-bit value outside A-Z shows as the character `A` + value
    /// (`[` for 26 … U+0080 for 63), as the reference decoders print it, so nothing is lost;
    /// ``init(displayed:)`` reads it back.
    public var description: String { OutputBuffer.text { $0.appendTwoLetterCode(rawValue, jsonEscaped: false) } }

    /// Reads back a ``description``: two characters from `A` (0) to U+0080 (63), so codes outside
    /// A-Z survive a round trip through text. `nil` for anything else.
    public init?(displayed text: String) {
        let values = text.unicodeScalars.map { Int($0.value) - 65 }
        guard values.count == 2, values.allSatisfy({ (0...63).contains($0) }) else { return nil }
        rawValue = values[0] << 6 | values[1]
    }
}
