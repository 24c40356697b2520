import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFConsentLifecycle
import IABTCFStorage
import IABTCFVendorList
import Testing

/// What the scripted person answers in the ATT prompt.
enum ATTAnswer: Sendable, Hashable {
    /// "Allow".
    case allow
    /// "Ask App Not to Track".
    case askNotToTrack
    /// "Additional Information" (the expanded sheet of 27.2): no answer recorded; the app explains.
    case additionalInformation
    /// The system dismisses the prompt without a decision.
    case systemDismisses
}

/// What the scripted person does in the CMP (or Google UMP's message).
enum CMPAnswer: Sendable, Hashable {
    /// "Accept All".
    case acceptAll
    /// "Reject All".
    case rejectAll
    /// Purposes 1, 8 and 10 (device access, content measurement, product development) and Google
    /// (755): nothing of the tracking scope.
    case custom
    /// Closes the notice without saving.
    case closeWithoutSaving
}

/// A flow with a name, for parameterised journeys.
struct FlowCase: Sendable, CustomTestStringConvertible {
    let name: String
    let flow: ConsentFlow
    var testDescription: String { name }

    /// Whether the flow is Google UMP's.
    var isGoogleUMP: Bool { flow.rules == .guide(.googleUMP) }

    /// Every guide's flow and every strategy, each with its defaults.
    static let all: [FlowCase] =
        ATTStrategy.allCases.map { FlowCase(name: "strategy \($0.rawValue)", flow: ConsentFlow(strategy: $0)) }
        + ATTFlow.allCases.map { FlowCase(name: "guide \($0.rawValue)", flow: ConsentFlow(guide: $0)) }

    /// The flows that reject the tracking scope after an ATT refusal (a rewrite follows a denial).
    static let rejecting = all.filter(\.flow.rejectsOnRefusal)

    /// Every flow that asks a denial again a year later where Apple allows it.
    static let reprompting: [FlowCase] = all.map {
        var flow = $0.flow
        flow.reprompt = .denied
        return FlowCase(name: $0.name, flow: flow)
    }
}

/// How `IABTCF_gdprApplies` is written by a CMP: the value and its type, or absent.
enum GDPRAppliesValue: Sendable, Hashable, CustomTestStringConvertible {
    case int(Int)
    case string(String)
    case bool(Bool)
    /// A floating-point number, as an `NSNumber` of a `Double` (`1.0` reads as 1).
    case double(Double)
    case missing

    /// What it reads as: 1 or 0 in any type CMPs write; unset or malformed is "applies".
    var applies: Bool {
        switch self {
        case .int(let value): value != 0
        case .string(let text): !["0", "false", "no"].contains(text.lowercased())
        case .bool(let flag): flag
        case .double(let value): value != 0
        case .missing: true
        }
    }

    var testDescription: String {
        switch self {
        case .int(let value): "int \(value)"
        case .string(let text): "string \"\(text)\""
        case .bool(let flag): "bool \(flag)"
        case .double(let value): "double \(value)"
        case .missing: "missing"
        }
    }
}

/// A day on the simulator's clock.
func day(_ iso: String) -> Date {
    Date(timeIntervalSince1970: Timestamp(iso8601: iso)!.secondsSince1970)
}

/// The device, the OS, the person and the CMP, scripted, with a `UserDefaults` suite the CMP and
/// the coordinator both write, and a clock that moves across launches, days and years.
///
/// At every prompt and after every activation it checks the lifecycle's invariants and records
/// each violation as an issue whose comment starts with the invariant's name.
@MainActor
final class Simulation: ConsentPlatform {
    // The platform.
    var status: ATTStatus = .notDetermined
    var osVersion = OperatingSystemVersion(majorVersion: 27, minorVersion: 2, patchVersion: 0)
    var region: ConsentFlow.Region = .eu
    var now = day("2026-03-02")
    /// The day the system recorded the person's last ATT answer (for its own yearly rule).
    var systemAnswerDay: Date?
    /// Whether the person turned tracking off in Settings (no prompt ever shows then).
    var settingsDisabled = false

    // The person.
    var attAnswers: [ATTAnswer] = [.allow]
    var cmpAnswers: [CMPAnswer] = [.acceptAll]

