import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TestSupport
import Testing

/// Every flow of the five integration guides, scenario by scenario: each row names the sentence of
/// its guide it reproduces (``GuideQuote``), so a test failure points at the sentence it breaks.
///
/// Row: `FLOW STATUS CONSENT [modifiers] → NEXT REJECT TRACKERS WARNINGS | QUOTE`.
/// Status: N A D R U (unavailable) or a raw integer; consent: C0 (none) C- (refused) C+ (granted)
/// EXP (expired) DIS (dismissed); modifiers: `req` (ATT requested in this run), `prev=S`,
/// `trigger=T`, `scope=NAME`, `restrictedAsDenied`; next: ATT CMP CMP-NT DONE; reject: - T ALL;
/// trackers: yes/no; warnings: comma-separated names or -; QUOTE: a key of ``GuideQuote/all``,
/// with "(other reading)" where an option gives the reading the guide's sample does not take.
@Suite struct GuideFlowTests {
    static let scenarios: [String] = [
        // Didomi, ATT first: its recommended implementation.
        "didomi-att-first N C0 → ATT - no - | didomi.attAlwaysDisplayed",
        "didomi-att-first A C0 → CMP - no - | didomi.noticeOnlyIfAccepted",
        "didomi-att-first A C+ → DONE - yes - | didomi.noticeOnlyIfAccepted",
        "didomi-att-first A C- → DONE - no - | didomi.noticeOnlyIfAccepted",
        "didomi-att-first D C0 → DONE ALL no - | didomi.assumedNoCMPConsent",
        "didomi-att-first D C+ → DONE ALL no - | didomi.assumedNoCMPConsent",
        "didomi-att-first R C0 → CMP - no restrictedShownFullCMP | didomi.noticeOnlyIfAccepted",
        "didomi-att-first R C+ → DONE - no - | didomi.noticeOnlyIfAccepted",
        "didomi-att-first R C0 restrictedAsDenied → DONE ALL no - | didomi.assumedNoCMPConsent (other reading)",
        "didomi-att-first N C0 req → CMP - no attNotAnswered | didomi.noticeOnlyIfAccepted",
        "didomi-att-first U C0 → CMP - no - | didomi.noticeOnlyIfAccepted",
        "didomi-att-first U C+ → DONE - yes - | didomi.noticeOnlyIfAccepted",
        "didomi-att-first 7 C0 → DONE ALL no unknownStatus | didomi.assumedNoCMPConsent",
        "didomi-att-first A EXP → CMP - no - | didomi.noticeOnlyIfAccepted",
        // Didomi, CMP first.
        "didomi-cmp-first N C0 → CMP - no - | didomi.cmpAlwaysDisplayed",
        "didomi-cmp-first N C+ → ATT - no - | didomi.atLeastOnePurpose",
        "didomi-cmp-first N C- → DONE - no attNotRequestedAfterCMP | didomi.alwaysShowATTAfterCMP",
        "didomi-cmp-first N C+ req → DONE - no attNotAnswered | didomi.remainsNotDetermined",
        "didomi-cmp-first A C0 → CMP - no - | didomi.cmpAlwaysDisplayed",
        "didomi-cmp-first A C+ → DONE - yes - | didomi.independent",
        "didomi-cmp-first D C+ → DONE - no - | didomi.independent",
        "didomi-cmp-first D C0 → CMP - no appReviewRisk | didomi.noCMPAfterDenial",
        "didomi-cmp-first R C0 → CMP - no restrictedShownFullCMP | didomi.cmpAlwaysDisplayed",
        "didomi-cmp-first U C0 → CMP - no - | didomi.cmpAlwaysDisplayed",
        "didomi-cmp-first U C+ → DONE - yes - | didomi.independent",
        "didomi-cmp-first N DIS → DONE - no dismissableCMPBeforeATT | didomi.notClosable",
        "didomi-cmp-first N C- trigger=always → ATT - no attAfterCMPRefusal | didomi.alwaysShowATTAfterCMP (other reading)",
        // PubConsent, option 1: ATT first.
        "pubconsent-att-first N C0 → ATT - no - | pubconsent.attAlwaysDisplayed",
        "pubconsent-att-first A C0 → CMP - no - | pubconsent.uiOnlyIf",
        "pubconsent-att-first A C+ → DONE - yes - | pubconsent.uiOnlyIf",
        "pubconsent-att-first R C0 → CMP - no restrictedShownFullCMP | pubconsent.uiOnlyIf",
        "pubconsent-att-first D C0 → DONE ALL no - | pubconsent.option1",
        "pubconsent-att-first D C+ → DONE ALL no - | pubconsent.assumedToDeny",
        "pubconsent-att-first U C0 → CMP - no - | pubconsent.uiOnlyIf",
        "pubconsent-att-first N C0 req → CMP - no attNotAnswered | pubconsent.uiOnlyIf",
        "pubconsent-att-first A DIS → DONE - no - | pubconsent.closeWithoutConsent",
        // PubConsent, option 2: CMP first.
        "pubconsent-cmp-first N C0 → CMP - no - | pubconsent.cmpThenATT",
        "pubconsent-cmp-first N C+ → ATT - no - | pubconsent.cmpThenATT",
        "pubconsent-cmp-first N C- → ATT - no attAfterCMPRefusal | pubconsent.cmpThenATT",
        "pubconsent-cmp-first N DIS → ATT - no attAfterCMPRefusal | pubconsent.closeWithoutConsent",
        "pubconsent-cmp-first N C+ req → DONE - no attNotAnswered | pubconsent.cmpThenATT",
        "pubconsent-cmp-first A C- → DONE - no - | pubconsent.distinctChoices",
        "pubconsent-cmp-first D C+ → DONE - no - | pubconsent.distinctChoices",
        "pubconsent-cmp-first R C+ → DONE - no - | pubconsent.distinctChoices",
        "pubconsent-cmp-first U C0 → CMP - no - | pubconsent.uiOnlyIf",
        // consentmanager.
        "consentmanager N C0 → ATT - no - | consentmanager.requestIfNotDetermined",
        "consentmanager N C+ → ATT - no - | consentmanager.checklistRequest",
        "consentmanager N C0 req → CMP - no attNotAnswered | consentmanager.tableNotDetermined",
        "consentmanager A C0 → CMP - no - | consentmanager.neverBeforeFlowFinishes",
        "consentmanager A C+ → DONE - yes - | consentmanager.checklistSDKs",
        "consentmanager A C- → DONE - no - | consentmanager.tableAuthorized",
        "consentmanager D C0 → CMP-NT T no - | consentmanager.tableDenied",
        "consentmanager R C0 → CMP-NT T no - | consentmanager.tableRestricted",
        "consentmanager D C+ → DONE T no - | consentmanager.recheckOnResume",
        "consentmanager R C- → DONE T no - | consentmanager.restrictedBlocksTracking",
        "consentmanager U C0 → CMP - no - | consentmanager.tableBelowIOS14",
        "consentmanager U C+ → DONE - yes - | consentmanager.noATTBelowIOS14",
        "consentmanager 4 C0 → CMP T no unknownStatus | consentmanager.handleResultThenCMP",
        "consentmanager -1 C+ → DONE T no unknownStatus | consentmanager.handleResultThenCMP",
        "consentmanager D EXP → CMP-NT T no - | consentmanager.userDenial",
        // Onesecondbefore, recommended: ATT first.
        "onesecondbefore-att-first N C0 → ATT - no - | onesecondbefore.firstAsk",
        "onesecondbefore-att-first N C0 req → CMP - no attNotAnswered | onesecondbefore.dialogueAfter",
        "onesecondbefore-att-first A C0 → CMP - no - | onesecondbefore.dialogueAfter",
        "onesecondbefore-att-first A C+ → DONE - yes - | onesecondbefore.onlyWhenNotGiven",
        "onesecondbefore-att-first A EXP → CMP - no - | onesecondbefore.expiredShownAgain",
        "onesecondbefore-att-first D C0 → CMP - no appReviewRisk | onesecondbefore.noChanges",
        "onesecondbefore-att-first D C+ → DONE - no - | onesecondbefore.noChanges",
        "onesecondbefore-att-first R C0 → CMP - no appReviewRisk | onesecondbefore.noChanges",
        "onesecondbefore-att-first D C0 scope=appleDefault → CMP T no appReviewRisk | onesecondbefore.noChanges (other reading)",
        "onesecondbefore-att-first U C0 → CMP - no - | onesecondbefore.idfaOnlyAfterAuthorized",
        // Onesecondbefore, alternative: CMP first.
        "onesecondbefore-cmp-first N C0 → CMP - no - | onesecondbefore.firstShowDialogue",
        "onesecondbefore-cmp-first N C+ → ATT - no - | onesecondbefore.purposes2to6",
        "onesecondbefore-cmp-first N C- → DONE - no attNotRequestedAfterCMP | onesecondbefore.dependingOnConsent",
        "onesecondbefore-cmp-first N C+ req → DONE - no attNotAnswered | onesecondbefore.noResurface",
        "onesecondbefore-cmp-first D EXP → CMP - no appReviewRisk | onesecondbefore.expiredShownAgain",
        "onesecondbefore-cmp-first D C+ → DONE - no - | onesecondbefore.noResurface",
        "onesecondbefore-cmp-first A EXP → CMP - no - | onesecondbefore.expiredShownAgain",
        "onesecondbefore-cmp-first A C+ → DONE - yes - | onesecondbefore.idfaOnlyAfterAuthorized",
        "onesecondbefore-cmp-first U C+ → DONE - yes - | onesecondbefore.idfaOnlyAfterAuthorized",
        // Adjust, no CMP.
        "adjust N C0 → ATT - no - | adjust.displayAPrompt",
        "adjust N C0 req → DONE - no attNotAnswered | adjust.notDetermined",
        // Where the GDPR applies no tracker starts before a CMP choice (issue 46, item 2).
        "adjust A C0 → DONE - no - | adjust.idfaOnlyIfGranted",
        "adjust D C0 → DONE - no - | adjust.idfaOnlyIfGranted",
        "adjust R C0 → DONE - no - | adjust.restricted",
        "adjust 3 C0 → DONE - no - | adjust.integerStatus",
        "adjust 5 C0 → DONE - no unknownStatus | adjust.integerStatus",
    ]

