// The `additional-consent` target: Google Additional Consent strings.
//
// Any text: never a trap. An accepted string formats to its canonical form (`description`: ids
// ascending, each once, without leading zeros; `~dv.` for version 2), which parses to an equal value
// and formats to itself; the canonical form lists the same ids as the input. An input already in
// canonical form formats back to itself byte for byte.

import IABTCF

func fuzzAdditionalConsent(_ bytes: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard let value = try? AdditionalConsent(text) else { return }
    let canonical = value.description
    guard let again = try? AdditionalConsent(canonical) else {
        fatalError("the canonical form does not parse: \(text)")
    }
    require(again == value, "the canonical form parses to another value: \(text)")
    require(again.description == canonical, "the canonical form is not a fixed point: \(text)")
    // The input's ids, read independently: every run of digits after the version.
    let parts = text.split(separator: "~", omittingEmptySubsequences: false)
    func ids(_ part: Substring) -> [Int] { part.split(separator: ".").compactMap { Int($0) } }
    require(Set(ids(parts[1])) == Set(value.consentedProviders), "consented ids differ: \(text)")
    let disclosed = parts.count > 2 ? ids(parts[2].dropFirst(2)) : []
    require(Set(disclosed) == Set(value.disclosedProviders), "disclosed ids differ: \(text)")
    let sorted = value.consentedProviders + value.disclosedProviders
    require(sorted.allSatisfy { $0 >= 1 }, "an id below 1: \(text)")
    let isCanonical =
        ids(parts[1]) == value.consentedProviders && disclosed == value.disclosedProviders
        && !text.contains("~0") && !text.contains(".0") && (value.version == 1 || text.contains("~dv."))
    if isCanonical { require(canonical == text, "a canonical input formats differently: \(text)") }
}
