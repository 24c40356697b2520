/// Seeded random TC string values that exercise every feature: dense and sparse vendor sets, runs,
/// restrictions of every type, optional segments, custom purposes, extreme scalars. Used by
/// `tcstring random` (differential testing) and by the round-trip tests.
package enum RandomModels {
    package static func vendorSet(_ rng: inout SplitMix64) -> VendorSet {
        var set = VendorSet()
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            return set  // empty
        case 1:  // dense: a bitfield is smaller
            let max = Int.random(in: 1...2000, using: &rng)
            for id in 1...max where Bool.random(using: &rng) { try! set.insert(id) }
        case 2:  // a few long runs: ranges are smaller
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let start = Int.random(in: 1...60_000, using: &rng)
                try! set.insert(contentsOf: start...min(VendorSet.maxID, start + Int.random(in: 0...3000, using: &rng)))
            }
        case 3:  // sparse singles
            for _ in 0..<Int.random(in: 1...40, using: &rng) {
                try! set.insert(Int.random(in: 1...VendorSet.maxID, using: &rng))
            }
        case 4:  // the extremes
            try! set.insert(VendorSet.maxID)
            if Bool.random(using: &rng) { try! set.insert(1) }
        default:  // small
            for _ in 0..<Int.random(in: 1...10, using: &rng) { try! set.insert(Int.random(in: 1...64, using: &rng)) }
        }
        return set
    }

    package static func smallSet<S: SmallIDSet>(_ rng: inout SplitMix64, _: S.Type = S.self) -> S {
        S(rawValue: rng.next())
    }

    package static func code(_ rng: inout SplitMix64) -> TwoLetterCode {
        TwoLetterCode(rawValue: Int.random(in: 0...25, using: &rng) << 6 | Int.random(in: 0...25, using: &rng))
    }

    /// A random model: every field of the field table in its order, from `rng`.
    package static func model(_ rng: inout SplitMix64) -> TCString {
        var value = TCString(created: Timestamp(deciseconds: 0))
        var reader = RandomReader(rng: rng)
        value.read(&reader)
        rng = reader.rng
        return value
    }

    /// A random model that `validate` finds nothing in: ``model(_:)`` made to follow TCF 2.3
    /// policy, created and last updated at a random time of `day`. CmpId 2 or more,
    /// VendorListVersion 1 or more, a TCF 2.2 policy version, service-specific, only the defined
    /// special features, no legitimate interest on the consent-only purposes (core and publisher),
    /// no reserved restriction type or purpose outside 1-24, and a Disclosed Vendors segment
    /// covering every vendor consent and legitimate-interest bit (and some vendors besides).
    package static func validModel(_ rng: inout SplitMix64, day: Timestamp) -> TCString {
        var value = model(&rng)
        let deciseconds = min(
            day.startOfDay.deciseconds + Int64.random(in: 0..<864_000, using: &rng),
            Timestamp.maxDeciseconds
        )
        value.created = Timestamp(deciseconds: deciseconds)
        value.lastUpdated = value.created
        value.cmpId = Int.random(in: TCFPolicy.registeredCmpIds, using: &rng)
        value.vendorListVersion = Int.random(
            in: 1...TCString.SchemaKey.vendorListVersion.values!.upperBound,
            using: &rng
        )
        let current = TCString(created: value.created, lastUpdated: value.created).policyVersion
        value.policyVersion = Int.random(
            in: TCFPolicy.tcf22PolicyVersion...max(TCFPolicy.tcf22PolicyVersion, current),
            using: &rng
        )
        value.isServiceSpecific = true
        value.specialFeatureOptIns = value.specialFeatureOptIns.intersection(TCFPolicy.definedSpecialFeatures)
        let noLegitimateInterest = TCFPolicy.purposesWithoutLegitimateInterest(
            policyVersion: value.policyVersion,
            created: value.created
        )
        value.purposeLegitimateInterests.subtract(noLegitimateInterest)
        value.publisherTC?.purposeLegitimateInterests.subtract(noLegitimateInterest)
        var restrictions = PublisherRestrictions()
        let purposeIds = PublisherRestriction.SchemaKey.purposeId.values
        for restriction in value.publisherRestrictions
        where restriction.restrictionType != .undefined && purposeIds.contains(restriction.purposeId) {
            try! restrictions.insert(
                vendors: restriction.vendors,
                purposeId: restriction.purposeId,
                restrictionType: restriction.restrictionType
            )
        }
        value.publisherRestrictions = restrictions
        var disclosed = value.disclosedVendors ?? VendorSet()
        disclosed.formUnion(value.vendorConsents)
        disclosed.formUnion(value.vendorLegitimateInterests)
        value.disclosedVendors = disclosed
        return value
    }

    /// Exact sizes of a vendor set's two forms, computed the slow way from the sorted ids.
    package static func sizes(_ set: VendorSet) -> (bitfield: Int, range: Int) {
        let ids = Array(set)
        var range = 12
        var i = 0
        while i < ids.count {
            var j = i
            while j + 1 < ids.count && ids[j + 1] == ids[j] + 1 { j += 1 }
            range += j > i ? 33 : 17
            i = j + 1
        }
        return (ids.last ?? 0, range)
    }
}

