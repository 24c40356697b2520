/// TCF Canada (section 5, `tcfcav1`; `Sections/Canada/`): a core (always present, no sub-section
/// type), then optional sub-sections DisclosedVendors (`SubsectionType Int(3) = 1`) and publisher
/// purposes (`SubsectionType Int(3) = 3`).
///
/// One table, three encodings in the wild (see ``Encoding``): the decoder reads the
/// specification's first (as iabgpp-es 3.2.0 reads it), falls back to the legacy fixed-width
/// ranges, then to the specification's text read literally, accepts v1.0 strings that end before
/// PubRestrictions, and says in ``encoding`` and ``hasPubRestrictions`` what it read.
public struct TCFCanadaSection: Sendable, Hashable {
    /// How the vendor sets, PubRestrictions and DisclosedVendors are written; `allCases` is the
    /// decoder's reading order.
    public enum Encoding: String, Sendable, Hashable, CaseIterable {
        /// The specification's types: vendor sets as OptimizedRange (Int(16) highest id, IsRange,
        /// then Range(Fibonacci) or a bitfield: the TCF MaxVendorId layout, as iabgpp-es 3.2.0
        /// reads the text), PubRestrictions as N-ArrayOfRanges(6,2). The encoder's default.
        case fibonacci
        /// Fixed-width ranges: OptimizedIntRange vendor sets and an ArrayOfRanges whose ids are a
        /// plain Range(Int), as iabgpp-java (every release) and iabgpp-es before 3.2.0 write.
        case legacy
        /// The specification's Core table read literally: every OptimizedRange field (the vendor
        /// sets, DisclosedVendors and each PubRestrictions record's ids) is "First … Boolean. If 1
        /// → Fibonacci Range, if 0 → variable-length bitfield": Bool IsRange, then Range(Fibonacci)
        /// or Int(16) n and Bitfield(n), as iabgpp-rs reads DisclosedVendors and PubRestrictions.
        case literal
    }

    /// The core's fields after `Version Int(6) = 1`, with the specification's types.
    public static let coreFields: [GPPField] = [
        GPPField("Created", .datetime),
        GPPField("LastUpdated", .datetime),
        GPPField("CmpId", .int(12)),
        GPPField("CmpVersion", .int(12)),
        GPPField("ConsentScreen", .int(6)),
        GPPField("ConsentLanguage", .string(2)),
        GPPField("VendorListVersion", .int(12)),
        GPPField("TcfPolicyVersion", .int(6)),
        GPPField("UseNonStandardStacks", .boolean),
        GPPField("SpecialFeatureExpressConsent", .bitfield(12)),
        GPPField("PurposesExpressConsent", .bitfield(24)),
        GPPField("PurposesImpliedConsent", .bitfield(24)),
        GPPField("VendorExpressConsent", .optimizedRange),
        GPPField("VendorImpliedConsent", .optimizedRange),
        GPPField("PubRestrictions", .nArrayOfRanges(key: 6, type: 2)),
    ]

    /// The DisclosedVendors sub-section's field (after `SubsectionType Int(3) = 1`).
    public static let disclosedVendorsFields = [GPPField("DisclosedVendors", .optimizedRange)]

    /// The publisher purposes sub-section's fields (after `SubsectionType Int(3) = 3`).
    public static let publisherPurposesFields: [GPPField] = [
        GPPField("PubPurposesExpressConsent", .bitfield(24)),
        GPPField("PubPurposesImpliedConsent", .bitfield(24)),
        GPPField("NumCustomPurposes", .int(6)),
        GPPField("CustomPurposesExpressConsent", .bitfieldSizedBy("NumCustomPurposes")),
        GPPField("CustomPurposesImpliedConsent", .bitfieldSizedBy("NumCustomPurposes")),
    ]

