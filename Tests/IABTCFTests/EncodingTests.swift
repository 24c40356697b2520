import IABTCF
import TestSupport
import Testing

@testable import IABTCF

@Suite struct EncodingTests {
    @Test(arguments: Fixtures.canonicalVectors)
    func encodesCanonically(_ vector: CanonicalVector) throws {
        let model = try TCString(json: vector.model, today: Timestamp(deciseconds: 0))
        #expect(try model.encoded() == vector.tcString)
        #expect(try TCString(encoded: vector.tcString) == model)
    }

    @Test(arguments: Fixtures.validDecodeVectors)
    func decodeEncodeDecodeIsIdentity(_ vector: DecodeVector) throws {
        let decoded = try TCString(encoded: vector.tcString)
        let canonical = try decoded.encoded()
        let again = try TCString(encoded: canonical)
        #expect(again == decoded)
        // The canonical form is a fixed point, and its segments are 24-bit padded.
        #expect(try again.encoded() == canonical)
        #expect(canonical.split(separator: ".").allSatisfy { $0.count % 4 == 0 })
    }

    /// Every valid vector re-encodes byte for byte, whatever encoder wrote it.
    @Test(arguments: Fixtures.validDecodeVectors)
    func reencodingPreservesLayout(_ vector: DecodeVector) throws {
        #expect(try TCString(encoded: vector.tcString).encoded(.preservingLayout) == vector.tcString)
    }

    /// Releases before macOS 11, iOS 14, tvOS 14 and watchOS 7 build the string from a copy: same text.
    @Test(arguments: Fixtures.validDecodeVectors)
    func copyingStringPathEncodesTheSame(_ vector: DecodeVector) throws {
        let decoded = try TCString(encoded: vector.tcString)
        for style in [TCString.EncodingStyle.canonical, .preservingLayout] {
            #expect(try decoded.encoded(style, copyingString: true) == decoded.encoded(style))
        }
        #expect(try decoded.encoded(.preservingLayout, copyingString: true) == vector.tcString)
    }

    /// Bitfields whose last words hold no ids (MaxVendorId above the highest id, or no ids at all)
    /// decode to the ids present, re-encode byte for byte and stay mutable past their old end.
    @Test func bitFieldsWithTrailingZeroWords() throws {
        var b = WireBuilder.coreHeader()
        b.put(200, 16)  // consents: a 200-bit bitfield holding 3 and 70
        b.put(0, 1)
        for id in 1...200 { b.put(id == 3 || id == 70 ? 1 : 0, 1) }
        b.put(130, 16)  // legitimate interests: a 130-bit bitfield holding nothing
        b.put(0, 1)
        b.put(0, 130)
        b.put(0, 12)  // no restrictions
        let text = b.base64URL
        var value = try TCString(encoded: text)
        #expect(value.vendorConsents == [3, 70])
        #expect(value.vendorLegitimateInterests.isEmpty)
        #expect(try value.encoded(.preservingLayout) == text)
        try value.vendorConsents.insert(199)
        try value.vendorLegitimateInterests.insert(130)
        #expect(value.vendorConsents == [3, 70, 199])
        #expect(try TCString(encoded: value.encoded()) == value)
    }

    @Test func changedSectionsAreWrittenCanonically() throws {
        // E12: both vendor sections are ranges with MaxVendorId far above any id (829 and 828, no entries).
        let e12 = "CO5dPi4O5dPx2B7DvCENA2CgAAAAAAAAAAAAGewAAM8gAAAA.YAAAAAAAAAAA"
        var value = try TCString(encoded: e12)
        #expect(try value.encoded(.preservingLayout) == e12)
        #expect(try value.encoded() != e12)
        // Change only the consents: the LI section keeps its odd layout, the consents become canonical.
        try value.vendorConsents.insert(3)
        let changed = try TCString(encoded: value.encoded(.preservingLayout))
        #expect(changed == value)
        #expect(changed.layout?.section(.vendorConsents)?.maxVendorId == 3)
        #expect(changed.layout?.section(.vendorLegitimateInterests)?.maxVendorId == 828)
        // A field outside any section changes nothing of the layout: same length, same padding.
        var touched = try TCString(encoded: e12)
        touched.cmpVersion += 1
        let rewritten = try touched.encoded(.preservingLayout)
        #expect(rewritten.count == e12.count && rewritten != e12)
        // Dropping a segment drops it; adding one appends it in canonical order.
        touched.publisherTC = nil
        touched.disclosedVendors = [1, 2]
        #expect(try touched.encoded(.preservingLayout).split(separator: ".").count == 2)
        #expect(try TCString(encoded: touched.encoded(.preservingLayout)).disclosedVendors == [1, 2])
    }

