public import IABTCF
import IABTCFVendorList

// The rules every guide flow and every strategy shares, from Apple's ATT as it ships since
// iOS/iPadOS 27.2 and from the law on reading the IDFA. Apple's page is the documentation of
// `ATTrackingManager.requestTrackingAuthorization(completionHandler:)`
// (https://developer.apple.com/documentation/apptrackingtransparency/attrackingmanager/requesttrackingauthorization(completionhandler:)),
// sections "Handle the person's response" and "Prompt again after a year". The guides predate
// 27.2: their flows keep their literal next step, with the warnings these rules add.

extension ConsentFlow {
    /// Where the person is, as far as Apple's ATT rules are concerned.
    public enum Region: String, Sendable, Hashable, CaseIterable {
        /// Apple's European Union rules apply: an answered prompt may show again after a year.
        case eu
        /// Anywhere else: an answered prompt never shows again.
        case other
    }

    /// The version of iOS or iPadOS the app runs on, for the rules that depend on it
    /// (``ConsentFlow/State/osVersion``).
    public struct OSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
        /// The major version, e.g. 27.
        public var major: Int
        /// The minor version, e.g. 2.
        public var minor: Int
        /// The patch version, e.g. 1 in 27.2.1.
        public var patch: Int

        /// The version `major.minor.patch`.
        public init(major: Int, minor: Int = 0, patch: Int = 0) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }

        /// Parses `X`, `X.Y` or `X.Y.Z` (decimal digits only, as `ProcessInfo` and the `--os-version`
        /// option write it); `nil` otherwise.
        public init?(_ text: String) {
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...3).contains(parts.count) else { return nil }
            var numbers: [Int] = []
            for part in parts {
                guard !part.isEmpty, part.count <= 9, part.allSatisfy({ $0.isASCII && $0.isNumber }),
                    let number = Int(part)
                else { return nil }
                numbers.append(number)
            }
            numbers += [0, 0]
            self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
        }

        /// iOS and iPadOS 27.2, where Apple's European Union rules for ATT begin: an answered prompt may
        /// show again after a year. Below it a denial is final and a request returns at once.
        public static let attYearlyPrompt = OSVersion(major: 27, minor: 2)

        /// `major.minor.patch`, e.g. `27.2.0`.
        public var description: String { "\(major).\(minor).\(patch)" }

        /// Version order: major, then minor, then patch.
        public static func < (lhs: OSVersion, rhs: OSVersion) -> Bool {
            (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
        }
    }

    /// Whether the app asks ATT again, once Apple allows it, a person who denied it.
    public enum Reprompt: String, Sendable, Hashable, CaseIterable {
        /// Never: a denial stays final for the flow.
        case never
        /// A denial in the European Union, a year after the answer, on iOS and iPadOS 27.2 and later
        /// (``ConsentFlow/State/osVersion``; below it the system shows no prompt again) (Apple,
        /// "Prompt again after a year": "You can make an additional request after a year whether
        /// the person approves or denies your app's previous tracking request, unless the person
        /// disables tracking in Settings > Privacy & Security > Tracking.").
        case denied
    }

    /// Whether an ATT refusal makes this flow reject something from the TC string: every strategy
    /// except ``ATTStrategy/attFirstCMPUnaffected`` without enforcement; a guide's flow when its
    /// ``rejection`` is not ``ATTRejection/none``.
    public var rejectsOnRefusal: Bool { ownRules.rejectsOnRefusal(in: self) }

    /// The flow's own rules, a strategy's or a guide's, behind the one protocol the shared rules read.
    var ownRules: any FlowRules {
        switch rules {
        case .strategy(let strategy, _): strategy
        case .guide(let flow): flow
        }
    }

    /// The stored choice a TC string records on `today`: ``ConsentState/none`` when it is dated
    /// after the day after `today` (`TCString.isFutureDated(on:)`: no choice the person made, so
    /// the CMP asks), ``ConsentState/expired`` once its LastUpdated is more than ``maximumAge`` days
    /// old, otherwise as ``trigger`` reads it.
    public func consent(of tcString: TCString, today: Timestamp) -> ConsentState {
        if tcString.isFutureDated(on: today) { return .none }
        if let maximumAge, tcString.isExpired(on: today, maximumAge: maximumAge) { return .expired }
        return ConsentState(tcString, trigger: trigger, scope: scope)
    }

    /// Whether `tcString` consents to this flow's tracking scope: a ``scope`` purpose with consent
    /// (core or Publisher TC) and a vendor with consent, or a scope special feature opted in, and
    /// Purpose 1 ("Store and/or access information on a device") with consent, which any tracker
    /// and reading the IDFA need where the GDPR applies. ``ConsentFlow/Input/trackingConsent``.
    public func consentsToTracking(_ tcString: TCString) -> Bool {
        tcString.purposeConsents.contains(1) && ATTTrigger.trackingScope.isMet(by: tcString, scope: scope)
    }

    /// The first day ATT may be requested (``ConsentFlow/Decision/attRequestableFrom``).
    func attRequestableFrom(_ input: ConsentFlow.Input) -> Timestamp? {
        guard !input.isUnknownStatus else { return nil }
        switch input.status {
        case .notDetermined:
            // "your app needs to call the method again to receive an authorization answer".
            return input.today?.startOfDay
        case .denied, .authorized:
            // "the system notes the date and doesn't allow the prompt to display again until a year
            // passes", from iOS and iPadOS 27.2; before it an answer is final.
            guard input.state.region == .eu, input.state.hasYearlyPrompt else { return nil }
            return input.state.attAnswered.map(Self.oneYearAfter)
        case .restricted, .unavailable:
            return nil
        }
    }

    /// The same day a year later (29 February: 1 March), at 00:00 UTC.
    static func oneYearAfter(_ day: Timestamp) -> Timestamp {
        let date = day.components
        return (try? Timestamp(year: date.year + 1, month: date.month, day: date.day))
            ?? (try? Timestamp(year: date.year + 1, month: 3, day: 1)) ?? day.startOfDay
    }

    /// What the ATT status allows in this flow: the one refusal check every strategy and guide uses.
    func permission(for status: ATTStatus) -> ATTPermission {
        // Only authorized, or a device without ATT and without Limit Ad Tracking, may track; an
        // unknown raw value is already denied here (it fails closed).
        ATTPermission(
            mayTrack: status == .authorized || (status == .unavailable && legacyLimitAdTracking != true),
            refusal: status == .denied || (status == .restricted && restrictedAsDenied)
                || (status == .unavailable && legacyLimitAdTracking == true)
        )
    }

    /// Applies the rules every flow and strategy shares to `decision`, the flow's own answer for
    /// `input`. It runs before the rejection lists are filled and before a prompt on screen turns
    /// the step into ``ATTNextStep/wait``.
    func applySharedRules(to decision: inout ConsentFlow.Decision, _ input: ConsentFlow.Input) {
        let state = input.state
        let own = ownRules
        // A refusal the person made in the CMP, not one our rejection wrote: a flow for which it is
        // final (every strategy) never asks ATT after it.
        let refusedInCMP = (input.consent == .refused || input.consent == .dismissed) && !state.rejectionApplied
        let refusalIsFinal = refusedInCMP && own.refusalInCMPIsFinal
        decision.attRequestableFrom = attRequestableFrom(input)

        // Reading the IDFA is access to the device: where the GDPR applies it needs Purpose 1
        // consent as well as ATT. (The guides' "IDFA: Yes" is what the OS returns, not what the law
        // allows; no guide reads it before the CMP.)
        if input.gdprApplies && !input.allowsDeviceAccess { decision.idfaAllowed = false }

        if input.status == .notDetermined && state.attRequested && !input.isUnknownStatus {
            // "The status is notDetermined if the system dismisses the prompt without a decision
            // from the person; in this scenario, your app needs to call the method again to receive
            // an authorization answer from the person." The guides' flows keep their next step.
            decision.warnings.append(.attNotAnswered)
            decision.idfaAllowed = false
            if own.asksAgainWhenUnanswered && !refusalIsFinal {
                decision.next = .requestATT
                decision.trackersAllowed = false
            }
        }

        if input.status == .authorized && state.rejectionApplied && input.gdprApplies {
            // The stored string lacks what the rejection removed: the CMP collects it again, and
            // nothing starts until it has.
            decision.next = .showCMP
            decision.reject = .none
            decision.reapplyAfterCMP = false
            decision.trackersAllowed = false
            decision.warnings.append(.attAuthorizedAfterRejection)
        }

        // "You can make an additional request after a year whether the person approves or denies
        // your app's previous tracking request": with the app's consent, a denial is asked again
        // (once per run); an authorization never is.
        if reprompt == .denied && input.status == .denied && !input.isUnknownStatus && !state.attRequested,
            let from = decision.attRequestableFrom, let today = input.today, from <= today.startOfDay,
            !refusalIsFinal
        {
            decision.next = own.repromptStep(for: input, in: self)
            decision.idfaAllowed = false
            decision.trackersAllowed = false
            // A guide's appReviewRisk was about the CMP it showed after the denial, which now waits.
            if own.reviewRiskIsAboutTheCMP { decision.warnings.removeAll { $0 == .appReviewRisk } }
            let warns = refusedInCMP && !own.documentsATTAfterCMPRefusal
            if warns && !decision.warnings.contains(.attAfterCMPRefusal) {
                decision.warnings.append(.attAfterCMPRefusal)
            }
        }
    }
}

