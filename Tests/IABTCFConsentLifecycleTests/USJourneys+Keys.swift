import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import IABTCFVendorList
import Testing

/// More journeys of a person in the US (issue 49, item 5): California's other opt-outs, a CMP that
/// writes both TCF and GPP keys where the GDPR does not apply, and a CMP that writes the
/// pre-parsed `IABGPP_<prefix>_<Field>` keys. The simulation checks at every activation that the
/// coordinator's ad answer is `StoredConsent.usAdServing` for the stored keys and that no tracker
/// runs after an opt-out.
@MainActor
@Suite struct USJourneysKeys {
    func run(_ flowCase: FlowCase, _ keys: [String: Any], _ check: (ConsentAnswer, Simulation) -> Void) async {
        await simulate(flowCase) { sim in
            sim.region = .other
            sim.gdprApplies = .int(0)
            sim.usKeys = keys
            sim.writeChoice(.acceptAll)
            check(await sim.reachFixedPoint(), sim)
        }
    }

    /// California (section 8): "User opted out of Sharing of the Consumer's Personal Information"
    /// triggers restricted data processing (AdMob help, "Supporting the IAB's Global Privacy
    /// Platform"), and so does its GPC sub-section; AdMob reads California.
    @Test(arguments: FlowCase.all)
    func californiaOptOutOfSharingAndGPC(_ flowCase: FlowCase) async {
        let sharing = USJourneys.gpp(8, ["SharingOptOut": .int(1)])
        await run(flowCase, USJourneys.keys(sharing, "8")) { answer, _ in
            let reason = AdServingReason.usOptOut(
                sectionId: 8,
                section: "usca",
                field: "SharingOptOut",
                readByGoogle: true
            )
            #expect(answer.adServing?.reasons == [.gdprDoesNotApply, reason])
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
        }
        await run(flowCase, USJourneys.keys(USJourneys.gpp(8, gpc: true), "8")) { answer, _ in
            let reason = AdServingReason.usOptOut(sectionId: 8, section: "usca", field: "Gpc", readByGoogle: true)
            #expect(answer.adServing?.reasons == [.gdprDoesNotApply, reason])
            #expect(!answer.trackersAllowed)
        }
        // GPC present and false is no opt-out.
        await run(flowCase, USJourneys.keys(USJourneys.gpp(8, gpc: false), "8")) { answer, _ in
            #expect(answer.adServing?.mode == .personalized)
        }
    }

    /// A CMP that writes the TCF keys and a GPP string of sections 2 and 7 (Google UMP's usnat)
    /// for a person in the US: the TC string does not decide, usnat has no opt-out, so ads are
    /// personalized; the keys agree with each other; after "Ask App Not to Track" no tracker runs.
    @Test(arguments: FlowCase.all)
    func cmpWritesTCFAndGPPKeysInTheUS(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.region = .other
            sim.gdprApplies = .int(0)
            sim.cmpWritesTCFAndGPP = true
            sim.attAnswers = [.askNotToTrack]
            sim.writeChoice(.acceptAll)
            let answer = await sim.reachFixedPoint()
            let (consent, gpp) = (sim.defaults.readInAppConsent(), sim.defaults.readGPPInAppConsent())
            #expect(consent.problems.isEmpty && gpp.problems.isEmpty, "\(consent.problems) \(gpp.problems)")
            #expect(gpp.gppSectionIds == [2, 7])
            #expect(answer.adServing == AdServing(vendor: 755, mode: .personalized, reasons: [.gdprDoesNotApply]))
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
        }
    }

    /// A US CMP that writes the pre-parsed keys with its string: the store reads them with no
    /// problem; when it later saves an opt-out but leaves the old pre-parsed keys, each stale key
    /// is reported by name, and the answer follows the string (what Google's SDK reads).
    @Test(arguments: FlowCase.all)
    func cmpWritesPreParsedKeys(_ flowCase: FlowCase) async throws {
        func preParsed(_ gpp: String) throws -> [String: Any] {
            try IABGPP.GPPString(encoded: gpp).preParsedInAppKeys().mapValues { value -> Any in
                switch value {
                case .int(let number): number
                case .string(let text): text
                case .bool(let flag): flag
                }
            }
        }
        let accepted = USJourneys.gpp(8)
        let keys = USJourneys.keys(accepted, "8").merging(try preParsed(accepted)) { $1 }
        await run(flowCase, keys) { answer, sim in
            #expect(sim.defaults.readGPPInAppConsent().problems.isEmpty)
            #expect(sim.defaults.integer(forKey: "IABGPP_USCA_SaleOptOut") == 2)
            #expect(answer.adServing?.mode == .personalized)
        }
        let optedOut = USJourneys.gpp(8, ["SaleOptOut": .int(1)])
        let stale = USJourneys.keys(optedOut, "8").merging(try preParsed(accepted)) { $1 }
        await run(flowCase, stale) { answer, sim in
            #expect(sim.defaults.readGPPInAppConsent().problems == [.gppStringMismatch(key: "IABGPP_USCA_SaleOptOut")])
            #expect(answer.adServing?.mode == .nonPersonalized && !answer.trackersAllowed)
        }
    }
}
