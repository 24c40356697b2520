import Testing

@testable import IABTCF

@Suite struct CoreFieldTests {
    /// The core's fixed fields as the specification's table lays them out: name, first bit, width.
    static let specification = [
        "Version 0 6", "Created 6 36", "LastUpdated 42 36", "CmpId 78 12", "CmpVersion 90 12",
        "ConsentScreen 102 6", "ConsentLanguage 108 12", "VendorListVersion 120 12", "TcfPolicyVersion 132 6",
        "IsServiceSpecific 138 1", "UseNonStandardTexts 139 1", "SpecialFeatureOptIns 140 12",
        "PurposesConsent 152 24", "PurposesLITransparency 176 24", "PurposeOneTreatment 200 1", "PublisherCC 201 12",
    ]

    @Test func theTableIsTheSpecificationsLayout() {
        #expect(CoreField.allCases.map { "\($0.field.rawValue) \($0.offset) \($0.width)" } == Self.specification)
        // The vendor sections start where the last fixed field ends.
        #expect(CoreField.bitCount == 213)
    }

    /// A value whose core fields are all zero but `field`, which holds its largest value.
    static func valueWithOnly(_ field: CoreField) -> TCString {
        var tc = TCString(
            created: Timestamp(deciseconds: 0),
            consentLanguage: TwoLetterCode(rawValue: 0),
            policyVersion: 0,
            isServiceSpecific: false
        )
        let largest = 1 << field.width - 1
        switch field {
        case .version: break
        case .created: tc.created = Timestamp(deciseconds: Timestamp.maxDeciseconds)
        case .lastUpdated: tc.lastUpdated = Timestamp(deciseconds: Timestamp.maxDeciseconds)
        case .cmpId: tc.cmpId = largest
        case .cmpVersion: tc.cmpVersion = largest
        case .consentScreen: tc.consentScreen = largest
        case .consentLanguage: tc.consentLanguage = TwoLetterCode(rawValue: largest)
        case .vendorListVersion: tc.vendorListVersion = largest
        case .policyVersion: tc.policyVersion = largest
        case .isServiceSpecific: tc.isServiceSpecific = true
        case .useNonStandardTexts: tc.useNonStandardTexts = true
        case .specialFeatureOptIns: tc.specialFeatureOptIns = SpecialFeatureSet(rawValue: ~0)
        case .purposesConsent: tc.purposeConsents = PurposeSet(rawValue: ~0)
        case .purposesLITransparency: tc.purposeLegitimateInterests = PurposeSet(rawValue: ~0)
        case .purposeOneTreatment: tc.purposeOneTreatment = true
        case .publisherCC: tc.publisherCountryCode = TwoLetterCode(rawValue: largest)
        }
        return tc
    }

    /// Each field written alone at its largest value sets exactly its own bits: the encoder writes
    /// it where the table says, explain shows it there, and decoding and querying read it back.
    @Test(arguments: CoreField.allCases)
    func eachFieldTakesItsOwnBits(_ field: CoreField) throws {
        let tc = Self.valueWithOnly(field)
        let encoded = try tc.encoded()
        #expect(try TCString(encoded: encoded) == tc)
        let explained = try TCString.explain(encoded).fields.prefix(CoreField.allCases.count)
        #expect(explained.map(\.name) == CoreField.allCases.map(\.field.rawValue))
        for (other, line) in zip(CoreField.allCases, explained) {
            #expect(line.bitOffset == other.offset && line.width == other.width, "\(line.name)")
            let bits =
                other == .version
                ? "000010" : String(repeating: other == field ? "1" : "0", count: other.width)
            #expect(line.rawBits == bits, "\(line.name) with only \(field.field.rawValue) set")
        }
        let queried = try TCString.query(encoded: encoded) { query in
            [
                query.created == tc.created, query.lastUpdated == tc.lastUpdated, query.cmpId == tc.cmpId,
                query.cmpVersion == tc.cmpVersion, query.consentScreen == tc.consentScreen,
                query.consentLanguage == tc.consentLanguage, query.vendorListVersion == tc.vendorListVersion,
                query.policyVersion == tc.policyVersion, query.isServiceSpecific == tc.isServiceSpecific,
                query.useNonStandardTexts == tc.useNonStandardTexts,
                query.specialFeatureOptIns == tc.specialFeatureOptIns, query.purposeConsents == tc.purposeConsents,
                query.purposeLegitimateInterests == tc.purposeLegitimateInterests,
                query.purposeOneTreatment == tc.purposeOneTreatment,
                query.publisherCountryCode == tc.publisherCountryCode,
            ]
        }
        #expect(queried.allSatisfy { $0 })
    }

    /// A number one past its field's width is refused, naming the field.
    @Test func aNumberTooWideForItsFieldIsRefused() {
        var tc = Self.valueWithOnly(.version)
        tc.consentScreen = 1 << CoreField.consentScreen.width
        let error = #expect(throws: TCStringError.self) { try tc.encoded() }
        #expect(error?.code == .valueOutOfRange && error?.field == "ConsentScreen" && error?.value == 64)
    }

    /// The mirror shows the public fields in declaration order, and nothing of the storage.
    @Test func theMirrorShowsThePublicFields() throws {
        let tc = try TCString(encoded: "COzSDo9OzSDo9B9AAAENAiCAALAAAAAAAAAACOQAQCOAAAAA")
        let labels = Mirror(reflecting: tc).children.map { $0.label ?? "" }
        #expect(
            labels == [
                "created", "lastUpdated", "cmpId", "cmpVersion", "consentScreen", "consentLanguage",
                "vendorListVersion", "policyVersion", "isServiceSpecific", "useNonStandardTexts",
                "specialFeatureOptIns", "purposeConsents", "purposeLegitimateInterests", "purposeOneTreatment",
                "publisherCountryCode", "vendorConsents", "vendorLegitimateInterests", "publisherRestrictions",
                "disclosedVendors", "allowedVendors", "publisherTC",
            ]
        )
        #expect(Mirror(reflecting: tc).displayStyle == .struct)
        #expect(Mirror(reflecting: tc).children.first { $0.label == "vendorConsents" }?.value as? VendorSet == [284])
    }
}
