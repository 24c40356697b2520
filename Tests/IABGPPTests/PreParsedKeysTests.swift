import IABGPP
import TestSupport
import Testing

import enum IABTCF.InAppValue
import struct IABTCF.TCString

/// The pre-parsed `IABGPP_<prefix>_<Field>` keys of the GPP CMP API ("In-App Details"): written
/// with the specification's value conversion, and every stored key out of step with its section
/// reported by name.
@Suite struct PreParsedKeysTests {
    /// A TC string inside GPP (section 2), with purposes, vendors and a publisher restriction.
    static let tcfEuV2 = "DBABM~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    /// Every string of the section vectors (each section kind: TCF Canada in three encodings, US
    /// Privacy, US National v1 and v2, every state in both layouts) and a TCF EU v2 one.
    static var strings: [String] { SectionVector.all.map(\.gpp) + [tcfEuV2] }

    /// The prefix rule: the specification's `TCFEU2`, `TCFCA1`, `USP1`, and the same rule for
    /// the US sections; none for the header and unknown ids.
    @Test func prefixes() {
        let expected: [Int: String] = [
            2: "TCFEU2", 5: "TCFCA1", 6: "USP1", 7: "USNAT", 8: "USCA", 9: "USVA", 12: "USCT", 23: "USMN",
            24: "USMD", 27: "USRI",
        ]
        for (id, prefix) in expected { #expect(GPPSection.inAppPrefix(of: id) == prefix) }
        let aboveEveryTable = (GPPSection.supportedIds.max() ?? 0) + 1
        for id in [1, 3, 4, aboveEveryTable] { #expect(GPPSection.inAppPrefix(of: id) == nil) }
    }

    /// Every decoded section's keys carry its prefix, and read back against the same string
    /// with no problem.
    @Test(arguments: strings)
    func roundTrip(_ text: String) throws {
        let gpp = try GPPString(encoded: text)
        let keys = try gpp.preParsedInAppKeys()
        #expect(!keys.isEmpty)
        let prefixes = gpp.sectionIds.compactMap { GPPSection.inAppPrefix(of: $0) }.map { "IABGPP_\($0)_" }
        for key in keys.keys { #expect(prefixes.contains { key.hasPrefix($0) }, "\(key)") }
        #expect(gpp.preParsedKeyProblems(in: keys) == [])
    }

    /// Each key changed on its own (its first character or its number) is the one problem
    /// reported, by its name: every field of every section kind is checked.
    @Test(arguments: strings)
    func eachKeyOutOfStep(_ text: String) throws {
        let gpp = try GPPString(encoded: text)
        let keys = try gpp.preParsedInAppKeys()
        for (key, value) in keys {
            var changed = keys
            changed[key] = Self.changed(value)
            let problems = gpp.preParsedKeyProblems(in: changed)
            #expect(problems.map(\.key) == [key], "\(key): \(value) → \(changed[key]!)")
            if case .mismatch(_, let id, _, _)? = problems.first { #expect(gpp.sectionIds.contains(id)) }
        }
    }

    /// A value with another meaning: 0 as 1 (IABTCF reads a flag as "1 or not"), another number
    /// moved by 1000 (more than one decisecond of a Datetime), a string whose first character is swapped (`1`↔`0`, a letter for another,
    /// `_`/`-`/`2` for `1`), an empty string for `1`.
    static func changed(_ value: InAppValue) -> InAppValue {
        switch value {
        case .int(let number): return .int(number == 0 ? 1 : number + 1000)
        case .bool(let flag): return .bool(!flag)
        case .string(let text):
            guard let first = text.first else { return .string("1") }
            let swapped: Character =
                switch first {
                case "1": "0"
                case "0", "_", "-", "2": "1"
                case "A": "B"
                default: "A"
                }
            return .string(String(swapped) + text.dropFirst())
        }
    }

    /// The conversion rules on Google UMP's usnat v1 (`DBABL~BVQqAAAAAg`): Int(2) as Int, the
    /// N-Bitfield(2,k) lists as values joined by `_`, Version, and no `Gpc` without the GPC
    /// sub-section; with it (`usnat-v2-gpc`), `Gpc` as 0/1.
    @Test func usNational() throws {
        let keys = try GPPString(encoded: "DBABL~BVQqAAAAAg").preParsedInAppKeys()
        #expect(keys["IABGPP_USNAT_Version"] == .int(1))
        #expect(keys["IABGPP_USNAT_SharingNotice"] == .int(1))
        #expect(keys["IABGPP_USNAT_SaleOptOut"] == .int(2))
        #expect(keys["IABGPP_USNAT_SensitiveDataProcessing"] == .string("0_0_0_0_0_0_0_0_0_0_0_0"))
        #expect(keys["IABGPP_USNAT_KnownChildSensitiveDataConsents"] == .string("0_0"))
        #expect(keys["IABGPP_USNAT_Gpc"] == nil)
        #expect(keys.count == 1 + 15)

        let gpc = try GPPString(encoded: "DBABL~CRmWWGAWhkKQ.Y").preParsedInAppKeys()
        #expect(gpc["IABGPP_USNAT_Version"] == .int(2))
        #expect(gpc["IABGPP_USNAT_Gpc"] == .int(1))
    }

    /// TCF Canada: Datetime in milliseconds, String unchanged, Boolean as 0/1, id sets joined by
    /// `_`, one PubRestrictions key per purpose of `id:type` pairs.
    @Test func canada() throws {
        let text = "DBABDA~BPXuQIAPXuQXoAfKABFRB-CYAPAAAAYAAAXnACuImIowAIFIAQSAE8AGmFhwADBQ"
        let keys = try GPPString(encoded: text).preParsedInAppKeys()
        #expect(keys["IABGPP_TCFCA1_Created"] == .int(1_650_412_800_000))
        #expect(keys["IABGPP_TCFCA1_LastUpdated"] == .int(1_650_412_900_000))
        #expect(keys["IABGPP_TCFCA1_CmpId"] == .int(31))
        #expect(keys["IABGPP_TCFCA1_ConsentLanguage"] == .string("FR"))
        #expect(keys["IABGPP_TCFCA1_UseNonStandardStacks"] == .int(0))
        #expect(keys["IABGPP_TCFCA1_SpecialFeatureExpressConsent"] == .string("1_2"))
        #expect(keys["IABGPP_TCFCA1_PurposesExpressConsent"] == .string("2_3_4_5"))
        #expect(keys["IABGPP_TCFCA1_VendorImpliedConsent"] == .string("3_5_8"))
        #expect(keys["IABGPP_TCFCA1_PubRestrictions2"] == .string((10...39).map { "\($0):1" }.joined(separator: "_")))
        #expect(keys["IABGPP_TCFCA1_PubRestrictions3"] == .string("4:2_6:2"))
        #expect(keys["IABGPP_TCFCA1_DisclosedVendors"] == nil)
        #expect(keys["IABGPP_TCFCA1_NumCustomPurposes"] == nil)
    }

    /// The specification's own examples: an id set `1_4_5_6_99`, an ArrayOfRanges record key
    /// holding `3:0_5:1_6:1_7:2_12:0`.
    @Test func specificationExamples() throws {
        var canada = TCFCanadaSection()
        canada["VendorExpressConsent"] = .ids([1, 4, 5, 6, 99])
        canada["PubRestrictions"] = .records([
            GPPRangeRecord(key: 1, type: 0, ids: [3, 12]), GPPRangeRecord(key: 1, type: 1, ids: [5, 6]),
            GPPRangeRecord(key: 1, type: 2, ids: [7]),
        ])
        let gpp = GPPString(sections: [.tcfCaV1(canada)])
        let keys = try gpp.preParsedInAppKeys()
        #expect(keys["IABGPP_TCFCA1_VendorExpressConsent"] == .string("1_4_5_6_99"))
        #expect(keys["IABGPP_TCFCA1_PubRestrictions1"] == .string("3:0_5:1_6:1_7:2_12:0"))
        // Pairs and ids in another order mean the same.
        var reordered = keys
        reordered["IABGPP_TCFCA1_VendorExpressConsent"] = .string("99_6_5_4_1")
        reordered["IABGPP_TCFCA1_PubRestrictions1"] = .string("12:0_7:2_6:1_5:1_3:0")
        #expect(gpp.preParsedKeyProblems(in: reordered) == [])
        // A purpose without records holds nothing: a stored pair for it is out of step.
        reordered["IABGPP_TCFCA1_PubRestrictions4"] = .string("3:1")
        reordered["IABGPP_TCFCA1_PubRestrictions5"] = .string("")
        #expect(
            gpp.preParsedKeyProblems(in: reordered) == [
                .mismatch(key: "IABGPP_TCFCA1_PubRestrictions4", sectionId: 5, stored: .string("3:1"), expected: nil)
            ]
        )
    }

    /// US Privacy: Version as Int, the flags as their characters.
    @Test func usPrivacy() throws {
        let keys = try GPPString(encoded: "DBABT~1YN-").preParsedInAppKeys()
        #expect(
            keys == [
                "IABGPP_USP1_Version": .int(1), "IABGPP_USP1_Notice": .string("Y"),
                "IABGPP_USP1_OptOutSale": .string("N"), "IABGPP_USP1_LspaCovered": .string("-"),
            ]
        )
    }

    /// TCF EU v2 mirrors IABTCF's own keys under `IABGPP_TCFEU2_` (not the string itself, which
    /// is `IABGPP_2_String`, nor `gdprApplies`, which the string does not hold).
    @Test func tcfEuV2MirrorsIABTCFKeys() throws {
        let gpp = try GPPString(encoded: Self.tcfEuV2)
        let keys = try gpp.preParsedInAppKeys()
        let tcf = try TCString(encoded: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA").inAppKeys(gdprApplies: nil)
        #expect(keys.count == tcf.count - 1)
        for (key, value) in tcf where key != "IABTCF_TCString" {
            #expect(keys["IABGPP_TCFEU2_" + key.dropFirst("IABTCF_".count)] == value, "\(key)")
        }
        #expect(keys["IABGPP_TCFEU2_TCString"] == nil)
    }

    /// The spellings CMPs use: `TCFCAV1`, `USPV1`, `UseNonStandardStacks` for section 2, numbers
    /// as Int, String or Bool, and a Datetime in milliseconds anywhere in its decisecond.
    @Test func spellings() throws {
        let canada = try GPPString(
            encoded: "DBABDA~BPXuQIAPXuQXoAfKABFRB-CYAPAAAAYAAAXnACuImIowAIFIAQSAE8AGmFhwADBQ"
        )
        let tolerated: [String: InAppValue] = [
            "IABGPP_TCFCAV1_CmpId": .string("31"), "IABGPP_TCFCAV1_UseNonStandardStacks": .bool(false),
            "IABGPP_TCFCA1_ConsentScreen": .bool(true), "IABGPP_TCFCA1_Created": .int(1_650_412_800_099),
            "IABGPP_TCFCA1_LastUpdated": .string("1650412900000"),
            "IABGPP_TCFCA1_VendorImpliedConsent": .string("8_5_3"),
        ]
        #expect(canada.preParsedKeyProblems(in: tolerated) == [])
        let late: [String: InAppValue] = ["IABGPP_TCFCAV1_Created": .int(1_650_412_800_100)]
        #expect(canada.preParsedKeyProblems(in: late).map(\.key) == ["IABGPP_TCFCAV1_Created"])

        let usp = try GPPString(encoded: "DBABT~1YN-")
        #expect(usp.preParsedKeyProblems(in: ["IABGPP_USPV1_OptOutSale": .string("N")]) == [])
        #expect(
            usp.preParsedKeyProblems(in: ["IABGPP_USPV1_OptOutSale": .string("Y")]) == [
                .mismatch(key: "IABGPP_USPV1_OptOutSale", sectionId: 6, stored: .string("Y"), expected: .string("N"))
            ]
        )

        let eu = try GPPString(encoded: Self.tcfEuV2)
        let standardTexts = try eu.preParsedInAppKeys()["IABGPP_TCFEU2_UseNonStandardTexts"]
        #expect(eu.preParsedKeyProblems(in: ["IABGPP_TCFEU2_UseNonStandardStacks": standardTexts!]) == [])
        #expect(
            eu.preParsedKeyProblems(in: ["IABGPP_TCFEU2_UseNonStandardStacks": .int(1)]).map(\.key) == [
                "IABGPP_TCFEU2_UseNonStandardStacks"
            ]
        )
        // A binary string that stops at its last `1` means the same, as IABTCF reads it.
        let purposes = try #require(try eu.preParsedInAppKeys()["IABGPP_TCFEU2_PurposeConsents"]?.stringValue)
        let trimmed = String(purposes.reversed().drop { $0 == "0" }.reversed())
        #expect(eu.preParsedKeyProblems(in: ["IABGPP_TCFEU2_PurposeConsents": .string(trimmed)]) == [])
    }

    /// Keys of a section the string lacks are left-behind values; an absent GPC sub-section reads
    /// as `Gpc` 0 (as iabgpp-java and go-gpp report it), so only `Gpc` 1 is out of step; the
    /// fixed keys and unknown fields are not pre-parsed keys.
    @Test func absentSectionsAndSubsections() throws {
        let usnat = try GPPString(encoded: "DBABL~BVQqAAAAAg")
        let keys: [String: InAppValue] = [
            "IABGPP_USCA_SaleOptOut": .int(1), "IABGPP_TCFEU2_PurposeConsents": .string("1"),
            "IABGPP_USNAT_Gpc": .int(0), "IABGPP_HDR_Version": .string("9"), "IABGPP_GppSID": .string("8"),
            "IABGPP_7_String": .string("other"), "IABGPP_USNAT_NoSuchField": .int(5),
        ]
        #expect(
            usnat.preParsedKeyProblems(in: keys) == [
                .sectionAbsent(key: "IABGPP_TCFEU2_PurposeConsents", sectionId: 2),
                .sectionAbsent(key: "IABGPP_USCA_SaleOptOut", sectionId: 8),
            ]
        )
        #expect(
            usnat.preParsedKeyProblems(in: ["IABGPP_USNAT_Gpc": .bool(true)]) == [
                .mismatch(key: "IABGPP_USNAT_Gpc", sectionId: 7, stored: .bool(true), expected: .int(0))
            ]
        )
        #expect(
            "\(GPPPreParsedKeyProblem.mismatch(key: "IABGPP_USNAT_SaleOptOut", sectionId: 7, stored: .int(2), expected: .int(1)))"
                == "IABGPP_USNAT_SaleOptOut holds 2, section 7 says 1"
        )
    }
}

