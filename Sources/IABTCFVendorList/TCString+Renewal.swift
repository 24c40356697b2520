public import IABTCF

/// Why a stored TC string must be shown to the user again (``IABTCF/TCString/renewal(against:previous:shownVendors:today:maximumAge:)``).
public enum RenewalReason: Sendable, Hashable {
    /// Shown vendors missing from the string's Disclosed Vendors: the user never saw them. A
    /// string without the segment (TCF 2.3 requires it) records no disclosure, so every shown
    /// vendor is new to it.
    case newVendors(VendorSet)
    /// Vendors the user saw whose declarations gained something since the list the choice was
    /// made on, each with what it gained.
    case changedDeclarations([DeclarationChange])
    /// The string's TcfPolicyVersion is older than the list's.
    case policyVersion(string: Int, list: Int)
    /// The choice (its LastUpdated) is more than `maximumAge` days old on `today`.
    case expired(lastUpdated: Timestamp, ageInDays: Int, maximumAge: Int)
    /// Created or LastUpdated falls after the day after `today` (midnight UTC; one day of clock skew
    /// is allowed, `TCString.allowedClockSkewDays`): the string records no choice the person has
    /// made yet, so the CMP asks (`TCString.isFutureDated(on:)`).
    case futureDated(created: Timestamp, lastUpdated: Timestamp, today: Timestamp)
}

/// What one vendor's declarations gained between two vendor lists.
public struct DeclarationChange: Sendable, Hashable {
    /// The vendor id.
    public var vendorId: Int
    /// Purposes it may now process on consent (`purposes` or `flexiblePurposes`) and could not before.
    public var consentPurposes: PurposeSet
    /// Purposes it may now process on legitimate interest (`legIntPurposes` or `flexiblePurposes`) and could not before.
    public var legitimateInterestPurposes: PurposeSet
    /// Special purposes it now declares and did not before.
    public var specialPurposes: PurposeSet
    /// Special features it now declares and did not before.
    public var specialFeatures: SpecialFeatureSet

    /// Creates a change.
    public init(
        vendorId: Int,
        consentPurposes: PurposeSet = [],
        legitimateInterestPurposes: PurposeSet = [],
        specialPurposes: PurposeSet = [],
        specialFeatures: SpecialFeatureSet = []
    ) {
        self.vendorId = vendorId
        self.consentPurposes = consentPurposes
        self.legitimateInterestPurposes = legitimateInterestPurposes
        self.specialPurposes = specialPurposes
        self.specialFeatures = specialFeatures
    }

    /// Whether the vendor gained nothing.
    var isEmpty: Bool {
        consentPurposes.isEmpty && legitimateInterestPurposes.isEmpty && specialPurposes.isEmpty
            && specialFeatures.isEmpty
    }
}

extension TCString {
    /// About thirteen months, in days: the longest a choice is commonly kept before it is asked again.
    public static let commonMaximumAge = 395

    /// Whole UTC days from the day of LastUpdated to the day of `today` (negative when LastUpdated
    /// is later).
    public func ageInDays(on today: Timestamp) -> Int {
        Int((today.startOfDay.deciseconds - lastUpdated.startOfDay.deciseconds) / 864_000)
    }

    /// Whether the choice (its LastUpdated) is more than `maximumAge` days old on `today`: no vendor
    /// list needed. Google, "Troubleshooting IAB EU TCF v2.2 implementation" (AdMob Help): "If the
    /// consent decision is more than 13 months old, the TC string will no longer be considered
    /// valid by Google and Google will not serve ads to that user."
    public func isExpired(on today: Timestamp, maximumAge: Int = TCString.commonMaximumAge) -> Bool {
        ageInDays(on: today) > maximumAge
    }

