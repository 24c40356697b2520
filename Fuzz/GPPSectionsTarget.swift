// The `gpp-sections` target: GPP strings through IABGPP, every section typed (5-27), section 2
// through IABTCF, other ids as text.
//
// Any text: never a trap, and validation of whatever decodes never traps. A string whose header
// decodes (read section by section): `.preservingLayout` gives it back byte for byte; each typed
// section decodes alone to the same value; without a failed section, the canonical encoding
// decodes to the same value (or, for TCF Canada, to the same fields under the specification's
// encoding when both encodings write the same bits, or to the specification's reading, flagged,
// when the bits read both ways) and is a fixed point.

import IABGPP

func fuzzGPPSections(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let gpp = try? GPPString(encoded: text) else { return }
    _ = gpp.validate()
    require((try? gpp.encoded(.preservingLayout)) == text, "the layout-preserving re-encoding differs: \(text)")
    let parts = text.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false).dropFirst()
    // Read section by section: each decoded section with its own part (failed ones keep theirs).
    let partOfId = Dictionary(zip(gpp.sectionIds, parts), uniquingKeysWith: { first, _ in first })
    for section in gpp.sections {
        guard let part = partOfId[section.id] else { fatalError("section \(section.id) has no part: \(text)") }
        let alone = String(Substring(part))
        switch section {
        case .us(let us):
            require(
                (try? USSection(id: us.definition.id, encoded: alone)) == us,
                "section \(section.id) alone: \(text)"
            )
        case .tcfCaV1(let canada):
            require((try? TCFCanadaSection(encoded: alone)) == canada, "tcfcav1 alone: \(text)")
        case .usPrivacy(let usp):
            require((try? USPrivacySection(encoded: alone)) == usp, "uspv1 alone: \(text)")
        case .tcfEuV2, .unknown: break
        }
    }
    // A failed section is written back as its text, whose error positions move with the header.
    guard gpp.failedSections.isEmpty else { return }
    guard let canonical = try? gpp.encoded(), let again = try? GPPString(encoded: canonical) else {
        fatalError("the canonical re-encoding does not decode: \(text)")
    }
    require(
        again == gpp || again == withCanadaEncoding(of: again, gpp)
            || again.validate().contains { $0.rule == .ambiguousEncoding },
        "the canonical re-encoding decodes differently: \(canonical)"
    )
    require((try? again.encoded()) == canonical, "the canonical re-encoding is not a fixed point: \(canonical)")
}

/// `gpp` with each TCF Canada section's encoding taken from `decoded`: the canonical bits of a
/// legacy value that holds no ranges are the specification's too, and read as such.
private func withCanadaEncoding(of decoded: GPPString, _ gpp: GPPString) -> GPPString {
    var result = gpp
    for (index, (section, read)) in zip(gpp.sections, decoded.sections).enumerated() {
        guard case .tcfCaV1(var canada) = section, case .tcfCaV1(let other) = read else { continue }
        canada.encoding = other.encoding
        result.sections[index] = .tcfCaV1(canada)
    }
    return result
}
