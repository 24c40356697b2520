import IABTCF
import Testing

@testable import IABTCF

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
