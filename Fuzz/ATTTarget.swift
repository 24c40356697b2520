// The `att` target: the ATT layer's one call, `ConsentFlow.evaluate`.
//
// The input chooses a flow (any strategy with any options, or any guide with any trigger, scope and
// vendor selection), a status (any raw integer, or any `ATTStatus` including `unavailable`), the
// flow state (with the EU region, the last ATT answer, an applied rejection), a consent state, `gdprApplies`, an expiry and today; the rest of the input is the
// stored TC string. For every combination: no trap; the IDFA and trackers are allowed only with
// `authorized` (or without ATT); a rewritten string decodes, only clears bits (purposes, special
// features, vendors, publisher purposes; only ones the decision rejects) and changes nothing else,
// its Created and LastUpdated included (a rejection never makes a choice younger); a string dated
// after today is never rewritten; an unreadable stored string is reported and never rewritten.

import IABTCF
import IABTCFAppTracking
import IABTCFVendorList

func fuzzATT(_ bytes: UnsafeBufferPointer<UInt8>) {
    var input = FuzzBytes(bytes)
    var flow = fuzzFlow(&input)
    flow.reprompt = input.choice(ConsentFlow.Reprompt.allCases)
    flow.maximumAge = input.optional([0, 1, TCString.commonMaximumAge, 1 << 20])
    let rawStatus = input.bool() ? input.int(bytes: 8) : nil
    let status = input.choice(ATTStatus.allCases)
    let state = ConsentFlow.State(
        attRequested: input.bool(),
        previousStatus: input.optional(ATTStatus.allCases),
        region: input.choice(ConsentFlow.Region.allCases),
        attAnswered: input.bool() ? Timestamp(deciseconds: Int64(input.int(bytes: 5))) : nil,
        rejectionApplied: input.bool()
    )
    let consent = input.optional(ConsentState.allCases)
    let gdprApplies = input.optional([true, false])
    let expiresAt = input.bool() ? Timestamp(deciseconds: Int64(input.int(bytes: 5))) : nil
    let today = Timestamp(deciseconds: Int64(input.int(bytes: 5)))
    let tcString = input.bool() ? nil : input.rest()
    let stored = StoredConsent(tcString: tcString, gdprApplies: gdprApplies, expiresAt: expiresAt, consent: consent)
    let step =
        if let rawStatus {
            flow.evaluate(rawStatus: rawStatus, stored: stored, state: state, today: today)
        } else {
            flow.evaluate(status: status, stored: stored, state: state, today: today)
        }
    let effective = rawStatus.map { ATTStatus(rawStatus: $0) } ?? status
    if step.decision.idfaAllowed {
        require(effective == .authorized || effective == .unavailable, "the IDFA allowed with \(effective): \(flow)")
    }
    // Trackers need `authorized` (or no ATT) too, except under Google UMP, where `trackersAllowed`
    // is the ads SDK's start: it follows an answered alert whatever the answer, since the SDK reads
    // the ATT status itself and serves ads without the IDFA after a denial.
    if step.decision.trackersAllowed {
        if flow.rules == .guide(.googleUMP) {
            require(effective != .notDetermined, "the ads SDK allowed before the alert was answered: \(flow)")
        } else {
            require(
                effective == .authorized || effective == .unavailable,
                "trackers allowed with \(effective): \(flow)"
            )
        }
    }
    let original = tcString.flatMap { try? TCString(encoded: $0) }
    require((tcString != nil && original == nil) == (step.storedStringError != nil), "stored string error mismatch")
    guard let rewritten = step.rewrittenTCString else { return }
    guard let original else { fatalError("a string that does not decode was rewritten") }
    guard let value = try? TCString(encoded: rewritten) else { fatalError("the rewritten string does not decode") }
    checkOnlyClears(original, value, step.decision)
    require(!original.isFutureDated(on: today), "a string dated after today was rewritten")
}