    /// Why this stored choice must be shown to the user again, checked against `gvl`, the list
    /// the CMP would show now; empty when it may stay.
    ///
    /// - Parameters:
    ///   - gvl: the current vendor list; `nil` checks the age alone.
    ///   - previous: the list of the string's VendorListVersion, if the caller has it: shown
    ///     vendors in the string's Disclosed Vendors whose declarations in `gvl` gained a purpose
    ///     (on either basis), a special purpose or a special feature are
    ///     ``RenewalReason/changedDeclarations(_:)``.
    ///   - shownVendors: the vendors the notice shows now; those the string's Disclosed Vendors
    ///     lacks are ``RenewalReason/newVendors(_:)``. Default: the string's own Disclosed Vendors
    ///     (a CMP shows its configured vendors, not the whole list), or, for a string without the
    ///     segment, the list's vendors without a `deletedDate`.
    ///   - today: now; with `maximumAge`, a LastUpdated more than `maximumAge` days before the
    ///     day of `today` is ``RenewalReason/expired(lastUpdated:ageInDays:maximumAge:)``.
    ///   - maximumAge: days a choice is kept (``commonMaximumAge``: about 13 months); `nil`: no limit.
    ///
    /// A TcfPolicyVersion older than the list's is ``RenewalReason/policyVersion(string:list:)``;
    /// a Created or LastUpdated after the day after `today` (`TCString.isFutureDated(on:)`)
    /// is ``RenewalReason/futureDated(created:lastUpdated:today:)``, whatever `maximumAge`.
    /// The App Tracking Transparency flows treat a non-empty answer as an expired choice
    /// (`ConsentState.expired`): the CMP shows again.
    public func renewal(
        against gvl: GlobalVendorList? = nil,
        previous: GlobalVendorList? = nil,
        shownVendors: VendorSet? = nil,
        today: Timestamp,
        maximumAge: Int? = TCString.commonMaximumAge
    ) -> [RenewalReason] {
        var reasons: [RenewalReason] = []
        if let gvl {
            reasons = listReasons(against: gvl, previous: previous, shownVendors: shownVendors)
        }
        if isFutureDated(on: today) {
            reasons.append(.futureDated(created: created, lastUpdated: lastUpdated, today: today.startOfDay))
        }
        if let maximumAge, isExpired(on: today, maximumAge: maximumAge) {
            reasons.append(.expired(lastUpdated: lastUpdated, ageInDays: ageInDays(on: today), maximumAge: maximumAge))
        }
        return reasons
    }

    /// The reasons ``renewal(against:previous:shownVendors:today:maximumAge:)`` finds in the lists.
    private func listReasons(
        against gvl: GlobalVendorList,
        previous: GlobalVendorList?,
        shownVendors: VendorSet?
    ) -> [RenewalReason] {
        var reasons: [RenewalReason] = []
        let shown = shownVendors ?? disclosedVendors ?? gvl.activeVendorIds
        let disclosed = disclosedVendors ?? VendorSet()
        let new = shown.subtracting(disclosed)
        if !new.isEmpty { reasons.append(.newVendors(new)) }
        if let previous {
            let changes = shown.intersection(disclosed).compactMap { id -> DeclarationChange? in
                guard let now = gvl.vendors[id], let before = previous.vendors[id] else { return nil }
                var change = DeclarationChange(vendorId: id)
                change.consentPurposes = now.purposes.union(now.flexiblePurposes)
                change.consentPurposes.subtract(before.purposes.union(before.flexiblePurposes))
                change.legitimateInterestPurposes = now.legIntPurposes.union(now.flexiblePurposes)
                change.legitimateInterestPurposes.subtract(before.legIntPurposes.union(before.flexiblePurposes))
                change.specialPurposes = now.specialPurposes
                change.specialPurposes.subtract(before.specialPurposes)
                change.specialFeatures = now.specialFeatures
                change.specialFeatures.subtract(before.specialFeatures)
                return change.isEmpty ? nil : change
            }
            if !changes.isEmpty { reasons.append(.changedDeclarations(changes)) }
        }
        if policyVersion < gvl.tcfPolicyVersion {
            reasons.append(.policyVersion(string: policyVersion, list: gvl.tcfPolicyVersion))
        }
        return reasons
    }
}
