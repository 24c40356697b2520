import TestSupport
import Testing

@testable import IABTCF

@Suite struct AdditionalConsentTests {
    @Test(arguments: [
        ("1~1.35.41.101", 1, [1, 35, 41, 101], [Int]()),
        ("1~", 1, [], []),
        ("2~~dv.1.2.3.4.10", 2, [], [1, 2, 3, 4, 10]),
        ("2~1.2.3.4.10~dv.", 2, [1, 2, 3, 4, 10], []),
        ("2~1.10~dv.2.3.4", 2, [1, 10], [2, 3, 4]),
    ])
    func parsesAndFormats(_ text: String, _ version: Int, _ consented: [Int], _ disclosed: [Int]) throws {
        let ac = try AdditionalConsent(text)
        #expect(ac.version == version && ac.consentedProviders == consented && ac.disclosedProviders == disclosed)
        #expect(ac.description == text)
        #expect(
            try AdditionalConsent(
                version: version,
                consentedProviders: consented.reversed(),
                disclosedProviders: disclosed
            ) == ac
        )
    }

    @Test(arguments: [
        ("", AdditionalConsentError.Code.emptyString), ("1", .malformed), ("3~1", .unsupportedVersion),
        ("1~1..2", .invalidProviderId), ("1~a", .invalidProviderId), ("1~0", .invalidProviderId),
        ("1~-1", .invalidProviderId),
        ("1~1~dv.2", .malformed), ("2~1.2", .missingDisclosedSection), ("2~1~xx.2", .missingDisclosedSection),
        ("2~1.2~dv.2", .providerInBothLists), ("2~1~dv.2~3", .missingDisclosedSection),
        ("2~1~dv.x", .invalidProviderId),
    ])
    func rejectsMalformedStrings(_ text: String, _ code: AdditionalConsentError.Code) {
        #expect { _ = try AdditionalConsent(text) } throws: { ($0 as? AdditionalConsentError)?.code == code }
    }

    @Test func reportsThePosition() {
        // 1-based, as every error of the package counts.
        #expect(throws: AdditionalConsentError(.invalidProviderId, position: 8)) {
            try AdditionalConsent("2~1.23.x~dv.")
        }
        #expect(throws: AdditionalConsentError(.invalidProviderId, position: 13)) {
            try AdditionalConsent("2~1.23~dv.5.")
        }
        #expect(throws: AdditionalConsentError(.invalidProviderId, position: 5)) { try AdditionalConsent("1~1.x") }
        #expect(throws: AdditionalConsentError(.malformed, position: 1)) { try AdditionalConsent("~1") }
        #expect(throws: AdditionalConsentError(.malformed, position: 2)) { try AdditionalConsent("1") }
        #expect(throws: AdditionalConsentError(.malformed, position: 4)) { try AdditionalConsent("1~1~dv.2") }
        #expect(throws: AdditionalConsentError(.unsupportedVersion, position: 1)) { try AdditionalConsent("3~1") }
        #expect(throws: AdditionalConsentError(.missingDisclosedSection, position: 6)) {
            try AdditionalConsent("2~1.2")
        }
        #expect(throws: AdditionalConsentError(.missingDisclosedSection, position: 5)) {
            try AdditionalConsent("2~1~xx.2")
        }
        #expect(throws: AdditionalConsentError(.missingDisclosedSection, position: 9)) {
            try AdditionalConsent("2~1~dv.2~3")
        }
        #expect(throws: AdditionalConsentError(.providerInBothLists, position: 12, value: 2)) {
            try AdditionalConsent("2~1.2~dv.3.2")
        }
        #expect(throws: AdditionalConsentError(.emptyString, position: 1)) { try AdditionalConsent("") }
    }

    @Test func errorsSayWhatInWords() {
        #expect(
            "\(AdditionalConsentError(.emptyString, position: 1))" == "the string is empty (character 1) [emptyString]"
        )
        #expect(
            "\(AdditionalConsentError(.invalidProviderId, position: 5))"
                == "a provider id is not a positive decimal integer (character 5) [invalidProviderId]"
        )
        #expect(
            "\(AdditionalConsentError(.providerInBothLists, position: 12, value: 2))"
                == "provider id 2 is both consented and disclosed-only (character 12) [providerInBothLists]"
        )
    }

    @Test func aValueBuiltWithoutTextHasNoPosition() {
        #expect(throws: AdditionalConsentError(.unsupportedVersion, value: 3)) {
            try AdditionalConsent(version: 3, consentedProviders: [1])
        }
        #expect(throws: AdditionalConsentError(.malformed)) {
            try AdditionalConsent(version: 1, consentedProviders: [1], disclosedProviders: [2])
        }
        #expect(throws: AdditionalConsentError(.invalidProviderId, value: 0)) {
            try AdditionalConsent(version: 1, consentedProviders: [0, 1])
        }
        #expect(throws: AdditionalConsentError(.providerInBothLists, value: 2)) {
            try AdditionalConsent(version: 2, consentedProviders: [1, 2], disclosedProviders: [2])
        }
        #expect(
            "\(AdditionalConsentError(.unsupportedVersion, value: 3))" == "version 3 is not 1 or 2 [unsupportedVersion]"
        )
    }

    @Test func duplicatesAreMerged() throws {
        #expect(try AdditionalConsent("1~5.3.5").description == "1~3.5")
    }
}
