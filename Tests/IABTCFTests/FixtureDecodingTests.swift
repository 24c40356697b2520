import IABTCF
import TestSupport
import Testing

/// Every vector of `Fixtures/decode-valid.jsonl` and `decode-invalid.jsonl`, one named case each,
/// through the library (`FixtureCommandTests` in tcstringTests runs them through the tool).
@Suite struct FixtureDecodingTests {
    /// The loaders fall back to no vectors on a read error, which would make every parameterized
    /// fixture test pass with zero cases: this test is what fails instead.
    @Test func fixturesAreLoaded() {
        #expect(Fixtures.validDecodeVectors.count == 112)
        #expect(Fixtures.invalidDecodeVectors.count == 40)
        #expect(Fixtures.canonicalVectors.count == 30)
    }

    @Test(arguments: Fixtures.validDecodeVectors)
    func decodesThroughLibrary(_ vector: DecodeVector) throws {
        let decoded = try TCString(encoded: vector.tcString)
        let expected = try TCString(json: vector.expected, today: Timestamp(deciseconds: 0))
        // Field by field first, so a failure names the field.
        #expect(decoded.created == expected.created)
        #expect(decoded.lastUpdated == expected.lastUpdated)
        #expect(decoded.cmpId == expected.cmpId)
        #expect(decoded.cmpVersion == expected.cmpVersion)
        #expect(decoded.consentScreen == expected.consentScreen)
        #expect(decoded.consentLanguage == expected.consentLanguage)
        #expect(decoded.vendorListVersion == expected.vendorListVersion)
        #expect(decoded.policyVersion == expected.policyVersion)
        #expect(decoded.isServiceSpecific == expected.isServiceSpecific)
        #expect(decoded.useNonStandardTexts == expected.useNonStandardTexts)
        #expect(decoded.specialFeatureOptIns == expected.specialFeatureOptIns)
        #expect(decoded.purposeConsents == expected.purposeConsents)
        #expect(decoded.purposeLegitimateInterests == expected.purposeLegitimateInterests)
        #expect(decoded.purposeOneTreatment == expected.purposeOneTreatment)
        #expect(decoded.publisherCountryCode == expected.publisherCountryCode)
        #expect(decoded.vendorConsents == expected.vendorConsents)
        #expect(decoded.vendorLegitimateInterests == expected.vendorLegitimateInterests)
        #expect(Array(decoded.publisherRestrictions) == Array(expected.publisherRestrictions))
        #expect(decoded.disclosedVendors == expected.disclosedVendors)
        #expect(decoded.allowedVendors == expected.allowedVendors)
        #expect(decoded.publisherTC == expected.publisherTC)
        #expect(decoded == expected)
    }

    @Test(arguments: Fixtures.invalidDecodeVectors)
    func rejectsThroughLibrary(_ vector: InvalidVector) {
        // The fixture's category names the error code, except that v1 strings are unsupported versions.
        let code = vector.category == "v1String" ? "unsupportedVersion" : vector.category
        #expect {
            _ = try TCString(encoded: vector.tcString)
        } throws: { error in
            guard let error = error as? TCStringError else { return false }
            if vector.category == "v1String" && error.value != 1 { return false }
            return error.code.name == code && error.segment != nil || error.code == .emptyString
        }
    }

}
