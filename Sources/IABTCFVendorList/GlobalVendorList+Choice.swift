public import IABTCF

extension GlobalVendorList {
    /// What the user chose in the notice: Accept All, Reject All, or a choice of their own.
    ///
    /// ``GlobalVendorList/tcString(for:cmp:day:shownVendors:publisherRestrictions:)`` turns it
    /// into the TC string a CMP writes; its documentation gives the rules.
    public enum Choice: Sendable, Hashable {
        /// Every purpose, special feature and vendor the shown vendors declare, on every basis they declare.
        case acceptAll
        /// No consent, no opt-in, and every legitimate interest objected to.
        case rejectAll
        /// Consents and opt-ins as given; legitimate interests those of ``acceptAll`` less the objections.
        case custom(CustomChoice)
    }

    /// A choice of the user's own: what they consented to and opted in to, and what they objected to.
    public struct CustomChoice: Sendable, Hashable {
        /// The purposes consented to (PurposesConsent).
        public var purposeConsents: PurposeSet
        /// The purposes whose legitimate interest the user objected to.
        public var purposeLegitimateInterestObjections: PurposeSet
        /// The special features opted in to (SpecialFeatureOptIns).
        public var specialFeatureOptIns: SpecialFeatureSet
        /// The vendors consented to (the Vendor Consent section); shown vendors only.
        public var vendorConsents: VendorSet
        /// The vendors whose legitimate interest the user objected to; shown vendors only.
        public var vendorLegitimateInterestObjections: VendorSet

        /// Creates a choice; everything left out is not consented to and not objected to.
        public init(
            purposeConsents: PurposeSet = [],
            purposeLegitimateInterestObjections: PurposeSet = [],
            specialFeatureOptIns: SpecialFeatureSet = [],
            vendorConsents: VendorSet = [],
            vendorLegitimateInterestObjections: VendorSet = []
        ) {
            self.purposeConsents = purposeConsents
            self.purposeLegitimateInterestObjections = purposeLegitimateInterestObjections
            self.specialFeatureOptIns = specialFeatureOptIns
            self.vendorConsents = vendorConsents
            self.vendorLegitimateInterestObjections = vendorLegitimateInterestObjections
        }
    }

    /// The CMP writing the string and the notice it showed: the core string's CmpId, CmpVersion,
    /// ConsentScreen, ConsentLanguage and PublisherCC.
    ///
    /// Any numbers can be set here; ``GlobalVendorList/tcString(for:cmp:day:shownVendors:publisherRestrictions:)``
    /// checks each against its field and refuses one outside it (``ChoiceError/Code/valueOutOfRange``).
    public struct CMP: Sendable, Hashable {
        /// CmpId: the CMP's registered id (2-4095).
        public var id: Int
        /// CmpVersion (0-4095).
        public var version: Int
        /// ConsentScreen (0-63).
        public var consentScreen: Int
        /// ConsentLanguage.
        public var language: TwoLetterCode
        /// PublisherCC.
        public var publisherCountryCode: TwoLetterCode

        /// Creates a CMP description; the language defaults to EN and the publisher country to AA.
        public init(
            id: Int,
            version: Int = 0,
            consentScreen: Int = 0,
            language: TwoLetterCode = TwoLetterCode(rawValue: 4 << 6 | 13),
            publisherCountryCode: TwoLetterCode = TwoLetterCode(rawValue: 0)
        ) {
            self.id = id
            self.version = version
            self.consentScreen = consentScreen
            self.language = language
            self.publisherCountryCode = publisherCountryCode
        }
    }

    /// The numbers of a CMP description, each with the field it fills and the values that field
    /// takes: CmpId the ids IAB Europe assigns to registered CMPs, the others their widths.
    static var cmpNumbers: [(field: String, values: ClosedRange<Int>, value: KeyPath<CMP, Int>)] {
        // Every number key of the schema has values.
        func values(_ key: TCString.SchemaKey) -> ClosedRange<Int> { key.values ?? 0...0 }
        return [
            ("CmpId", TCFPolicy.registeredCmpIds, \.id),
            ("CmpVersion", values(.cmpVersion), \.version),
            ("ConsentScreen", values(.consentScreen), \.consentScreen),
        ]
    }

