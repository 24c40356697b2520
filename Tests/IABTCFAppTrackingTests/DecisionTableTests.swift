import IABTCFAppTracking
import Testing

/// Every cell of the decision tables (§4.4-4.8 of the ATT research notes), transcribed from the
/// notes in their own shorthand so a drift between the tables and `decide` fails a named case.
@Suite struct DecisionTableTests {
    /// `strategy status consent → next reject`, default options (restricted as denied, the CMP can
    /// hide the tracking scope, S3 enforced), GDPR applies. Status: U A N R D; consent: C0 C- C+;
    /// next: ATT CMP CMP-NT DONE; reject: - T ALL.
    static let defaultRows: [String] = {
        var rows: [String] = []
        // §4.4: common to all strategies.
        for strategy in ["S1", "S2", "S3", "S4"] {
            rows += [
                "\(strategy) U C0 CMP -", "\(strategy) U C- DONE -", "\(strategy) U C+ DONE -",
                "\(strategy) A C0 CMP -", "\(strategy) A C- DONE -", "\(strategy) A C+ DONE -",
            ]
        }
        rows += ["S1 N C0 ATT -", "S1 N C- DONE -", "S1 N C+ ATT -"]  // §4.5
        rows += ["S2 N C0 ATT -", "S2 N C- DONE -", "S2 N C+ ATT -"]  // §4.6
        rows += ["S3 N C0 ATT -", "S3 N C- DONE -", "S3 N C+ ATT -"]  // §4.7
        rows += ["S4 N C0 CMP -", "S4 N C- DONE -", "S4 N C+ ATT -"]  // §4.8
        for refusal in ["D", "R"] {  // restricted as denied: the same rows
            rows += ["S1 \(refusal) C0 DONE ALL", "S1 \(refusal) C- DONE T", "S1 \(refusal) C+ DONE T"]
            rows += ["S2 \(refusal) C0 CMP-NT T", "S2 \(refusal) C- DONE T", "S2 \(refusal) C+ DONE T"]
            rows += ["S3 \(refusal) C0 CMP T", "S3 \(refusal) C- DONE T", "S3 \(refusal) C+ DONE T"]
            rows += ["S4 \(refusal) C0 CMP-NT T", "S4 \(refusal) C- DONE T", "S4 \(refusal) C+ DONE T"]
        }
        return rows
    }()

    struct Row {
        var strategy: ATTStrategy
        var status: ATTStatus
        var consent: ConsentState
        var next: ATTNextStep
        var reject: ATTRejection

        init(_ text: String) {
            let f = text.split(separator: " ").map(String.init)
            precondition(f.count == 5, text)
            strategy = [
                "S1": .attFirstDenyAll, "S2": .attFirstRejectTracking, "S3": .attFirstCMPUnaffected,
                "S4": .cmpFirst,
            ][f[0]]!
            status = [
                "U": .unavailable, "A": .authorized, "N": .notDetermined, "R": .restricted,
                "D": .denied,
            ][f[1]]!
            consent = ["C0": ConsentState.none, "C-": .refused, "C+": .granted][f[2]]!
            next = ["ATT": .requestATT, "CMP": .showCMP, "CMP-NT": .showCMPWithoutTracking, "DONE": .done][f[3]]!
            reject = ["-": ATTRejection.none, "T": .trackingScope, "ALL": .all][f[4]]!
        }
    }

    @Test func everyCellIsListedOnce() {
        // 4 strategies × 5 statuses × 3 consent states.
        #expect(Self.defaultRows.count == 60)
        #expect(Set(Self.defaultRows.map { $0.split(separator: " ").prefix(3).joined(separator: " ") }).count == 60)
    }

    @Test(arguments: defaultRows)
    func cell(_ text: String) {
        let row = Row(text)
        let d = strategyDecision(status: row.status, consent: row.consent, strategy: row.strategy)
        #expect(d.next == row.next)
        #expect(d.reject == row.reject)
        // idfa/trackers columns of §4.4 and the footers of §4.5-4.8: only A and U (without LAT) allow
        // them; trackers only once the CMP has recorded a choice (issue 14: never before the flow is done).
        // The IDFA also needs Purpose 1 consent where the GDPR applies (issue 38): here a granted choice.
        let allowed = row.status == .authorized || row.status == .unavailable
        #expect(d.idfaAllowed == (allowed && row.consent == .granted))
        // Trackers need tracking consent as well (issue 46, item 2): a refusal starts none.
        #expect(d.trackersAllowed == (allowed && row.consent == .granted))
        // reapplyAfterCMP whenever ATT was refused (§4.2).
        #expect(d.reapplyAfterCMP == (row.status == .denied || row.status == .restricted))
        #expect(d.warnings.contains(.appReviewRisk) == (row.strategy == .attFirstCMPUnaffected))
    }

