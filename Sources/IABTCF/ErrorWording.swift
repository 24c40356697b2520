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
}