    // The CMP.
    /// How the CMP writes `IABTCF_gdprApplies`.
    var gdprApplies: GDPRAppliesValue = .int(1)
    /// Whether the CMP writes only the GPP keys (no `IABTCF_` keys).
    var cmpWritesOnlyGPP = false
    /// What a US CMP (Google UMP's US states message, a state's CMP) writes with each save beside
    /// the TCF keys: `IABGPP_HDR_GppString`, `IABGPP_GppSID`, `IABGPP_[SectionID]_String`,
    /// `IABUSPrivacy_String`, `gad_rdp`; empty writes none.
    var usKeys: [String: Any] = [:]
    /// The CMP writes the TCF keys and the GPP keys of the same choice (`IABGPP_HDR_GppString` with
    /// section 2 and `usKeys`' US section, `IABGPP_GppSID`, `IABGPP_2_String`).
    var cmpWritesTCFAndGPP = false
    /// Google UMP's `canRequestAds` after its last form.
    var umpCanRequestAds = false
    /// The LastUpdated of the last string the CMP wrote (the person's last CMP answer).
    var lastCMPChoice: Timestamp?

    /// Runs while the ATT prompt is on screen (the app regains active when it closes).
    var duringATTPrompt: (() async -> Void)?

    // Counts.
    var attPrompts = 0
    var cmpPresentations = 0
    var attRequests = 0
    /// Google's IDFA explainer shown before the ATT alert.
    var explainers = 0
    private var attRequestsThisActivation = 0
    private var cmpShowsThisActivation = 0
    private var personActionsThisActivation = 0

    /// The change source the coordinator follows (Simulator+Live.swift): signals the journeys send.
    let keyChangeSignals = KeyChangeSignals()

    let flowCase: FlowCase
    let defaults: UserDefaults
    let suiteName: String
    private(set) var coordinator: ConsentCoordinator!

    init(_ flowCase: FlowCase) {
        self.flowCase = flowCase
        suiteName = "IABTCFConsentLifecycleTests.\(UUID().uuidString)"
        defaults = UserDefaults(suiteName: suiteName)!
        coordinator = ConsentCoordinator(flow: flowCase.flow, platform: self, store: defaults)
    }

    /// Removes the suite.
    func tearDown() { defaults.removePersistentDomain(forName: suiteName) }

    // MARK: ConsentPlatform

    func attStatus() -> ATTStatus { status }

    func requestATT(explainer: Bool) async -> ATTPromptOutcome {
        checkStore("before the ATT request")
        if explainer { explainers += 1 }
        attRequests += 1
        attRequestsThisActivation += 1
        guard systemPrompts else { return .closed }
        attPrompts += 1
        await duringATTPrompt?()
        let answer = attAnswers.count > 1 ? attAnswers.removeFirst() : attAnswers[0]
        switch answer {
        case .allow, .askNotToTrack:
            status = answer == .allow ? .authorized : .denied
            systemAnswerDay = now
            return .closed
        case .additionalInformation:
            personActionsThisActivation += 1
            return .additionalInformation
        case .systemDismisses:
            return .closed
        }
    }

    func showCMP(allowingTracking: Bool) async -> CMPOutcome {
        checkStore("before the CMP")
        cmpPresentations += 1
        cmpShowsThisActivation += 1
        let answer = cmpAnswers.count > 1 ? cmpAnswers.removeFirst() : cmpAnswers[0]
        guard answer != .closeWithoutSaving else {
            umpCanRequestAds = !gdprApplies.applies
            return .closedWithoutSaving
        }
        writeChoice(answer, allowingTracking: allowingTracking)
        umpCanRequestAds = true
        return .saved
    }

    /// Whether the system shows the prompt: while notDetermined; in the European Union from 27.2,
    /// also a year after the last answer unless tracking is off in Settings.
    private var systemPrompts: Bool {
        if status == .notDetermined { return true }
        guard status == .authorized || status == .denied, region == .eu, !settingsDisabled,
            osVersion.majorVersion > 27 || (osVersion.majorVersion == 27 && osVersion.minorVersion >= 2),
            let answered = systemAnswerDay
        else { return false }
        return now >= Calendar.utc.date(byAdding: .year, value: 1, to: answered)!
    }

    /// The rejections handed to the CMP's own API.
    var rejections: [ATTRejection] = []

    func reject(_ decision: ConsentFlow.Decision) { rejections.append(decision.reject) }

    // MARK: The CMP