/// Seeded property tests of the pre-parsed keys over random sections of every kind.
@Suite struct PreParsedKeysPropertyTests {
    /// The ids `RandomSections.section(_:)` builds: TCF Canada, US Privacy, every US section.
    static let ids = RandomSections.ids

    /// For random sections of every id, the keys written read back with no problem, and every key
    /// holds what its field says once more after a decode of the encoded string.
    @Test func randomSectionsRoundTrip() throws {
        var random = RandomSections(seed: 49)
        for round in 0..<200 {
            let id = Self.ids[round % Self.ids.count]
            let gpp = GPPString(sections: [random.section(id)])
            let keys = try gpp.preParsedInAppKeys()
            #expect(gpp.preParsedKeyProblems(in: keys) == [], "section \(id), round \(round)")
            let decoded = try GPPString(encoded: try gpp.encoded())
            #expect(decoded.preParsedKeyProblems(in: keys) == [], "section \(id), round \(round)")
        }
    }

    /// Random stored values (numbers, booleans, text of digits, `_`, `:` and letters, of any
    /// length) never trap, and a problem only ever names a key whose value was replaced.
    @Test func randomValuesNameOnlyReplacedKeys() throws {
        var random = RandomSections(seed: 4949)
        let alphabet = Array("0123456789_:-YNA")
        for round in 0..<300 {
            let id = Self.ids[round % Self.ids.count]
            let gpp = GPPString(sections: [random.section(id)])
            var keys = try gpp.preParsedInAppKeys()
            var replaced: Set<String> = []
            for key in keys.keys.sorted() where random.int(3) == 0 {
                replaced.insert(key)
                keys[key] =
                    switch random.int(3) {
                    case 0: .int(random.int(1 << 20) - 10)
                    case 1: .bool(random.bool())
                    default: .string(String((0..<random.int(40)).map { _ in alphabet[random.int(alphabet.count)] }))
                    }
            }
            let problems = gpp.preParsedKeyProblems(in: keys)
            #expect(Set(problems.map(\.key)).isSubset(of: replaced), "section \(id), round \(round)")
        }
    }
}
