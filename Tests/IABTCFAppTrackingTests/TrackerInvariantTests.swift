import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// Issue 46, items 2 and 9: where the GDPR applies, no tracker and no IDFA unless the current choice
/// consents to the flow's tracking scope (Purpose 1 included) and ATT allows tracking, for every
/// flow and strategy, `unavailable` and `restricted` included. The ads SDK that reads the string
/// itself follows the ad serving answer instead.
@Suite struct TrackerInvariantTests {
    static let today = Timestamp(iso8601: "2026-11-27")!

    static let flows: [ConsentFlow] = {
        var flows =
            ATTFlow.allCases.map { ConsentFlow(guide: $0) } + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }
        flows += ATTFlow.allCases.map { ConsentFlow(guide: $0, restrictedAsDenied: false) }
        flows += ATTStrategy.allCases.map {
            ConsentFlow(strategy: $0, options: ATTOptions(restrictedAsDenied: false, enforceOnCMPUnaffected: false))
        }
        flows += [
            ConsentFlow(guide: .adjust, scope: .appleDefault), ConsentFlow(guide: .consentmanager, scope: .denyAll),
        ]
        return flows
    }()

    /// The choices a CMP stores: accept all, reject all, everything but Purpose 1, Purpose 1 and
    /// the non-tracking purposes only, and accept all 14 months old.
    static func choices() throws -> [(name: String, tcString: TCString?)] {
        let accept = try TrackingFixtures.acceptAll()
        var noPurposeOne = accept
        noPurposeOne.purposeConsents.remove(1)
        var nonTracking = accept
        nonTracking.purposeConsents = [1, 2, 5, 6, 8, 10, 11]
        nonTracking.specialFeatureOptIns = []
        var old = accept
        old.created = Timestamp(iso8601: "2025-09-20")!
        old.lastUpdated = old.created
        return [
            ("none", nil), ("acceptAll", accept), ("rejectAll", try TrackingFixtures.refuseAll()),
            ("noPurposeOne", noPurposeOne), ("nonTracking", nonTracking), ("expired", old),
        ]
    }

    static let states: [ConsentFlow.State] = [
        ConsentFlow.State(), ConsentFlow.State(attRequested: true), ConsentFlow.State(cmpShown: true),
        ConsentFlow.State(attRequested: true, cmpShown: true, rejectionApplied: true),
    ]

    @Test(arguments: TrackerInvariantTests.flows)
    func noTrackerAndNoIDFAWithoutTheCurrentChoiceAndATT(_ flow: ConsentFlow) throws {
        for choice in try Self.choices() {
            let text = try choice.tcString.map { try $0.encoded() }
            for rawStatus in [0, 1, 2, 3, 7] {
                for state in Self.states {
                    let stored = StoredConsent(tcString: text, gdprApplies: true)
                    let step = flow.evaluate(rawStatus: rawStatus, stored: stored, state: state, today: Self.today)
                    let current = step.rewrittenTCString ?? text
                    let tc = try current.map { try TCString(encoded: $0) }
                    let choiceTracks =
                        step.consent.isCurrentChoice && tc.map { flow.consentsToTracking($0) } == true
                    let attTracks = rawStatus == 3
                    let label = Comment(rawValue: "\(flow.rules) \(choice.name) \(rawStatus) \(state)")
                    if !(choiceTracks && attTracks) {
                        #expect(!step.decision.trackersAllowed && !step.decision.idfaAllowed, label)
                    }
                }
            }
            // Without ATT (below iOS 14, no Limit Ad Tracking): the choice alone decides.
            let step = flow.evaluate(
                status: .unavailable,
                stored: StoredConsent(tcString: text, gdprApplies: true),
                today: Self.today
            )
            let tracks = step.consent.isCurrentChoice && choice.tcString.map { flow.consentsToTracking($0) } == true
            if !tracks {
                #expect(!step.decision.trackersAllowed && !step.decision.idfaAllowed, "\(flow.rules) \(choice.name)")
            }
        }
    }

    /// The two cases: a stored Reject All with ATT authorized or unavailable, and Adjust
    /// with the GDPR applying and no choice stored.
    @Test(arguments: TrackerInvariantTests.flows)
    func rejectAllStartsNoTracker(_ flow: ConsentFlow) throws {
        let rejectAll = StoredConsent(tcString: try TrackingFixtures.refuseAll().encoded(), gdprApplies: true)
        for status in [ATTStatus.authorized, .unavailable] {
            for state in Self.states {
                let step = flow.evaluate(status: status, stored: rejectAll, state: state, today: Self.today)
                #expect(!step.decision.trackersAllowed && !step.decision.idfaAllowed, "\(flow.rules) \(status)")
            }
        }
        let nothing = flow.evaluate(status: .authorized, stored: StoredConsent(tcString: nil), today: Self.today)
        #expect(!nothing.decision.trackersAllowed && !nothing.decision.idfaAllowed, "\(flow.rules)")
    }

    /// Accept All with ATT authorized: once the flow is done, trackers and the IDFA run in every flow.
    @Test(arguments: TrackerInvariantTests.flows)
    func acceptAllWithATTAllowsTrackers(_ flow: ConsentFlow) throws {
        let accept = StoredConsent(tcString: try TrackingFixtures.acceptAll().encoded(), gdprApplies: true)
        let state = ConsentFlow.State(attRequested: true)
        let step = flow.evaluate(status: .authorized, stored: accept, state: state, today: Self.today)
        #expect(step.decision.next == .done && step.decision.trackersAllowed && step.decision.idfaAllowed)
    }

    /// Google UMP: the ads SDK follows the ad serving answer of the consent the message gathered
    /// ("Before requesting ads, always check UMPConsentInformation.sharedInstance.canRequestAds to
    /// confirm that you have obtained user consent."), whatever ATT says; ATT decides the IDFA and
    /// the trackers the app gates itself.
    @Test func googleUMPGatesTheAdsSDKOnTheMessageAndTrackersOnATT() throws {
        var tc = try TrackingFixtures.acceptAll()
        try tc.vendorConsents.insert(TCString.googleVendorId)
        try tc.vendorLegitimateInterests.insert(TCString.googleVendorId)
        try tc.disclosedVendors?.insert(TCString.googleVendorId)
        let stored = StoredConsent(tcString: try tc.encoded(), gdprApplies: true)
        let flow = ConsentFlow(guide: .googleUMP)
        for status in [ATTStatus.notDetermined, .denied, .restricted] {
            let step = flow.evaluate(status: status, stored: stored, state: ConsentFlow.State(), today: Self.today)
            #expect(step.adServing?.mode == .personalized, "\(status)")
            #expect(!step.decision.trackersAllowed && !step.decision.idfaAllowed, "\(status)")
        }
        let authorized = flow.evaluate(status: .authorized, stored: stored, today: Self.today)
        #expect(authorized.decision.trackersAllowed && authorized.decision.idfaAllowed)
        // No message answered yet: nothing to request ads with.
        let first = flow.evaluate(status: .notDetermined, stored: StoredConsent(tcString: nil), today: Self.today)
        #expect(first.decision.next == .showCMP && first.adServing == nil)
    }
}

extension ConsentState {
    /// Whether the state is a current choice, refused or granted.
    fileprivate var isCurrentChoice: Bool { self == .refused || self == .granted }
}