/// Random values for the field table's rows, in its order: numbers anywhere in their row's range,
/// any time, letters A-Z, any ids; vendor sets of every shape (``RandomModels/vendorSet(_:)``);
/// up to 8 restrictions half the time; Disclosed Vendors half the time, the deprecated Allowed
/// Vendors a quarter of the time; a Publisher TC segment half the time.
private struct RandomReader: TCFReader {
    typealias Failure = Never
    var rng: SplitMix64

    mutating func check(_ key: some TCFSchemaKey, version: Int) {}
    mutating func read(_ key: some TCFSchemaKey, int value: inout Int) {
        value = Int.random(in: (key as! TCString.SchemaKey).values!, using: &rng)
    }
    mutating func read(_ key: some TCFSchemaKey, bool value: inout Bool) { value = Bool.random(using: &rng) }
    mutating func read(_ key: some TCFSchemaKey, timestamp value: inout Timestamp) {
        value = Timestamp(deciseconds: Int64.random(in: 0...Timestamp.maxDeciseconds, using: &rng))
    }
    mutating func read(_ key: some TCFSchemaKey, code value: inout TwoLetterCode) { value = RandomModels.code(&rng) }
    mutating func read<S: SmallIDSet>(_ key: some TCFSchemaKey, ids value: inout S) {
        value = RandomModels.smallSet(&rng)
    }
    mutating func read(_ key: some TCFSchemaKey, vendors value: inout VendorSet) {
        value = RandomModels.vendorSet(&rng)
    }
    mutating func read(_ key: some TCFSchemaKey, optionalVendors value: inout VendorSet?) {
        let deprecated = key.stringValue == TCString.SchemaKey.allowedVendors.stringValue
        if deprecated ? Int.random(in: 0..<4, using: &rng) == 0 : Bool.random(using: &rng) {
            value = RandomModels.vendorSet(&rng)
        }
    }
    mutating func read(_ key: some TCFSchemaKey, restrictionType value: inout RestrictionType) {
        value = RestrictionType(rawValue: Int.random(in: 0...3, using: &rng))!
    }
    mutating func read(_ key: some TCFSchemaKey, restrictions value: inout PublisherRestrictions) {
        for _ in 0..<Int.random(in: 0...(Bool.random(using: &rng) ? 0 : 8), using: &rng) {
            try! value.insert(
                vendors: Int.random(in: 0..<4, using: &rng) == 0 ? VendorSet() : RandomModels.vendorSet(&rng),
                purposeId: Int.random(in: PublisherRestriction.SchemaKey.purposeId.values, using: &rng),
                restrictionType: RestrictionType(
                    rawValue: Int.random(in: PublisherRestriction.SchemaKey.restrictionType.values, using: &rng)
                )!
            )
        }
    }
    mutating func read(_ key: some TCFSchemaKey, publisherTC value: inout PublisherTC?) {
        guard Bool.random(using: &rng) else { return }
        let count = [0, 1, 63, Int.random(in: 0...63, using: &rng)][Int.random(in: 0..<4, using: &rng)]
        let mask: UInt64 = count == 0 ? 0 : ~0 << UInt64(64 - count)
        value = PublisherTC(
            purposeConsents: RandomModels.smallSet(&rng),
            purposeLegitimateInterests: RandomModels.smallSet(&rng),
            numCustomPurposes: count,
            customPurposeConsents: CustomPurposeSet(rawValue: rng.next() & mask),
            customPurposeLegitimateInterests: CustomPurposeSet(rawValue: rng.next() & mask)
        )
    }
}