/// A flow's own rules, as the rules every flow shares read them: what the flow decides first, and
/// the few ways flows differ where the shared rules apply. ``ATTStrategy`` and ``ATTFlow`` implement
/// it, each in its own file, so the shared rules never ask which engine or which guide they run for.
protocol FlowRules: Sendable {
    /// The flow's own decision for `input` in `flow`, given what the ATT status allows.
    func decision(for input: ConsentFlow.Input, permission: ATTPermission, flow: ConsentFlow) -> ConsentFlow.Decision
    /// Whether an ATT refusal makes `flow` reject something from the TC string.
    func rejectsOnRefusal(in flow: ConsentFlow) -> Bool
    /// Whether a request that ended without an answer is asked again (``ATTNextStep/requestATT``)
    /// instead of the flow's literal next step.
    var asksAgainWhenUnanswered: Bool { get }
    /// Whether a refusal in the CMP is final for ATT: no request and no re-prompt after it.
    var refusalInCMPIsFinal: Bool { get }
    /// Whether ATT after a refusal in the CMP is the flow's documented order, so it carries no
    /// ``ATTWarning/attAfterCMPRefusal``.
    var documentsATTAfterCMPRefusal: Bool { get }
    /// Whether the flow's ``ATTWarning/appReviewRisk`` is about a CMP it shows after a denial, which
    /// a re-prompt replaces (a guide's), rather than a warning the flow always carries (S3's).
    var reviewRiskIsAboutTheCMP: Bool { get }
    /// The step that starts a yearly re-prompt in `flow`: ``ATTNextStep/requestATT``, or an explainer
    /// the flow shows before the alert.
    func repromptStep(for input: ConsentFlow.Input, in flow: ConsentFlow) -> ATTNextStep
}

