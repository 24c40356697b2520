import IABGPP
import IABTCF
import Testing

/// The GPP in-app keys ("In-App Details" of the GPP CMP API) next to the `IABTCF_` keys: written
/// from a GPP string, read back by `GPPInAppConsent` with what is out of step.
@Suite struct GPPInAppKeyTests {
    static let section = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
    /// Sections 2 and 6, the GPP specification's own example header.
    static let gpp = "DBACNY~\(section)~1YNN"

    @Test func aGPPStringGivesBothKindsOfKeys() throws {
        let keys = try GPPString(encoded: Self.gpp).inAppKeys(gdprApplies: true)
        #expect(keys[GPPInAppKeys.gppString] == .string(Self.gpp))
        #expect(keys[GPPInAppKeys.gppSectionIds] == .string("2_6"))
        #expect(keys["IABGPP_2_String"] == .string(Self.section))
        #expect(
            keys
                == (try TCString(encoded: Self.section).inAppKeys(gdprApplies: true)).merging([
                    "IABGPP_HDR_GppString": .string(Self.gpp), "IABGPP_GppSID": .string("2_6"),
                    "IABGPP_2_String": .string(Self.section),
                ]) { $1 }
        )
        let back = GPPInAppConsent(keys: keys)
        #expect(back.gppString == Self.gpp && back.gppSectionIds == [2, 6] && back.gppTCString == Self.section)
        #expect(back.problems.isEmpty)
        #expect(InAppConsent(keys: keys).tcString == Self.section && InAppConsent(keys: keys).problems.isEmpty)
        #expect(throws: GPPError.self) { try GPPString(encoded: "DBABjw~x~y").inAppKeys(gdprApplies: nil) }
        // The IABTCF_ keys are the ones the CMP API requires: no TCF EU v2 section, no keys.
        #expect(throws: GPPError(.missingTCFSection)) {
            try GPPString(encoded: "DBABL~BVQqAAAAAg").inAppKeys(gdprApplies: nil)
        }
    }

    /// Only GPP keys: no TC string is taken from them (the IABTCF_ keys are the ones that count);
    /// the GPP's TCF EU v2 string is there to see, under either spelling.
    @Test func onlyGPPKeys() {
        for key in ["IABGPP_2_String", "IABGPP_2_TCString"] {
            let keys: [String: InAppValue] = [key: .string(Self.section), "IABGPP_GppSID": .string("2")]
            let consent = GPPInAppConsent(keys: keys)
            #expect(InAppConsent(keys: keys).tcString == nil && consent.gppTCString == Self.section)
            #expect(consent.gppSectionIds == [2] && consent.problems.isEmpty)
        }
        let headerOnly: [String: InAppValue] = ["IABGPP_HDR_GppString": .string(Self.gpp)]
        #expect(InAppConsent(keys: headerOnly).tcString == nil)
        #expect(GPPInAppConsent(keys: headerOnly).gppTCString == Self.section)
    }

    /// Keys out of step with IABTCF_TCString are each reported.
    @Test func mismatchesAreReported() throws {
        let other = try TCString(encoded: "CPc7TgPPc7TgPAGABCENCpCgAP_AAAAAAAAAAAAAAAAA").encoded(.preservingLayout)
        // The GPP keys of one string next to another string's IABTCF_ keys, all written in step.
        var keys = try TCString.inAppKeys(decoding: Array(other.utf8), gdprApplies: true)
        for (key, value) in try GPPString(encoded: Self.gpp).inAppKeys(gdprApplies: true)
        where key.hasPrefix(GPPInAppKeys.gppKeyPrefix) {
            keys[key] = value
        }
        #expect(
            GPPInAppConsent(keys: keys).problems == [
                .tcStringMismatch(key: "IABGPP_2_String"), .tcStringMismatch(key: "IABGPP_HDR_GppString"),
            ]
        )
        #expect(InAppConsent(keys: keys).problems.isEmpty)
        keys["IABGPP_2_TCString"] = .string(other)
        keys["IABGPP_2_String"] = nil
        keys["IABGPP_HDR_GppString"] = nil
        #expect(GPPInAppConsent(keys: keys).problems.isEmpty)
        #expect(
            GPPInAppProblem.tcStringMismatch(key: "IABGPP_2_String").description
                == "IABGPP_2_String differs from IABTCF_TCString"
        )
        #expect(
            GPPInAppProblem.gppStringMismatch(key: "IABGPP_7_String").description
                == "IABGPP_7_String differs from IABGPP_HDR_GppString"
        )
    }

    @Test(arguments: [
        "", "_", "2_", "_2", "2__7", "a", "0", "2_-7", "65536", "2_65536", "99999999999999999999", "2,7_8",
    ])
    func malformedSectionIdsAreReported(_ text: String) {
        let consent = GPPInAppConsent(keys: ["IABGPP_GppSID": .string(text)])
        #expect(consent.gppSectionIds == nil)
        #expect(consent.problems == [.malformed(key: "IABGPP_GppSID", value: .string(text))])
        #expect(consent.problems.map(\.description) == ["malformed IABGPP_GppSID: \"\(text)\""])
    }

    @Test func sectionIdsAsTheyAreWritten() {
        #expect(GPPInAppConsent(keys: ["IABGPP_GppSID": .string("2_7_8")]).gppSectionIds == [2, 7, 8])
        #expect(GPPInAppConsent(keys: ["IABGPP_GppSID": .string("2,7")]).gppSectionIds == [2, 7])
        // Ids up to 65535, the largest a header holds.
        let largest = GPPInAppConsent(keys: ["IABGPP_GppSID": .string("1_12345_65535")])
        #expect(largest.gppSectionIds == [1, 12_345, 65_535])
        #expect(GPPInAppConsent(keys: ["IABGPP_GppSID": .int(65_535)]).gppSectionIds == [65_535])
        #expect(GPPInAppConsent(keys: ["IABGPP_GppSID": .int(2)]).gppSectionIds == [2])
        #expect(GPPInAppKeys.gppSectionString(id: 7) == "IABGPP_7_String")
    }

    /// `IABGPP_GppSID` reads every id a header holds, 1...65535: a string with the largest writes
    /// keys that read back without a problem; one past it is refused by both readers.
    @Test func gppSIDReadsEveryIdAHeaderHolds() throws {
        // Ids the module keeps as text, so any section text does.
        for ids in [[1], [3, 4], [9999, 10_000], [65_535], [4, 65_534, 65_535]] {
            let text = try GPPString(sections: ids.map { .unknown(id: $0, text: "A") }).encoded()
            let gpp = try GPPString(encoded: text)
            #expect(gpp.sectionIds == ids)
            let read = GPPInAppConsent(keys: try gpp.gppInAppKeys())
            #expect(read.gppSectionIds == ids)
            #expect(read.problems.isEmpty)
        }
        #expect(throws: GPPError.self) { try GPPString.sectionIDs(inHeader: HeaderTests.header([65_536])) }
        #expect(try GPPString.sectionIDs(inHeader: HeaderTests.header([65_535])) == [65_535])
        #expect(GPPInAppConsent(keys: ["IABGPP_GppSID": .string("65536")]).gppSectionIds == nil)
    }

    /// A `~` followed by a combining mark (U+034D) is one `Character`, so splitting the string by
    /// `Character` would keep that `~` inside a section: sections are found at every `~` byte.
    @Test func aTildeBeforeACombiningMarkSeparatesSections() {
        let text = "DBABjD~BW~M*~\u{34D}~E~Sequence~M*~\u{34D}~E~Sequence"
        #expect(GPPString.section(7, in: text)?.text == "\u{34D}")
        #expect(GPPString.section(7, in: text)?.start == 13)
        #expect(GPPString.section(7, in: text + "~") == nil)
    }
}
