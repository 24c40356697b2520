import IABTCFAppTracking
import Testing

@testable import IABTCF

/// Every flow of the five integration guides in `shared/seeds/`, scenario by scenario: each row
/// names the guide and the lines it reproduces, so a test failure points at the sentence it breaks.
///
/// Row: `FLOW STATUS CONSENT [modifiers] → NEXT REJECT TRACKERS WARNINGS | GUIDE LINES`.
/// Status: N A D R U (unavailable) or a raw integer; consent: C0 (none) C- (refused) C+ (granted)
/// EXP (expired) DIS (dismissed); modifiers: `req` (ATT requested in this run), `prev=S`,
/// `trigger=T`, `scope=NAME`, `restrictedAsDenied`; next: ATT CMP CMP-NT DONE; reject: - T ALL;
/// trackers: yes/no; warnings: comma-separated names or -.
@Suite struct GuideFlowTests {
    static let scenarios: [String] = [
        // Didomi, ATT first (000_1b043c6a936a75ed.txt 398-442, recommended in 287-293).
        "didomi-att-first N C0 → ATT - no - | Didomi 408, 418-419",
        "didomi-att-first A C0 → CMP - no - | Didomi 421-423",
        "didomi-att-first A C+ → DONE - yes - | Didomi 421-423",
        "didomi-att-first A C- → DONE - yes - | Didomi 421-423",
        "didomi-att-first D C0 → DONE ALL no - | Didomi 424-426",
        "didomi-att-first D C+ → DONE ALL no - | Didomi 424-426",
        "didomi-att-first R C0 → CMP - no restrictedShownFullCMP | Didomi 427-430",
        "didomi-att-first R C+ → DONE - no - | Didomi 427-430",
        "didomi-att-first R C0 restrictedAsDenied → DONE ALL no - | Didomi 427-430 (other reading)",
        "didomi-att-first N C0 req → CMP - no - | Didomi 431-434",
        "didomi-att-first U C0 → CMP - no - | Didomi 437-439",
        "didomi-att-first U C+ → DONE - yes - | Didomi 437-439",
        "didomi-att-first 7 C0 → DONE ALL no unknownStatus | Didomi 420-435 (no branch for unknown values)",
        "didomi-att-first A EXP → CMP - no - | Didomi 421-423",
        // Didomi, CMP first (359-396).
        "didomi-cmp-first N C0 → CMP - no - | Didomi 371, 393-394",
        "didomi-cmp-first N C+ → ATT - no - | Didomi 365-369, 385-387",
        "didomi-cmp-first N C- → DONE - no - | Didomi 371",
        "didomi-cmp-first N C+ req → DONE - no - | Didomi 385",
        "didomi-cmp-first A C0 → CMP - no - | Didomi 371",
        "didomi-cmp-first A C+ → DONE - yes - | Didomi 343-345",
        "didomi-cmp-first D C+ → DONE - no - | Didomi 343-347",
        "didomi-cmp-first D C0 → CMP - no appReviewRisk | Didomi 371 against 303",
        "didomi-cmp-first R C0 → CMP - no restrictedShownFullCMP | Didomi 371",
        "didomi-cmp-first U C0 → CMP - no - | Didomi 367, 371",
        "didomi-cmp-first U C+ → DONE - yes - | Didomi 367",
        "didomi-cmp-first N DIS → DONE - no dismissableCMPBeforeATT | Didomi 305",
        "didomi-cmp-first N C- trigger=always → ATT - no attAfterCMPRefusal | Didomi 450 (other reading)",
        // PubConsent, option 1: ATT first (001_98f8a442817ec511.txt 8-13, 18-23).
        "pubconsent-att-first N C0 → ATT - no - | PubConsent 22",
        "pubconsent-att-first A C0 → CMP - no - | PubConsent 21, 23",
        "pubconsent-att-first A C+ → DONE - yes - | PubConsent 23",
        "pubconsent-att-first R C0 → CMP - no restrictedShownFullCMP | PubConsent 21, 23",
        "pubconsent-att-first D C0 → DONE ALL no - | PubConsent 8, 11, 13",
        "pubconsent-att-first D C+ → DONE ALL no - | PubConsent 13",
        "pubconsent-att-first U C0 → CMP - no - | PubConsent 20",
        "pubconsent-att-first N C0 req → CMP - no - | PubConsent 23",
        "pubconsent-att-first A DIS → DONE - no - | PubConsent 24-27",
        // PubConsent, option 2: CMP first (14-17).
        "pubconsent-cmp-first N C0 → CMP - no - | PubConsent 16",
        "pubconsent-cmp-first N C+ → ATT - no - | PubConsent 16-17",
        "pubconsent-cmp-first N C- → ATT - no attAfterCMPRefusal | PubConsent 15-16",
        "pubconsent-cmp-first N DIS → ATT - no attAfterCMPRefusal | PubConsent 16, 24-27",
        "pubconsent-cmp-first N C+ req → DONE - no - | PubConsent 16",
        "pubconsent-cmp-first A C- → DONE - yes - | PubConsent 15",
        "pubconsent-cmp-first D C+ → DONE - no - | PubConsent 15",
        "pubconsent-cmp-first R C+ → DONE - no - | PubConsent 15",
        "pubconsent-cmp-first U C0 → CMP - no - | PubConsent 20",
        // consentmanager (002_eef79d1cddf8c048.txt).
        "consentmanager N C0 → ATT - no - | consentmanager 53, 98",
        "consentmanager N C+ → ATT - no - | consentmanager 165",
        "consentmanager N C0 req → CMP - no - | consentmanager 78-79",
        "consentmanager A C0 → CMP - no - | consentmanager 72-73, 99",
        "consentmanager A C+ → DONE - yes - | consentmanager 99, 171",
        "consentmanager A C- → DONE - yes - | consentmanager 99",
        "consentmanager D C0 → CMP-NT T no - | consentmanager 74-77, 100",
        "consentmanager R C0 → CMP-NT T no - | consentmanager 74-77, 101",
        "consentmanager D C+ → DONE T no - | consentmanager 100, 122-124",
        "consentmanager R C- → DONE T no - | consentmanager 101, 129",
        "consentmanager U C0 → CMP - no - | consentmanager 61-63, 102",
        "consentmanager U C+ → DONE - yes - | consentmanager 102, 131",
        "consentmanager 4 C0 → CMP T no unknownStatus | consentmanager 80-81",
        "consentmanager -1 C+ → DONE T no unknownStatus | consentmanager 80-81",
        "consentmanager D EXP → CMP-NT T no - | consentmanager 100, 152",
        // Onesecondbefore, recommended: ATT first (004_81c635dad8329ae5.txt 5-6).
        "onesecondbefore-att-first N C0 → ATT - no - | Onesecondbefore 6",
        "onesecondbefore-att-first N C0 req → CMP - no - | Onesecondbefore 6",
        "onesecondbefore-att-first A C0 → CMP - no - | Onesecondbefore 6",
        "onesecondbefore-att-first A C+ → DONE - yes - | Onesecondbefore 14",
        "onesecondbefore-att-first A EXP → CMP - no - | Onesecondbefore 14, 33",
        "onesecondbefore-att-first D C0 → CMP - no appReviewRisk | Onesecondbefore 6",
        "onesecondbefore-att-first D C+ → DONE - no - | Onesecondbefore 6",
        "onesecondbefore-att-first R C0 → CMP - no appReviewRisk | Onesecondbefore 6",
        "onesecondbefore-att-first D C0 scope=appleDefault → CMP T no appReviewRisk | Onesecondbefore 6 (other reading)",
        "onesecondbefore-att-first U C0 → CMP - no - | Onesecondbefore 48",
        // Onesecondbefore, alternative: CMP first (8-9, 14, 42).
        "onesecondbefore-cmp-first N C0 → CMP - no - | Onesecondbefore 9, 14",
        "onesecondbefore-cmp-first N C+ → ATT - no - | Onesecondbefore 42",
        "onesecondbefore-cmp-first N C- → DONE - no - | Onesecondbefore 9, 42",
        "onesecondbefore-cmp-first N C+ req → DONE - no - | Onesecondbefore 42",
        "onesecondbefore-cmp-first D EXP → CMP - no appReviewRisk | Onesecondbefore 9, 33",
        "onesecondbefore-cmp-first D C+ → DONE - no - | Onesecondbefore 9",
        "onesecondbefore-cmp-first A EXP → CMP - no - | Onesecondbefore 9, 14",
        "onesecondbefore-cmp-first A C+ → DONE - yes - | Onesecondbefore 44, 48",
        "onesecondbefore-cmp-first U C+ → DONE - yes - | Onesecondbefore 48",
        // Adjust, no CMP (003_7bd3a79e2abd19d6.txt).
        "adjust N C0 → ATT - no - | Adjust 3, 17",
        "adjust N C0 req → DONE - no - | Adjust 14",
        "adjust A C0 → DONE - yes - | Adjust 12, 93",
        "adjust D C0 → DONE - no - | Adjust 13, 88-93",
        "adjust R C0 → DONE - no - | Adjust 15",
        "adjust 3 C0 → DONE - yes - | Adjust 26-41",
        "adjust 5 C0 → DONE - no unknownStatus | Adjust 26-41 (no case for other values)",
    ]

