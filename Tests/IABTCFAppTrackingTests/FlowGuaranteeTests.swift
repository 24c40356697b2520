import IABTCF
import IABTCFAppTracking
import TestSupport
import Testing

/// What holds for every guide's flow, over every input: no tracker before the flow is done, ATT
/// only while notDetermined and once per run, unknown statuses fail closed; and an app's launch /
/// resume sequence driven by ``ConsentFlow/evaluate(status:stored:state:today:)`` ends.
@Suite struct FlowGuaranteeTests {
    static let today = Timestamp(iso8601: "2026-11-24")!

    /// Every flow × status (raw 0-3, unavailable, unknown 7 and -1) × consent × requested × GDPR ×
    /// trigger × restricted reading × a turned-on rejection.
    static let everyInput: [(ConsentFlow, ConsentFlow.Input)] = {
        var all: [(ConsentFlow, ConsentFlow.Input)] = []
        for flow in ATTFlow.allCases {
            for trigger in [nil] + ATTTrigger.allCases.map(Optional.some) {
                for restrictedAsDenied in [false, true] {
                    for scope in [nil, TrackingScope.appleDefault] {
                        let consentFlow = ConsentFlow(
                            guide: flow,
                            trigger: trigger,
                            scope: scope,
                            restrictedAsDenied: restrictedAsDenied
                        )
                        for consent in ConsentState.allCases {
                            for requested in [false, true] {
                                for gdprApplies in [true, false] {
                                    let state = ConsentFlow.State(attRequested: requested)
                                    for raw in [0, 1, 2, 3, 7, -1] {
                                        all.append(
                                            (
                                                consentFlow,
                                                ConsentFlow.Input(
                                                    rawStatus: raw,
                                                    consent: consent,
                                                    gdprApplies: gdprApplies,
                                                    state: state
                                                )
                                            )
                                        )
                                    }
                                    all.append(
                                        (
                                            consentFlow,
                                            ConsentFlow.Input(
                                                status: .unavailable,
                                                consent: consent,
                                                gdprApplies: gdprApplies,
                                                state: state
                                            )
                                        )
                                    )
                                }
                            }
                        }
                    }
                }
            }
        }
        return all
    }()

    @Test func noTrackerBeforeTheFlowIsDone() {
        #expect(Self.everyInput.count == ATTFlow.allCases.count * 5 * 2 * 2 * 5 * 2 * 2 * 7)
        for (flow, input) in Self.everyInput {
            let d = flow.evaluate(input)
            if d.trackersAllowed {
                #expect(d.next == .done, "\(flow.rules) \(input)")
                #expect(input.status != .notDetermined, "\(flow.rules) \(input)")
                // Only Google's ads SDK, which reads the ATT status itself, may start after a refusal.
                #expect(
                    input.status == .authorized || input.status == .unavailable || flow.rules == .guide(.googleUMP),
                    "\(flow.rules) \(input)"
                )
                if input.gdprApplies && flow.rules != .guide(.adjust) {
                    #expect(input.consent == .granted || input.consent == .refused, "\(flow.rules) \(input)")
                }
            }
            if d.idfaAllowed { #expect(input.status == .authorized || input.status == .unavailable) }
            if input.isUnknownStatus {
                #expect(!d.idfaAllowed && !d.trackersAllowed && d.warnings.contains(.unknownStatus))
            }
        }
    }