    struct Scenario {
        var flow: ConsentFlow
        var input: ConsentFlow.Input
        var next: ATTNextStep
        var reject: ATTRejection
        var trackers: Bool
        var warnings: [ATTWarning]

        init(_ row: String) {
            let sides = row.split(separator: "|")[0].split(separator: "→")
            let given = sides[0].split(separator: " ").map(String.init)
            let expected = sides[1].split(separator: " ").map(String.init)
            let statuses: [String: ATTStatus] = [
                "N": .notDetermined, "A": .authorized, "D": .denied, "R": .restricted, "U": .unavailable,
            ]
            let consents: [String: ConsentState] = [
                "C0": ConsentState.none, "C-": .refused, "C+": .granted, "EXP": .expired, "DIS": .dismissed,
            ]
            var state = ConsentFlow.State()
            var trigger: ATTTrigger?
            var scope: TrackingScope?
            var restrictedAsDenied: Bool?
            for modifier in given.dropFirst(3) {
                let parts = modifier.split(separator: "=").map(String.init)
                switch parts[0] {
                case "req": state.attRequested = true
                case "prev": state.previousStatus = statuses[parts[1]]!
                case "trigger": trigger = ATTTrigger(rawValue: parts[1])!
                case "scope": scope = TrackingScope.presets[parts[1]]!
                case "restrictedAsDenied": restrictedAsDenied = true
                default: preconditionFailure(row)
                }
            }
            flow = ConsentFlow(
                guide: ATTFlow(rawValue: given[0])!,
                trigger: trigger,
                scope: scope,
                restrictedAsDenied: restrictedAsDenied
            )
            let consent = consents[given[2]]!
            if let raw = Int(given[1]) {
                input = ConsentFlow.Input(rawStatus: raw, consent: consent, state: state)
            } else {
                input = ConsentFlow.Input(status: statuses[given[1]]!, consent: consent, state: state)
            }
            next = ["ATT": .requestATT, "CMP": .showCMP, "CMP-NT": .showCMPWithoutTracking, "DONE": .done][expected[0]]!
            reject = ["-": ATTRejection.none, "T": .trackingScope, "ALL": .all][expected[1]]!
            trackers = expected[2] == "yes"
            warnings =
                expected[3] == "-" ? [] : expected[3].split(separator: ",").map { ATTWarning(rawValue: String($0))! }
        }
    }

