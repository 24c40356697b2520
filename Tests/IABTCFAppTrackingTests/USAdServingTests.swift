import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// Where the GDPR does not apply, the US sections in force decide which ads and what may run.
@Suite struct USAdServingTests {
    static let today = Timestamp(iso8601: "2026-11-26")!

    static let flows: [ConsentFlow] =
        ATTFlow.allCases.map { ConsentFlow(guide: $0) } + ATTStrategy.allCases.map { ConsentFlow(strategy: $0) }

    /// A GPP string with one US section whose `fields` are set ("Did Not Opt Out" is 2).
    static func gpp(_ id: Int, _ fields: [String: GPPValue] = [:], gpc: Bool? = nil) throws -> String {
        var section = try #require(USSection(id: id))
        for field in StoredConsent.usOptOutFields where section[field] != nil { section[field] = .int(2) }
        for (name, value) in fields { section[name] = value }
        section.gpc = gpc
        return try GPPString(sections: [.us(section)]).encoded()
    }

    static func step(
        _ stored: StoredConsent,
        _ flow: ConsentFlow,
        _ status: ATTStatus = .authorized
    )
        -> ConsentFlow.Step
    {
        flow.evaluate(status: status, stored: stored, today: today)
    }

    static func outside(gpp: String? = nil, sid: [Int]? = nil, usp: String? = nil, rdp: Bool? = nil) -> StoredConsent {
        StoredConsent(
            tcString: nil,
            gdprApplies: false,
            gppString: gpp,
            gppSectionIds: sid,
            usPrivacyString: usp,
            restrictedDataProcessing: rdp
        )
    }

    @Test func noOptOutKeepsPersonalizedAdsAndTrackers() throws {
        let stored = Self.outside(gpp: try Self.gpp(7), sid: [7])
        for flow in Self.flows {
            let step = Self.step(stored, flow)
            #expect(step.adServing == AdServing(vendor: 755, mode: .personalized, reasons: [.gdprDoesNotApply]))
            #expect(step.decision.trackersAllowed == (step.decision.next == .done), "\(flow.rules)")
        }
    }