    @Test func attOnlyWhileNotDeterminedAndOncePerRun() {
        for (flow, input) in Self.everyInput where flow.evaluate(input).next == .requestATT {
            #expect(input.status == .notDetermined && !input.state.attRequested, "\(flow.rules) \(input)")
            // After a refusal or a dismissed CMP, only a trigger that asks whatever the answer asks, and says so.
            if input.gdprApplies && (input.consent == .refused || input.consent == .dismissed)
                && flow.rules != .guide(.adjust)
            {
                // Google's documented order asks ATT after either answer without a warning.
                #expect(flow.trigger == .always)
                #expect(
                    flow.evaluate(input).warnings.contains(.attAfterCMPRefusal) == (flow.rules != .guide(.googleUMP))
                )
            }
        }
    }

    @Test func aRejectionComesWithItsListsAndIsReapplied() {
        for (flow, input) in Self.everyInput {
            let d = flow.evaluate(input)
            switch d.reject {
            case .none:
                #expect(d.rejectPurposes.isEmpty && d.rejectSpecialFeatures.isEmpty && d.rejectVendors == .none)
            case .trackingScope, .all:
                #expect(d.reapplyAfterCMP && !d.trackersAllowed && !d.idfaAllowed, "\(flow.rules) \(input)")
            }
            // A full CMP after an ATT refusal always says so.
            if d.next == .showCMP && input.status == .denied && !input.isUnknownStatus {
                #expect(d.warnings.contains(.appReviewRisk))
            }
        }
    }

    /// An app's launch sequence: evaluate, act on `next`, evaluate again, until done; then a
    /// resume changes nothing. Every flow, every ATT answer, every CMP answer.
    @Test(arguments: ATTFlow.allCases)
    func launchAndResume(_ flow: ATTFlow) throws {
        let cmpAnswers: [TCString?] = [try TrackingFixtures.acceptAll(), try TrackingFixtures.refuseAll(), nil]
        for attAnswer in [ATTStatus.authorized, .denied, .restricted, .notDetermined] {
            for cmpAnswer in cmpAnswers {
                var app = SimulatedApp(flow: ConsentFlow(guide: flow), attAnswer: attAnswer, cmpAnswer: cmpAnswer)
                let label =
                    "\(flow) ATT→\(attAnswer) CMP→\(cmpAnswer.map { $0.purposeConsents.description } ?? "dismiss")"
                let first = try app.run()
                #expect(first.steps <= 5, "\(label)")
                #expect(app.attRequests <= 1, "\(label)")
                if first.decision.trackersAllowed {
                    #expect(
                        app.status == .authorized || (flow == .googleUMP && app.status != .notDetermined),
                        "\(label)"
                    )
                }
                // A rejection is in the stored string by the end of the run.
                if first.decision.reject != .none, let stored = app.stored {
                    #expect(try TCString(encoded: stored).rejecting(first.decision) == nil, "\(label)")
                }
                // Resume: a new run with the status seen last time; nothing is shown or rewritten again.
                let storedBefore = app.stored
                let resume = try app.run()
                #expect(resume.steps == 1 || app.status == .notDetermined, "\(label)")
                #expect(app.stored == storedBefore, "\(label)")
                #expect(!resume.decision.statusChanged, "\(label)")
            }
        }
    }

    /// Resume after the user turned tracking off in Settings: the status change is reported and the
    /// flow's rejection reaches the stored string (consentmanager, "[iOS] 4. Working with ATT (App
    /// Tracking Transparency / iOS)", "Step 8: Re-check on App Resume": "ATT can change in Settings.
    /// Always re-check on resume"; Adjust, "App Tracking Transparency framework", "Check for
    /// authorization status change": "You need to check the user's authorization status any time
    /// they change it.").
    /// The CMP recorded the choice before, so the ad purposes go and the vendors keep their consent.
    @Test func settingsChangeOnResume() throws {
        var app = SimulatedApp(
            flow: ConsentFlow(guide: .consentmanager),
            attAnswer: .authorized,
            cmpAnswer: try TrackingFixtures.acceptAll()
        )
        let first = try app.run()
        #expect(first.decision.trackersAllowed && app.status == .authorized)
        app.status = .denied
        let resume = try app.run()
        #expect(resume.decision.statusChanged && !resume.decision.trackersAllowed)
        let stored = try TCString(encoded: app.stored!)
        let everyVendor = try VendorSet(1...50)
        #expect(stored.purposeConsents == [1, 5, 6, 8, 9, 10, 11] && stored.vendorConsents == everyVendor)
        // The rejection keeps the dates of the person's choice (issue 46, item 1).
        let accepted = try TrackingFixtures.acceptAll()
        #expect(stored.specialFeatureOptIns.isEmpty && stored.lastUpdated == accepted.lastUpdated)
    }

    /// The one call reads the `IABTCF_` keys map, expiry and a dismissed CMP.
    @Test func evaluateReadsWhatWasStored() throws {
        let accept = try TrackingFixtures.acceptAll()
        let keys = try accept.inAppKeys(gdprApplies: true)
        let flow = ConsentFlow(guide: .onesecondbeforeCMPFirst)
        let granted = flow.evaluate(status: .notDetermined, stored: StoredConsent(inAppKeys: keys), today: Self.today)
        #expect(granted.consent == .granted && granted.decision.next == .requestATT)
        // Onesecondbefore, "iOS App Tracking · howto", "Open WebView with consent page": "If consent
        // has expired, the WebView should be shown again."
        let expired = flow.evaluate(
            status: .denied,
            stored: StoredConsent(inAppKeys: keys, expiresAt: Self.today),
            today: Self.today
        )
        #expect(expired.consent == .expired && expired.decision.next == .showCMP)
        // IABTCF_gdprApplies = 0: no CMP, no rejection.
        let outside = try accept.inAppKeys(gdprApplies: false)
        let noGDPR = ConsentFlow(guide: .consentmanager).evaluate(
            status: .denied,
            stored: StoredConsent(inAppKeys: outside),
            today: Self.today
        )
        #expect(noGDPR.decision.next == .done && noGDPR.decision.reject == .none && noGDPR.rewrittenTCString == nil)
        // An unreadable string counts as no choice, and says why.
        let broken = ConsentFlow(guide: .didomiATTFirst).evaluate(
            rawStatus: 3,
            stored: StoredConsent(tcString: "garbage"),
            today: Self.today
        )
        #expect(broken.consent == .none && broken.decision.next == .showCMP && broken.storedStringError != nil)
        // PubConsent, "App Tracking Transparency (iOS 14.5+)", closing the popup: "After you called
        // the disableCmpPopup() the only way to re-enable the CMP and to show the Popup if required
        // is to call the method": a dismissed CMP is not shown again.
        let dismissed = ConsentFlow(guide: .pubConsentATTFirst).evaluate(
            status: .authorized,
            stored: StoredConsent(tcString: nil, consent: .dismissed),
            today: Self.today
        )
        #expect(dismissed.decision.next == .done && !dismissed.decision.trackersAllowed)
    }
}