    /// The key of the quote a row names.
    static func quoteKey(_ row: String) -> String { String(row.split(separator: "|")[1].split(separator: " ")[0]) }

    /// The quote a row names.
    static func quote(_ row: String) -> GuideQuote? { GuideQuote.all[quoteKey(row)] }

    /// Every quote backs at least one row.
    @Test func everyQuoteBacksARow() {
        #expect(Set(Self.scenarios.map(Self.quoteKey)) == Set(GuideQuote.all.keys))
    }

    @Test func everyFlowHasScenarios() {
        let named = Set((Self.scenarios + GoogleUMPFlowTests.scenarios).map { String($0.split(separator: " ")[0]) })
        #expect(named == Set(ATTFlow.allCases.map(\.rawValue)))
        #expect(Self.scenarios.count >= 85)
    }

    /// Every row quotes a sentence of its own flow's guide.
    @Test(arguments: scenarios)
    func everyRowQuotesItsGuide(_ row: String) {
        let flow = ATTFlow(rawValue: String(row.split(separator: " ")[0]))
        #expect(Self.quote(row)?.vendor == flow?.guide, "\(row)")
    }

    @Test(arguments: scenarios)
    func scenario(_ row: String) {
        let s = Scenario(row)
        let d = s.flow.evaluate(s.input)
        let quote = Comment(rawValue: Self.quote(row).map(String.init(describing:)) ?? row)
        #expect(d.next == s.next, quote)
        #expect(d.reject == s.reject, quote)
        #expect(d.trackersAllowed == s.trackers, quote)
        #expect(d.warnings == s.warnings, quote)
        // The IDFA only with authorized or without ATT: "If permission is not asked or if the user
        // denies permission, the IDFA will not be available to your app and embedded third-party
        // SDKs." (Didomi, "App Tracking Transparency (iOS 14.5+)"); Adjust's and Onesecondbefore's
        // quotes in GuideQuote say the same. Where the GDPR applies (every row), reading it is access
        // to the device: it needs a stored choice with Purpose 1 consent too (here: granted).
        let attAllows = s.input.status == .authorized || s.input.status == .unavailable
        #expect(d.idfaAllowed == (attAllows && s.input.consent == .granted), quote)
        #expect(d.reapplyAfterCMP == (s.reject != .none), quote)
    }

