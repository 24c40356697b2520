/// The core segment's fixed-width fields in wire order: the table that decoding (``CoreFields``),
/// encoding and ``TCString/explanation(of:options:)`` read.
///
/// Version opens the core and the core opens every TC string, so each field sits at the same bit
/// position in every string: the sum of the widths before it. Names, widths and how the bits read
/// are the specification's, from ``Field``.
@usableFromInline
enum CoreField: Int, CaseIterable, Sendable {
    case version, created, lastUpdated, cmpId, cmpVersion, consentScreen, consentLanguage, vendorListVersion
    case policyVersion, isServiceSpecific, useNonStandardTexts, specialFeatureOptIns, purposesConsent
    case purposesLITransparency, purposeOneTreatment, publisherCC

    /// The specification's field.
    @inlinable var field: Field {
        switch self {
        case .version: .version
        case .created: .created
        case .lastUpdated: .lastUpdated
        case .cmpId: .cmpId
        case .cmpVersion: .cmpVersion
        case .consentScreen: .consentScreen
        case .consentLanguage: .consentLanguage
        case .vendorListVersion: .vendorListVersion
        case .policyVersion: .policyVersion
        case .isServiceSpecific: .isServiceSpecific
        case .useNonStandardTexts: .useNonStandardTexts
        case .specialFeatureOptIns: .specialFeatureOptIns
        case .purposesConsent: .purposesConsent
        case .purposesLITransparency: .purposesLITransparency
        case .purposeOneTreatment: .purposeOneTreatment
        case .publisherCC: .publisherCC
        }
    }

    /// Bits on the wire.
    @inlinable var width: Int { field.width }

    /// The field's first bit in the core: the sum of the widths of the fields before it.
    ///
    /// The sum is written out, one term per field but the last, rather than looped: so it folds to
    /// a constant once inlined, and a read is one load and constant shifts. (The optimizer does not
    /// unroll the loop.)
    @inlinable var offset: Int {
        let index = rawValue
        func width(_ earlier: Int) -> Int { earlier < index ? CoreField(rawValue: earlier)!.width : 0 }
        return width(0) &+ width(1) &+ width(2) &+ width(3) &+ width(4) &+ width(5) &+ width(6) &+ width(7)
            &+ width(8) &+ width(9) &+ width(10) &+ width(11) &+ width(12) &+ width(13) &+ width(14)
    }

    /// The bits all fixed fields take: the vendor sections start here.
    @inlinable static var bitCount: Int { publisherCC.offset &+ publisherCC.width }

    /// The field's bits as `value` holds them (sets as their first `width` ids): what the encoder
    /// writes. A value that does not fit ``width`` cannot be encoded.
    func bits(of value: TCString) -> Int {
        switch self {
        case .version: value.version
        case .created: Int(value.created.deciseconds)
        case .lastUpdated: Int(value.lastUpdated.deciseconds)
        case .cmpId: value.cmpId
        case .cmpVersion: value.cmpVersion
        case .consentScreen: value.consentScreen
        case .consentLanguage: value.consentLanguage.rawValue
        case .vendorListVersion: value.vendorListVersion
        case .policyVersion: value.policyVersion
        case .isServiceSpecific: value.isServiceSpecific ? 1 : 0
        case .useNonStandardTexts: value.useNonStandardTexts ? 1 : 0
        case .specialFeatureOptIns: leftAligned(value.specialFeatureOptIns.rawValue)
        case .purposesConsent: leftAligned(value.purposeConsents.rawValue)
        case .purposesLITransparency: leftAligned(value.purposeLegitimateInterests.rawValue)
        case .purposeOneTreatment: value.purposeOneTreatment ? 1 : 0
        case .publisherCC: value.publisherCountryCode.rawValue
        }
    }

    /// The top ``width`` bits of an MSB-first word, as a number.
    private func leftAligned(_ word: UInt64) -> Int { Int(truncatingIfNeeded: word &>> UInt64(64 &- width)) }
}

/// The core's fixed fields, read where they are (see ``CoreField``). Pass 1 has checked that all
/// ``CoreField/bitCount`` bits are there.
@usableFromInline
struct CoreFields {
    /// The core's decoded bytes, followed by zero padding.
    @usableFromInline let base: UnsafePointer<UInt8>

    @inlinable init(base: UnsafePointer<UInt8>) { self.base = base }

    /// The field's bits, as a number.
    @inlinable @inline(__always) func bits(_ field: CoreField) -> UInt64 {
        BitReader.peek64(base, at: field.offset) &>> UInt64(64 &- field.width)
    }

    @inlinable @inline(__always) func int(_ field: CoreField) -> Int { Int(truncatingIfNeeded: bits(field)) }

    /// The field's bits at the top of a word, as sets hold them.
    @inlinable @inline(__always) func leftAligned(_ field: CoreField) -> UInt64 {
        bits(field) &<< UInt64(64 &- field.width)
    }

    @inlinable var created: Timestamp { Timestamp(deciseconds: Int64(truncatingIfNeeded: bits(.created))) }
    @inlinable var lastUpdated: Timestamp { Timestamp(deciseconds: Int64(truncatingIfNeeded: bits(.lastUpdated))) }
    @inlinable var cmpId: Int { int(.cmpId) }
    @inlinable var cmpVersion: Int { int(.cmpVersion) }
    @inlinable var consentScreen: Int { int(.consentScreen) }
    @inlinable var consentLanguage: TwoLetterCode { TwoLetterCode(rawValue: int(.consentLanguage)) }
    @inlinable var vendorListVersion: Int { int(.vendorListVersion) }
    @inlinable var policyVersion: Int { int(.policyVersion) }
    @inlinable var isServiceSpecific: Bool { bits(.isServiceSpecific) == 1 }
    @inlinable var useNonStandardTexts: Bool { bits(.useNonStandardTexts) == 1 }
    @inlinable var specialFeatureOptIns: SpecialFeatureSet {
        SpecialFeatureSet(rawValue: leftAligned(.specialFeatureOptIns))
    }
    @inlinable var purposeConsents: PurposeSet { PurposeSet(rawValue: leftAligned(.purposesConsent)) }
    @inlinable var purposeLegitimateInterests: PurposeSet {
        PurposeSet(rawValue: leftAligned(.purposesLITransparency))
    }
    @inlinable var purposeOneTreatment: Bool { bits(.purposeOneTreatment) == 1 }
    @inlinable var publisherCountryCode: TwoLetterCode { TwoLetterCode(rawValue: int(.publisherCC)) }

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