// The rules every guide's flow shares: the steps their pages word alike, and the warnings where a
// guide's literal step meets Apple's rules or the guide's own advice. A guide's file names its next
// step; these complete the decision.

/// A guide whose flow has a CMP (Didomi, PubConsent, consentmanager, Onesecondbefore): its file names
/// the next step and its own warnings; ``ConsentFlow/guideDecision(for:permission:next:asksATTFirst:warnings:)``
/// completes the decision.
protocol CMPGuide {
    /// The next step of `guide`, one of this guide's flows, for `input` in `flow`; `refusal` says
    /// whether the ATT status counts as a refusal.
    static func next(_ guide: ATTFlow, _ input: ConsentFlow.Input, refusal: Bool, flow: ConsentFlow) -> ATTNextStep
    /// The warnings only this guide gives, after the ones every guide gives.
    static func warnings(of guide: ATTFlow, for input: ConsentFlow.Input) -> [ATTWarning]
}

extension CMPGuide {
    static func warnings(of guide: ATTFlow, for input: ConsentFlow.Input) -> [ATTWarning] { [] }
}

extension ConsentFlow.Input {
    /// Whether ATT is still to be requested for the first time in this run: notDetermined, and not
    /// requested yet.
    var isFirstRequest: Bool { status == .notDetermined && !state.attRequested }
}

extension ConsentFlow {
    /// An ATT-first flow's step (Didomi's, PubConsent's option 1, consentmanager's,
    /// Onesecondbefore's recommended flow), where its guide names `afterRefusal`, the step after
    /// denied or restricted read as a refusal. ATT comes first: always while the CMP has a choice to
    /// collect, with a stored choice only if it meets ``trigger`` (always, by default). After the
    /// request the CMP shows while it has a choice to collect: on authorized, without ATT,
    /// restricted not read as a refusal, and still notDetermined (the alert could not show).
    func attFirstStep(_ input: ConsentFlow.Input, refusal: Bool, afterRefusal: ATTNextStep) -> ATTNextStep {
        if input.isFirstRequest {
            return input.consent.needsCMP || trigger.isMet(by: input.consent) ? .requestATT : .done
        }
        let refused = input.status == .denied || (input.status == .restricted && refusal)
        if refused { return afterRefusal }
        return input.consent.needsCMP ? .showCMP : .done
    }

