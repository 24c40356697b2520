import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// ATT as Apple ships it since iOS/iPadOS 27.2 (issue 38), for every guide flow and every strategy.
/// Apple's sentences are from the documentation of
/// `ATTrackingManager.requestTrackingAuthorization(completionHandler:)`.
@Suite struct AppleRulesTests {
    /// "Handle the person's response".
    static let handleResponse =
        "The status is notDetermined if the system dismisses the prompt without a decision from the person; in this scenario, your app needs to call the method again to receive an authorization answer from the person."
    /// "Prompt again after a year".
    static let promptAgain =
        "You can make an additional request after a year whether the person approves or denies your app's previous tracking request, unless the person disables tracking in Settings > Privacy & Security > Tracking."
    /// Google, "Troubleshooting IAB EU TCF v2.2 implementation" (AdMob Help).
    static let thirteenMonths =
        "If the consent decision is more than 13 months old, the TC string will no longer be considered valid by Google and Google will not serve ads to that user."

    static let today = Timestamp(iso8601: "2026-11-26")!

    /// Every guide flow and every strategy, by the name the command line gives it.
    static let flows: [(name: String, flow: ConsentFlow)] =
        ATTFlow.allCases.map { ($0.rawValue, ConsentFlow(guide: $0)) }
        + ATTStrategy.allCases.map { ($0.rawValue, ConsentFlow(strategy: $0)) }

    static func isStrategy(_ flow: ConsentFlow) -> Bool {
        if case .strategy = flow.rules { true } else { false }
    }

    static func input(
        _ status: ATTStatus,
        _ consent: ConsentState,
        _ state: ConsentFlow.State,
        today: Timestamp = today
    ) -> ConsentFlow.Input {
        var input = ConsentFlow.Input(status: status, consent: consent, state: state)
        input.today = today
        return input
    }

    /// Item 2: a request that ended without an answer (dismissed, or "Additional Information").
    @Test(arguments: flows.map(\.name))
    func aRequestWithoutAnAnswer(_ name: String) {
        let flow = Self.flows.first { $0.name == name }!.flow
        for consent in [ConsentState.none, .granted, .expired] {
            let d = flow.evaluate(Self.input(.notDetermined, consent, ConsentFlow.State(attRequested: true)))
            let quote = Comment(rawValue: "\(name) \(consent): \(Self.handleResponse)")
            #expect(d.warnings.contains(.attNotAnswered), quote)
            #expect(!d.idfaAllowed && !d.trackersAllowed, quote)
            #expect(d.attRequestableFrom == Self.today, quote)
            if Self.isStrategy(flow) {
                #expect(d.next == .requestATT, quote)
            } else {
                // The guides predate 27.2: their literal next step, which never asks again by itself.
                #expect(d.next == .showCMP || d.next == .done, quote)
            }
        }
        // Not requested yet: no warning, and the request may be made today.
        let first = flow.evaluate(Self.input(.notDetermined, .none, ConsentFlow.State()))
        #expect(!first.warnings.contains(.attNotAnswered) && first.attRequestableFrom == Self.today)
        // A strategy never asks ATT after the person's own refusal in the CMP (G5).
        if Self.isStrategy(flow) {
            let refused = flow.evaluate(Self.input(.notDetermined, .refused, ConsentFlow.State(attRequested: true)))
            #expect(refused.next == .done && refused.warnings.contains(.attNotAnswered))
        }
    }

    /// Item 3: an EU denial answered 13 months ago, asked again with ``ConsentFlow/Reprompt/denied``.
    @Test(arguments: flows.map(\.name))
    func theYearlyReprompt(_ name: String) {
        var flow = Self.flows.first { $0.name == name }!.flow
        let answered = Timestamp(iso8601: "2025-10-26")!
        let eu = ConsentFlow.State(region: .eu, attAnswered: answered)
        let quote = Comment(rawValue: "\(name): \(Self.promptAgain)")
        // Without the app's consent to re-ask, the denial stays final; the day is still known.
        let never = flow.evaluate(Self.input(.denied, .none, eu))
        #expect(never.next != .requestATT && never.attRequestableFrom == Timestamp(iso8601: "2026-10-26"), quote)
        flow.reprompt = .denied
        for consent in [ConsentState.none, .granted, .expired] {
            let d = flow.evaluate(Self.input(.denied, consent, eu))
            #expect(d.next == .requestATT, quote)
            #expect(!d.idfaAllowed && !d.trackersAllowed, quote)
            #expect(d.attRequestableFrom == Timestamp(iso8601: "2026-10-26"), quote)
            // A guide's warning about a CMP after the denial goes with that CMP; S3 warns always.
            #expect(d.warnings.contains(.appReviewRisk) == (name == ATTStrategy.attFirstCMPUnaffected.rawValue), quote)
        }
        // Not before a year, not outside the EU, not without the day, not twice in a run.
        let young = ConsentFlow.State(region: .eu, attAnswered: Timestamp(iso8601: "2026-01-01")!)
        #expect(flow.evaluate(Self.input(.denied, .none, young)).next != .requestATT, quote)
        #expect(flow.evaluate(Self.input(.denied, .none, young)).attRequestableFrom == Timestamp(iso8601: "2027-01-01"))
        let elsewhere = ConsentFlow.State(region: .other, attAnswered: answered)
        #expect(flow.evaluate(Self.input(.denied, .none, elsewhere)).next != .requestATT, quote)
        #expect(flow.evaluate(Self.input(.denied, .none, elsewhere)).attRequestableFrom == nil)
        #expect(flow.evaluate(Self.input(.denied, .none, ConsentFlow.State(region: .eu))).attRequestableFrom == nil)
        var asked = eu
        asked.attRequested = true
        #expect(flow.evaluate(Self.input(.denied, .none, asked)).next != .requestATT, quote)
        // An authorization is never asked again; restricted and no ATT have no day.
        let authorized = flow.evaluate(Self.input(.authorized, .granted, eu))
        #expect(authorized.next == .done && authorized.attRequestableFrom == Timestamp(iso8601: "2026-10-26"))
        for status in [ATTStatus.restricted, .unavailable] {
            #expect(flow.evaluate(Self.input(status, .none, eu)).attRequestableFrom == nil)
        }
    }