    /// US National, "SaleOptOut: Opt-Out of the Sale of the Consumer's Personal Data … 1 Opted Out";
    /// AdMob does not read US National inside GPP ("AdMob will not accept US National … as part of
    /// GPP support"), so the reason says Google does not read it.
    @Test func aUSNationalOptOutGivesNonPersonalizedAndStopsTrackers() throws {
        let stored = Self.outside(gpp: try Self.gpp(7, ["SaleOptOut": .int(1)]), sid: [7])
        let optOut = AdServingReason.usOptOut(sectionId: 7, section: "usnat", field: "SaleOptOut", readByGoogle: false)
        #expect(stored.usOptOuts == [optOut])
        for flow in Self.flows {
            let step = Self.step(stored, flow)
            #expect(
                step.adServing == AdServing(vendor: 755, mode: .nonPersonalized, reasons: [.gdprDoesNotApply, optOut])
            )
            #expect(!step.decision.trackersAllowed && !step.decision.idfaAllowed, "\(flow.rules)")
        }
    }

    /// California: "Google will trigger restricted data processing (RDP) if any the following
    /// criteria are met: User opted out of Sale … User opted out of Sharing of the Consumer's
    /// Personal Information" (AdMob help, "Supporting the IAB's Global Privacy Platform").
    @Test func aCaliforniaOptOutOfSharingIsReadByGoogle() throws {
        let stored = Self.outside(gpp: try Self.gpp(8, ["SharingOptOut": .int(1)]), sid: [8])
        let optOut = AdServingReason.usOptOut(sectionId: 8, section: "usca", field: "SharingOptOut", readByGoogle: true)
        let step = Self.step(stored, ConsentFlow(strategy: .cmpFirst))
        #expect(step.adServing?.mode == .nonPersonalized)
        #expect(step.adServing?.reasons == [.gdprDoesNotApply, optOut])
        #expect(!step.decision.trackersAllowed)
    }

    /// "Some U.S. states' provisions require that Global Privacy Control (GPC) signals opt the
    /// user out of Ad Targeting, Sale, or Share of data" (AdMob help, "Restricted data processing
    /// settings").
    @Test func aGPCFlagGivesNonPersonalized() throws {
        let stored = Self.outside(gpp: try Self.gpp(10, gpc: true), sid: [10])
        let optOut = AdServingReason.usOptOut(sectionId: 10, section: "usco", field: "Gpc", readByGoogle: true)
        let step = Self.step(stored, ConsentFlow(strategy: .attFirstDenyAll))
        #expect(step.adServing?.reasons == [.gdprDoesNotApply, optOut])
        #expect(step.adServing?.mode == .nonPersonalized && !step.decision.trackersAllowed)
        // A GPC sub-section with the flag clear, or none, is no opt-out.
        let clear = Self.outside(gpp: try Self.gpp(10, gpc: false), sid: [10])
        #expect(Self.step(clear, ConsentFlow(strategy: .attFirstDenyAll)).adServing?.mode == .personalized)
    }

    /// Only the sections in force (`IABGPP_GppSID`) count; without the key, every section does.
    @Test func onlySectionsInForceCount() throws {
        let gpp = try Self.gpp(9, ["TargetedAdvertisingOptOut": .int(1)])
        #expect(Self.outside(gpp: gpp, sid: [9]).usAdServing().mode == .nonPersonalized)
        #expect(Self.outside(gpp: gpp).usAdServing().mode == .nonPersonalized)
        // Section 7 in force, which the string lacks: never looser than the choice, an opt-out
        // naming it; section 9, not in force, is named and does not decide.
        #expect(
            Self.outside(gpp: gpp, sid: [7]).usAdServing()
                == AdServing(
                    vendor: 755,
                    mode: .nonPersonalized,
                    reasons: [.gdprDoesNotApply, .gppSectionMissing(sectionId: 7), .gppSectionNotInForce(sectionId: 9)]
                )
        )
        // Not in force and without opt-outs: named, personalized.
        let accepted = try Self.gpp(9)
        #expect(
            Self.outside(gpp: accepted, sid: [9, 2]).usAdServing()
                == AdServing(vendor: 755, mode: .personalized, reasons: [.gdprDoesNotApply])
        )
    }

    /// Google: "setting either the `gad_rdp` key to `true` or providing a compliant
    /// `IABUSPrivacy_String`" restricts processing (Google Mobile Ads SDK, "US states privacy laws").
    @Test func theUSPrivacyStringAndGadRDP() {
        let usp = Self.outside(usp: "1YYN")
        let step = Self.step(usp, ConsentFlow(strategy: .cmpFirst))
        #expect(step.adServing?.reasons == [.gdprDoesNotApply, .usPrivacyOptOut(usPrivacy: "1YYN")])
        #expect(step.adServing?.mode == .nonPersonalized && !step.decision.trackersAllowed)
        #expect(Self.outside(usp: "1YNN").usAdServing().mode == .personalized)
        #expect(Self.outside(usp: "garbage").usAdServing().mode == .personalized)

        let rdp = Self.step(Self.outside(rdp: true), ConsentFlow(strategy: .cmpFirst))
        #expect(rdp.adServing?.reasons == [.gdprDoesNotApply, .restrictedDataProcessing])
        #expect(rdp.adServing?.mode == .nonPersonalized)
        // gad_rdp is the app's setting for Google, not the person's opt-out: trackers follow ATT.
        #expect(rdp.decision.trackersAllowed == (rdp.decision.next == .done))
    }

    /// Where the GDPR applies, TCF inside GPP is not what Google reads: "TCF strings sent through
    /// the GPP will not be accepted."
    @Test func aTCStringOnlyInsideGPPIsNotReadByGoogle() throws {
        let tc = try TrackingFixtures.acceptAll()
        let stored = StoredConsent(inAppKeys: [
            InAppKeys.gdprApplies: .int(1), GPPInAppKeys.gppTCFEuV2String: .string(try tc.encoded()),
        ])
        for flow in Self.flows {
            #expect(Self.step(stored, flow).adServing == AdServing(vendor: 755, mode: .none, reasons: [.tcfOnlyInGPP]))
        }
    }

    /// A stored GPP string that does not decode cannot say the person did not opt out: the
    /// answer fails safe as an opt-out (non-personalized ads, no trackers), naming the section,
    /// the decoder's error code and the 1-based character when a section fails.
    @Test func anUnreadableGPPStringFailsSafe() {
        let stored = Self.outside(gpp: "DBABL~BVQqAAAAAgZZZ", sid: [7])
        let error = #expect(throws: GPPError.self) {
            try IABGPP.GPPString(encoded: "DBABL~BVQqAAAAAgZZZ", options: TCString.DecodingOptions(strict: true))
        }
        #expect((try? IABGPP.GPPString(encoded: "DBABL~BVQqAAAAAgZZZ"))?.failedSection(7)?.error == error)
        #expect(error?.sectionId == 7)
        #expect(
            stored.usOptOuts == [
                .gppSectionUnreadable(sectionId: 7, code: error?.code.name ?? "", position: error?.position)
            ]
        )
        #expect(
            Self.outside(gpp: "DBABL~BV", sid: [7]).usOptOuts == [
                .gppSectionUnreadable(sectionId: 7, code: "truncated", position: 8)
            ]
        )
        // A header that does not decode is section 3's; an empty string names no section.
        #expect(
            Self.outside(gpp: "DBZZL~BVQqAAAAAg", sid: [7]).usOptOuts == [
                .gppSectionUnreadable(sectionId: 3, code: "truncated", position: 5)
            ]
        )
        #expect(Self.outside(gpp: "", sid: [7]).usOptOuts == [.gppStringUnreadable])
        let step = Self.step(stored, ConsentFlow(strategy: .cmpFirst))
        #expect(step.adServing?.mode == .nonPersonalized && !step.decision.trackersAllowed)
    }

}
