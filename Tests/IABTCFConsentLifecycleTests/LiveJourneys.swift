import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import IABTCFVendorList
import Testing

/// Journeys where the CMP writes mid-session, outside any activation, for every guide's flow and
/// every strategy: the coordinator follows the keys and a subscriber gets exactly one new answer,
/// with every invariant holding (``Simulation/midSession(expectedAnswers:sourceLocation:_:)``).
@MainActor
@Suite struct LiveJourneys {
    /// The person accepted, then saves Reject All in the CMP's own privacy options form.
    @Test(arguments: FlowCase.all)
    func privacyOptionsRejectAll(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            let new = await sim.midSession { sim.writeChoice(.rejectAll) }
            #expect(new.last.map { !$0.trackersAllowed && !$0.idfaAllowed } ?? false)
            #expect(new.last?.step?.consent == .refused)
            await sim.reachFixedPoint()
        }
    }

    /// The person refused, then accepts all in the privacy options form: the trackers start
    /// without a new activation where ATT allows them.
    @Test(arguments: FlowCase.all)
    func privacyOptionsAcceptAll(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.cmpAnswers = [.rejectAll]
            await sim.reachFixedPoint()
            let new = await sim.midSession { sim.writeChoice(.acceptAll) }
            #expect(new.last?.step?.consent != .refused)
            await sim.reachFixedPoint()
        }
    }

    /// ATT denied: the CMP saves Accept All mid-session. Where the flow rejects the tracking scope
    /// after a refusal, the rejection is applied again, live, with all its keys; the answer may
    /// stay the one the person already had.
    @Test(arguments: FlowCase.all)
    func privacyOptionsAcceptAllAfterATTDenial(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.attAnswers = [.askNotToTrack]
            await sim.reachFixedPoint()
            let new = await sim.midSession(expectedAnswers: 0...1) { sim.writeChoice(.acceptAll) }
            #expect(new.allSatisfy { !$0.trackersAllowed && !$0.idfaAllowed })
            if flowCase.flow.rejectsOnRefusal, let tc = sim.storedString {
                #expect(!tc.purposeConsents.contains(3) && !tc.purposeConsents.contains(4))
            }
            await sim.reachFixedPoint()
        }
    }

    /// The choice expired and the person closed the CMP; then the CMP renews the choice silently
    /// (its server still holds it): one answer, and the trackers follow it.
    @Test(arguments: FlowCase.all)
    func silentRenewal(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            sim.advance(days: 400)
            sim.cmpAnswers = [.closeWithoutSaving]
            let expired = await sim.activate()
            #expect(!expired.trackersAllowed)
            let new = await sim.midSession { sim.writeChoice(.acceptAll) }
            #expect(new.last?.adServing?.mode != AdServingMode.none)
            await sim.reachFixedPoint()
        }
    }

    /// Another SDK removes `IABTCF_TCString`: nothing may run, and nothing is shown until the next
    /// activation.
    @Test(arguments: FlowCase.all)
    func tcStringRemoved(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            await sim.reachFixedPoint()
            // A flow that never showed a CMP (Adjust's) stored no string: nothing changes then.
            let stored = sim.storedString != nil
            let new = await sim.midSession(expectedAnswers: stored ? 1...1 : 0...0) {
                sim.defaults.removeObject(forKey: InAppKeys.tcString)
            }
            #expect(new.allSatisfy { !$0.trackersAllowed && !$0.idfaAllowed && $0.adServing == nil })
            #expect(new.allSatisfy { !$0.privacyOptionsRequired })
            await sim.reachFixedPoint()
        }
    }

    /// A person in the US opts out of sale and sharing in the US CMP's privacy options.
    @Test(arguments: FlowCase.all)
    func usOptOutMidSession(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.region = .other
            sim.gdprApplies = .int(0)
            sim.usKeys = USJourneys.keys(USJourneys.umpAccept, "7")
            sim.writeChoice(.acceptAll)
            let before = await sim.reachFixedPoint()
            #expect(before.privacyOptionsRequired)
            let optOut = USJourneys.gpp(7, ["SaleOptOut": .int(1), "SharingOptOut": .int(1)])
            let new = await sim.midSession {
                for (key, value) in USJourneys.keys(optOut, "7") { sim.defaults.set(value, forKey: key) }
            }
            #expect(new.last?.adServing?.mode == .nonPersonalized)
            #expect(new.last.map { !$0.trackersAllowed && $0.privacyOptionsRequired } ?? false)
        }
    }
}
