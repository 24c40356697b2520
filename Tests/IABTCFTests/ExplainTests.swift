import IABTCF
import TestSupport
import Testing

@testable import IABTCF

@Suite struct ExplainTests {
    @Test(arguments: Fixtures.validDecodeVectors)
    func fieldsTileEverySegment(_ vector: DecodeVector) throws {
        let explanation = try TCString.explain(vector.tcString)
        let tc = try TCString(encoded: vector.tcString)
        let segments = vector.tcString.split(separator: ".").map { $0.prefix { $0 != "=" }.count * 6 }
        for (index, bits) in segments.enumerated() {
            let fields = explanation.fields.filter { $0.segment == index }
            var offset = 0
            for field in fields {
                #expect(field.bitOffset == offset, "\(field.name)")
                #expect(field.rawBits.count == min(field.width, 64) + (field.width > 64 ? 1 : 0))
                offset += field.width
            }
            #expect(offset == bits)
        }
        // The fixed part of the core is where the specification's table puts it.
        let core = Dictionary(explanation.fields.filter { $0.segment == 0 }.map { ($0.name, $0) }) { first, _ in first }
        for (name, offset, width) in [
            ("Version", 0, 6), ("Created", 6, 36), ("CmpId", 78, 12), ("ConsentLanguage", 108, 12),
            ("TcfPolicyVersion", 132, 6), ("PurposesConsent", 152, 24), ("PublisherCC", 201, 12),
            ("MaxVendorId", 213, 16),
        ] {
            #expect(core[name]?.bitOffset == offset && core[name]?.width == width, "\(name)")
        }
        #expect(core["CmpId"]?.value == String(tc.cmpId))
        #expect(core["Created"]?.value == tc.created.description)
        #expect(core["PublisherCC"]?.value == tc.publisherCountryCode.description)
        // Each vendor section's alternative size is what the other form would really take.
        let sections = [
            ("Vendor Consent", tc.vendorConsents, tc.layout?.section(.vendorConsents)),
            (
                "Vendor Legitimate Interest", tc.vendorLegitimateInterests,
                tc.layout?.section(.vendorLegitimateInterests)
            ),
            ("Disclosed Vendors", tc.disclosedVendors ?? [], tc.layout?.section(.disclosedVendors)),
        ]
        for (name, set, layout) in sections {
            guard let layout, let section = explanation.vendorSections.first(where: { $0.name == name }) else {
                continue
            }
            #expect(section.isRangeEncoding == layout.isRangeEncoding)
            let (_, ranges) = RandomModels.sizes(set)
            #expect(section.alternativeBits == (layout.isRangeEncoding ? layout.maxVendorId : ranges))
            #expect(
                section.bits
                    == (layout.isRangeEncoding ? VendorSectionPlan.rangeBits(set, layout.entries) : layout.maxVendorId)
            )
        }
    }

    /// Every prefix of a valid string that does not decode is explained up to its error: the
    /// fields read are the full explanation's first fields, and the error is the decoder's.
    @Test(arguments: Fixtures.validDecodeVectors.filter { !$0.tcString.contains("~") })
    func truncatedStringsExplainWhatCanBeRead(_ vector: DecodeVector) throws {
        let full = try TCString.explain(vector.tcString)
        let text = vector.tcString
        for length in stride(from: 1, to: text.count, by: max(1, text.count / 60)) {
            let prefix = String(text.prefix(length))
            let partial = TCString.explanation(of: prefix)
            let decoded = Result { () throws(TCStringError) in try TCString(encoded: prefix) }
            guard case .failure(let error) = decoded else { continue }
            #expect(partial.error == error, "\(length)")
            #expect(Array(full.fields.prefix(partial.fields.count)) == partial.fields, "\(length)")
            #expect(throws: error) { try TCString.explain(prefix) }
        }
    }

    /// Mutated strings (a seeded character change) never trap, and the error is the decoder's.
    @Test func mutatedStringsExplainWithTheDecodersError() {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=!")
        var rng = SplitMix64(seed: 0xE7)
        let strings = Fixtures.validDecodeVectors.map(\.tcString).filter { !$0.contains("~") }
        for _ in 0..<3_000 {
            var characters = Array(strings[Int(rng.next() % UInt64(strings.count))])
            for _ in 0...(rng.next() % 3) {
                characters[Int(rng.next() % UInt64(characters.count))] =
                    alphabet[Int(rng.next() % UInt64(alphabet.count))]
            }
            let text = String(characters)
            let partial = TCString.explanation(of: text)
            let decoded = Result { () throws(TCStringError) in try TCString(encoded: text) }
            switch decoded {
            case .success: #expect(partial.error == nil, "\(text)")
            case .failure(let error): #expect(partial.error == error, "\(text)")
            }
        }
    }
}
