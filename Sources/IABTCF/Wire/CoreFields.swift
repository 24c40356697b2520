/// The core segment's fixed-width fields, read where they are.
///
/// Version opens the core and the core opens every TC string, so each fixed field sits at the
/// same bit position in every string: a read is one load and constant shifts, with no reader
/// state carried from one field to the next. Pass 1 has checked that all 213 bits are there.
@usableFromInline
struct CoreFields {
    /// The core's decoded bytes, followed by zero padding.
    @usableFromInline let base: UnsafePointer<UInt8>

    @inlinable init(base: UnsafePointer<UInt8>) { self.base = base }

    /// The `width`-bit field at bit `position` of the core.
    @inlinable @inline(__always) func field(_ position: Int, _ width: Int) -> UInt64 {
        BitReader.peek64(base, at: position) &>> UInt64(64 &- width)
    }

    @inlinable @inline(__always) func int(_ position: Int, _ width: Int) -> Int {
        Int(truncatingIfNeeded: field(position, width))
    }

    @inlinable var created: Timestamp { Timestamp(deciseconds: Int64(truncatingIfNeeded: field(6, 36))) }
    @inlinable var lastUpdated: Timestamp { Timestamp(deciseconds: Int64(truncatingIfNeeded: field(42, 36))) }
    @inlinable var cmpId: Int { int(78, 12) }
    @inlinable var cmpVersion: Int { int(90, 12) }
    @inlinable var consentScreen: Int { int(102, 6) }
    @inlinable var consentLanguage: TwoLetterCode { TwoLetterCode(rawValue: int(108, 12)) }
    @inlinable var vendorListVersion: Int { int(120, 12) }
    @inlinable var policyVersion: Int { int(132, 6) }
    @inlinable var isServiceSpecific: Bool { field(138, 1) == 1 }
    @inlinable var useNonStandardTexts: Bool { field(139, 1) == 1 }
    @inlinable var specialFeatureOptIns: SpecialFeatureSet { SpecialFeatureSet(rawValue: field(140, 12) &<< 52) }
    @inlinable var purposeConsents: PurposeSet { PurposeSet(rawValue: field(152, 24) &<< 40) }
    @inlinable var purposeLegitimateInterests: PurposeSet { PurposeSet(rawValue: field(176, 24) &<< 40) }
    @inlinable var purposeOneTreatment: Bool { field(200, 1) == 1 }
    @inlinable var publisherCountryCode: TwoLetterCode { TwoLetterCode(rawValue: int(201, 12)) }

    /// Where ConsentLanguage and PublisherCC start (for errors; the getters above use literals, so
    /// that inlined into another module they need no global's accessor).
    static let consentLanguageBit = 108
    static let publisherCCBit = 201

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
    var core: CoreFields { CoreFields(base: scratch) }

    /// Pass 2, first part: the fixed fields of the core and the Publisher TC segment.
    @inline(__always)
    func readFields(into value: inout TCString) {
        core.read(into: &value)
        if let publisherTC { value.publisherTC = publisherTC }
    }
}
