public import Foundation
public import IABTCF

/// `error.localizedDescription` gives the codec's own description: the problem in words, where it
/// is and the code, e.g. `the segment ends before the field does (character 8; segment 0, bit 42,
/// field LastUpdated) [truncated]`. The text is English; it is not localised.
extension TCStringError: LocalizedError {
    /// The error's `description`: problem in words, character position, segment, bit, field and code.
    public var errorDescription: String? { description }
}
