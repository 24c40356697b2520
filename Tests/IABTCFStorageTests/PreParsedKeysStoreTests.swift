import Foundation
import IABGPP
import IABTCF
import IABTCFStorage
import Testing

/// The pre-parsed `IABGPP_<prefix>_<Field>` keys through the store: written on request only,
/// removed when their section goes, and each one out of step reported by the consistency read.
@Suite struct PreParsedKeysStoreTests {
    static let tcf = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    /// Sections 2 and 7: the TC string and Google UMP's usnat.
    static let gpp = "DBACMM~\(tcf)~BVQqAAAAAg"

    /// Off by default: the GPP write leaves no pre-parsed key; on request every section's keys are
    /// written and read back with no problem.
    @Test func writtenOnRequest() async throws {
        try await withFreshDefaults { defaults in
            let gpp = try GPPString(encoded: Self.gpp)
            try defaults.writeGPPKeys(for: gpp, preParsedKeys: false)
            #expect(defaults.readGPPKeys().keys.filter(GPPString.isPreParsedKey).isEmpty)
            try defaults.writeGPPKeys(for: gpp, preParsedKeys: true)
            let expected = try GPPString(encoded: Self.gpp).preParsedInAppKeys()
            #expect(defaults.integer(forKey: "IABGPP_USNAT_SaleOptOut") == 2)
            #expect(defaults.string(forKey: "IABGPP_TCFEU2_PurposeConsents") != nil)
            #expect(defaults.readGPPKeys().filter { GPPString.isPreParsedKey($0.key) } == expected)
            #expect(defaults.readGPPInAppConsent().problems == [])
            // The TCF EU v2 section dropped: its pre-parsed keys go with its string.
            try defaults.writeGPPKeys(for: try GPPString(encoded: "DBABL~BVQqAAAAAg"), preParsedKeys: true)
            #expect(defaults.string(forKey: "IABGPP_TCFEU2_PurposeConsents") == nil)
            #expect(defaults.integer(forKey: "IABGPP_USNAT_SaleOptOut") == 2)
            #expect(defaults.readGPPInAppConsent().problems == [])
        }
    }

    /// A pre-parsed key out of step (a value another CMP version left, or one of a section the
    /// string no longer has) is a `gppStringMismatch` naming it.
    @Test func outOfStepKeysAreReported() async throws {
        try await withFreshDefaults { defaults in
            try defaults.writeGPPKeys(for: try GPPString(encoded: Self.gpp), preParsedKeys: true)
            defaults.set(1, forKey: "IABGPP_USNAT_SaleOptOut")
            defaults.set("1", forKey: "IABGPP_USCA_SaleOptOut")
            defaults.set(true, forKey: "IABGPP_TCFEU2_PurposeOneTreatment")
            #expect(
                defaults.readGPPInAppConsent().problems == [
                    .gppStringMismatch(key: "IABGPP_TCFEU2_PurposeOneTreatment"),
                    .gppStringMismatch(key: "IABGPP_USCA_SaleOptOut"),
                    .gppStringMismatch(key: "IABGPP_USNAT_SaleOptOut"),
                ]
            )
            // Without the GPP string every pre-parsed key is left behind.
            defaults.removeObject(forKey: "IABGPP_HDR_GppString")
            let problems = defaults.readGPPInAppConsent().problems
            #expect(problems.contains(.gppStringMismatch(key: "IABGPP_USNAT_Version")))
        }
    }
}
