/// The `.`-separated parts of a section's text (or the `~`-separated parts of a GPP string),
/// visited in order without building an array, each with its index and first character's position.
struct GPPParts {
    private let text: Substring.UTF8View
    private let separator: UInt8
    /// The number of parts (separators + 1).
    let count: Int
    /// The index of the part ``next()`` returns.
    private(set) var index = 0
    /// Where the part ``next()`` returns starts (0-based, in the whole input).
    private(set) var position: Int
    private var cursor: Substring.UTF8View.Index

    init(_ text: Substring.UTF8View, separator: UInt8, start: Int) {
        self.text = text
        self.separator = separator
        count =
            (text.withContiguousStorageIfAvailable { bytes in bytes.reduce(0) { $0 + ($1 == separator ? 1 : 0) } }
                ?? text.reduce(0) { $0 + ($1 == separator ? 1 : 0) }) + 1
        position = start
        cursor = text.startIndex
    }

    /// The next part, its index and its first character's position; `nil` after the last.
    mutating func next() -> (text: Substring.UTF8View, index: Int, start: Int)? {
        guard index < count else { return nil }
        let from = text.distance(from: text.startIndex, to: cursor)
        let length =
            text.withContiguousStorageIfAvailable { bytes in
                bytes[from...].firstIndex(of: separator).map { $0 - from } ?? bytes.count - from
            } ?? text.distance(from: cursor, to: text[cursor...].firstIndex(of: separator) ?? text.endIndex)
        let end = text.index(cursor, offsetBy: length)
        let part = text[cursor..<end]
        let result = (part, index, position)
        position += length + 1
        index += 1
        cursor = end == text.endIndex ? end : text.index(after: end)
        return result
    }

    /// The next part's reader, for section `sectionId` (its subsection number is the part's index).
    mutating func reader(sectionId: Int) throws(GPPError) -> GPPBitReader {
        guard let (part, index, start) = next() else {
            throw GPPError(.truncated, sectionId: sectionId, subsection: count, position: position)
        }
        return try GPPBitReader(part, sectionId: sectionId, subsection: index, start: start)
    }
}
