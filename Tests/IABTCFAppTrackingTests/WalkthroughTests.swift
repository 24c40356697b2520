import IABTCF
import IABTCFAppTracking
import TestSupport
import Testing

/// The walk-through vectors of the decision model (§4.9 of the ATT research notes), one case each.
@Suite struct WalkthroughTests {
    func decide(_ status: ATTStatus, _ consent: ConsentState, _ strategy: ATTStrategy) -> ConsentFlow.Decision {
        strategyDecision(status: status, consent: consent, strategy: strategy)
    }

    @Test func v1DenyAllAuthorizedThenAccept() {
        #expect(decide(.notDetermined, .none, .attFirstDenyAll).next == .requestATT)
        #expect(decide(.authorized, .none, .attFirstDenyAll).next == .showCMP)
        let d = decide(.authorized, .granted, .attFirstDenyAll)
        #expect(d.next == .done && d.trackersAllowed && d.idfaAllowed && d.reject == .none)
    }

    @Test func v2DenyAllDenied() throws {
        #expect(decide(.notDetermined, .none, .attFirstDenyAll).next == .requestATT)
        let first = decide(.denied, .none, .attFirstDenyAll)
        #expect(first.next == .done && first.reject == .all)
        let rejected = try TrackingFixtures.acceptAll().rejecting(.all, scope: .appleDefault)!
        #expect(ConsentState(rejected, scope: .appleDefault) == .refused)
        let second = decide(.denied, .refused, .attFirstDenyAll)
        #expect(second.next == .done && second.reject == .trackingScope)
        #expect(rejected.rejecting(second.reject, scope: .appleDefault) == nil)  // a no-op
    }

    @Test func v3RejectTrackingThenNonTrackingCMP() throws {
        let afterDenial = decide(.denied, .none, .attFirstRejectTracking)
        #expect(afterDenial.next == .showCMPWithoutTracking && afterDenial.reject == .trackingScope)
        // The user accepts what the CMP offers; the rejection is re-applied to whatever it saves.
        #expect(afterDenial.reapplyAfterCMP)
        let saved = try TrackingFixtures.acceptAll().rejecting(afterDenial.reject, scope: .appleDefault)!
        #expect(saved.purposeConsents == [1, 2, 5, 6, 8, 10, 11] && saved.specialFeatureOptIns.isEmpty)
        #expect(ConsentState(saved, scope: .appleDefault) == .refused)
        #expect(decide(.denied, .refused, .attFirstRejectTracking).next == .done)
    }

    @Test func v4CMPFirstRefusalNeverAsksATT() {
        #expect(decide(.notDetermined, .none, .cmpFirst).next == .showCMP)
        #expect(decide(.notDetermined, .refused, .cmpFirst).next == .done)
        #expect(decide(.notDetermined, .granted, .cmpFirst).next == .requestATT)  // a later opt-in via preferences
    }

    @Test func v5CMPFirstAcceptThenDenied() throws {
        #expect(decide(.notDetermined, .granted, .cmpFirst).next == .requestATT)
        let d = decide(.denied, .granted, .cmpFirst)
        #expect(d.next == .done && d.reject == .trackingScope)
        let rejected = try TrackingFixtures.acceptAll().rejecting(d.reject, scope: .appleDefault)!
        #expect(ConsentState(rejected, scope: .appleDefault) == .refused)
        #expect(decide(.denied, .refused, .cmpFirst).next == .done)
    }

    @Test(arguments: ATTStrategy.allCases)
    func v6SettingsTurnedTrackingOff(_ strategy: ATTStrategy) {
        let d = decide(.denied, .granted, strategy)
        #expect(d.reject == .trackingScope && !d.trackersAllowed && !d.idfaAllowed)
    }

    @Test(arguments: ATTStrategy.allCases)
    func v7SettingsTurnedTrackingOn(_ strategy: ATTStrategy) {
        let d = decide(.authorized, .refused, strategy)
        #expect(d.next == .done && d.reject == .none)  // no automatic consent
    }

    @Test(arguments: ATTStrategy.allCases)
    func v8StaleCallbackRereadAsNotDetermined(_ strategy: ATTStrategy) {
        // The callback said denied but the re-read status is notDetermined: nothing is rejected.
        #expect(decide(.notDetermined, .none, strategy).reject == .none)
    }

    @Test func v9UnknownRawValueFailsClosed() {
        #expect(ATTStatus(rawStatus: 7) == .denied)
        #expect(ATTStatus(rawStatus: 3) == .authorized)
        #expect(ATTStatus(platform: .iOS, osMajorVersion: 13, rawStatus: 3) == .unavailable)
        #expect(ATTStatus(platform: .iOS, osMajorVersion: 14, rawStatus: 2) == .denied)
        #expect(ATTStatus(platform: .macOS, osMajorVersion: 15, rawStatus: 0) == .unavailable)
        #expect(ATTStatus(platform: .linux, osMajorVersion: 6, rawStatus: nil) == .unavailable)
        #expect(ATTStatus.current == .unavailable)  // on Linux
    }

    @Test func v10IdempotentOnAClearedString() throws {
        let clean = try TrackingFixtures.refuseAll().encoded()
        let decision = decide(.denied, .refused, .attFirstDenyAll)
        #expect(try TCString.applying(decision, to: clean, today: Timestamp(iso8601: "2026-11-22")!) == clean)
    }

    @Test func gdprDoesNotApply() {
        let n = strategyDecision(status: .notDetermined, consent: .none, gdprApplies: false, strategy: .cmpFirst)
        #expect(n.next == .requestATT && !n.trackersAllowed)
        let a = strategyDecision(status: .authorized, consent: .none, gdprApplies: false, strategy: .cmpFirst)
        #expect(a.next == .done && a.trackersAllowed && a.idfaAllowed)
        let d = strategyDecision(status: .denied, consent: .none, gdprApplies: false, strategy: .attFirstDenyAll)
        #expect(d.next == .done && d.reject == .none && !d.trackersAllowed)
    }

    @Test func consentStateFollowsTheScope() throws {
        var tc = try TrackingFixtures.refuseAll()
        #expect(ConsentState(tc, scope: .appleDefault) == .refused)
        tc.purposeConsents = [9]
        #expect(ConsentState(tc, scope: .appleDefault) == .refused)  // no vendor consent
        tc.vendorConsents = [4]
        #expect(ConsentState(tc, scope: .appleDefault) == .granted)
        #expect(ConsentState(tc, scope: .personalisedAdsOnly) == .refused)
        tc.purposeLegitimateInterests = [3]
        tc.purposeConsents = []
        #expect(ConsentState(tc, scope: .personalisedAdsOnly) == .refused)  // LI is not consent
        tc.specialFeatureOptIns = [2]
        #expect(ConsentState(tc, scope: .personalisedAdsOnly) == .granted)
    }
}