    /// The table under `encoding`: the legacy one swaps the range types for fixed-width ones; the
    /// other two keep the specification's types (``Encoding/literal`` reads them literally).
    public static func fields(_ table: [GPPField], _ encoding: Encoding) -> [GPPField] {
        guard encoding == .legacy else { return table }
        return table.map { field in
            switch field.type {
            case .optimizedRange: GPPField(field.name, .optimizedIntRange)
            case .nArrayOfRanges: GPPField(field.name, .arrayOfRanges)
            default: field
            }
        }
    }

    /// ``coreFields`` and ``disclosedVendorsFields`` under the legacy encoding, built once.
    static let legacyCoreFields = fields(coreFields, .legacy)
    static let legacyDisclosedVendorsFields = fields(disclosedVendorsFields, .legacy)

    /// The Version (1).
    public var version = 1
    /// The core's values after Version, one per row of ``coreFields``.
    public var core: [GPPValue]
    /// `false` for a TCF Canada v1.0 string, which ends before PubRestrictions (GPP v1.1 added
    /// the field in March 2024); encoded so too.
    public var hasPubRestrictions = true
    /// The DisclosedVendors sub-section's ids, `nil` when absent.
    public var disclosedVendors: [Int]?
    /// The publisher purposes sub-section, one value per row of ``publisherPurposesFields``, `nil`
    /// when absent.
    public var publisherPurposes: [GPPValue]?
    /// The encoding read, or to write.
    public var encoding: Encoding = .fibonacci
    /// How the string was written, for ``GPPEncodingStyle/preservingLayout``.
    var decoded: Decoded?

    struct Decoded: Sendable, Hashable {
        var text: String
        var model: Model
        var parts: GPPPartLayouts
    }

    /// Whether the decoded bits also read the legacy way (``Encoding/legacy``), to a different
    /// value that re-encodes to the same bits. The specification's reading wins (as in iabgpp-es
    /// 3.2.0); the other writer's meaning cannot be told from the bits: validation flags it.
    /// Computed when asked (it reads the decoded text the legacy way), not by the decoder.
    public var isAmbiguous: Bool { decoded.map(Self.alsoReadsAsLegacy) ?? false }

    struct Model: Hashable {
        var version: Int
        var core: [GPPValue]
        var hasPubRestrictions: Bool
        var disclosedVendors: [Int]?
        var publisherPurposes: [GPPValue]?
        var encoding: Encoding
    }

    var model: Model {
        Model(
            version: version,
            core: core,
            hasPubRestrictions: hasPubRestrictions,
            disclosedVendors: disclosedVendors,
            publisherPurposes: publisherPurposes,
            encoding: encoding
        )
    }

    /// Equal when every field and the encoding are; padding does not count.
    public static func == (lhs: TCFCanadaSection, rhs: TCFCanadaSection) -> Bool { lhs.model == rhs.model }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(model) }

    /// A section with every core field at its default (ConsentLanguage `AA`), no sub-section.
    public init() {
        core = Self.coreFields.map(\.type.defaultValue)
    }

    /// A core field's value by its specification name (`CmpId`, `VendorExpressConsent`…).
    public subscript(name: String) -> GPPValue? {
        get { Self.coreFields.firstIndex { $0.name == name }.flatMap { core[safe: $0] } }
        set {
            if let index = Self.coreFields.firstIndex(where: { $0.name == name }), index < core.count, let newValue {
                core[index] = newValue
            }
        }
    }

    /// Every field as `(key, value)`, one per row of ``GPPSection/fieldRows``: `version`, the
    /// core, `disclosedVendors`, then the publisher purposes; an absent sub-section's fields are
    /// `nil`.
    public var fields: [(key: String, value: GPPValue?)] {
        (GPPSection.tcfCaV1(self).fieldRows ?? []).map { ($0.key, $0.value) }
    }

    /// The fields as a JSON object.
    public var fieldsJSON: String {
        "{" + fields.map { "\"\($0.key)\":\($0.value?.json ?? "null")" }.joined(separator: ",") + "}"
    }
}
