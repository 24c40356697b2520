/// A section of a GPP string that did not decode: its id, the error that stopped it and its text
/// as given, which ``GPPString/encoded(_:)`` writes back unchanged.
///
/// ``GPPString/init(encoded:options:)`` reads a GPP string section by section and keeps each
/// failure here, beside the sections that decoded (``GPPString/failedSections``).
public struct GPPFailedSection: Sendable, Hashable {
    /// The section id, from the header.
    public var id: Int
    /// Why the section did not decode: the section, sub-section, field and 1-based character of the
    /// whole GPP string where it was found.
    public var error: GPPError
    /// The section's text, what stands between its two `~`.
    public var text: String

    /// A section `id` that failed with `error`, as `text`.
    public init(id: Int, error: GPPError, text: String) {
        self.id = id
        self.error = error
        self.text = text
    }

    /// The section's API prefix (`usnat`, `tcfcav1`…), `nil` for an id IABGPP does not decode.
    public var name: String? { GPPSection.name(of: id) }

    /// ``text``, refused when it holds a `~` (which would split it in two).
    func encoded() throws(GPPError) -> String {
        if let tilde = text.utf8.firstIndex(of: UInt8(ascii: "~")) {
            let offset = text.utf8.distance(from: text.utf8.startIndex, to: tilde)
            throw GPPError(.invalidCharacter, sectionId: id, position: offset + 1, value: Int(UInt8(ascii: "~")))
        }
        return text
    }
}