    /// ≥ 10,000 seeded random models: encode, decode, compare; the vendor form is the exactly smaller one.
    @Test(arguments: 0..<4 as Range<UInt64>)
    func randomModelsRoundTrip(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x5EED_0000 + seed)
        for _ in 0..<2_600 {
            let model = RandomModels.model(&rng)
            let text = try model.encoded()
            let decoded = try TCString(encoded: text)
            #expect(decoded == model)
            #expect(try decoded.encoded(.preservingLayout) == text)
            for (set, layout) in [
                (model.vendorConsents, decoded.layout?.section(.vendorConsents)),
                (model.vendorLegitimateInterests, decoded.layout?.section(.vendorLegitimateInterests)),
            ] {
                let (bitfield, range) = RandomModels.sizes(set)
                #expect(layout?.isRangeEncoding == (range < bitfield), "\(set)")
                #expect(layout?.maxVendorId == bitfield)
            }
        }
    }

    @Test func sizeChoiceEdgeCases() throws {
        func form(_ set: VendorSet) throws -> (isRange: Bool, max: Int) {
            var value = TCString(created: Timestamp(deciseconds: 0))
            value.vendorConsents = set
            let layout = try TCString(encoded: value.encoded()).layout!.section(.vendorConsents)!
            return (layout.isRangeEncoding, layout.maxVendorId)
        }
        #expect(try form([]) == (false, 0))  // empty: MaxVendorId 0, empty bitfield
        #expect(try form([65535]) == (true, 65535))  // 12 + 17 < 65535
        #expect(try form([29]) == (false, 29))  // tie: 12 + 17 = 29 → bitfield
        #expect(try form([30]) == (true, 30))  // 29 < 30 → range
        #expect(try form([28]) == (false, 28))
        #expect(try form(VendorSet(1...45)) == (false, 45))  // tie: 12 + 33 = 45
        #expect(try form(VendorSet(1...46)) == (true, 46))
        // 32,768 singles: more entries than NumEntries can count, so ranges are impossible.
        #expect(try form(VendorSet(stride(from: 1, through: 65535, by: 2))) == (false, 65535))
        // Custom purposes: 0 and 63.
        for count in [0, 63] {
            var value = TCString(created: Timestamp(deciseconds: 0))
            value.publisherTC = PublisherTC(
                numCustomPurposes: count,
                customPurposeConsents: count == 63 ? CustomPurposeSet(rawValue: ~0) : []
            )
            let text = try value.encoded()
            #expect(try TCString(encoded: text) == value)
            #expect(text.split(separator: ".")[1].count == (57 + 2 * count + 23) / 24 * 4)
        }
    }

    /// 48 restrictions of 1,000 single vendor ids each: 136,204 characters, more than the decoder
    /// accepts by default, so the encoder refuses them unless the limit is raised on both sides.
    @Test func encodingsLongerThanTheDecodersLimitAreRefused() throws {
        var value = TCString(created: Timestamp(deciseconds: 0))
        let vendors = try VendorSet(stride(from: 1, through: 1999, by: 2))
        value.publisherRestrictions = try PublisherRestrictions(
            (1...24).flatMap { purpose in
                [RestrictionType.notAllowed, .requireConsent].map {
                    PublisherRestriction(purposeId: purpose, restrictionType: $0, vendors: vendors)
                }
            }
        )
        let limit = TCString.DecodingOptions.defaultMaximumLength
        #expect(throws: TCStringError(.encodingTooLong, value: limit)) { try value.encoded() }
        #expect(throws: TCStringError(.encodingTooLong, value: limit)) { try value.encoded(.preservingLayout) }
        #expect(throws: TCStringError(.encodingTooLong, value: 200)) { try value.encoded(maximumLength: 200) }
        let text = try value.encoded(maximumLength: 200_000)
        #expect(text.utf8.count == 136_204)
        #expect(throws: TCStringError.self) { try TCString(encoded: text) }
        let decoded = try TCString(encoded: text, options: .init(maximumLength: 200_000))
        #expect(decoded == value)
        #expect(try decoded.encoded(.preservingLayout, maximumLength: 200_000) == text)
        // Exactly at the limit is fine.
        #expect(try value.encoded(maximumLength: 136_204) == text)
    }

    @Test func outOfRangeValuesAreTypedErrors() throws {
        let base = TCString(created: Timestamp(deciseconds: 0))
        var value = base
        value.cmpId = 4096
        #expect(throws: TCStringError(.valueOutOfRange, field: "CmpId", value: 4096)) { try value.encoded() }
        value = base
        value.lastUpdated = Timestamp(deciseconds: Timestamp.maxDeciseconds + 1)
        #expect(throws: TCStringError(.valueOutOfRange, field: "LastUpdated", value: 1 << 36)) { try value.encoded() }
        value = base
        value.publisherTC = PublisherTC(numCustomPurposes: 2, customPurposeConsents: [3])
        #expect(throws: TCStringError(.valueOutOfRange, field: "NumCustomPurposes", value: 3)) { try value.encoded() }
        #expect(throws: TCStringError.idOutOfRange(25, in: PurposeSet.self)) { try value.purposeConsents.insert(25) }
        #expect(throws: TCStringError(.invalidVendorId, value: 0)) { try value.vendorConsents.insert(0) }
        #expect(throws: TCStringError(.invalidVendorId, value: 65536)) { try value.vendorConsents.insert(65536) }
        #expect(throws: TCStringError.self) { try TwoLetterCode("E1") }
        #expect(throws: TCStringError.self) { try TwoLetterCode("ENG") }
        #expect(throws: TCStringError(.valueOutOfRange, field: "PurposeId", value: 25)) {
            try value.publisherRestrictions.insert(vendorId: 1, purposeId: 25, restrictionType: .notAllowed)
        }
        #expect(try TwoLetterCode("de").description == "DE")
    }

    @Test func markUpdatedSetsBothTimestampsToTheDay() throws {
        var value = TCString(created: Timestamp(deciseconds: 1))
        value.markUpdated(at: Timestamp(iso8601: "2026-11-22T15:04:05.600Z")!)
        #expect(value.created.description == "2026-11-22T00:00:00.000Z")
        #expect(value.lastUpdated == value.created)
    }
}