    /// The list's vendors without a `deletedDate`: the vendors a notice shows by default.
    public var activeVendorIds: VendorSet { vendorIds.subtracting(deletedVendorIds) }

    /// The TC string a CMP writes for `choice`, made in the notice of `cmp` on `day` that showed
    /// `shownVendors` (default: ``activeVendorIds``).
    ///
    /// The sets, for the shown vendors' declarations in this list:
    /// - **Accept all.** PurposesConsent: every purpose a shown vendor declares in `purposes` or
    ///   `flexiblePurposes`. PurposesLITransparency: every purpose a shown vendor declares in
    ///   `legIntPurposes` or `flexiblePurposes`, except the string's
    ///   `TCString.purposesWithoutLegitimateInterest` (1 and 3-6 when the list's
    ///   `tcfPolicyVersion` is 4 or more, 1 alone on older lists before 2023-10-01).
    ///   SpecialFeatureOptIns: every special feature a shown vendor declares. Vendor Consent: the shown vendors with a purpose in `purposes` or
    ///   `flexiblePurposes`. Vendor Legitimate Interest: the shown vendors with a purpose in
    ///   `legIntPurposes` or `flexiblePurposes` that may rest on legitimate interest.
    /// - **Reject all.** Nothing consented to, opted in to, or left to legitimate interest.
    /// - **Custom.** Consents and opt-ins as given; PurposesLITransparency and Vendor Legitimate
    ///   Interest those of Accept All less the objections.
    ///
    /// In every case Disclosed Vendors holds the shown vendors, Created = LastUpdated = the start
    /// of `day`, VendorListVersion and TcfPolicyVersion are the list's, IsServiceSpecific is set,
    /// and the restrictions are `publisherRestrictions`.
    ///
    /// A vendor declaring only special purposes gets no Vendor Legitimate Interest bit: Disclosed
    /// Vendors now records that it was shown, and special purposes allow no objection. The
    /// specification's Core String table (IAB Tech Lab, *Transparency and Consent String with
    /// Global Vendor List Format*, "Vendor Legitimate Interest Section") used to say "For vendors
    /// that register for Special Purposes only (no other Purposes) and have been displayed by the
    /// CMP the value must be set to 1"; IAB Tech Lab closed the question of which vendors that
    /// covers (GDPR-Transparency-and-Consent-Framework issue 449, 2026-07-28) with "This legacy
    /// process has been removed from the spec in favor of using the 'Disclosed Vendors' section."
    /// ``IABTCF/TCString/permission(vendor:specialPurpose:in:)`` reads special purposes from Disclosed
    /// Vendors accordingly.
    ///
    /// Each number of `cmp` and `day` is checked first, against its field
    /// (``ChoiceError/Code/valueOutOfRange``, naming the field and the value): CmpId 2-4095 (the
    /// ids IAB Europe assigns to registered CMPs), CmpVersion 0-4095, ConsentScreen 0-63, a day
    /// from 1970-01-01 to the last the 36-bit Created field holds.
    ///
    /// The string is refused rather than written when ``IABTCF/TCString/validate(against:)`` would find
    /// anything in it (``ChoiceError/Code/policyFindings``): a list whose policy version is older
    /// than `day` requires (a policy-2 list after 2023-09-30), a restriction the shown vendors'
    /// declarations do not allow, a letter code outside A-Z. A type 2 restriction (require legitimate
    /// interest) on purpose 1 or 3-6 is allowed but leaves the purpose refused to that vendor
    /// under policy version 4 and later, as ``IABTCF/TCString/permission(vendor:purpose:in:)`` says.
    ///
    /// - Throws: ``ChoiceError``: a number of `cmp` or `day` outside its field, shown vendors the
    ///   list does not hold or has deleted, choice vendors that were not shown, or what
    ///   ``IABTCF/TCString/validate(against:)`` finds.
    public func tcString(
        for choice: Choice,
        cmp: CMP,
        day: Timestamp,
        shownVendors: VendorSet? = nil,
        publisherRestrictions: PublisherRestrictions = PublisherRestrictions()
    ) throws(ChoiceError) -> TCString {
        for (field, values, value) in Self.cmpNumbers where !values.contains(cmp[keyPath: value]) {
            throw ChoiceError(.valueOutOfRange, field: field, value: Int64(cmp[keyPath: value]))
        }
        // Midnight of the day; a day before 1970 is refused as given.
        let created = day.deciseconds >= 0 ? day.startOfDay : day
        guard created.isEncodable else {
            throw ChoiceError(.valueOutOfRange, field: "Created", value: created.deciseconds)
        }
        let shown = shownVendors ?? activeVendorIds
        let unknown = shown.subtracting(vendorIds)
        guard unknown.isEmpty else { throw ChoiceError(.vendorsNotInList, vendors: unknown) }
        let deleted = shown.intersection(deletedVendorIds)
        guard deleted.isEmpty else { throw ChoiceError(.vendorsDeleted, vendors: deleted) }
        var tc = TCString(
            created: created,
            cmpId: cmp.id,
            cmpVersion: cmp.version,
            consentScreen: cmp.consentScreen,
            consentLanguage: cmp.language,
            vendorListVersion: vendorListVersion,
            policyVersion: tcfPolicyVersion,
            isServiceSpecific: true,
            publisherCountryCode: cmp.publisherCountryCode,
            publisherRestrictions: publisherRestrictions,
            disclosedVendors: shown
        )
        let all = acceptAll(shown: shown, legitimateInterestBanned: tc.purposesWithoutLegitimateInterest)
        switch choice {
        case .acceptAll:
            tc.purposeConsents = all.purposeConsents
            tc.purposeLegitimateInterests = all.purposeLegitimateInterests
            tc.specialFeatureOptIns = all.specialFeatureOptIns
            tc.vendorConsents = all.vendorConsents
            tc.vendorLegitimateInterests = all.vendorLegitimateInterests
        case .rejectAll:
            break
        case .custom(let custom):
            let notShown = custom.vendorConsents.union(custom.vendorLegitimateInterestObjections).subtracting(shown)
            guard notShown.isEmpty else { throw ChoiceError(.vendorsNotShown, vendors: notShown) }
            tc.purposeConsents = custom.purposeConsents
            var purposeLI = all.purposeLegitimateInterests
            purposeLI.subtract(custom.purposeLegitimateInterestObjections)
            tc.purposeLegitimateInterests = purposeLI
            tc.specialFeatureOptIns = custom.specialFeatureOptIns
            tc.vendorConsents = custom.vendorConsents
            tc.vendorLegitimateInterests = all.vendorLegitimateInterests.subtracting(
                custom.vendorLegitimateInterestObjections
            )
        }
        let findings = tc.validate(against: self)
        guard findings.isEmpty else { throw ChoiceError(.policyFindings, findings: findings) }
        return tc
    }

