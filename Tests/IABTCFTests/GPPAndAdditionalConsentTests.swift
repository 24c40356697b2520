import TCStringToolSupport
import TestSupport
import Testing

@testable import IABTCF

@Suite struct GPPTests {
    static let tcfSection = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    /// Header examples from the GPP specification (and the byte-then-6-bit padding seen in real strings).
    @Test(arguments: [
        ("DBABM", [2]), ("DBABMA", [2]), ("DBACNY", [2, 6]), ("DBABjw", [5, 6]),
    ])
    func decodesSpecificationHeaders(_ header: String, _ ids: [Int]) throws {
        let (version, decoded) = try GPPString.decodeHeader(Array(header.utf8))
        #expect(version == 1)
        #expect(decoded == ids)
    }

    @Test func decodesTheSpecificationExample() throws {
        let gpp = try GPPString(encoded: "DBABM~" + Self.tcfSection)
        #expect(gpp.sectionIds == [2])
        #expect(gpp.tcfEuV2 == (try TCString(encoded: Self.tcfSection)))
        #expect(gpp.tcfEuV2?.cmpId == 31)
        let other = try GPPString(encoded: "DBACNY~" + Self.tcfSection + "~1YNN")
        #expect(other.sections == [Self.tcfSection, "1YNN"])
        #expect(try GPPString(encoded: "DBABjw~x~y").tcfEuV2 == nil)
    }

    /// Writes ids the way a GPP encoder does (Fibonacci-coded offsets and lengths), with the
    /// simplest possible code, and checks the decoder reads them back.
    static func header(_ ids: [Int]) -> String {
        func fibonacci(_ value: Int) -> [Bool] {
            var weights = [1, 2]
            while weights.last! <= value { weights.append(weights[weights.count - 1] + weights[weights.count - 2]) }
            var bits = [Bool](repeating: false, count: weights.count)
            var rest = value
            for k in stride(from: weights.count - 1, through: 0, by: -1) where weights[k] <= rest {
                bits[k] = true
                rest -= weights[k]
            }
            while bits.last == false { bits.removeLast() }
            return bits + [true]
        }
        var runs: [ClosedRange<Int>] = []
        for id in ids {
            if let last = runs.last, last.upperBound + 1 == id {
                runs[runs.count - 1] = last.lowerBound...id
            } else {
                runs.append(id...id)
            }
        }
        var b = WireBuilder()
        b.put(3, 6)
        b.put(1, 6)
        b.put(runs.count, 12)
        var last = 0
        for run in runs {
            b.put(run.count > 1 ? 1 : 0, 1)
            for bit in fibonacci(run.lowerBound - last) { b.put(bit ? 1 : 0, 1) }
            if run.count > 1 { for bit in fibonacci(run.count - 1) { b.put(bit ? 1 : 0, 1) } }
            last = run.upperBound
        }
        return b.base64URL
    }

    @Test func decodesRandomSectionLists() throws {
        var rng = SplitMix64(seed: 0x699)
        for _ in 0..<2000 {
            let ids = Set((0..<Int.random(in: 0...12, using: &rng)).map { _ in Int.random(in: 1...300, using: &rng) })
                .sorted()
            #expect(try GPPString.decodeHeader(Array(Self.header(ids).utf8)).ids == ids)
        }
    }

    @Test(arguments: [
        ("CBABM~x", TCStringError.Code.invalidGPPHeader),  // Type 2
        ("DCABM~x", .invalidGPPHeader),  // Version 2
        ("DBABM", .gppSectionCountMismatch),
        ("DBABM~a~b", .gppSectionCountMismatch),
        ("DBAB", .truncated),
        ("DBABA~x", .invalidGPPHeader),  // a Fibonacci code that never terminates
        ("DB+BM~x", .invalidCharacter),
        ("DBABM~CPXx", .truncated),  // the TCF section's own error
    ])
    func rejectsMalformedStrings(_ text: String, _ code: TCStringError.Code) {
        #expect { _ = try GPPString(encoded: text) } throws: { ($0 as? TCStringError)?.code == code }
    }

}

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