    /// The string a CMP saves for `answer` today (Created = LastUpdated = the day).
    func choice(_ answer: CMPAnswer, allowingTracking: Bool = true, on date: Date? = nil) -> TCString {
        let today = Timestamp(date ?? now).startOfDay
        var tc = TCString(created: today, cmpId: 300, vendorListVersion: 160)
        tc.lastUpdated = today
        tc.cmpVersion = 2
        tc.policyVersion = 5
        let vendors = try! VendorSet([1, 2, 21, 755])
        tc.disclosedVendors = vendors
        switch answer {
        case .acceptAll:
            tc.purposeConsents = allowingTracking ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] : [1, 7, 8, 9, 10, 11]
            tc.specialFeatureOptIns = allowingTracking ? [1, 2] : []
            tc.vendorConsents = vendors
            tc.vendorLegitimateInterests = vendors
        case .custom:
            tc.purposeConsents = [1, 8, 10]
            tc.vendorConsents = try! VendorSet([755])
        case .rejectAll, .closeWithoutSaving:
            break
        }
        return tc
    }

    /// The CMP saves `answer` through the real store, with `IABTCF_gdprApplies` as it writes it.
    func writeChoice(_ answer: CMPAnswer, allowingTracking: Bool = true, on date: Date? = nil) {
        store(choice(answer, allowingTracking: allowingTracking, on: date))
    }

    /// The CMP stores `tc` (or only its GPP keys) and `IABTCF_gdprApplies` as it writes it.
    func store(_ tc: TCString) {
        lastCMPChoice = tc.lastUpdated
        if cmpWritesOnlyGPP {
            let section = try! tc.encoded()
            defaults.set("DBABMA~\(section)", forKey: "IABGPP_HDR_GppString")
            defaults.set("2", forKey: "IABGPP_GppSID")
            defaults.set(section, forKey: "IABGPP_2_String")
        } else {
            try! defaults.writeInAppKeys(for: tc, gdprApplies: nil)
        }
        for (key, value) in usKeys { defaults.set(value, forKey: key) }
        if cmpWritesTCFAndGPP {
            let section = try! tc.encoded()
            defaults.set("DBACMM~\(section)~BVQqAAAAAg", forKey: "IABGPP_HDR_GppString")
            defaults.set("2_7", forKey: "IABGPP_GppSID")
            defaults.set(section, forKey: "IABGPP_2_String")
        }
        switch gdprApplies {
        case .int(let value): defaults.set(value, forKey: InAppKeys.gdprApplies)
        case .string(let text): defaults.set(text, forKey: InAppKeys.gdprApplies)
        case .bool(let flag): defaults.set(flag, forKey: InAppKeys.gdprApplies)
        case .double(let value): defaults.set(value, forKey: InAppKeys.gdprApplies)
        case .missing: defaults.removeObject(forKey: InAppKeys.gdprApplies)
        }
    }

    // MARK: The lifecycle

    /// A cold launch: a new coordinator over the same store (what the app persisted survives).
    @discardableResult
    func launch(sourceLocation: SourceLocation = #_sourceLocation) async -> ConsentAnswer {
        coordinator = ConsentCoordinator(flow: flowCase.flow, platform: self, store: defaults)
        return await activate(sourceLocation: sourceLocation)
    }

    /// A return to the foreground.
    @discardableResult
    func activate(sourceLocation: SourceLocation = #_sourceLocation) async -> ConsentAnswer {
        await step(personActions: 0, sourceLocation) { await $0.activate() }
    }

    /// The person opens the privacy options (they act: the CMP shows once more).
    @discardableResult
    func privacyOptions(sourceLocation: SourceLocation = #_sourceLocation) async -> ConsentAnswer {
        await step(personActions: 1, sourceLocation) { await $0.showPrivacyOptions() }
    }

    /// One step of the coordinator that starts an activation's counts: `personActions` is what
    /// the person does in it; the answer is checked.
    private func step(
        personActions: Int,
        _ sourceLocation: SourceLocation,
        _ run: (ConsentCoordinator) async -> ConsentAnswer
    ) async -> ConsentAnswer {
        attRequestsThisActivation = 0
        cmpShowsThisActivation = 0
        personActionsThisActivation = personActions
        let answer = await run(coordinator)
        check(answer, sourceLocation: sourceLocation)
        return answer
    }

    /// Moves the clock.
    func advance(days: Int) { now = now.addingTimeInterval(Double(days) * 86_400) }

    /// The person flips tracking in Settings.
    func settings(allowTracking: Bool) {
        status = allowTracking ? .authorized : .denied
        settingsDisabled = !allowTracking
    }

    /// Launches again and again with the same answers until the store and the answer stop changing:
    /// at most `launches` launches, then one more must change nothing.
    @discardableResult
    func reachFixedPoint(launches: Int = 4, sourceLocation: SourceLocation = #_sourceLocation) async -> ConsentAnswer {
        var last = (snapshot(), await launch(sourceLocation: sourceLocation))
        for _ in 0..<launches {
            let next = (snapshot(), await launch(sourceLocation: sourceLocation))
            if next.0 == last.0 && next.1 == last.1 { return next.1 }
            last = next
        }
        Issue.record("fixed point: still changing after \(launches) launches", sourceLocation: sourceLocation)
        return last.1
    }

    /// The keys the CMP and the coordinator keep, as strings.
    func snapshot() -> [String: String] {
        var keys: [String: String] = [:]
        for (key, value) in defaults.dictionaryRepresentation()
        where key.hasPrefix("IABTCF") || key.hasPrefix("IABGPP_") {
            keys[key] = "\(value)"
        }
        // Counters of activations, not state: they move on every launch by design.
        keys.removeValue(forKey: ConsentCoordinator.Keys.activations)
        keys.removeValue(forKey: ConsentCoordinator.Keys.cmpDismissedInActivation)
        return keys
    }

    /// The stored string, decoded.
    var storedString: TCString? { defaults.readInAppConsent().tcString.flatMap { try? TCString(encoded: $0) } }

    // MARK: The invariants

    /// Every invariant after an activation.
    func check(_ answer: ConsentAnswer, sourceLocation: SourceLocation) {
        checkPrivacyOptions(answer, sourceLocation: sourceLocation)  // Simulator+Live.swift
        checkStore("after the activation", sourceLocation: sourceLocation)
        checkTracking(answer, sourceLocation: sourceLocation)
        checkConsentMode(answer, sourceLocation: sourceLocation)
        checkPromptCounts(sourceLocation: sourceLocation)
    }

    /// The stored derived keys agree with the stored string; no choice is younger than the
    /// person's last CMP answer.
    func checkStore(_ when: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let consent = defaults.readInAppConsent()
        let stale = consent.problems.filter {
            guard case .tcStringMismatch(let key) = $0 else { return false }
            return key.hasPrefix("IABTCF_")
        }
        if !stale.isEmpty {
            Issue.record("keys agree: \(when), \(stale)", sourceLocation: sourceLocation)
        }
        if let stored = storedString, let answered = lastCMPChoice,
            stored.lastUpdated > answered || stored.created > answered
        {
            Issue.record(
                "no younger choice: \(when), LastUpdated \(stored.lastUpdated), last CMP answer \(answered)",
                sourceLocation: sourceLocation
            )
        }
    }

    /// No tracker and no IDFA where the GDPR applies unless the current choice consents to the
    /// flow's tracking scope (Purpose 1 included) and ATT allows tracking.
    /// Where it does not apply: no tracker and no IDFA with an opt-out of sale, sharing or targeted
    /// advertising (or GPC) in a US section in force, and the ad answer is the one `tcstring ads`
    /// gives for the same keys (`StoredConsent.usAdServing`). Never looser than the choice: when
    /// the person's choice in the sections in force opts out (``usChoiceOptsOut()``, read without
    /// the library's US answer, a missing or unreadable section in force counting as an opt-out),
    /// ads are not personalized and no tracker or IDFA is allowed.
    func checkTracking(_ answer: ConsentAnswer, sourceLocation: SourceLocation) {
        let consent = defaults.readInAppConsent()
        if !(consent.gdprApplies ?? true) {
            let stored = StoredConsent(inAppConsent: consent, gppInAppConsent: defaults.readGPPInAppConsent())
            if answer.adServing != nil && answer.adServing != stored.usAdServing() {
                Issue.record("ads agree: \(String(describing: answer.adServing))", sourceLocation: sourceLocation)
            }
            if (answer.trackersAllowed || answer.idfaAllowed) && !stored.usOptOuts.isEmpty {
                Issue.record("no tracker after a US opt-out: \(stored.usOptOuts)", sourceLocation: sourceLocation)
            }
            if let why = usChoiceOptsOut(),
                answer.adServing?.mode == .personalized || answer.trackersAllowed || answer.idfaAllowed
            {
                let mode = answer.adServing.map { "\($0.mode)" } ?? "none asked"
                let message =
                    "never looser than the choice: \(why), yet ads \(mode), "
                    + "trackers \(answer.trackersAllowed), IDFA \(answer.idfaAllowed)"
                Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
            }
        }
        guard answer.trackersAllowed || answer.idfaAllowed else { return }
        guard consent.gdprApplies ?? true else { return }
        let today = Timestamp(now)
        var reasons: [String] = []
        if status != .authorized && status != .unavailable { reasons.append("ATT \(status.rawValue)") }
        if let tc = storedString {
            let age = (today.secondsSince1970 - tc.lastUpdated.secondsSince1970) / 86_400
            if age > Double(flowCase.flow.maximumAge ?? Int.max) { reasons.append("expired") }
            if tc.lastUpdated.secondsSince1970 > today.secondsSince1970 + 86_400 { reasons.append("future-dated") }
            // The engine owns what consenting to the scope means (a scope purpose with a vendor, or a
            // scope special feature); Purpose 1 is checked here as well.
            if !tc.purposeConsents.contains(1) { reasons.append("no Purpose 1") }
            if !flowCase.flow.consentsToTracking(tc) { reasons.append("no tracking scope in \(tc.purposeConsents)") }
        } else {
            reasons.append("no choice")
        }
        if !reasons.isEmpty {
            Issue.record(
                "no tracker: trackers \(answer.trackersAllowed), IDFA \(answer.idfaAllowed) with \(reasons)",
                sourceLocation: sourceLocation
            )
        }
    }

    /// Why the person's choice in the US sections in force opts out, read from the stored keys
    /// section by section without `StoredConsent` (each section's text decoded alone), or `nil`
    /// when it does not: a section in force (`IABGPP_GppSID`, else every section of the string)
    /// among 6-27 with an opt-out of sale, sharing or targeted advertising or a set GPC flag (or
    /// section 6's OptOutSale `Y`), or one the string lacks or that does not decode, or a header
    /// that does not decode. A missing or unreadable section in force never loosens the choice.
    func usChoiceOptsOut() -> String? {
        let keys = defaults.readGPPInAppConsent()
        guard let text = keys.gppString else { return nil }
        let parts = text.split(separator: "~", omittingEmptySubsequences: false).dropFirst().map(String.init)
        guard let ids = try? GPPString.sectionIDs(inHeader: text), ids.count == parts.count else {
            return "the header does not decode"
        }
        for id in (keys.gppSectionIds ?? ids).sorted() where (6...27).contains(id) {
            guard let index = ids.firstIndex(of: id) else { return "section \(id) in force is missing" }
            guard let section = try? GPPSection(id: id, encoded: parts[index]) else {
                return "section \(id) in force does not decode"
            }
            switch section {
            case .us(let us):
                for field in ["SaleOptOut", "SharingOptOut", "TargetedAdvertisingOptOut"] where us[field] == .int(1) {
                    return "section \(id) opts out (\(field))"
                }
                if us.gpc == true { return "section \(id) sets GPC" }
            case .usPrivacy(let usp) where usp.optOutSale == .yes: return "section 6 opts out of sale"
            default: break
            }
        }
        return nil
    }

    /// At most one ATT request and one CMP presentation per activation unless the person acts.
    func checkPromptCounts(sourceLocation: SourceLocation) {
        if attRequestsThisActivation > 1 + personActionsThisActivation
            || cmpShowsThisActivation > 1 + personActionsThisActivation
        {
            Issue.record(
                "one prompt: \(attRequestsThisActivation) ATT requests, \(cmpShowsThisActivation) CMPs",
                sourceLocation: sourceLocation
            )
        }
    }
}

extension Calendar {
    /// The Gregorian calendar in UTC.
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()
}

/// Runs `journey` on a fresh simulation of `flowCase`, removed afterwards.
@MainActor
func simulate(_ flowCase: FlowCase, _ journey: (Simulation) async -> Void) async {
    let simulation = Simulation(flowCase)
    defer { simulation.tearDown() }
    await journey(simulation)
}