    /// The sets of an Accept All.
    private struct AcceptAll {
        var purposeConsents = PurposeSet()
        var purposeLegitimateInterests = PurposeSet()
        var specialFeatureOptIns = SpecialFeatureSet()
        var vendorConsents = VendorSet()
        var vendorLegitimateInterests = VendorSet()
    }

    /// The sets of an Accept All for the `shown` vendors (see
    /// ``tcString(for:cmp:day:shownVendors:publisherRestrictions:)``), with no purpose of `liBanned`
    /// on legitimate interest.
    private func acceptAll(shown: VendorSet, legitimateInterestBanned liBanned: PurposeSet) -> AcceptAll {
        var all = AcceptAll()
        for purpose in 1...PurposeSet.maxID {
            let flexible = flexibleDeclarations[purpose].intersection(shown)
            let consent = consentDeclarations[purpose].intersection(shown).union(flexible)
            let legitimateInterest = legitimateInterestDeclarations[purpose].intersection(shown).union(flexible)
            if !consent.isEmpty {
                try? all.purposeConsents.insert(purpose)
                all.vendorConsents.formUnion(consent)
            }
            if !legitimateInterest.isEmpty && !liBanned.contains(purpose) {
                try? all.purposeLegitimateInterests.insert(purpose)
                all.vendorLegitimateInterests.formUnion(legitimateInterest)
            }
        }
        for feature in 1...SpecialFeatureSet.maxID
        where !specialFeatureDeclarations[feature].intersection(shown).isEmpty {
            try? all.specialFeatureOptIns.insert(feature)
        }
        return all
    }
}
