import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import IABTCFVendorList
import Testing

/// Journeys of a person in the US: the GDPR does not apply (`IABTCF_gdprApplies` 0) and a US CMP
/// writes the GPP keys with each save. The simulation checks at every activation that the
/// coordinator's ad answer is the one `tcstring ads` gives for the stored keys and that no tracker
/// runs after an opt-out.
@MainActor
@Suite struct USJourneys {
    /// Google UMP's US message writes usnat Version 1 (`DBABL~BVQqAAAAAg`: every opt-out 2, "Did
    /// Not Opt Out").
    static let umpAccept = "DBABL~BVQqAAAAAg"

    /// A GPP string with one US section, "Did Not Opt Out" everywhere but `fields`.
    static func gpp(_ id: Int, _ fields: [String: GPPValue] = [:], gpc: Bool? = nil) -> String {
        var section = USSection(id: id)!
        for field in StoredConsent.usOptOutFields where section[field] != nil { section[field] = .int(2) }
        for (name, value) in fields { section[name] = value }
        section.gpc = gpc
        return try! GPPString(sections: [.us(section)]).encoded()
    }

    /// The keys a US CMP writes for `gpp`, the sections in force joined by `_`.
    static func keys(_ gpp: String, _ sid: String) -> [String: Any] {
        ["IABGPP_HDR_GppString": gpp, "IABGPP_GppSID": sid, "IABGPP_HDR_Version": "1"]
    }

    func run(_ flowCase: FlowCase, _ keys: [String: Any], _ check: (ConsentAnswer) -> Void) async {
        await simulate(flowCase) { sim in
            sim.region = .other
            sim.gdprApplies = .int(0)
            sim.usKeys = keys
            sim.writeChoice(.acceptAll)
            check(await sim.reachFixedPoint())
        }
    }

    @Test(arguments: FlowCase.all)
    func umpUSMessageAccept(_ flowCase: FlowCase) async {
        await run(flowCase, Self.keys(Self.umpAccept, "7")) { answer in
            #expect(answer.adServing == AdServing(vendor: 755, mode: .personalized, reasons: [.gdprDoesNotApply]))
        }
    }