    /// Google UMP shows its IDFA explainer before the alert when the app configured one.
    @Test func theYearlyRepromptAfterGooglesExplainer() {
        var ump = ConsentFlow(guide: .googleUMP)
        ump.reprompt = .denied
        ump.idfaExplainer = true
        let eu = ConsentFlow.State(region: .eu, attAnswered: Timestamp(iso8601: "2025-10-26")!)
        #expect(ump.evaluate(Self.input(.denied, .granted, eu)).next == .showIDFAExplainer)
    }

    /// The day a year later: 29 February answers open on 1 March.
    @Test func aYearLater() {
        let eu = { (day: String) in ConsentFlow.State(region: .eu, attAnswered: Timestamp(iso8601: day)!) }
        let flow = ConsentFlow(strategy: .cmpFirst)
        #expect(
            flow.evaluate(Self.input(.denied, .none, eu("2024-02-29"))).attRequestableFrom
                == Timestamp(iso8601: "2025-03-01")
        )
        #expect(
            flow.evaluate(Self.input(.denied, .none, eu("2025-12-31"))).attRequestableFrom
                == Timestamp(iso8601: "2026-12-31")
        )
    }

    /// Item 4: ATT authorized after a denial whose rejection this flow applied.
    @Test(arguments: flows.map(\.name))
    func authorizedAfterAnAppliedRejection(_ name: String) {
        let flow = Self.flows.first { $0.name == name }!.flow
        let state = ConsentFlow.State(rejectionApplied: true)
        for consent in [ConsentState.refused, .granted, .none] {
            let d = flow.evaluate(Self.input(.authorized, consent, state))
            #expect(d.next == .showCMP && d.reject == .none && !d.reapplyAfterCMP && !d.trackersAllowed, "\(name)")
            #expect(d.warnings.contains(.attAuthorizedAfterRejection), "\(name)")
        }
        // Without the GDPR there is no string to restore.
        var noGDPR = Self.input(.authorized, .none, state)
        noGDPR.gdprApplies = false
        #expect(!flow.evaluate(noGDPR).warnings.contains(.attAuthorizedAfterRejection), "\(name)")
        // Still denied: the rejection stays.
        #expect(!flow.evaluate(Self.input(.denied, .refused, state)).warnings.contains(.attAuthorizedAfterRejection))
    }

    /// Which flows reject something on a refusal (the command line refuses the flag elsewhere).
    @Test func whichFlowsReject() {
        let rejecting = Set(Self.flows.filter { $0.flow.rejectsOnRefusal }.map(\.name))
        #expect(
            rejecting == [
                "didomi-att-first", "pubconsent-att-first", "consentmanager", "attFirstDenyAll",
                "attFirstRejectTracking", "attFirstCMPUnaffected", "cmpFirst",
            ]
        )
        #expect(
            !ConsentFlow(strategy: .attFirstCMPUnaffected, options: ATTOptions(enforceOnCMPUnaffected: false))
                .rejectsOnRefusal
        )
        #expect(ConsentFlow(guide: .adjust, scope: .appleDefault).rejectsOnRefusal)
    }

    /// Item 5: a stored choice older than the maximum age is expired, with no vendor list.
    @Test(arguments: flows.map(\.name))
    func anOldChoiceIsExpired(_ name: String) throws {
        var flow = Self.flows.first { $0.name == name }!.flow
        var tc = try TrackingFixtures.acceptAll()
        tc.lastUpdated = Timestamp(iso8601: "2025-09-26")!  // 14 months before today
        let stored = StoredConsent(tcString: try tc.encoded())
        let step = flow.evaluate(status: .authorized, stored: stored, today: Self.today)
        #expect(step.consent == .expired, Comment(rawValue: "\(name): \(Self.thirteenMonths)"))
        if name != ATTFlow.adjust.rawValue {  // Adjust has no CMP.
            #expect(!step.decision.trackersAllowed && step.decision.next == .showCMP, "\(name)")
        }
        flow.maximumAge = nil
        #expect(flow.evaluate(status: .authorized, stored: stored, today: Self.today).consent == .granted)
        flow.maximumAge = 500
        #expect(flow.evaluate(status: .authorized, stored: stored, today: Self.today).consent == .granted)
    }

    /// Item 6: the IDFA needs Purpose 1 consent where the GDPR applies, as well as ATT.
    @Test(arguments: flows.map(\.name))
    func theIDFANeedsPurposeOne(_ name: String) throws {
        let flow = Self.flows.first { $0.name == name }!.flow
        let accept = StoredConsent(tcString: try TrackingFixtures.acceptAll().encoded())
        var noStorage = try TrackingFixtures.acceptAll()
        noStorage.purposeConsents.remove(1)
        let withoutOne = StoredConsent(tcString: try noStorage.encoded())
        for status in [ATTStatus.authorized, .unavailable] {
            #expect(flow.evaluate(status: status, stored: accept, today: Self.today).decision.idfaAllowed, "\(name)")
            #expect(!flow.evaluate(status: status, stored: withoutOne, today: Self.today).decision.idfaAllowed)
            #expect(
                !flow.evaluate(status: status, stored: StoredConsent(tcString: nil), today: Self.today).decision
                    .idfaAllowed
            )
            // Where the GDPR does not apply, ATT alone decides.
            let outside = StoredConsent(tcString: nil, gdprApplies: false)
            #expect(flow.evaluate(status: status, stored: outside, today: Self.today).decision.idfaAllowed, "\(name)")
            // Without a string: a granted choice counts, no other.
            #expect(flow.evaluate(ConsentFlow.Input(status: status, consent: .granted)).idfaAllowed, "\(name)")
            for consent in [ConsentState.none, .refused, .expired, .dismissed] {
                #expect(!flow.evaluate(ConsentFlow.Input(status: status, consent: consent)).idfaAllowed, "\(name)")
            }
        }
    }
}