/// `after` is `before` with bits cleared that `decision` rejects, its dates unchanged.
private func checkOnlyClears(_ before: TCString, _ after: TCString, _ decision: ConsentFlow.Decision) {
    func subset<S: SmallIDSet>(_ a: S, _ b: S, _ name: String) {
        require(a.intersection(b) == a, "the rewrite set a bit in \(name)")
    }
    func cleared<S: SmallIDSet>(_ a: S, _ b: S, within rejected: S, _ name: String) {
        subset(a, b, name)
        if decision.reject == .trackingScope {
            subset(S(rawValue: b.rawValue & ~a.rawValue), rejected, "\(name) (outside the rejection)")
        }
    }
    cleared(after.purposeConsents, before.purposeConsents, within: decision.rejectPurposes, "purposeConsents")
    cleared(
        after.purposeLegitimateInterests,
        before.purposeLegitimateInterests,
        within: decision.rejectPurposes,
        "purposeLegitimateInterests"
    )
    cleared(after.specialFeatureOptIns, before.specialFeatureOptIns, within: decision.rejectSpecialFeatures, "features")
    for (a, b, name) in [
        (after.vendorConsents, before.vendorConsents, "vendorConsents"),
        (after.vendorLegitimateInterests, before.vendorLegitimateInterests, "vendorLegitimateInterests"),
    ] {
        require(a.intersection(b) == a, "the rewrite set a bit in \(name)")
        if decision.reject == .trackingScope, case .only(let vendors) = decision.rejectVendors {
            var removed = b
            removed.subtract(a)
            require(removed.intersection(vendors) == removed, "\(name): cleared a vendor the decision keeps")
        }
        if decision.reject == .trackingScope, case .none = decision.rejectVendors { require(a == b, name) }
    }
    if let publisher = after.publisherTC, let old = before.publisherTC {
        cleared(publisher.purposeConsents, old.purposeConsents, within: decision.rejectPurposes, "publisher consents")
        cleared(
            publisher.purposeLegitimateInterests,
            old.purposeLegitimateInterests,
            within: decision.rejectPurposes,
            "publisher legitimate interests"
        )
        subset(publisher.customPurposeConsents, old.customPurposeConsents, "custom purpose consents")
        subset(publisher.customPurposeLegitimateInterests, old.customPurposeLegitimateInterests, "custom purpose LI")
    }
    require((after.publisherTC == nil) == (before.publisherTC == nil), "the rewrite added or dropped Publisher TC")
    var rest = after
    rest.purposeConsents = before.purposeConsents
    rest.purposeLegitimateInterests = before.purposeLegitimateInterests
    rest.specialFeatureOptIns = before.specialFeatureOptIns
    rest.vendorConsents = before.vendorConsents
    rest.vendorLegitimateInterests = before.vendorLegitimateInterests
    rest.publisherTC = before.publisherTC
    require(rest == before, "the rewrite changed a field other than the rejected bits (its dates included)")
}

/// Any strategy with any options, or any guide with any overrides.
private func fuzzFlow(_ input: inout FuzzBytes) -> ConsentFlow {
    func scope(_ input: inout FuzzBytes) -> TrackingScope {
        TrackingScope(
            purposes: PurposeSet(rawValue: input.bits()),
            specialFeatures: SpecialFeatureSet(rawValue: input.bits()),
            includesAllVendors: input.bool()
        )
    }
    func vendors(_ input: inout FuzzBytes) -> VendorSelection {
        switch input.byte() % 3 {
        case 0: return .none
        case 1: return .all
        default:
            let ids = (0..<Int(input.byte() % 8)).map { _ in 1 + Int(UInt16(truncatingIfNeeded: input.int(bytes: 2))) }
            return .only((try? VendorSet(ids.filter { $0 <= VendorSet.maxID })) ?? VendorSet())
        }
    }
    if input.bool() {
        let options = ATTOptions(
            restrictedAsDenied: !input.bool(),
            cmpSupportsNonTrackingScope: input.bool(),
            enforceOnCMPUnaffected: input.bool(),
            legacyLimitAdTracking: input.optional([true, false])
        )
        return ConsentFlow(
            strategy: input.choice(ATTStrategy.allCases),
            options: options,
            trigger: input.choice(ATTTrigger.allCases),
            scope: scope(&input),
            rejectVendors: vendors(&input)
        )
    }
    return ConsentFlow(
        guide: input.choice(ATTFlow.allCases),
        trigger: input.optional(ATTTrigger.allCases),
        scope: input.bool() ? scope(&input) : nil,
        rejectVendors: input.bool() ? vendors(&input) : nil,
        restrictedAsDenied: input.bool(),
        legacyLimitAdTracking: input.optional([true, false])
    )
}