    /// What each guide's refusal removes: everything for Didomi's and PubConsent's ATT-first flows
    /// (``GuideQuote`` `didomi.assumedNoCMPConsent`, `pubconsent.assumedToDeny`), nothing for the
    /// others but consentmanager, whose cases follow.
    @Test(arguments: ATTFlow.allCases)
    func rejectionLists(_ flow: ATTFlow) {
        let d = ConsentFlow(guide: flow).evaluate(ConsentFlow.Input(status: .denied, consent: .none))
        switch flow {
        case .didomiATTFirst, .pubConsentATTFirst:
            #expect(d.rejectPurposes == (try! PurposeSet(1...11)) && d.rejectSpecialFeatures == [1, 2])
            #expect(d.rejectVendors == .all)
        case .consentmanager:
            #expect(d.rejectPurposes == [2, 3, 4, 7] && d.rejectSpecialFeatures == [1, 2] && d.rejectVendors == .all)
        default:
            #expect(d.rejectPurposes.isEmpty && d.rejectSpecialFeatures.isEmpty && d.rejectVendors == .none)
        }
    }

    /// consentmanager, "[iOS] 4. Working with ATT (App Tracking Transparency / iOS)", "Step 6:
    /// Decision Table — ATT × CMP Behavior × SDK Actions", for .denied: "Reject ad purposes/vendors
    /// programmatically, then show CMP for non-tracking purposes." Its recipe "Reject ad
    /// purposes/vendors when ATT denied or restricted" ("Step 7: ATT-Aware API Recipes") calls
    /// `rejectPurposes` with `updateVendor: true` once, before the CMP opens ("Step 4: Handle ATT
    /// Result"): the vendors related to the ad purposes go, and what the CMP then collects for the
    /// non-tracking purposes stays. Without a vendor list every vendor goes while the CMP has a
    /// choice to collect, and no vendor once it has recorded one.
    @Test func consentmanagerRejectsVendorsOnceWithoutAVendorList() throws {
        let flow = ConsentFlow(guide: .consentmanager)
        let before = flow.evaluate(ConsentFlow.Input(status: .denied, consent: .none))
        #expect(before.next == .showCMPWithoutTracking && before.rejectVendors == .all)
        // The CMP saved the non-tracking purposes and two vendors; every later evaluation keeps them.
        let saved = try Self.repro()
        let step = flow.evaluate(
            status: .denied,
            stored: StoredConsent(tcString: try saved.encoded()),
            today: Self.today
        )
        #expect(step.consent == .refused && step.decision.next == .done && step.decision.reject == .trackingScope)
        #expect(step.decision.rejectVendors == .none && step.decision.rejectPurposes == [2, 3, 4, 7])
        #expect(step.rewrittenTCString == nil)
        // The settings change from authorized to denied on resume: the ad purposes go, vendors stay.
        let resumed = flow.evaluate(
            status: .denied,
            stored: StoredConsent(tcString: try TrackingFixtures.acceptAll().encoded()),
            state: ConsentFlow.State(previousStatus: .authorized),
            today: Self.today
        )
        let after = try TCString(encoded: try #require(resumed.rewrittenTCString))
        let everyVendor = try VendorSet(1...50)
        #expect(after.purposeConsents == [1, 5, 6, 8, 9, 10, 11] && after.vendorConsents == everyVendor)
    }

    /// The same consentmanager sentences, with the Global Vendor List: the vendors "related" to the
    /// ad purposes are those that declare one of them (by consent, legitimate interest or as
    /// flexible) or a rejected special feature, at every evaluation; a vendor declaring none of
    /// them keeps its consent, before and after the CMP.
    @Test func consentmanagerRejectsTheRelatedVendorsWithAVendorList() throws {
        let gvl = GVLFixtures.v17
        let flow = ConsentFlow(guide: .consentmanager, vendorList: gvl)
        var related = VendorSet()
        for (id, vendor) in gvl.vendors
        where !vendor.purposes.union(vendor.legIntPurposes).union(vendor.flexiblePurposes)
            .intersection([2, 3, 4, 7]).isEmpty || !vendor.specialFeatures.isEmpty
        {
            try related.insert(id)
        }
        for consent in [ConsentState.none, .refused, .granted] {
            let d = flow.evaluate(ConsentFlow.Input(status: .denied, consent: consent))
            #expect(d.rejectVendors == .only(related), "\(consent)")
        }
        #expect(related.contains(755) && related.contains(2) && !related.contains(131))
        let step = flow.evaluate(
            status: .denied,
            stored: StoredConsent(tcString: try Self.repro().encoded()),
            today: Self.today
        )
        let after = try TCString(encoded: try #require(step.rewrittenTCString))
        #expect(after.vendorConsents == [131] && after.vendorLegitimateInterests.isEmpty)
        // Created 2026-11-01 without Disclosed Vendors: TCF 2.3 discloses no vendor.
        #expect(after.permissions(in: gvl).permission(vendor: 131, purpose: 1).reason == .tcf23DisclosedVendorsMissing)
        var disclosed = after
        disclosed.disclosedVendors = [2, 131, 755]
        #expect(disclosed.permissions(in: gvl).permission(vendor: 131, purpose: 1).isAllowed)
        #expect(!disclosed.permissions(in: gvl).permission(vendor: 755, purpose: 1).isAllowed)
        // Nothing is rejected while ATT allows tracking.
        #expect(flow.evaluate(ConsentFlow.Input(status: .authorized, consent: .granted)).rejectVendors == .none)
    }

    /// Didomi, "App Tracking Transparency (iOS 14.5+)", its App Review advice ("We recommend being
    /// careful about the following points"): "If you show the ATT permission request after the CMP,
    /// always show the ATT permission irrespective of the user choice in the CMP." The CMP-first
    /// sample ("Show the CMP notice then the ATT permission if the user gives consent in the CMP
    /// notice") asks only after consent to a purpose: "the ATT permission will not show if the user
    /// denies consent to all purposes in the Didomi consent notice". The flow follows the sample
    /// and warns; `trigger: .always` takes the advice, with its own warning.
    @Test func didomiCMPFirstWarnsWhenATTIsSkippedAfterARefusal() throws {
        let refused = StoredConsent(tcString: try TrackingFixtures.refuseAll().encoded())
        let sample = ConsentFlow(guide: .didomiCMPFirst).evaluate(
            status: .notDetermined,
            stored: refused,
            today: Self.today
        )
        #expect(sample.consent == .refused && sample.decision.next == .done)
        #expect(sample.decision.warnings == [.attNotRequestedAfterCMP])
        let advice = ConsentFlow(guide: .didomiCMPFirst, trigger: .always)
            .evaluate(status: .notDetermined, stored: refused, today: Self.today)
        #expect(advice.decision.next == .requestATT && advice.decision.warnings == [.attAfterCMPRefusal])
        // Consent to a purpose asks ATT, with no warning; once answered, nothing is asked or warned.
        let accepted = StoredConsent(tcString: try TrackingFixtures.acceptAll().encoded())
        let asked = ConsentFlow(guide: .didomiCMPFirst).evaluate(
            status: .notDetermined,
            stored: accepted,
            today: Self.today
        )
        #expect(asked.decision.next == .requestATT && asked.decision.warnings.isEmpty)
        let answered = ConsentFlow(guide: .didomiCMPFirst).evaluate(status: .denied, stored: refused, today: Self.today)
        #expect(answered.decision.next == .done && answered.decision.warnings.isEmpty)
    }

    static let today = Timestamp(iso8601: "2026-11-25")!

    /// A choice the CMP saved after an ATT denial (issue 27's repro, plus vendor 131, which declares
    /// purpose 1 only): the non-tracking purposes, vendors 2 (Captify) and 755 (Google), 755's
    /// legitimate interest.
    static func repro() throws -> TCString {
        var tc = TCString(created: Timestamp(iso8601: "2026-11-01")!, cmpId: 300)
        tc.vendorListVersion = 17
        tc.purposeConsents = [1, 8, 9, 10]
        tc.vendorConsents = [2, 131, 755]
        tc.vendorLegitimateInterests = [755]
        return tc
    }

    /// Adjust, "App Tracking Transparency framework", "Check for authorization status change": "You
    /// need to check the user's authorization status any time they change it."
    @Test(arguments: ATTFlow.allCases)
    func statusChanged(_ flow: ATTFlow) {
        let consentFlow = ConsentFlow(guide: flow)
        for previous in ATTStatus.allCases {
            for current in ATTStatus.allCases {
                let state = ConsentFlow.State(attRequested: true, previousStatus: previous)
                let d = consentFlow.evaluate(ConsentFlow.Input(status: current, consent: .granted, state: state))
                #expect(d.statusChanged == (previous != current))
            }
        }
        #expect(!consentFlow.evaluate(ConsentFlow.Input(status: .denied, consent: .granted)).statusChanged)
    }

    /// The triggers read from a real TC string: Didomi counts consent to any purpose
    /// (`didomi.atLeastOnePurpose`), Onesecondbefore purposes 2-6 (`onesecondbefore.purposes2to6`);
    /// legitimate interest is not consent.
    @Test func triggersReadTheString() throws {
        var tc = try TrackingFixtures.refuseAll()
        #expect(ConsentState(tc, trigger: .anyPurpose) == .refused)
        // `always` asks whatever the answer, but still reads a refusal as one (for its warning).
        #expect(ConsentState(tc, trigger: .always) == .refused)
        #expect(ATTTrigger.always.isMet(by: tc))
        #expect(ConsentState(try TrackingFixtures.acceptAll(), trigger: .always) == .granted)
        tc.purposeLegitimateInterests = [2, 7]
        #expect(ConsentState(tc, trigger: .anyPurpose) == .refused)
        tc.purposeConsents = [1]
        #expect(ConsentState(tc, trigger: .anyPurpose) == .granted)
        #expect(ConsentState(tc, trigger: .purposes2to6) == .refused)
        tc.purposeConsents = [1, 7, 9]
        #expect(ConsentState(tc, trigger: .purposes2to6) == .refused)
        tc.purposeConsents = [5]
        #expect(ConsentState(tc, trigger: .purposes2to6) == .granted)
        #expect(ConsentState(tc, trigger: .trackingScope) == .refused)
        tc.purposeConsents = []
        tc.publisherTC = PublisherTC(purposeConsents: [3])
        #expect(ConsentState(tc, trigger: .anyPurpose) == .granted)
    }
}