    /// A CMP-first flow's step once the CMP has a choice: ATT only while notDetermined, once per
    /// run, and only if the choice meets ``trigger``; otherwise done.
    func attAfterCMP(_ input: ConsentFlow.Input) -> ATTNextStep {
        input.isFirstRequest && trigger.isMet(by: input.consent) ? .requestATT : .done
    }

    /// The decision of a guide's flow without a CMP: Adjust's, and every guide's where the GDPR does
    /// not apply (no CMP is needed; the guides' ATT steps remain, a reading of ours). ATT is
    /// requested while notDetermined, once per run; trackers and the IDFA follow ATT alone.
    func decisionWithoutCMP(for input: ConsentFlow.Input, permission: ATTPermission) -> ConsentFlow.Decision {
        let next: ATTNextStep = input.isFirstRequest ? .requestATT : .done
        var decision = ConsentFlow.Decision(
            next: next,
            idfaAllowed: permission.mayTrack,
            trackersAllowed: permission.mayTrack && next == .done,
            warnings: input.isUnknownStatus ? [.unknownStatus] : []
        )
        // A rejection an option turns on (Adjust rejects nothing itself) applies to the TC string the
        // app's CMP stored; without the GDPR there is no TC string to change.
        if input.gdprApplies && permission.refusal && rejection != .none {
            decision.reject = rejection
            decision.reapplyAfterCMP = true
        }
        return decision
    }

    /// The decision of a guide's flow with a CMP (Didomi, PubConsent, consentmanager,
    /// Onesecondbefore), given the `next` step its guide names: the rejection ``rejection`` says,
    /// trackers once the flow is done, and the warnings. `warnings` are the guide's own, last.
    /// Where the GDPR does not apply it is ``decisionWithoutCMP(for:permission:)``.
    func guideDecision(
        for input: ConsentFlow.Input,
        permission: ATTPermission,
        next: ATTNextStep,
        asksATTFirst: Bool,
        warnings: [ATTWarning] = []
    ) -> ConsentFlow.Decision {
        guard input.gdprApplies else { return decisionWithoutCMP(for: input, permission: permission) }
        let consent = input.consent
        let refusal = permission.refusal
        var decision = ConsentFlow.Decision(next: next, idfaAllowed: permission.mayTrack)
        if refusal && rejection != .none {
            decision.reject = rejection
            decision.reapplyAfterCMP = true
        }
        // consentmanager, "Step 11: Best Practices": "Never initialize trackers before ATT + CMP
        // flow finishes"; "Step 6: Decision Table": "Enable ad/analytics only if CMP allows". Every
        // flow waits for a CMP choice.
        decision.trackersAllowed = permission.mayTrack && next == .done && consent.hasChoice

        if input.isUnknownStatus { decision.warnings.append(.unknownStatus) }
        if next == .showCMP && refusal && !input.isUnknownStatus {
            // Didomi, "Apple guidelines": "Do not show the CMP after a user denies an ATT permission request."
            decision.warnings.append(.appReviewRisk)
        }
        if input.status == .restricted && !refusal && next == .showCMP {
            decision.warnings.append(.restrictedShownFullCMP)
        }
        if next == .requestATT && (consent == .refused || consent == .dismissed) {
            decision.warnings.append(.attAfterCMPRefusal)
        }
        if !asksATTFirst && input.isFirstRequest && consent == .refused && next == .done {
            // A CMP-first flow that asks ATT only after consent goes against Didomi's own App Review
            // advice ("We recommend being careful about the following points"): "If you show the ATT
            // permission request after the CMP, always show the ATT permission irrespective of the
            // user choice in the CMP."
            decision.warnings.append(.attNotRequestedAfterCMP)
        }
        decision.warnings += warnings
        return decision
    }
}

/// What the ATT status allows, read once per evaluation (``ConsentFlow/permission(for:)``).
struct ATTPermission {
    /// Whether ATT lets the device track: authorized, or no ATT without Limit Ad Tracking.
    var mayTrack: Bool
    /// Whether ATT refuses tracking: denied (and any unknown raw value), restricted where it counts
    /// as a refusal (``ConsentFlow/restrictedAsDenied``), no ATT with Limit Ad Tracking.
    var refusal: Bool
}