/// An app following a flow: what the system reports, what the user answers, what the CMP stores.
struct SimulatedApp {
    var flow: ConsentFlow
    /// The status the system reports now.
    var status = ATTStatus.notDetermined
    /// What the user answers when the alert shows (notDetermined: the alert could not show).
    var attAnswer: ATTStatus
    /// What the CMP saves when shown; `nil` closes it without a choice.
    var cmpAnswer: TCString?
    var stored: String?
    var dismissed = false
    var lastSeen: ATTStatus?
    var attRequests = 0

    /// One run of the flow, from launch or resume until done (at most 6 evaluations).
    mutating func run() throws -> (steps: Int, decision: ConsentFlow.Decision) {
        var state = ConsentFlow.State(previousStatus: lastSeen)
        attRequests = 0
        for steps in 1...6 {
            let step = flow.evaluate(
                status: status,
                stored: StoredConsent(tcString: stored, consent: dismissed ? .dismissed : nil),
                state: state,
                today: FlowGuaranteeTests.today
            )
            if let rewritten = step.rewrittenTCString { stored = rewritten }
            lastSeen = status
            state.previousStatus = status
            switch step.decision.next {
            case .done:
                return (steps, step.decision)
            case .requestATT, .showIDFAExplainer:
                // The explainer's "Continue" shows the ATT alert.
                attRequests += 1
                state.attRequested = true
                status = attAnswer
            case .showCMP, .showCMPWithoutTracking:
                if let cmpAnswer { stored = try cmpAnswer.encoded() } else { dismissed = true }
                state.cmpShown = true
            case .wait:
                Issue.record("wait with no prompt on screen")
                return (steps, step.decision)
            }
        }
        return (
            7,
            flow.evaluate(status: status, stored: StoredConsent(tcString: stored), today: FlowGuaranteeTests.today)
                .decision
        )
    }
}
