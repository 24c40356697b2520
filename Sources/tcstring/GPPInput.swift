import IABGPP
import IABTCF
import TCFJSON

/// How every command reads a GPP string (IABGPP) and words its failures: the tool's part of GPP.
/// The decode schema is written and read by IABGPP (`GPPString.json(text:errorJSON:)`,
/// `GPPString(schema:rules:)`), as `Codable` is.
enum GPPInput {
    /// Decodes a GPP string and every section (IABGPP's `GPPString`) in one pass, section by
    /// section (a section that fails is in `failedSections`), with `--max-length` bounding the
    /// whole string (and so its TCF EU v2 section); `--strict` refuses the whole string at a
    /// section that fails and applies to the TCF EU v2 section.
    ///
    /// Every failure is IABGPP's ``GPPError``, naming section, sub-section, field, bit and
    /// character; a TCF EU v2 section that does not decode is ``GPPError/Code/tcString`` with its
    /// own ``TCStringError``, placed in the whole string (the 1-based `position` in the GPP
    /// string), as for a TC string alone.
    static func decodeGPP(_ text: String, options: TCString.DecodingOptions) throws -> IABGPP.GPPString {
        try IABGPP.GPPString(encoded: text, options: options)
    }

    /// Writes the message of each section of the GPP string `input` that did not decode to
    /// `errors` and returns whether there was one (the input then fails, exit 1). Decodes again
    /// only a GPP string, and only to list its failures.
    static func reportFailedSections(_ input: Input, _ errors: inout OutputBuffer) -> Bool {
        guard input.isGPP, let gpp = try? decodeGPP(input.text, options: input.options) else { return false }
        for failure in gpp.failedSections { errors.append(input.message(failure.error) + "\n") }
        return !gpp.failedSections.isEmpty
    }

    /// The error object of any error a command reports: IABGPP's ``GPPError`` in the one shape
    /// (IABGPP's `GPPError.json`), its message with the tool's hint for section 2's
    /// `encodingTooLong` (`--max-length`); any other error as `JSON.error(_:)` writes it.
    static func errorJSON(_ error: any Error) -> JSON {
        guard let error = error as? GPPError else { return JSON.error(error) }
        let tooLong = error.code == .tcString && error.tcString?.code == .encodingTooLong
        return error.json(message: JSON.message(error, about: tooLong ? "--max-length" : nil))
    }
}
