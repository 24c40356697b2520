import IABGPP
import Testing

import struct IABTCF.TCString

/// `.preservingLayout` on values that changed: each part keeps its padding convention and its
/// surplus bits; the header keeps its text while it lists the same ids.
@Suite struct LayoutTests {
    /// iabgpp-es writes compressed padding (11 characters for usnat v1): a change keeps it.
    @Test func compressedPaddingIsKept() throws {
        var gpp = try GPPString(encoded: "DBABLA~BVQVAAAAAWA.QA")
        guard case .us(var usnat) = gpp.sections[0] else { throw GPPError(.invalidValue) }
        usnat["SaleOptOut"] = .int(2)
        usnat.gpc = true
        gpp.sections[0] = .us(usnat)
        // SaleOptOut is bits 18-19 (char 4: 01 01 01 `V` → 10 01 01 `l`); GPC `.QA` (010) → `.YA`
        // (011), still 2 characters; canonical drops the compressed character of each part.
        #expect(try gpp.encoded(.preservingLayout) == "DBABLA~BVQlAAAAAWA.YA")
        #expect(try gpp.encoded() == "DBABL~BVQlAAAAAW.Y")
    }

    /// iabconsent's `CVVVVVVVVVVW.YA` sets padding bits: they are kept, also after a change.
    @Test func setPaddingBitsAreKept() throws {
        let text = "DBABL~CVVVVVVVVVVW.YA"
        var gpp = try GPPString(encoded: text)
        #expect(try gpp.encoded(.preservingLayout) == text)
        guard case .us(var usnat) = gpp.sections[0] else { throw GPPError(.invalidValue) }
        #expect(usnat.version == 2)
        #expect(usnat["MspaServiceProviderMode"] == .int(1))
        usnat["MspaServiceProviderMode"] = .int(2)
        gpp.sections[0] = .us(usnat)
        // The last character holds MspaOptOutOptionMode, MspaServiceProviderMode and 2 padding
        // bits: 01 01 10 (`W`) becomes 01 10 10 (`a`), the set padding bits kept; canonical zeroes
        // them: 01 10 00 (`Y`).
        #expect(try gpp.encoded(.preservingLayout) == "DBABL~CVVVVVVVVVVa.YA")
        #expect(try gpp.encoded() == "DBABL~CVVVVVVVVVVY.Y")
    }

    /// The header is written as read while it lists the same ids, and keeps its convention when
    /// not: [2] read as `DBABMA` (compressed) becomes [2, 6] as `DBACNYA`, the doc's compressed
    /// form of `DBACNY`.
    @Test func headerConvention() throws {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        var gpp = try GPPString(encoded: "DBABMA~" + tc)
        #expect(try gpp.encoded(.preservingLayout) == "DBABMA~" + tc)
        gpp.sections.append(.usPrivacy(USPrivacySection(notice: .yes, optOutSale: .no, lspaCovered: .notApplicable)))
        #expect(try gpp.encoded(.preservingLayout) == "DBACNYA~" + tc + "~1YN-")
        #expect(try gpp.encoded() == "DBACNY~" + tc + "~1YN-")
    }

    /// The specification's "GPP String Example 3" puts a TCF EU string (Version 2) in the
    /// tcfcav1 slot: that section is refused, as iabgpp-rs refuses it, and section 6 is read
    /// (strict options refuse the whole string).
    @Test func specExampleThreeCanadaSlot() throws {
        let text = "DBABjw~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA~1YNN"
        let gpp = try GPPString(encoded: text)
        #expect(gpp.sections.map(\.id) == [6] && gpp.failedSections.map(\.id) == [5])
        #expect(try gpp.encoded(.preservingLayout) == text)
        let error = #expect(throws: GPPError.self) {
            try GPPString(encoded: text, options: TCString.DecodingOptions(strict: true))
        }
        #expect(gpp.failedSection(5)?.error == error)
        #expect(error?.code == .unsupportedVersion)
        #expect(error?.sectionId == 5)
        #expect(error?.field == "Version")
        #expect(error?.position == 8)
    }
}
