import Foundation
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import IABTCFVendorList
import Testing

/// Journeys through the lifecycle, for every guide's flow and every strategy. The simulation
/// checks the invariants at every prompt and after every activation; each journey adds what its
/// story must end in, and ends at a fixed point.
@MainActor
@Suite struct Journeys {
    // MARK: First launch

    @Test(arguments: FlowCase.all)
    func firstLaunchAllowAndAcceptAll(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            let answer = await sim.launch()
            #expect(sim.attPrompts <= 1 && sim.cmpPresentations <= 1)
            #expect(sim.status == .authorized)
            if sim.cmpPresentations == 1 {
                #expect(answer.trackersAllowed && answer.idfaAllowed)
                #expect(answer.adServing?.mode == .personalized)
            }
            await sim.reachFixedPoint()
            #expect(sim.attPrompts == 1 && sim.cmpPresentations <= 1)
        }
    }

    @Test(arguments: FlowCase.all)
    func firstLaunchAllowAndRejectAll(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.cmpAnswers = [.rejectAll]
            let answer = await sim.launch()
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func firstLaunchDenyAndAcceptAll(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack]
            let answer = await sim.launch()
            #expect(!answer.idfaAllowed)
            if let tc = sim.storedString, flowCase.flow.rejectsOnRefusal {
                #expect(!tc.purposeConsents.contains(3) && !tc.purposeConsents.contains(4))
            }
            await sim.reachFixedPoint()
            #expect(sim.attPrompts == 1)
            // The flows that follow a denial with a CMP without the tracking scope show it, once.
            if ["strategy attFirstRejectTracking", "guide consentmanager"].contains(flowCase.name) {
                #expect(sim.cmpPresentations == 1)
            }
        }
    }

    @Test(arguments: FlowCase.all)
    func firstLaunchCustomChoice(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.cmpAnswers = [.custom]
            let answer = await sim.reachFixedPoint()
            // Content measurement and product development are not the tracking scope.
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
            if sim.cmpPresentations > 0 { #expect(sim.storedString?.purposeConsents == [1, 8, 10]) }
        }
    }

    // MARK: The ATT sheet

    @Test(arguments: FlowCase.all)
    func sheetDismissedBySystemAsksAgainNextActivation(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.systemDismisses, .allow]
            let first = await sim.launch()
            #expect(sim.attRequests <= 1)
            #expect(!first.idfaAllowed && sim.status == .notDetermined)
            await sim.activate()
            #expect(sim.status == .authorized)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func additionalInformationThenAllow(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.additionalInformation, .allow]
            await sim.launch()
            // The person tapped the button: one more request in the same activation.
            #expect(sim.status == .authorized)
            #expect(sim.attRequests == 2)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func aSecondActivationWhileThePromptIsOnScreenShowsNothing(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            var nested: ConsentAnswer?
            sim.duringATTPrompt = { nested = await sim.coordinator.activate() }
            await sim.launch()
            #expect(sim.attPrompts == 1)
            #expect(nested.map { !$0.trackersAllowed } ?? true)
            sim.duringATTPrompt = nil
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func restrictedNeverTracks(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.status = .restricted
            let answer = await sim.reachFixedPoint()
            #expect(!answer.idfaAllowed && sim.attPrompts == 0)
        }
    }

    @Test(arguments: FlowCase.all)
    func withoutATTTheCMPDecides(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.status = .unavailable
            sim.cmpAnswers = [.rejectAll]
            let answer = await sim.reachFixedPoint()
            #expect(!answer.trackersAllowed && sim.attPrompts == 0)
        }
    }

    // MARK: A denial, a year later

    @Test(arguments: FlowCase.reprompting)
    func denialAskedAgainAYearLaterInTheEUOn27_2(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack, .allow]
            await sim.reachFixedPoint()
            #expect(sim.attPrompts == 1)
            sim.advance(days: 366)
            sim.writeChoice(.acceptAll)  // the CMP renewed the choice meanwhile
            await sim.launch()
            #expect(sim.attPrompts == 2 && sim.status == .authorized)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.reprompting)
    func denialFinalBelow27_2(_ flowCase: FlowCase) async {
        await expectDenialFinal(flowCase) {
            $0.osVersion = OperatingSystemVersion(majorVersion: 27, minorVersion: 1, patchVersion: 0)
        }
    }

    @Test(arguments: FlowCase.reprompting)
    func denialFinalOutsideTheEU(_ flowCase: FlowCase) async {
        await expectDenialFinal(flowCase) { $0.region = .other }
    }

    /// Where `setUp` leaves ATT's denial final, a year-old denial stays one after a renewed Accept
    /// All: ATT is asked once, and the IDFA stays denied.
    func expectDenialFinal(_ flowCase: FlowCase, _ setUp: (Simulation) -> Void) async {
        await simulate(flowCase) { sim in
            setUp(sim)
            sim.attAnswers = [.askNotToTrack, .allow]
            await sim.reachFixedPoint()
            sim.advance(days: 366)
            sim.writeChoice(.acceptAll)
            let answer = await sim.reachFixedPoint()
            #expect(sim.attRequests == 1 && sim.status == .denied && !answer.idfaAllowed)
        }
    }

    // MARK: Settings

    @Test(arguments: FlowCase.all)
    func settingsAllowAfterARejection(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack]
            await sim.reachFixedPoint()
            let shown = sim.cmpPresentations
            sim.advance(days: 3)
            sim.settings(allowTracking: true)
            let answer = await sim.reachFixedPoint()
            if flowCase.flow.rejectsOnRefusal && shown > 0 {
                // The CMP gives back what the rejection removed.
                #expect(sim.cmpPresentations == shown + 1)
                #expect(answer.trackersAllowed)
            }
        }
    }

    @Test(arguments: FlowCase.rejecting)
    func settingsAllowAfterARejectionThenTheCMPClosedWithoutSaving(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack]
            await sim.reachFixedPoint()
            let shown = sim.cmpPresentations
            sim.advance(days: 3)
            sim.settings(allowTracking: true)
            sim.cmpAnswers = [.closeWithoutSaving]
            let answer = await sim.launch()
            // The stored string still lacks what the rejection removed: no tracker, one CMP.
            #expect(!answer.trackersAllowed)
            #expect(sim.cmpPresentations <= shown + 1)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func settingsDenyAfterAnAcceptance(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            sim.advance(days: 3)
            sim.settings(allowTracking: false)
            let answer = await sim.reachFixedPoint()
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
            if flowCase.flow.rejectsOnRefusal, let tc = sim.storedString {
                #expect(tc.purposeConsents.intersection(flowCase.flow.scope.purposes).isEmpty)
                // The CMP's own API heard of the rejection once: the string then stays rejected.
                #expect(sim.rejections.count == 1)
            }
        }
    }

    @Test(arguments: FlowCase.all)
    func settingsFlipBothWaysTwice(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            for allow in [false, true, false, true] {
                sim.advance(days: 1)
                sim.settings(allowTracking: allow)
                let answer = await sim.reachFixedPoint()
                if !allow { #expect(!answer.idfaAllowed) }
            }
        }
    }

    // MARK: Expiry

    @Test(arguments: FlowCase.all)
    func expiryAt13MonthsShowsTheCMPAgain(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            let shown = sim.cmpPresentations
            sim.advance(days: 396)
            sim.cmpAnswers = [.closeWithoutSaving]
            let answer = await sim.launch()
            #expect(!answer.trackersAllowed)
            if shown > 0 { #expect(sim.cmpPresentations == shown + 1) }
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func expiryAt13MonthsAfterADenialIsNotRevived(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack]
            sim.writeChoice(.acceptAll, on: day("2025-10-01"))
            sim.now = day("2026-11-27")
            let answer = await sim.launch()
            #expect(!answer.trackersAllowed)
            // An expired string is never rewritten: the CMP comes first.
            #expect(sim.storedString.map { $0.lastUpdated <= Timestamp(day("2026-11-27")) } ?? true)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func threeYearsOfAcceptance(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            for _ in 0..<8 {
                await sim.reachFixedPoint()
                sim.advance(days: 150)
            }
            #expect(sim.attPrompts == 1)
        }
    }

    // MARK: What CMPs write

    @Test(
        arguments: FlowCase.all,
        [
            GDPRAppliesValue.int(0), .int(1), .string("0"), .string("1"), .bool(false), .bool(true), .missing,
            .string("true"), .string("NO"), .string("maybe"), .string(""), .int(2), .int(-1),
        ]
    )
    func gdprAppliesAsCMPsWriteIt(_ flowCase: FlowCase, _ value: GDPRAppliesValue) async {
        await simulate(flowCase) { sim in
            sim.gdprApplies = value
            sim.cmpAnswers = [.rejectAll]
            sim.writeChoice(.rejectAll)
            let answer = await sim.reachFixedPoint()
            if value.applies {
                #expect(answer.adServing?.reasons.contains(.gdprDoesNotApply) != true)
                #expect(!answer.trackersAllowed)
            } else {
                #expect(answer.adServing == AdServing.outsideGDPR(vendor: TCString.googleVendorId))
            }
        }
    }

    @Test(arguments: FlowCase.all)
    func gppKeysOnly(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.cmpWritesOnlyGPP = true
            let answer = await sim.reachFixedPoint()
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
            #expect(sim.defaults.readInAppConsent().tcString == nil)
        }
    }

    @Test(arguments: FlowCase.all)
    func cmpClosedWithoutSavingIsNotShownAgainInTheActivation(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.cmpAnswers = [.closeWithoutSaving]
            let answer = await sim.launch()
            #expect(sim.cmpPresentations <= 1 && !answer.trackersAllowed)
            await sim.activate()
            #expect(sim.cmpPresentations <= 2)
            await sim.reachFixedPoint()
            #expect(sim.storedString == nil)
        }
    }

    @Test(arguments: FlowCase.all)
    func staleDerivedKeysAreRewrittenFromTheString(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            // The CMP replaces the string with Reject All and leaves Accept All's derived keys.
            sim.advance(days: 2)
            let rejected = sim.choice(.rejectAll)
            sim.lastCMPChoice = rejected.lastUpdated
            sim.defaults.set(try! rejected.encoded(), forKey: InAppKeys.tcString)
            sim.cmpAnswers = [.rejectAll]
            let answer = await sim.launch()
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
            #expect(sim.defaults.readInAppConsent().purposeConsents.isEmpty)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func futureDatedStringIsNoChoice(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.store(sim.choice(.acceptAll, on: day("2099-01-01")))
            sim.cmpAnswers = [.rejectAll]
            let answer = await sim.launch()
            #expect(!answer.trackersAllowed)
            await sim.reachFixedPoint()
        }
    }

    // MARK: The person acts

    @Test(arguments: FlowCase.all)
    func privacyOptionsChangeOfMind(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            sim.advance(days: 10)
            sim.cmpAnswers = [.rejectAll]
            let shown = sim.cmpPresentations
            let answer = await sim.privacyOptions()
            #expect(sim.cmpPresentations == shown + 1)
            #expect(!answer.trackersAllowed)
            #expect(sim.storedString?.purposeConsents.isEmpty == true)
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func denyAndRejectEveryTimeIsAFixedPoint(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack]
            sim.cmpAnswers = [.rejectAll]
            let answer = await sim.reachFixedPoint()
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
            sim.advance(days: 30)
            await sim.reachFixedPoint()
            #expect(sim.attPrompts <= 1)
        }
    }

    @Test(arguments: FlowCase.rejecting)
    func denialADayAfterTheChoiceKeepsItsDates(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.writeChoice(.acceptAll, on: day("2026-03-01"))
            sim.attAnswers = [.askNotToTrack]
            await sim.launch()
            if let tc = sim.storedString { #expect(tc.lastUpdated == Timestamp(day("2026-03-01"))) }
            await sim.reachFixedPoint()
        }
    }

    @Test(arguments: FlowCase.all)
    func onlyTheDocumentedKeysAreWritten(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack]
            await sim.reachFixedPoint()
            sim.advance(days: 400)
            sim.cmpAnswers = [.closeWithoutSaving]
            await sim.reachFixedPoint()
            let written = sim.defaults.persistentDomain(forName: sim.suiteName)?.keys.sorted() ?? []
            let unknown = written.filter {
                !InAppKeys.isDefined($0) && !$0.hasPrefix("IABGPP_") && !ConsentCoordinator.Keys.all.contains($0)
            }
            #expect(written.contains(ConsentCoordinator.Keys.lastATTStatus))
            #expect(unknown.isEmpty)
        }
    }

    @Test func googleUMPShowsTheIDFAExplainerBeforeTheAlert() async {
        var ump = ConsentFlow(guide: .googleUMP)
        ump.idfaExplainer = true
        await simulate(FlowCase(name: "guide google-ump with the IDFA explainer", flow: ump)) { sim in
            sim.gdprApplies = .int(0)
            sim.writeChoice(.acceptAll)
            await sim.reachFixedPoint()
            #expect(sim.explainers == 1 && sim.attPrompts == 1 && sim.status == .authorized)
        }
    }

    @Test(arguments: FlowCase.all.filter(\.isGoogleUMP))
    func googleUMPMessageAndCanRequestAds(_ flowCase: FlowCase) async {
        for cmp in [CMPAnswer.acceptAll, .rejectAll, .closeWithoutSaving] {
            for att in [ATTAnswer.allow, .askNotToTrack] {
                await simulate(flowCase) { sim in
                    sim.cmpAnswers = [cmp]
                    sim.attAnswers = [att]
                    let answer = await sim.reachFixedPoint()
                    // Google: the ads SDK requests ads once canRequestAds; ATT decides the IDFA only.
                    #expect(answer.mayRequestAds == sim.umpCanRequestAds)
                    #expect(answer.idfaAllowed == (att == .allow && cmp == .acceptAll))
                }
            }
        }
    }
}
