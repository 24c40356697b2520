// The `gpp` target: GPP strings (header, sections, the TCF EU v2 section).
//
// Any text: never a trap, and `GPPString.section(_:in:)` agrees with decoding. An accepted string:
// one section per header id; its TCF EU v2 section equals that section's text decoded alone (and a
// TCF error inside a GPP string is the error of the section alone); its re-encoding decodes to an
// equal value with the same section texts, is a fixed point, and is the input itself except for the
// header, whose padding and id ranges the encoding writes in one canonical way.

import IABTCF

func fuzzGPP(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    let decoded = Result { () throws(TCStringError) in try GPPString(encoded: text) }
    let tcfSection = GPPString.section(GPPString.tcfEuV2SectionId, in: text)
    switch decoded {
    case .failure(let error):
        guard error.gppSection == GPPString.tcfEuV2SectionId else { return }
        guard let tcfSection else { fatalError("a TCF section error without a TCF section: \(text)") }
        let alone = Result { () throws(TCStringError) in try TCString(encoded: tcfSection.text) }
        guard case .failure(let aloneError) = alone else {
            fatalError("the TCF section fails inside the GPP string but decodes alone: \(text)")
        }
        require(aloneError.code == error.code, "the TCF section fails differently alone: \(text)")
    case .success(let gpp):
        require(gpp.sections.count == gpp.sectionIds.count, "sections and ids differ in number: \(text)")
        for (index, id) in gpp.sectionIds.enumerated() {
            require(GPPString.section(id, in: text)?.text == gpp.sections[index][...], "section \(id) of \(text)")
        }
        let alone = tcfSection.flatMap { try? TCString(encoded: $0.text) }
        require(gpp.tcfEuV2 == alone, "the TCF section differs from the string decoded alone: \(text)")
        checkGPPReencoding(gpp, input: text)
    }
}

/// The GPP re-encoding of an accepted string gives it back: byte for byte with
/// `.preservingLayout`; canonically, a string that decodes, keeps every other section as it was and
/// re-encodes to itself.
private func checkGPPReencoding(_ gpp: GPPString, input: String) {
    guard let preserved = try? gpp.encoded(.preservingLayout) else {
        fatalError("an accepted GPP string does not re-encode: \(input)")
    }
    require(preserved == input, "the layout-preserving re-encoding differs: \(preserved)")
    guard let canonical = try? gpp.encoded(), let again = try? GPPString(encoded: canonical) else {
        fatalError("the canonical re-encoding does not decode: \(input)")
    }
    require(again.version == gpp.version && again.sectionIds == gpp.sectionIds, "the header changed: \(canonical)")
    for (index, id) in gpp.sectionIds.enumerated() where id != GPPString.tcfEuV2SectionId {
        require(again.sections[index] == gpp.sections[index], "section \(id) changed: \(canonical)")
    }
    require((try? again.encoded()) == canonical, "the canonical re-encoding is not a fixed point: \(canonical)")
}
