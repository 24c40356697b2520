/// The core segment's fixed-width fields, read where they are.
///
/// Version opens the core and the core opens every TC string, so each fixed field sits at the
/// same bit position in every string: a read is one load and constant shifts, with no reader
/// state carried from one field to the next. Pass 1 has checked that all 213 bits are there.
struct CoreFields {
    let bits: BitReader

    /// The `width`-bit field at bit `position` of the core.
    @inline(__always) private func field(_ position: Int, _ width: Int) -> UInt64 {
        bits.peek64(at: position) &>> UInt64(64 &- width)
    }

    @inline(__always) private func int(_ position: Int, _ width: Int) -> Int {
        Int(truncatingIfNeeded: field(position, width))
    }

    var created: Timestamp { Timestamp(deciseconds: Int64(truncatingIfNeeded: field(6, 36))) }
    var lastUpdated: Timestamp { Timestamp(deciseconds: Int64(truncatingIfNeeded: field(42, 36))) }
    var cmpId: Int { int(78, 12) }
    var cmpVersion: Int { int(90, 12) }
    var consentScreen: Int { int(102, 6) }
    var consentLanguage: TwoLetterCode { TwoLetterCode(rawValue: int(Self.consentLanguageBit, 12)) }
    var vendorListVersion: Int { int(120, 12) }
    var policyVersion: Int { int(132, 6) }
    var isServiceSpecific: Bool { field(138, 1) == 1 }
    var useNonStandardTexts: Bool { field(139, 1) == 1 }
    var specialFeatureOptIns: SpecialFeatureSet { SpecialFeatureSet(rawValue: field(140, 12) &<< 52) }
    var purposeConsents: PurposeSet { PurposeSet(rawValue: field(152, 24) &<< 40) }
    var purposeLegitimateInterests: PurposeSet { PurposeSet(rawValue: field(176, 24) &<< 40) }
    var purposeOneTreatment: Bool { field(200, 1) == 1 }
    var publisherCountryCode: TwoLetterCode { TwoLetterCode(rawValue: int(Self.publisherCCBit, 12)) }

    /// Where ConsentLanguage and PublisherCC start.
    static let consentLanguageBit = 108
    static let publisherCCBit = 201
    /// Version and the fixed-width fields after it.
    static let bitCount = 213

    /// Writes every fixed field into `value`.
    @inline(__always)
    func read(into value: inout TCString) {
        value.created = created
        value.lastUpdated = lastUpdated
        value.cmpId = cmpId
        value.cmpVersion = cmpVersion
        value.consentScreen = consentScreen
        value.consentLanguage = consentLanguage
        value.vendorListVersion = vendorListVersion
        value.policyVersion = policyVersion
        value.isServiceSpecific = isServiceSpecific
        value.useNonStandardTexts = useNonStandardTexts
        value.specialFeatureOptIns = specialFeatureOptIns
        value.purposeConsents = purposeConsents
        value.purposeLegitimateInterests = purposeLegitimateInterests
        value.purposeOneTreatment = purposeOneTreatment
        value.publisherCountryCode = publisherCountryCode
    }
}

extension SegmentDecoder {
    /// The core's fixed fields: its bytes start the scratch. Valid after pass 1.
    var core: CoreFields {
        CoreFields(bits: BitReader(base: scratch, bitCount: CoreFields.bitCount, segment: 0))
    }

    /// Pass 2, first part: the fixed fields of the core and the Publisher TC segment.
    @inline(__always)
    func readFields(into value: inout TCString) {
        core.read(into: &value)
        if let publisherTC { value.publisherTC = publisherTC }
    }
}
