/// The one wording of every error of the package, so that all read alike wherever they are
/// printed: what went wrong, then where in parentheses (the 1-based character first, then the
/// finer places), then the code's stable name in brackets, e.g.
/// `the segment ends before the field does (character 8; segment 0, bit 42, field LastUpdated) [truncated]`.
package enum ErrorWording {
    /// `what (character N; place, place) [code]`, each part only when there is one.
    package static func line(_ what: String, character: Int? = nil, places: [String] = [], code: String) -> String {
        let place = places.joined(separator: ", ")
        let location =
            switch (character, place.isEmpty) {
            case (let character?, true): " (character \(character))"
            case (let character?, false): " (character \(character); \(place))"
            case (nil, false): " (\(place))"
            case (nil, true): ""
            }
        return what + location + " [\(code)]"
    }

    /// A byte as people can read it: `'!'` for printable ASCII, `'\\t'` for other ASCII, `byte 0xFF`
    /// for a byte that is not ASCII (and not the start of a valid character).
    package static func quoted(byte: Int) -> String {
        byte < 0x80 ? quoted(Unicode.Scalar(UInt8(byte))) : "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    /// A character as people can read it: `'!'`, `'\\t'`, `'é' (U+00E9)`, `U+200B`.
    package static func quoted(_ scalar: Unicode.Scalar) -> String {
        if (33...126).contains(scalar.value) { return "'\(scalar)'" }
        if scalar.isASCII { return "'\(scalar.escaped(asASCII: true))'" }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return scalar.properties.isWhitespace || scalar.properties.generalCategory == .format
            || scalar.properties.generalCategory == .control ? code : "'\(scalar)' (\(code))"
    }
}
