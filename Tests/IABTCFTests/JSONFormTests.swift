import IABTCF
import TCFJSON
import TestSupport
import Testing

/// The codec's smaller types write their own JSON: the Additional Consent string (`tcstring ac`)
/// and the in-app key/value map (`tcstring inapp --pretty`).
@Suite struct JSONFormTests {
    /// `{"version", "consentedProviders", "disclosedProviders", "formatted"}` of the parsed
    /// string's values, for seeded random provider lists in both versions.
    @Test func additionalConsentWritesItsValues() throws {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            let version = Int.random(in: 1...2, using: &rng)
            let consented = (0..<Int.random(in: 0...12, using: &rng)).map { _ in Int.random(in: 1...3000, using: &rng) }
            // A provider is consented or disclosed only, never both.
            let disclosed =
                version == 1
                ? []
                : (0..<Int.random(in: 0...12, using: &rng)).map { _ in Int.random(in: 1...3000, using: &rng) }
                    .filter { !consented.contains($0) }
            let built = try AdditionalConsent(
                version: version,
                consentedProviders: consented,
                disclosedProviders: disclosed
            )
            let ac = try AdditionalConsent(built.description)
            let json = ac.json
            guard case .object(let members) = json else {
                Issue.record("not an object")
                continue
            }
            #expect(members.map(\.0) == ["version", "consentedProviders", "disclosedProviders", "formatted"])
            #expect(json["version"] == .int(version))
            #expect(json["consentedProviders"] == .ids(Set(consented).sorted()))
            #expect(json["disclosedProviders"] == .ids(ac.disclosedProviders))
            #expect(json["formatted"] == .string(built.description))
        }
    }

    /// The in-app map's tree is its byte writer's text, keys sorted, for every valid fixture's keys
    /// (numbers, strings) and a boolean.
    @Test func inAppKeysTreeIsTheBytesText() throws {
        #expect(!Fixtures.validDecodeVectors.isEmpty)
        for vector in Fixtures.validDecodeVectors {
            for applies in [nil, true, false] {
                var keys = try TCString.inAppKeys(decoding: Array(vector.tcString.utf8), gdprApplies: applies)
                keys["flag"] = .bool(true)
                let tree = InAppValue.json(keys)
                let bytes = OutputBuffer.text(capacity: 1024) { $0.writeInAppKeys(keys) }
                #expect(tree.serialized() == bytes, "\(vector.name)")
                guard case .object(let members) = tree else { continue }
                #expect(members.map(\.0) == keys.keys.sorted())
                for (key, value) in members { #expect(keys[key]?.json == value) }
            }
        }
        #expect(InAppValue.int(-3).json == .int(-3))
        #expect(InAppValue.string("1_2").json == .string("1_2"))
        #expect(InAppValue.bool(false).json == .bool(false))
    }
}
