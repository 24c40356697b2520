import IABGPP
import IABTCF
import TestSupport
import Testing

/// A GPP string is read section by section (issue 53, item 1): a section that fails keeps its
/// error and its text, the others are read, the string re-encodes byte for byte, and strict
/// options refuse the whole string as before.
@Suite struct SectionBySectionTests {
    /// iabgpp-es's test "should decode uspv1 and tcfeuv2 and tcfcav1 sections" (GppModel spec):
    /// its section 5 holds a TCF EU v2 string (Version 2), which TCF Canada v1 refuses.
    static let tcfEuInCanadaSlot =
        "DBACOeA~CPSG_8APSG_8ANwAAAENAwCAAAAAAAAAAAAAAAAAAAAA.QAAA.IAAA~CPSG_8APSG_8ANwAAAENAwCAAAAAAAAAAAAAAA.YAAAAAAAAAA~1YNN"

    @Test func aTCFEuStringInSectionFiveLeavesTheOthers() throws {
        let text = Self.tcfEuInCanadaSlot
        let gpp = try GPPString(encoded: text)
        #expect(gpp.sectionIds == [2, 5, 6])
        #expect(gpp.sections.map(\.id) == [2, 6])
        #expect(gpp.tcfEuV2?.cmpId == 880)
        guard case .usPrivacy(let usp)? = gpp.section(6) else {
            Issue.record("no section 6")
            return
        }
        #expect(usp.optOutSale == .no)
        let failure = try #require(gpp.failedSection(5))
        #expect(failure.text == "CPSG_8APSG_8ANwAAAENAwCAAAAAAAAAAAAAAA.YAAAAAAAAAA")
        #expect(failure.error.code == .unsupportedVersion && failure.error.field == "Version")
        #expect(failure.error.sectionId == 5 && failure.error.position == 64 && failure.error.value == 2)
        #expect(failure.name == "tcfcav1")
        // Byte for byte; the canonical style too writes the failed section as its text.
        #expect(try gpp.encoded(.preservingLayout) == text)
        #expect(try gpp.encoded().split(separator: "~")[2] == failure.text[...])
        // Strict options refuse the whole string with the same error.
        let strict = #expect(throws: GPPError.self) {
            try GPPString(encoded: text, options: TCString.DecodingOptions(strict: true))
        }
        #expect(strict == failure.error)
        // Validation names it; the TC string answer is section 2's.
        #expect(gpp.validate().contains(GPPFinding(sectionId: 5, field: "Version", rule: .sectionUnreadable)))
        #expect(try gpp.requiredTCFEuV2() == gpp.tcfEuV2)
    }

    /// A state section with trailing data (usca core with four more characters) fails alone;
    /// usnat before it decodes.
    @Test func aStateSectionWithTrailingDataFailsAlone() throws {
        let usnat = try #require(USSection(id: 7))
        let text = try GPPString(sections: [.us(usnat), .unknown(id: 8, text: "BVoYYZoIAAAA")]).encoded()
        let gpp = try GPPString(encoded: text)
        #expect(gpp.sectionIds == [7, 8] && gpp.sections == [.us(usnat)])
        #expect(gpp.failedSections.map(\.error.code) == [.surplusData])
        #expect(gpp.failedSection(8)?.error.sectionId == 8)
        #expect(try gpp.encoded(.preservingLayout) == text)
        // The header still fails the whole string.
        #expect(throws: GPPError.self) { try GPPString(encoded: "DBABrw~" + text.split(separator: "~")[1]) }
    }

    /// section 2 failing: `requiredTCFEuV2()` throws its own error, not "missing".
    @Test func aFailedTCFSectionIsItsOwnError() throws {
        let gpp = try GPPString(encoded: "DBACNY~CPSG_8APSG~1YNN")
        let failure = try #require(gpp.failedSection(2))
        #expect(failure.error.code == .tcString)
        #expect(throws: failure.error) { try gpp.requiredTCFEuV2() }
        #expect(gpp.tcfEuV2 == nil && gpp.section(6) != nil)
    }

    /// Every one-character mutant of every vector: the lenient decode and the strict one agree
    /// (strict refuses exactly when a section failed, with the first failure's error), the ids of
    /// sections and failures are the header's, and every string read re-encodes byte for byte.
    @Test func mutantsAgreeWithStrictAndReencodeByteForByte() throws {
        var rng = SplitMix64(seed: 0x5EC7_10)
        let pool = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.".utf8)
        var (read, withFailures) = (0, 0)
        let strict = TCString.DecodingOptions(strict: true)
        for vector in SectionVector.all + [SectionVector.all.first].compactMap({ $0 }) {
            for _ in 0..<6 {
                var bytes = Array(vector.gpp.utf8)
                guard let tilde = bytes.firstIndex(of: UInt8(ascii: "~")), tilde + 1 < bytes.count else { continue }
                bytes[Int.random(in: (tilde + 1)..<bytes.count, using: &rng)] =
                    pool[Int.random(in: 0..<pool.count, using: &rng)]
                let mutant = String(decoding: bytes, as: UTF8.self)
                guard let gpp = try? GPPString(encoded: mutant) else { continue }
                read += 1
                #expect(gpp.sectionIds == (try GPPString.sectionIDs(inHeader: mutant)), "\(mutant)")
                #expect(try gpp.encoded(.preservingLayout) == mutant, "\(mutant)")
                if let first = gpp.failedSections.first {
                    withFailures += 1
                    #expect(throws: first.error, "\(mutant)") { try GPPString(encoded: mutant, options: strict) }
                } else {
                    #expect((try? GPPString(encoded: mutant, options: strict)) == gpp, "\(mutant)")
                }
            }
        }
        #expect(read > 100 && withFailures > 50, "\(read) read, \(withFailures) with failures")
    }
}
