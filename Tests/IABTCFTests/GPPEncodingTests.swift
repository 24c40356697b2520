import TCStringToolSupport
import Testing

@testable import IABTCF

/// `GPPString.encoded`: a decoded GPP string comes back byte for byte, a changed header or TCF
/// section is written anew, and what the decoder would refuse is never written.
@Suite struct GPPEncodingTests {
    static let tcf = GPPTests.tcfSection
    /// A TCF 2.3 string with a Disclosed Vendors segment (the README's first example).
    static let s =
        "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"

    @Test(arguments: [
        "DBABM~" + tcf, "DBABMA~" + tcf, "DBACNY~" + tcf + "~1YNN", "DBABjw~x~y",
        "DBABMA~" + s,
    ])
    func aDecodedStringComesBackByteForByte(_ text: String) throws {
        let gpp = try GPPString(encoded: text)
        #expect(try gpp.encoded(.preservingLayout) == text)
        // The default re-encodes the TCF section canonically and keeps the rest.
        let canonical = try gpp.encoded()
        #expect(try GPPString(encoded: canonical).tcfEuV2 == gpp.tcfEuV2)
        #expect(try GPPString(encoded: canonical).sections.count == gpp.sections.count)
    }

    /// Headers written by the library equal those of the tests' independent encoder and decode
    /// back to their ids.
    @Test func headersMatchAnIndependentEncoder() throws {
        var rng = SplitMix64(seed: 0x6_0E_A0)
        for _ in 0..<2000 {
            let ids = Set((0..<Int.random(in: 0...12, using: &rng)).map { _ in Int.random(in: 1...300, using: &rng) })
                .sorted()
            let header = GPPString.encodeHeader(version: 1, ids: ids)
            #expect(header == GPPTests.header(ids))
            #expect(try GPPString.decodeHeader(Array((header ?? "").utf8)).ids == ids)
        }
    }

    /// Seeded random GPP strings (headers with and without extra padding characters, TC strings
    /// with padding bits set, empty and opaque sections) come back byte for byte.
    @Test func randomStringsComeBackByteForByte() throws {
        var rng = SplitMix64(seed: 0x6_99E)
        var accepted = 0
        for _ in 0..<500 {
            var ids = Set((0..<Int.random(in: 0...5, using: &rng)).map { _ in Int.random(in: 1...20, using: &rng) })
            if Bool.random(using: &rng) { ids.insert(GPPString.tcfEuV2SectionId) }
            let sorted = ids.sorted()
            var header = try #require(GPPString.encodeHeader(version: 1, ids: sorted))
            if Bool.random(using: &rng) { header += "A" }
            let sections = try sorted.map { id in
                guard id == GPPString.tcfEuV2SectionId else {
                    return ["", "1YNN", "x.y_z-0", "CAAA"][Int.random(in: 0...3, using: &rng)]
                }
                var tc = try RandomModels.model(&rng).encoded()
                // A set padding bit, which only a layout-preserving encoder keeps.
                if Bool.random(using: &rng), let last = tc.popLast() { tc.append(last == "A" ? "B" : last) }
                return tc
            }
            let text = ([header] + sections).joined(separator: "~")
            guard let gpp = try? GPPString(encoded: text) else { continue }
            accepted += 1
            #expect(try gpp.encoded(.preservingLayout) == text)
        }
        #expect(accepted > 400)
    }

    @Test func changedSectionsAreWrittenAnew() throws {
        var gpp = try GPPString(encoded: "DBACNY~" + Self.tcf + "~1YNN")
        gpp.tcfEuV2?.cmpId = 300
        gpp.sectionIds.append(7)
        gpp.sections.append("abc")
        let text = try gpp.encoded(.preservingLayout)
        let decoded = try GPPString(encoded: text)
        #expect(decoded.sectionIds == [2, 6, 7])
        #expect(decoded.sections.dropFirst() == ["1YNN", "abc"])
        #expect(decoded.tcfEuV2?.cmpId == 300)
        #expect(text.hasPrefix(GPPString.encodeHeader(version: 1, ids: [2, 6, 7])! + "~"))
    }

