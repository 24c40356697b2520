// The `gpp` target: GPP strings through IABGPP's container (header, sections, the TCF EU v2
// section) and the in-app keys' reading of them.
//
// Any text: never a trap, and `GPPString.section(_:in:)` agrees with decoding. A string whose
// header decodes is read section by section: one section or failed section per header id, each
// the text `section(_:in:)` finds; its TCF EU v2 section equals that section's text decoded alone,
// and a TCF EU v2 section that fails fails as it does alone, at its place in the whole string;
// strict options refuse the string exactly when a section failed or section 2 is refused strictly.
// Without a failed section, its in-app keys read back as the string, with no problem.

import IABGPP
import IABTCF

func fuzzGPP(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let decoded = Result { () throws(GPPError) in try GPPString(encoded: text) }
    let tcfSection = GPPString.section(GPPString.tcfEuV2SectionId, in: text)
    guard case .success(let gpp) = decoded else { return }  // the header, or the length limit
    let parts = text.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false).dropFirst()
    require(
        gpp.sections.count + gpp.failedSections.count == parts.count,
        "sections and parts differ in number: \(text)"
    )
    for (id, part) in zip(gpp.sectionIds, parts) {
        require(GPPString.section(id, in: text)?.text.utf8.elementsEqual(part) == true, "section \(id) of \(text)")
        require(
            gpp.failedSection(id).map { $0.text.utf8.elementsEqual(part) } ?? true,
            "failed section \(id) keeps its text: \(text)"
        )
    }
    if let failure = gpp.failedSection(GPPString.tcfEuV2SectionId) {
        require(failure.error.code == .tcString, "section 2 fails without the TC string's error: \(text)")
        guard let inside = failure.error.tcString, let tcfSection else {
            fatalError("a TCF section error without a TCF section: \(text)")
        }
        let alone = Result { () throws(TCStringError) in try TCString(encoded: tcfSection.text) }
        guard case .failure(let aloneError) = alone else {
            fatalError("the TCF section fails inside the GPP string but decodes alone: \(text)")
        }
        require(aloneError.code == inside.code, "the TCF section fails differently alone: \(text)")
        require(
            failure.error.position == aloneError.position.map { $0 + tcfSection.start },
            "the TCF section's error is not at its place in the string: \(text)"
        )
    }
    let alone = tcfSection.flatMap { try? TCString(encoded: $0.text) }
    require(gpp.tcfEuV2 == alone, "the TCF section differs from the string decoded alone: \(text)")
    if let first = gpp.failedSections.first {
        let strict = Result { () throws(GPPError) in
            try GPPString(encoded: text, options: TCString.DecodingOptions(strict: true))
        }
        guard case .failure(let error) = strict else { fatalError("strict accepts a failed section: \(text)") }
        // Strict TC decoding of section 2 may refuse it first, where it comes first.
        require(
            error == first.error || error.sectionId == GPPString.tcfEuV2SectionId,
            "strict refuses with another error than the first failed section's: \(text)"
        )
    } else {
        checkGPPInAppKeys(gpp, input: text)
    }
}

/// The GPP CMP API's keys of an accepted string read back as it: the string itself, every section
/// in force, no problem (for a string with at least one section).
private func checkGPPInAppKeys(_ gpp: GPPString, input: String) {
    guard let keys = try? gpp.gppInAppKeys() else { fatalError("an accepted GPP string has no keys: \(input)") }
    let read = GPPInAppConsent(keys: keys)
    require(read.gppString == input, "IABGPP_HDR_GppString differs from the string: \(input)")
    // A header without sections writes an empty IABGPP_GppSID, which reads as malformed. Every id
    // a header holds (1...65535) reads back.
    guard !gpp.sectionIds.isEmpty else { return }
    require(read.gppSectionIds == gpp.sectionIds, "IABGPP_GppSID differs: \(input)")
    require(read.problems.isEmpty, "the string's own keys are out of step: \(read.problems)")
}
