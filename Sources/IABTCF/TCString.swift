/// A decoded TCF v2 TC string: every field of every segment, typed.
///
/// Decode with ``init(encoded:options:)-(String,_)``; read the fields; change them; encode again.
///
/// ```swift
/// let tc = try TCString(encoded: "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA")
/// tc.cmpId                          // 880
/// tc.vendorConsents.contains(2)     // true
/// tc.disclosedVendors?.contains(404) // true
/// ```
///
/// Equality compares the fields only, not how the input happened to lay them out on the wire.
public struct TCString: Sendable {
    /// The encoding version; always 2 (TCF v2).
    public var version: Int { 2 }

    // The stored properties' initial values are the decoder's start state (zero bits), which it
    // overwrites in place; the public initializer below has its own, user-facing defaults (policy
    // version 5, language EN, ...).

    /// Created: when the TC string was created (TCF asks for the same day-level value as ``lastUpdated``).
    public var created = Timestamp(deciseconds: 0)
    /// LastUpdated: when the TC string was last updated.
    public var lastUpdated = Timestamp(deciseconds: 0)
    /// CmpId: the registered id of the CMP that last updated the string (12 bits).
    public var cmpId = 0
    /// CmpVersion: the CMP's own version number (12 bits).
    public var cmpVersion = 0
    /// ConsentScreen: the CMP's screen number on which consent was given (6 bits).
    public var consentScreen = 0
    /// ConsentLanguage: the ISO 639-1 language of the consent notice, e.g. `EN`.
    public var consentLanguage = TwoLetterCode(rawValue: 0)
    /// VendorListVersion: the Global Vendor List version used (12 bits).
    public var vendorListVersion = 0
    /// TcfPolicyVersion: the policy version (2 = TCF v2.0, 4 = v2.2, 5 = current). Any 6-bit value decodes.
    public var policyVersion = 0
    /// IsServiceSpecific: the string applies to this service only (policy requires `true`).
    public var isServiceSpecific = false
    /// UseNonStandardTexts: the CMP changed the standard purpose texts (formerly UseNonStandardStacks).
    public var useNonStandardTexts = false
    /// SpecialFeatureOptIns.
    public var specialFeatureOptIns = SpecialFeatureSet()
    /// PurposesConsent.
    public var purposeConsents = PurposeSet()
    /// PurposesLITransparency: legitimate interest established and not objected to.
    public var purposeLegitimateInterests = PurposeSet()
    /// PurposeOneTreatment: purpose 1 was not disclosed, by the rules of ``publisherCountryCode``.
    public var purposeOneTreatment = false
    /// PublisherCC: the country whose legislation the publisher follows, e.g. `DE`.
    public var publisherCountryCode = TwoLetterCode(rawValue: 0)
    /// The Vendor Consent section.
    public var vendorConsents: VendorSet {
        get {
            if let edited { return edited.vendorConsents }
            return wire.decodedSet(.vendorConsents, in: words) ?? VendorSet()
        }
        set { editedSets().vendorConsents = newValue }
        _modify { yield &editedSets().vendorConsents }
    }
    /// The Vendor Legitimate Interest section.
    public var vendorLegitimateInterests: VendorSet {
        get {
            if let edited { return edited.vendorLegitimateInterests }
            return wire.decodedSet(.vendorLegitimateInterests, in: words) ?? VendorSet()
        }
        set { editedSets().vendorLegitimateInterests = newValue }
        _modify { yield &editedSets().vendorLegitimateInterests }
    }
    /// The Publisher Restrictions section.
    public var publisherRestrictions: PublisherRestrictions {
        get {
            if let edited { return edited.publisherRestrictions }
            return wire.decodedRestrictions(in: words)
        }
        set { editedSets().publisherRestrictions = newValue }
        _modify { yield &editedSets().publisherRestrictions }
    }
    /// The Disclosed Vendors segment, or `nil` when absent (TCF v2.3 requires it).
    public var disclosedVendors: VendorSet? {
        get {
            if let edited { return edited.disclosedVendors }
            return wire.decodedSet(.disclosedVendors, in: words)
        }
        set { editedSets().disclosedVendors = newValue }
        _modify { yield &editedSets().disclosedVendors }
    }
    /// The Allowed Vendors segment (deprecated since 2021), or `nil` when absent.
    public var allowedVendors: VendorSet? {
        get {
            if let edited { return edited.allowedVendors }
            return wire.decodedSet(.allowedVendors, in: words)
        }
        set { editedSets().allowedVendors = newValue }
        _modify { yield &editedSets().allowedVendors }
    }
    /// The Publisher TC segment, or `nil` when absent.
    public var publisherTC: PublisherTC?

    /// The words every vendor set and restriction of a decode shares, and their layout's kept
    /// entries: one allocation. Empty for values built in code.
    var words: [UInt64] = []
    /// How a decoded string laid its sections out on the wire, and where in ``words`` each set
    /// is; empty for values built in code. While ``edited`` is `nil`, the vendor sets and
    /// restrictions are the ones it decoded.
    var wire = WireLayout()
    /// The vendor sets and restrictions once any of them is set in code; `nil` while they are the
    /// decoded ones in ``words``. Keeping them out of the stored properties until then keeps a
    /// decoded value small, with few references: quick to create, copy and destroy.
    private var edited: EditedSets?

