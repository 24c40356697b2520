import Foundation
import IABGPP
import IABTCF
import IABTCFStorage
import Testing

/// The GPP keys as CMPs write them: the GPP CMP API's names and the spellings and value types
/// seen in the field, read tolerantly; keys out of step with `IABGPP_HDR_GppString` reported.
@Suite struct GPPKeysTests {
    static let tcf = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    /// Sections 2 and 7: the TC string and Google UMP's usnat.
    static let gpp = "DBACMM~\(tcf)~BVQqAAAAAg"

    /// A CMP's full key set (TCF keys, header, sections in force, each section's string, the US
    /// keys) reads back with no problem.
    @Test func aFullKeySetRoundTrips() async throws {
        try await withFreshDefaults { defaults in
            try defaults.writeInAppKeys(for: try TCString(encoded: Self.tcf), gdprApplies: false)
            let keys: [String: Any] = [
                "IABGPP_HDR_Version": "1", "IABGPP_HDR_Sections": "2_7", "IABGPP_HDR_GppString": Self.gpp,
                "IABGPP_GppSID": "7", "IABGPP_2_String": Self.tcf, "IABGPP_7_String": "BVQqAAAAAg",
                "IABUSPrivacy_String": "1YNN", "gad_rdp": false,
            ]
            for (key, value) in keys { defaults.set(value, forKey: key) }
            let consent = defaults.readGPPInAppConsent()
            #expect(consent.problems.isEmpty, "\(consent.problems)")
            #expect(consent.gppVersion == 1 && consent.gppHeaderSections == [2, 7])
            #expect(consent.gppString == Self.gpp && consent.gppSectionIds == [7])
            #expect(consent.usPrivacyString == "1YNN" && !consent.restrictedDataProcessing)
            #expect(defaults.readGPPKeys().count == 6)
        }
    }

    /// Spellings and types CMPs use: Transcend's `HDR_GppVersion` and `HDR_SectionList`,
    /// OneTrust's Integer version, `IABGPP_GppSID` as an integer or `,`-separated, `gad_rdp` as 1.
    @Test func spellingsAndValueTypes() async {
        await withFreshDefaults { defaults in
            defaults.set(Self.gpp, forKey: "IABGPP_HDR_GppString")
            defaults.set(1, forKey: "IABGPP_HDR_GppVersion")
            defaults.set("2,7", forKey: "IABGPP_HDR_SectionList")
            defaults.set(7, forKey: "IABGPP_GppSID")
            defaults.set(1, forKey: "gad_rdp")
            defaults.set(Self.tcf, forKey: "IABGPP_2_TCString")
            var consent = defaults.readGPPInAppConsent()
            #expect(consent.problems.isEmpty, "\(consent.problems)")
            #expect(consent.gppVersion == 1 && consent.gppHeaderSections == [2, 7] && consent.gppSectionIds == [7])
            #expect(consent.restrictedDataProcessing && consent.gppTCString == Self.tcf)
            defaults.set("2,7", forKey: "IABGPP_GppSID")
            consent = defaults.readGPPInAppConsent()
            #expect(consent.gppSectionIds == [2, 7])
        }
    }

    /// Each key out of step is reported by name.
    @Test func keysOutOfStepAreReported() async throws {
        try await withFreshDefaults { defaults in
            try defaults.writeInAppKeys(for: try TCString(encoded: Self.tcf), gdprApplies: false)
            defaults.set(Self.gpp, forKey: "IABGPP_HDR_GppString")
            defaults.set("8", forKey: "IABGPP_GppSID")
            defaults.set("2_6", forKey: "IABGPP_HDR_Sections")
            defaults.set("BAAAAAAAAg", forKey: "IABGPP_7_String")
            defaults.set("CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAB", forKey: "IABGPP_2_String")
            let problems = defaults.readGPPInAppConsent().problems
            #expect(problems.contains(.gppStringMismatch(key: "IABGPP_GppSID")))
            #expect(problems.contains(.gppStringMismatch(key: "IABGPP_HDR_Sections")))
            #expect(problems.contains(.gppStringMismatch(key: "IABGPP_7_String")))
            #expect(problems.contains(.tcStringMismatch(key: "IABGPP_2_String")))
            #expect(problems.count == 4, "\(problems)")
        }
    }

    /// A US CMP's GPP string written through the store reads back with no problem and every key
    /// of the GPP CMP API; a section dropped later loses its `IABGPP_[SectionID]_String`.
    @Test func theStoreWritesTheGPPKeys() async throws {
        try await withFreshDefaults { defaults in
            try defaults.writeGPPKeys(for: try GPPString(encoded: Self.gpp))
            let consent = defaults.readGPPInAppConsent()
            #expect(consent.problems.isEmpty, "\(consent.problems)")
            #expect(consent.gppVersion == 1 && consent.gppHeaderSections == [2, 7] && consent.gppSectionIds == [2, 7])
            #expect(defaults.string(forKey: "IABGPP_7_String") == "BVQqAAAAAg")
            #expect(defaults.string(forKey: InAppKeys.tcString) == nil)
            try defaults.writeGPPKeys(for: try GPPString(encoded: "DBABL~BVQqAAAAAg"))
            #expect(defaults.string(forKey: "IABGPP_2_String") == nil)
            #expect(defaults.readGPPInAppConsent().problems.isEmpty)
        }
    }

}