/// Issue 46, item 8: Apple's yearly prompt in the European Union exists from iOS and iPadOS 27.2;
/// below it a denial is final and the flow never asks again. Without a version, as on 27.2.
@Suite struct OSVersionTests {
    static let today = Timestamp(iso8601: "2026-11-27")!

    static let flows: [ConsentFlow] =
        ATTFlow.allCases.map { ConsentFlow(guide: $0) } + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }

    @Test(arguments: OSVersionTests.flows)
    func theYearlyRepromptNeeds27Point2(_ flow: ConsentFlow) throws {
        var flow = flow
        flow.reprompt = .denied
        let answered = Timestamp(iso8601: "2025-10-26")!
        for (version, offered) in [
            (nil, true), ("27.2", true), ("27.2.1", true), ("28", true), ("27.1.9", false), ("26.4", false),
            ("17.4", false),
        ] as [(String?, Bool)] {
            let os = try version.map { try #require(ConsentFlow.OSVersion($0)) }
            let state = ConsentFlow.State(region: .eu, attAnswered: answered, osVersion: os)
            var input = ConsentFlow.Input(status: .denied, consent: .none, state: state)
            input.today = Self.today
            let d = flow.evaluate(input)
            let label = Comment(rawValue: "\(flow.rules) \(version ?? "nil")")
            #expect((d.next == .requestATT || d.next == .showIDFAExplainer) == offered, label)
            #expect(d.attRequestableFrom == (offered ? Timestamp(iso8601: "2026-10-26") : nil), label)
            input.status = .authorized
            #expect(flow.evaluate(input).attRequestableFrom == (offered ? Timestamp(iso8601: "2026-10-26") : nil))
        }
    }

    @Test func versionsParseAndOrder() {
        #expect(ConsentFlow.OSVersion("27.2") == ConsentFlow.OSVersion(major: 27, minor: 2))
        #expect(
            ConsentFlow.OSVersion("27.2.1")! > .attYearlyPrompt && ConsentFlow.OSVersion("27.1.9")! < .attYearlyPrompt
        )
        #expect(ConsentFlow.OSVersion("27")! < .attYearlyPrompt && ConsentFlow.OSVersion("28")! > .attYearlyPrompt)
        for bad in ["", ".", "27.", "27..2", "a.b", "27.2.1.0", "-1", "27.+2", "１２", "9999999999"] {
            #expect(ConsentFlow.OSVersion(bad) == nil, "\(bad)")
        }
        #expect(ConsentFlow.OSVersion.attYearlyPrompt.description == "27.2.0")
    }
}
