import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// Guardrails G1-G8 of the decision model, checked over every combination of inputs.
@Suite struct GuardrailTests {
    struct Inputs: CustomStringConvertible {
        var status: ATTStatus
        var consent: ConsentState
        var gdprApplies: Bool
        var strategy: ATTStrategy
        var options: ATTOptions
        var description: String {
            "\(status) \(consent) gdpr=\(gdprApplies) \(strategy) restrictedAsDenied=\(options.restrictedAsDenied) "
                + "hide=\(options.cmpSupportsNonTrackingScope) enforce=\(options.enforceOnCMPUnaffected) lat=\(String(describing: options.legacyLimitAdTracking))"
        }
        var decision: ConsentFlow.Decision {
            strategyDecision(
                status: status,
                consent: consent,
                gdprApplies: gdprApplies,
                strategy: strategy,
                options: options
            )
        }
    }

    /// 5 statuses × 5 consent states × 2 × 4 strategies × 2 × 2 × 2 × 3 = 4,800 combinations.
    static let everyCombination: [Inputs] = {
        var all: [Inputs] = []
        for status in ATTStatus.allCases {
            for consent in ConsentState.allCases {
                for gdprApplies in [true, false] {
                    for strategy in ATTStrategy.allCases {
                        for restrictedAsDenied in [true, false] {
                            for hide in [true, false] {
                                for enforce in [true, false] {
                                    for lat in [nil, false, true] as [Bool?] {
                                        let options = ATTOptions(
                                            restrictedAsDenied: restrictedAsDenied,
                                            cmpSupportsNonTrackingScope: hide,
                                            enforceOnCMPUnaffected: enforce,
                                            legacyLimitAdTracking: lat
                                        )
                                        all.append(
                                            Inputs(
                                                status: status,
                                                consent: consent,
                                                gdprApplies: gdprApplies,
                                                strategy: strategy,
                                                options: options
                                            )
                                        )
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    /// A device that refused tracking: denied, restricted read as denied, or pre-14 with Limit Ad Tracking.
    static func refused(_ i: Inputs) -> Bool {
        i.status == .denied || (i.status == .restricted && i.options.restrictedAsDenied)
            || (i.status == .unavailable && i.options.legacyLimitAdTracking == true)
    }

    @Test func combinationsAreComplete() { #expect(Self.everyCombination.count == 4800) }

    @Test func g1IDFAOnlyWithPermission() {
        for i in Self.everyCombination where i.decision.idfaAllowed {
            #expect(
                i.status == .authorized || (i.status == .unavailable && i.options.legacyLimitAdTracking != true),
                "\(i)"
            )
        }
    }

    @Test func g2NoTrackersWithoutPermission() {
        for i in Self.everyCombination {
            let d = i.decision
            if d.trackersAllowed { #expect(i.status == .authorized || i.status == .unavailable, "\(i)") }
            if [.notDetermined, .restricted, .denied].contains(i.status) { #expect(!d.trackersAllowed, "\(i)") }
            // Trackers wait for the flow to finish: with the GDPR, until the CMP has recorded a choice.
            let choiceRecorded = i.consent == .refused || i.consent == .granted || !i.gdprApplies
            if d.trackersAllowed && i.gdprApplies { #expect(d.next == .done && choiceRecorded, "\(i)") }
            if d.idfaAllowed && d.next == .done && choiceRecorded { #expect(d.trackersAllowed, "\(i)") }
        }
    }

    @Test func g3RefusalRejectsTheScopeAndReapplies() {
        for i in Self.everyCombination where i.gdprApplies && Self.refused(i) {
            let d = i.decision
            let literalS3 = i.strategy == .attFirstCMPUnaffected && !i.options.enforceOnCMPUnaffected
            if literalS3 {
                #expect(d.warnings.contains(.appReviewRisk), "\(i)")
            } else {
                #expect(d.reject != .none && d.reapplyAfterCMP, "\(i)")
            }
        }
        // Restricted read as unavailable knowingly rejects nothing, and says so.
        for i in Self.everyCombination
        where i.gdprApplies && i.status == .restricted && !i.options.restrictedAsDenied {
            #expect(i.decision.reject == .none && i.decision.warnings.contains(.restrictedShownFullCMP), "\(i)")
        }
    }

    @Test func g4NoTrackingCMPAfterRefusal() {
        for i in Self.everyCombination where [.denied, .restricted].contains(i.status) && i.decision.next == .showCMP {
            #expect(
                i.decision.warnings.contains(.appReviewRisk) || i.decision.warnings.contains(.restrictedShownFullCMP),
                "\(i)"
            )
        }
    }

    @Test func g5NeverAskATTAfterACMPRefusal() {
        // Without the GDPR there is no CMP and no TCF consent to refuse: the consent input is ignored (the "G" rows).
        for i in Self.everyCombination where [.refused, .dismissed].contains(i.consent) && i.gdprApplies {
            #expect(i.decision.next != .requestATT, "\(i)")
        }
    }

    @Test func g6AskATTOnlyWhenNotDetermined() {
        for i in Self.everyCombination where i.decision.next == .requestATT {
            #expect(i.status == .notDetermined, "\(i)")
        }
    }

    @Test func s3AlwaysCarriesItsWarning() {
        for i in Self.everyCombination where i.strategy == .attFirstCMPUnaffected && i.gdprApplies {
            #expect(i.decision.warnings.contains(.appReviewRisk), "\(i)")
        }
    }

    /// G7: re-evaluating after every answer ends within four steps, whatever the user and the
    /// system answer, with real TC strings carrying the consent between steps.
    @Test func g7TheFlowTerminates() throws {
        for strategy in ATTStrategy.allCases {
            for attAnswer in [ATTStatus.authorized, .denied, .restricted] {
                for acceptsAll in [true, false] {
                    var status = ATTStatus.notDetermined
                    var tc: TCString?
                    var steps = 0
                    while true {
                        let consent = tc.map { ConsentState($0, scope: .appleDefault) } ?? ConsentState.none
                        var d = strategyDecision(status: status, consent: consent, strategy: strategy)
                        if let current = tc, let rejected = current.rejecting(d.reject, scope: .appleDefault) {
                            tc = rejected
                        }
                        steps += 1
                        if d.next == .done || steps > 4 { break }
                        switch d.next {
                        case .requestATT: status = attAnswer
                        case .showCMP, .showCMPWithoutTracking:
                            tc = acceptsAll ? try TrackingFixtures.acceptAll() : try TrackingFixtures.refuseAll()
                            if d.reapplyAfterCMP, let current = tc,
                                let rejected = current.rejecting(d.reject, scope: .appleDefault)
                            {
                                tc = rejected
                            }
                        case .done: d.next = .done
                        case .showIDFAExplainer, .wait:
                            Issue.record("\(strategy) gave \(d.next) with no prompt on screen")
                        }
                    }
                    #expect(steps <= 4, "\(strategy) ATT→\(attAnswer) accepts=\(acceptsAll)")
                }
            }
        }
    }

    /// G8: rejection only clears bits, is idempotent, and leaves an already clean string byte for byte.
    @Test(arguments: Fixtures.validDecodeVectors)
    func g8RejectionIsMonotoneAndIdempotent(_ vector: DecodeVector) throws {
        let original = try TCString(encoded: vector.tcString)
        // The last day the fields hold, on or after every vector's dates (synthetic ones reach 2187):
        // a string dated in the future is never rewritten.
        let today = Timestamp(deciseconds: Timestamp.maxDeciseconds)
        for scope in TrackingScope.presets.values {
            for rejection in [ATTRejection.trackingScope, .all] {
                let decision = ConsentFlow.Decision(next: .done, reject: rejection)
                // No age limit: the vectors are older than 13 months, and the rewrite is what is checked.
                let once = try TCString.applying(
                    decision,
                    to: vector.tcString,
                    scope: scope,
                    today: today,
                    maximumAge: nil
                )
                let twice = try TCString.applying(decision, to: once, scope: scope, today: today, maximumAge: nil)
                #expect(twice == once)
                let result = try TCString(encoded: once)
                #expect(result.purposeConsents.intersection(original.purposeConsents) == result.purposeConsents)
                #expect(
                    result.purposeLegitimateInterests.intersection(original.purposeLegitimateInterests)
                        == result.purposeLegitimateInterests
                )
                #expect(
                    result.specialFeatureOptIns.intersection(original.specialFeatureOptIns)
                        == result.specialFeatureOptIns
                )
                #expect(result.vendorConsents.intersection(original.vendorConsents) == result.vendorConsents)
                #expect(result.purposeConsents.intersection(scope.purposes).isEmpty)
                #expect(result.specialFeatureOptIns.intersection(scope.specialFeatures).isEmpty)
                // G3: no scope bit survives, legitimate interest and the Publisher TC segment included.
                #expect(result.purposeLegitimateInterests.intersection(scope.purposes).isEmpty)
                #expect(result.publisherTC?.purposeConsents.intersection(scope.purposes).isEmpty ?? true)
                #expect(result.publisherTC?.purposeLegitimateInterests.intersection(scope.purposes).isEmpty ?? true)
                if let publisher = result.publisherTC, let originalPublisher = original.publisherTC {
                    #expect(
                        publisher.purposeConsents.intersection(originalPublisher.purposeConsents)
                            == publisher.purposeConsents
                    )
                }
                if scope.includesAllVendors {
                    #expect(result.vendorConsents.isEmpty && result.vendorLegitimateInterests.isEmpty)
                }
                if rejection == .all {
                    #expect(result.vendorConsents.isEmpty && result.purposeLegitimateInterests.isEmpty)
                }
                if once == vector.tcString {
                    #expect(original.rejecting(rejection, scope: scope) == nil)
                } else {
                    #expect(result.lastUpdated == original.lastUpdated && result.created == original.created)
                    #expect(result.publisherRestrictions == original.publisherRestrictions)
                    #expect(result.disclosedVendors == original.disclosedVendors)
                }
            }
        }
        // No rejection: the input comes back untouched.
        #expect(
            try TCString.applying(ConsentFlow.Decision(next: .done), to: vector.tcString, today: today)
                == vector.tcString
        )
    }
}