    /// The `gdprApplies == false` rows of §4.4: only ATT decides; the consent input does not matter.
    @Test(arguments: ATTStrategy.allCases)
    func gdprDoesNotApplyRows(_ strategy: ATTStrategy) {
        for consent in ConsentState.allCases {
            func decide(_ status: ATTStatus) -> ConsentFlow.Decision {
                strategyDecision(status: status, consent: consent, gdprApplies: false, strategy: strategy)
            }
            let n = decide(.notDetermined)
            #expect(n.next == .requestATT && !n.idfaAllowed && !n.trackersAllowed)
            let a = decide(.authorized)
            #expect(a.next == .done && a.idfaAllowed && a.trackersAllowed)
            for refused in [ATTStatus.restricted, .denied] {
                let d = decide(refused)
                #expect(d.next == .done && !d.idfaAllowed && !d.trackersAllowed && d.reject == .none)
            }
            let u = decide(.unavailable)
            #expect(u.next == .done && u.idfaAllowed && u.trackersAllowed)
        }
    }

    /// §4.5 ²: restricted read literally as unavailable: the full CMP for C0, nothing rejected,
    /// still no tracking (G2), and a warning on every row.
    @Test(arguments: ATTStrategy.allCases)
    func restrictedAsUnavailableRows(_ strategy: ATTStrategy) {
        let options = ATTOptions(restrictedAsDenied: false)
        for (consent, next) in [
            (ConsentState.none, ATTNextStep.showCMP), (.refused, .done), (.granted, .done), (.expired, .showCMP),
            (.dismissed, .done),
        ] {
            let d = strategyDecision(status: .restricted, consent: consent, strategy: strategy, options: options)
            #expect(d.next == next && d.reject == .none && !d.idfaAllowed && !d.trackersAllowed)
            #expect(d.warnings.contains(.restrictedShownFullCMP))
        }
    }

    /// §4.6 ³: a CMP that cannot hide the tracking scope is not shown after an ATT refusal; the
    /// scope is rejected instead (S1 behaviour without deny-all).
    @Test(arguments: [ATTStrategy.attFirstRejectTracking, .cmpFirst], [ATTStatus.denied, .restricted])
    func cmpThatCannotHideTracking(_ strategy: ATTStrategy, _ status: ATTStatus) {
        let options = ATTOptions(cmpSupportsNonTrackingScope: false)
        let d = strategyDecision(status: status, consent: .none, strategy: strategy, options: options)
        #expect(d.next == .done && d.reject == .trackingScope && d.reapplyAfterCMP)
    }

    /// §4.7 literal mode: S3 without enforcement shows the full CMP and rejects nothing, with its warning.
    @Test(arguments: ConsentState.allCases)
    func s3Literal(_ consent: ConsentState) {
        let options = ATTOptions(enforceOnCMPUnaffected: false)
        let d = strategyDecision(
            status: .denied,
            consent: consent,
            strategy: .attFirstCMPUnaffected,
            options: options
        )
        #expect(d.next == (consent == .none || consent == .expired ? .showCMP : .done) && d.reject == .none)
        #expect(d.warnings.contains(.appReviewRisk) && !d.trackersAllowed)
    }

    /// §4.1 `legacyLimitAdTracking`: below iOS 14 with Limit Ad Tracking on, the device is handled like denied.
    @Test(arguments: ATTStrategy.allCases)
    func legacyLimitAdTracking(_ strategy: ATTStrategy) {
        let options = ATTOptions(legacyLimitAdTracking: true)
        for consent in ConsentState.allCases {
            let u = strategyDecision(status: .unavailable, consent: consent, strategy: strategy, options: options)
            let d = strategyDecision(status: .denied, consent: consent, strategy: strategy, options: options)
            #expect(u == d)
        }
    }
}
