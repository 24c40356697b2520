package import IABTCF

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

    package static func model(_ rng: inout SplitMix64) -> TCString {
        let stamp = { (rng: inout SplitMix64) in
            Timestamp(deciseconds: Int64.random(in: 0...Timestamp.maxDeciseconds, using: &rng))
        }
        var value = TCString(created: stamp(&rng), lastUpdated: stamp(&rng))
        func number(_ key: TCString.SchemaKey, _ rng: inout SplitMix64) -> Int {
            Int.random(in: key.values!, using: &rng)
        }
        value.cmpId = number(.cmpId, &rng)
        value.cmpVersion = number(.cmpVersion, &rng)
        value.consentScreen = number(.consentScreen, &rng)
        value.consentLanguage = code(&rng)
        value.vendorListVersion = number(.vendorListVersion, &rng)
        value.policyVersion = number(.policyVersion, &rng)
        value.isServiceSpecific = Bool.random(using: &rng)
        value.useNonStandardTexts = Bool.random(using: &rng)
        value.specialFeatureOptIns = smallSet(&rng)
        value.purposeConsents = smallSet(&rng)
        value.purposeLegitimateInterests = smallSet(&rng)
        value.purposeOneTreatment = Bool.random(using: &rng)
        value.publisherCountryCode = code(&rng)
        value.vendorConsents = vendorSet(&rng)
        value.vendorLegitimateInterests = vendorSet(&rng)
        for _ in 0..<Int.random(in: 0...(Bool.random(using: &rng) ? 0 : 8), using: &rng) {
            try! value.publisherRestrictions.insert(
                vendors: Int.random(in: 0..<4, using: &rng) == 0 ? VendorSet() : vendorSet(&rng),
                purposeId: Int.random(in: PublisherRestriction.SchemaKey.purposeId.values, using: &rng),
                restrictionType: RestrictionType(
                    rawValue: Int.random(in: PublisherRestriction.SchemaKey.restrictionType.values, using: &rng)
                )!
            )
        }
        if Bool.random(using: &rng) { value.disclosedVendors = vendorSet(&rng) }
        if Int.random(in: 0..<4, using: &rng) == 0 { value.allowedVendors = vendorSet(&rng) }
        if Bool.random(using: &rng) {
            let count = [0, 1, 63, Int.random(in: 0...63, using: &rng)][Int.random(in: 0..<4, using: &rng)]
            let mask: UInt64 = count == 0 ? 0 : ~0 << UInt64(64 - count)
            value.publisherTC = PublisherTC(
                purposeConsents: smallSet(&rng),
                purposeLegitimateInterests: smallSet(&rng),
                numCustomPurposes: count,
                customPurposeConsents: CustomPurposeSet(rawValue: rng.next() & mask),
                customPurposeLegitimateInterests: CustomPurposeSet(rawValue: rng.next() & mask)
            )
        }
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