/// The README's code samples, kept compiling and true.
@Suite struct ReadmeExampleTests {
    @Test func decodingSample() throws {
        let tc = try TCString(
            encoded:
                "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"
        )
        #expect(tc.cmpId == 300)
        #expect(tc.lastUpdated.description == "2026-11-02T00:00:00.000Z")
        #expect(tc.purposeConsents.contains(1))
        #expect(tc.vendorConsents.contains(755))
        #expect(!tc.vendorLegitimateInterests.contains(6))
        #expect(tc.disclosedVendors.map(Array.init) == [2, 6, 8, 21, 32, 755, 793])
        #expect(tc.publisherRestrictions.restrictionType(vendorId: 32, purposeId: 2) == .requireConsent)
        #expect(tc.validate().isEmpty && tc.policyVersion == 5)
    }

    @Test func encodingSample() throws {
        var tc = TCString(created: Timestamp(iso8601: "2026-03-01")!, cmpId: 300, vendorListVersion: 132)
        try tc.purposeConsents.insert(1)
        try tc.vendorConsents.insert(contentsOf: 1...500)
        tc.disclosedVendors = try VendorSet(1...800)
        tc.markUpdated(at: Timestamp(iso8601: "2026-03-02T09:30:00Z")!)
        let text = try tc.encoded()
        let decoded = try TCString(encoded: text)
        #expect(try decoded.encoded(.preservingLayout) == text)
        #expect(decoded == tc)
        #expect(decoded.created.description == "2026-03-02T00:00:00.000Z")
    }
}