    /// usnat: "SaleOptOut … 1 Opted Out", "SharingOptOut … 1 Opted Out". Google restricts
    /// processing ("Google will only show non-personalized ads"), and reports that AdMob does not
    /// read US National inside GPP, so the app sets gad_rdp.
    @Test(arguments: FlowCase.all)
    func umpUSMessageOptOutOfSaleAndSharing(_ flowCase: FlowCase) async {
        let gpp = Self.gpp(7, ["SaleOptOut": .int(1), "SharingOptOut": .int(1)])
        await run(flowCase, Self.keys(gpp, "7")) { answer in
            #expect(answer.adServing?.mode == .nonPersonalized)
            #expect(
                answer.adServing?.reasons.contains(
                    .usOptOut(sectionId: 7, section: "usnat", field: "SharingOptOut", readByGoogle: false)
                ) == true
            )
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
        }
    }

    @Test(arguments: FlowCase.all)
    func umpUSMessageWithGPC(_ flowCase: FlowCase) async {
        await run(flowCase, Self.keys(Self.gpp(7, gpc: true), "7")) { answer in
            #expect(answer.adServing?.mode == .nonPersonalized && !answer.trackersAllowed)
        }
    }

    /// Virginia (section 9): "TargetedAdvertisingOptOut … 1 Opted Out"; AdMob reads Virginia.
    @Test(arguments: FlowCase.all)
    func virginiaOptOutOfTargetedAdvertising(_ flowCase: FlowCase) async {
        let gpp = Self.gpp(9, ["TargetedAdvertisingOptOut": .int(1)])
        await run(flowCase, Self.keys(gpp, "9")) { answer in
            let reason = AdServingReason.usOptOut(
                sectionId: 9,
                section: "usva",
                field: "TargetedAdvertisingOptOut",
                readByGoogle: true
            )
            #expect(answer.adServing?.reasons == [.gdprDoesNotApply, reason])
            #expect(!answer.trackersAllowed)
        }
    }

    /// California (section 8): "User opted out of Sale of the Consumer's Personal Information"
    /// triggers restricted data processing (AdMob help). A section not in force does not decide;
    /// a section in force that the string lacks (7 here) counts as an opt-out.
    @Test(arguments: FlowCase.all)
    func californiaOptOutOfSale(_ flowCase: FlowCase) async {
        let gpp = Self.gpp(8, ["SaleOptOut": .int(1)])
        await run(flowCase, Self.keys(gpp, "8")) { answer in
            #expect(answer.adServing?.mode == .nonPersonalized && !answer.trackersAllowed)
        }
        await run(flowCase, Self.keys(gpp, "7")) { answer in
            #expect(
                answer.adServing?.reasons == [
                    .gdprDoesNotApply, .gppSectionMissing(sectionId: 7), .gppSectionNotInForce(sectionId: 8),
                ]
            )
            #expect(answer.adServing?.mode == .nonPersonalized && !answer.trackersAllowed)
        }
    }

    /// Issue 53's example: usnat with three opt-outs and `IABGPP_GppSID` naming California, which
    /// the string lacks. It used to answer personalized; the missing section in force is an
    /// opt-out, and usnat, not in force, is named without deciding.
    @Test(arguments: FlowCase.all)
    func aSectionInForceTheStringLacks(_ flowCase: FlowCase) async {
        let optOuts: [String: GPPValue] = [
            "SaleOptOut": .int(1), "SharingOptOut": .int(1), "TargetedAdvertisingOptOut": .int(1),
        ]
        await run(flowCase, Self.keys(Self.gpp(7, optOuts), "8")) { answer in
            #expect(
                answer.adServing?.reasons == [
                    .gdprDoesNotApply, .gppSectionMissing(sectionId: 8), .gppSectionNotInForce(sectionId: 7),
                ]
            )
            #expect(!answer.trackersAllowed && !answer.idfaAllowed)
        }
    }

    /// A state section with trailing data, in force: unreadable, so an opt-out naming it; usnat
    /// beside it is read. Not in force, it does not decide.
    @Test(arguments: FlowCase.all)
    func anUnreadableSectionInForce(_ flowCase: FlowCase) async {
        let usnat = USSection(id: 7)!
        let text = try! GPPString(sections: [.us(usnat), .unknown(id: 8, text: "BVoYYZoIAAAA")]).encoded()
        await run(flowCase, Self.keys(text, "7_8")) { answer in
            #expect(answer.adServing?.mode == .nonPersonalized && !answer.trackersAllowed)
            #expect(
                answer.adServing?.reasons.contains {
                    if case .gppSectionUnreadable(8, "surplusData", _) = $0 { true } else { false }
                } == true
            )
        }
        await run(flowCase, Self.keys(text, "7")) { answer in
            #expect(
                answer.adServing
                    == AdServing(
                        vendor: 755,
                        mode: .personalized,
                        reasons: [.gdprDoesNotApply, .gppSectionNotInForce(sectionId: 8)]
                    )
            )
        }
    }

    /// A GPP string whose section 5 holds a TCF EU string (as in iabgpp-es's tests): section 5
    /// fails, and the usnat section beside it still decides, both ways.
    @Test(arguments: FlowCase.all)
    func aBadNonUSSectionLeavesTheOthersInForce(_ flowCase: FlowCase) async {
        let tcf = "CPSG_8APSG_8ANwAAAENAwCAAAAAAAAAAAAAAA.YAAAAAAAAAA"
        for (saleOptOut, mode) in [(2, AdServingMode.personalized), (1, .nonPersonalized)] {
            var usnat = USSection(id: 7)!
            for field in StoredConsent.usOptOutFields { usnat[field] = .int(2) }
            usnat["SaleOptOut"] = .int(saleOptOut)
            let text = try! GPPString(sections: [.unknown(id: 5, text: tcf), .us(usnat)]).encoded()
            await run(flowCase, Self.keys(text, "5_7")) { answer in
                #expect(answer.adServing?.mode == mode, "SaleOptOut \(saleOptOut)")
                #expect(answer.trackersAllowed == false || saleOptOut == 2)
            }
        }
    }

    /// `IABUSPrivacy_String` `1YYN` and `gad_rdp`, which Google's SDK reads.
    @Test(arguments: FlowCase.all)
    func usPrivacyStringAndGadRDP(_ flowCase: FlowCase) async {
        await run(flowCase, ["IABUSPrivacy_String": "1YYN"]) { answer in
            #expect(answer.adServing?.reasons == [.gdprDoesNotApply, .usPrivacyOptOut(usPrivacy: "1YYN")])
            #expect(!answer.trackersAllowed)
        }
        await run(flowCase, ["gad_rdp": true]) { answer in
            #expect(answer.adServing?.reasons == [.gdprDoesNotApply, .restrictedDataProcessing])
        }
    }

    /// A CMP that writes the TCF keys and a GPP string holding the same TC string: Google reads
    /// `IABTCF_TCString`, and after an ATT rejection the GPP keys carry the rewritten string too.
    @Test(arguments: FlowCase.all)
    func cmpWritesTCFAndGPPKeys(_ flowCase: FlowCase) async {
        await simulate(flowCase) { sim in
            sim.cmpWritesTCFAndGPP = true
            sim.attAnswers = [.askNotToTrack]
            let answer = await sim.reachFixedPoint()
            let consent = sim.defaults.readInAppConsent()
            let gpp = sim.defaults.readGPPInAppConsent()
            #expect(consent.problems.isEmpty, "\(consent.problems)")
            #expect(gpp.problems.isEmpty, "\(gpp.problems)")
            if let tc = consent.tcString {
                #expect(answer.adServing == (try? TCString(encoded: tc))?.adServing(today: Timestamp(sim.now)))
                #expect(gpp.gppTCString == tc)
            }
        }
    }
}