    @Test func whatTheDecoderRefusesIsNeverWritten() throws {
        let gpp = try GPPString(encoded: "DBACNY~" + Self.tcf + "~1YNN")
        func code(_ change: (inout GPPString) -> Void, maximumLength: Int = 131_072) -> TCStringError.Code? {
            var changed = gpp
            change(&changed)
            do {
                _ = try changed.encoded(maximumLength: maximumLength)
                return nil
            } catch {
                return error.code
            }
        }
        #expect(code { $0.sections.removeLast() } == .gppSectionCountMismatch)
        #expect(code { $0.sections[1] = "a~b" } == .invalidCharacter)
        #expect(code { $0.version = 2 } == .invalidGPPHeader)
        #expect(code { $0.sectionIds = [6, 2] } == .invalidGPPHeader)
        #expect(code { $0.sectionIds = [0, 2] } == .invalidGPPHeader)
        #expect(
            code {
                $0.sectionIds = [6, 7]
                $0.sections = ["x", "y"]
            } == .missingTCFSection
        )
        #expect(code({ _ in }, maximumLength: 50) == .encodingTooLong)
        #expect(code({ _ in }, maximumLength: 56) == nil)
        // Without the TCF section's value, section 2's text is written as it is.
        #expect(code { $0.tcfEuV2 = nil } == nil)
    }

    @Test func sectionCountMismatchSaysHowManySectionsTheStringHas() {
        #expect {
            _ = try GPPString(encoded: "DBACNY~" + Self.tcf)
        } throws: {
            "\($0)"
                == "the GPP string has 1 section after its header, which lists another number (segment 0) [gppSectionCountMismatch]"
        }
        #expect {
            _ = try GPPString(encoded: "DBABM~a~b")
        } throws: {
            "\($0)".hasPrefix("the GPP string has 2 sections after its header")
        }
    }
}

/// Errors of the model name what is out of range and the range, as vendor ids do.
@Suite struct ModelErrorMessageTests {
    @Test func anIdOutOfASetNamesTheKindAndTheRange() {
        var tc = TCString(created: Timestamp(deciseconds: 16_000_000_000))
        #expect {
            try tc.purposeConsents.insert(25)
        } throws: {
            "\($0)" == "purpose id 25 is not between 1 and 24 [valueOutOfRange]"
        }
        #expect {
            try tc.specialFeatureOptIns.insert(0)
        } throws: {
            "\($0)" == "special feature id 0 is not between 1 and 12 [valueOutOfRange]"
        }
        #expect {
            _ = try CustomPurposeSet([64])
        } throws: {
            ($0 as? TCStringError)?.code == .valueOutOfRange
                && "\($0)" == "custom purpose id 64 is not between 1 and 63 [valueOutOfRange]"
        }
        #expect(
            "\(TCStringError(.invalidVendorId, value: 0))" == "vendor id 0 is not between 1 and 65535 [invalidVendorId]"
        )
    }

    @Test func explainSaysWhichFormIsSmaller() {
        func reason(_ ranges: Bool, _ bits: Int, _ other: Int) -> String {
            Explanation.VendorSection(
                name: "Vendor Consent",
                segment: 0,
                isRangeEncoding: ranges,
                bits: bits,
                alternativeBits: other
            ).reason
        }
        #expect(
            reason(false, 30, 45)
                == "Vendor Consent: a bitfield, 30 bits; ranges would take 45 bits (the bitfield is smaller)"
        )
        #expect(
            reason(true, 79, 404)
                == "Vendor Consent: ranges, 79 bits; a bitfield would take 404 bits (ranges are smaller)"
        )
        #expect(reason(false, 45, 45) == "Vendor Consent: a bitfield, 45 bits; ranges would take 45 bits (a tie)")
        #expect(
            reason(true, 50, 45)
                == "Vendor Consent: ranges, 50 bits; a bitfield would take 45 bits (a bitfield is smaller)"
        )
    }
}
