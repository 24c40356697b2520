public import Foundation
public import IABGPP

/// `error.localizedDescription` gives IABGPP's own description, worded as a TC string error's: the
/// problem in words, where it is and the code, e.g. `the section ends before the field does
/// (character 8; section 7 usnat, bit 12, field TargetedAdvertisingOptOutNotice) [truncated]`.
/// The text is English; it is not localised.
extension GPPError: LocalizedError {
    /// The error's `description`: problem in words, character position, header or section,
    /// sub-section, bit, field and code.
    public var errorDescription: String? { description }
}
