public import Foundation
public import IABTCF

/// `error.localizedDescription` gives the codec's own description: the code, the problem in words
/// and where it is, e.g. `truncated: the segment ends before the field does (character 8, segment 0,
/// bit 42, field LastUpdated)`. The text is English; it is not localised.
extension TCStringError: LocalizedError {
    /// The error's `description`: code, problem in words, character position, segment, bit and field.
    public var errorDescription: String? { description }
}