    /// The edited sets, made first (from the decoded ones) or copied when shared, so that they
    /// can be changed in place.
    private mutating func editedSets() -> EditedSets {
        if !isKnownUniquelyReferenced(&edited) {
            edited = EditedSets(
                vendorConsents: vendorConsents,
                vendorLegitimateInterests: vendorLegitimateInterests,
                publisherRestrictions: publisherRestrictions,
                disclosedVendors: disclosedVendors,
                allowedVendors: allowedVendors
            )
        }
        return edited!
    }

    /// The wire layout of a decoded string; `nil` for values built in code.
    var layout: DecodedLayout? { wire.isDecoded ? DecodedLayout(wire: wire, words: words) : nil }

    /// Creates a TC string value. Every field has a neutral default; `created` and `lastUpdated`
    /// are required because the codec has no clock (see ``Timestamp/startOfDay``).
    public init(
        created: Timestamp,
        lastUpdated: Timestamp? = nil,
        cmpId: Int = 0,
        cmpVersion: Int = 0,
        consentScreen: Int = 0,
        consentLanguage: TwoLetterCode = TwoLetterCode(rawValue: 4 << 6 | 13),  // EN
        vendorListVersion: Int = 0,
        policyVersion: Int = 5,
        isServiceSpecific: Bool = true,
        useNonStandardTexts: Bool = false,
        specialFeatureOptIns: SpecialFeatureSet = SpecialFeatureSet(),
        purposeConsents: PurposeSet = PurposeSet(),
        purposeLegitimateInterests: PurposeSet = PurposeSet(),
        purposeOneTreatment: Bool = false,
        publisherCountryCode: TwoLetterCode = TwoLetterCode(rawValue: 0),  // AA
        vendorConsents: VendorSet = VendorSet(),
        vendorLegitimateInterests: VendorSet = VendorSet(),
        publisherRestrictions: PublisherRestrictions = PublisherRestrictions(),
        disclosedVendors: VendorSet? = nil,
        allowedVendors: VendorSet? = nil,
        publisherTC: PublisherTC? = nil
    ) {
        self.created = created
        self.lastUpdated = lastUpdated ?? created
        self.cmpId = cmpId
        self.cmpVersion = cmpVersion
        self.consentScreen = consentScreen
        self.consentLanguage = consentLanguage
        self.vendorListVersion = vendorListVersion
        self.policyVersion = policyVersion
        self.isServiceSpecific = isServiceSpecific
        self.useNonStandardTexts = useNonStandardTexts
        self.specialFeatureOptIns = specialFeatureOptIns
        self.purposeConsents = purposeConsents
        self.purposeLegitimateInterests = purposeLegitimateInterests
        self.purposeOneTreatment = purposeOneTreatment
        self.publisherCountryCode = publisherCountryCode
        self.publisherTC = publisherTC
        // No box for a value without vendor sets or restrictions: the first set below makes it.
        if !vendorConsents.isEmpty || !vendorLegitimateInterests.isEmpty || !publisherRestrictions.isEmpty
            || disclosedVendors != nil || allowedVendors != nil
        {
            self.vendorConsents = vendorConsents
            self.vendorLegitimateInterests = vendorLegitimateInterests
            self.publisherRestrictions = publisherRestrictions
            self.disclosedVendors = disclosedVendors
            self.allowedVendors = allowedVendors
        }
    }
}

extension TCString {
    /// Sets ``created`` and ``lastUpdated`` to midnight UTC of the day of `now`, as TCF policy requires
    /// of every change ("Created = LastUpdated = the day of the last update").
    public mutating func markUpdated(at now: Timestamp) {
        created = now.startOfDay
        lastUpdated = created
    }
}

extension TCString: CustomReflectable {
    /// The fields, as `print`, `dump` and debuggers show them: every row of the field table but the
    /// constant version, at its key path; the layout and storage behind the vendor sets are left out.
    public var customMirror: Mirror {
        let rows = Self.fieldTable.filter { $0.key.stringValue != SchemaKey.version.stringValue }
        return Mirror(
            self,
            children: rows.map { (label: $0.key.stringValue as String?, value: self[keyPath: $0.keyPath]) },
            displayStyle: .struct
        )
    }
}

extension TCString: Hashable {
    /// Compares every field; the wire layout a decoded value remembers is not part of equality.
    public static func == (lhs: TCString, rhs: TCString) -> Bool {
        lhs.schemaValues == rhs.schemaValues
    }

    /// Hashes every field; the wire layout is not part of the hash.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(schemaValues)
    }

    /// Every field ``traverse(_:)`` visits, in its order: what equality and hashing see, without
    /// the storage behind the vendor sets.
    private var schemaValues: [AnyHashable] {
        var recorder = SchemaValueRecorder()
        traverse(&recorder)
        return recorder.values
    }
}

/// Each field of a traversal as a hashable value (an absent segment as `nil`).
private struct SchemaValueRecorder: TCFVisitor {
    typealias Failure = Never
    var values: [AnyHashable] = []

    init() { values.reserveCapacity(TCString.fieldTable.count) }

    mutating func record(_ key: some TCFSchemaKey, _ value: some Hashable) { values.append(AnyHashable(value)) }
    mutating func visit(_ key: some TCFSchemaKey, int value: Int) { record(key, value) }
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) { record(key, value) }
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) { record(key, value) }
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) { record(key, value) }
    mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) { record(key, value) }
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) { record(key, value) }
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) { record(key, value) }
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) { record(key, value) }
}