    struct Scenario {
        var flow: ConsentFlow
        var input: ATTFlowInput
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
            var state = ATTFlowState()
            var trigger: ATTTrigger?
            var scope: TrackingScope?
            var restrictedAsDenied = false
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
                input = ATTFlowInput(rawStatus: raw, consent: consent, state: state)
            } else {
                input = ATTFlowInput(status: statuses[given[1]]!, consent: consent, state: state)
            }
            next = ["ATT": .requestATT, "CMP": .showCMP, "CMP-NT": .showCMPWithoutTracking, "DONE": .done][expected[0]]!
            reject = ["-": ATTRejection.none, "T": .trackingScope, "ALL": .all][expected[1]]!
            trackers = expected[2] == "yes"
            warnings =
                expected[3] == "-" ? [] : expected[3].split(separator: ",").map { ATTWarning(rawValue: String($0))! }
        }
    }

    @Test func everyFlowHasScenarios() {
        let named = Set((Self.scenarios + GoogleUMPFlowTests.scenarios).map { String($0.split(separator: " ")[0]) })
        #expect(named == Set(ATTFlow.allCases.map(\.rawValue)))
        #expect(Self.scenarios.count >= 85)
    }

    @Test(arguments: scenarios)
    func scenario(_ row: String) {
        let s = Scenario(row)
        let d = s.flow.decide(s.input)
        #expect(d.next == s.next)
        #expect(d.reject == s.reject)
        #expect(d.trackersAllowed == s.trackers)
        #expect(d.warnings == s.warnings)
        // The IDFA only with authorized or without ATT (Didomi 446; PubConsent 6; consentmanager 97-102;
        // Adjust 93; Onesecondbefore 48).
        #expect(d.idfaAllowed == (s.input.status == .authorized || s.input.status == .unavailable))
        #expect(d.reapplyAfterCMP == (s.reject != .none))
    }

    /// What each guide's refusal removes: everything for Didomi and PubConsent ("deny user consent
    /// for all purposes/vendors", Didomi 425), the ad purposes and every vendor for consentmanager
    /// (`rejectPurposes(adPurposeIds, updateVendor: true)`, 108-111), nothing for the others.
    @Test(arguments: ATTFlow.allCases)
    func rejectionLists(_ flow: ATTFlow) {
        let d = ConsentFlow(guide: flow).decide(ATTFlowInput(status: .denied, consent: .granted))
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

    /// Adjust: "You need to check the user's authorization status any time they change it" (58).
    @Test(arguments: ATTFlow.allCases)
    func statusChanged(_ flow: ATTFlow) {
        let consentFlow = ConsentFlow(guide: flow)
        for previous in ATTStatus.allCases {
            for current in ATTStatus.allCases {
                let state = ATTFlowState(attRequested: true, previousStatus: previous)
                let d = consentFlow.decide(ATTFlowInput(status: current, consent: .granted, state: state))
                #expect(d.statusChanged == (previous != current))
            }
        }
        #expect(!consentFlow.decide(ATTFlowInput(status: .denied, consent: .granted)).statusChanged)
    }

    /// The triggers read from a real TC string: Didomi counts consent to any purpose (369),
    /// Onesecondbefore purposes 2-6 (42); legitimate interest is not consent.
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
