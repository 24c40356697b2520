public import IABTCF
public import IABTCFVendorList

// The values ``ConsentFlow/evaluate(_:)`` reads and answers, nested in ``ConsentFlow``.

extension ConsentFlow {
    /// Everything a decision looks at.
    public struct Input: Sendable, Hashable {
        /// The ATT status, read afresh (a raw value outside 0-3 reads as ``ATTStatus/denied``).
        public var status: ATTStatus
        /// Whether the status came from a raw value outside Apple's 0-3. It never allows the IDFA or
        /// trackers; a guide with a branch for unknown values (consentmanager's `@unknown default`)
        /// takes it.
        public var isUnknownStatus: Bool
        /// The stored choice, read through the flow's trigger.
        public var consent: ConsentState
        /// Whether the GDPR applies (`IABTCF_gdprApplies`); an undetermined value should be passed as `true`.
        public var gdprApplies: Bool
        /// Whether ATT was requested in this run, and the status seen last time.
        public var state: ConsentFlow.State
        /// Today, for ``ConsentFlow/Decision/attRequestableFrom`` and the yearly re-prompt; `nil` leaves both
        /// unknown (``ConsentFlow/evaluate(status:stored:state:today:)`` always sets it).
        public var today: Timestamp?
        /// Whether the stored choice consents to Purpose 1 ("Store and/or access information on a
        /// device"), which reading the IDFA needs where the GDPR applies; `nil` reads it from
        /// ``consent``: only ``ConsentState/granted`` counts.
        public var purposeOneConsent: Bool?
        /// Whether the stored choice consents to the flow's tracking scope
        /// (``ConsentFlow/consentsToTracking(_:)``: a scope purpose or special feature, Purpose 1
        /// included); `nil` reads it from ``consent``: only ``ConsentState/granted`` counts. Where the
        /// GDPR applies, no tracker and no IDFA without it.
        public var trackingConsent: Bool?

        /// Creates an input from a status.
        public init(
            status: ATTStatus,
            consent: ConsentState,
            gdprApplies: Bool = true,
            state: ConsentFlow.State = ConsentFlow.State()
        ) {
            self.status = status
            isUnknownStatus = false
            self.consent = consent
            self.gdprApplies = gdprApplies
            self.state = state
        }

        /// Whether the stored choice allows access to the device (Purpose 1): never without a valid
        /// choice; a string's Purpose 1 consent bit, else a ``ConsentState/granted`` choice.
        var allowsDeviceAccess: Bool {
            guard consent.hasChoice else { return false }
            return purposeOneConsent ?? (consent == .granted)
        }

        /// Whether the current choice consents to the flow's tracking scope and to access to the
        /// device: never without a valid choice (none, expired, dismissed).
        var allowsTracking: Bool {
            allowsDeviceAccess && (trackingConsent ?? (consent == .granted))
        }

        /// Creates an input from Apple's raw status value (0-3); any other value, negative too, fails
        /// closed as denied and sets ``isUnknownStatus``.
        public init(
            rawStatus: Int,
            consent: ConsentState,
            gdprApplies: Bool = true,
            state: ConsentFlow.State = ConsentFlow.State()
        ) {
            self.init(status: ATTStatus(rawStatus: rawStatus), consent: consent, gdprApplies: gdprApplies, state: state)
            isUnknownStatus = !(0...3).contains(rawStatus)
        }
    }

    /// What the app knows about the flow so far, beyond the ATT status and the stored consent.
    public struct State: Sendable, Hashable {
        /// Whether ATT was already requested in this run of the flow. A notDetermined status after the
        /// request means the request ended without an answer (the system dismissed the prompt, or the
        /// person tapped "Additional Information"): the decision carries
        /// ``ATTWarning/attNotAnswered`` and allows no IDFA; the strategies answer
        /// ``ATTNextStep/requestATT`` again with no tracker (ask on the next activation or after your
        /// own information screen, not in a loop), except after a refusal in the CMP; the guides'
        /// flows keep their literal next step (the ATT-first ones move on to the CMP).
        public var attRequested: Bool
        /// The ATT status the app saw last time (persist it between launches), or `nil` if unknown:
        /// ``ConsentFlow/Decision/statusChanged`` compares against it.
        public var previousStatus: ATTStatus?
        /// Whether the ATT alert, the CMP or an explainer is on screen right now, shown by another call
        /// (launch and `didBecomeActive` both evaluate): the decision is then ``ATTNextStep/wait``, so
        /// no second prompt starts on top of it.
        public var promptInProgress: Bool
        /// Whether the CMP was shown in this run. ``ATTFlow/googleUMP`` then requests ATT right after
        /// it, without the IDFA explainer.
        public var cmpShown: Bool
        /// Whether Apple's European Union rules apply to the person (Apple decides by the device's
        /// location and the Apple Account's country; pass the app's best knowledge): there an answered
        /// ATT prompt may be shown again after a year.
        public var region: ConsentFlow.Region
        /// The UTC day the person last answered the ATT prompt (authorized or denied), which the app
        /// records whenever a request returns one of them; `nil` when unknown.
        public var attAnswered: Timestamp?
        /// Whether the stored TC string carries the rejection an earlier evaluation of this flow applied
        /// after an ATT refusal: the app records it when it stores a rejected string and clears it once
        /// the CMP saved a new choice. With ATT authorized the CMP then shows again.
        public var rejectionApplied: Bool
        /// The iOS or iPadOS version the app runs on (`ProcessInfo.processInfo.operatingSystemVersion`),
        /// or `nil` when unknown. Apple's yearly prompt in the European Union exists from
        /// ``ConsentFlow/OSVersion/attYearlyPrompt`` (27.2): below it ``ConsentFlow/Decision/attRequestableFrom``
        /// is `nil` after an answer and ``ConsentFlow/reprompt`` asks nothing again. `nil` answers as
        /// on 27.2 and later.
        public var osVersion: ConsentFlow.OSVersion?

        /// Creates a flow state; the defaults are a first evaluation.
        public init(
            attRequested: Bool = false,
            previousStatus: ATTStatus? = nil,
            promptInProgress: Bool = false,
            cmpShown: Bool = false,
            region: ConsentFlow.Region = .other,
            attAnswered: Timestamp? = nil,
            rejectionApplied: Bool = false,
            osVersion: ConsentFlow.OSVersion? = nil
        ) {
            self.attRequested = attRequested
            self.previousStatus = previousStatus
            self.promptInProgress = promptInProgress
            self.cmpShown = cmpShown
            self.region = region
            self.attAnswered = attAnswered
            self.rejectionApplied = rejectionApplied
            self.osVersion = osVersion
        }

        /// Whether the OS has Apple's yearly prompt (27.2 and later, or unknown).
        var hasYearlyPrompt: Bool { osVersion.map { $0 >= .attYearlyPrompt } ?? true }

        /// Whether `status` differs from ``previousStatus``.
        func changed(to status: ATTStatus) -> Bool { previousStatus.map { $0 != status } ?? false }
    }

    /// The outcome of a consent-flow decision: the next step, what to reject, and what may run.
    public struct Decision: Sendable, Hashable {
        /// What to show next.
        public var next: ATTNextStep
        /// What to remove from the TC string now.
        public var reject: ATTRejection
        /// Whether the app may read the IDFA: only with ATT authorized (or below iOS 14 without Limit
        /// Ad Tracking), and where the GDPR applies only when the current choice consents to the
        /// flow's tracking scope and to Purpose 1, as for ``trackersAllowed``.
        public var idfaAllowed: Bool
        /// Whether the trackers the app gates itself (analytics, attribution, its own ad identifiers)
        /// may start, in every flow: only once the flow is done, only with ATT's permission
        /// (authorized, or below iOS 14 without Limit Ad Tracking), and where the GDPR applies only
        /// when the current choice (after this decision's rejection) consents to the flow's tracking
        /// scope, Purpose 1 included. A stored "Reject All" never allows them, whatever ATT says.
        /// Whether an SDK that reads the TC string itself (Google's) may start, and which ads it may
        /// request, is ``ConsentFlow/Step/adServing``.
        public var trackersAllowed: Bool
        /// Whether to re-apply the rejection to whatever the CMP saves next: evaluate again with the
        /// saved choice, whose decision says what the rejection then removes.
        public var reapplyAfterCMP: Bool
        /// Anything the app should know about this decision.
        public var warnings: [ATTWarning]
        /// Whether the ATT status differs from the previous one the app passed in (Adjust, "App Tracking
        /// Transparency framework", "Check for authorization status change": "You need to check the
        /// user's authorization status any time they change it."); `false` without a previous status.
        public var statusChanged: Bool
        /// The purposes the rejection removes (consent and legitimate interest, core and Publisher TC),
        /// whether or not the stored string had them; empty when ``reject`` is ``ATTRejection/none``.
        public var rejectPurposes: PurposeSet
        /// The special features the rejection removes; empty when ``reject`` is ``ATTRejection/none``.
        public var rejectSpecialFeatures: SpecialFeatureSet
        /// The vendors the rejection removes; ``VendorSelection/none`` when ``reject`` is ``ATTRejection/none``.
        public var rejectVendors: VendorSelection
        /// The first UTC day the app may request ATT (again), or `nil` when it may not: today while the
        /// status is notDetermined; in the European Union one year after the last answer
        /// (``ConsentFlow/State/attAnswered``) for denied or authorized, on iOS and iPadOS 27.2 and
        /// later (``ConsentFlow/State/osVersion``); `nil` outside the EU, below 27.2, without a known
        /// answer day, for restricted and without ATT. Apple, `requestTrackingAuthorization`,
        /// "Prompt again after a year": "In the European Union, if a person answers the prompt, the
        /// system notes the date and doesn't allow the prompt to display again until a year passes."
        public var attRequestableFrom: Timestamp?

        /// Creates a decision. The rejection lists default to what `reject` removes with the
        /// ``TrackingScope/appleDefault`` scope.
        public init(
            next: ATTNextStep,
            reject: ATTRejection = .none,
            idfaAllowed: Bool = false,
            trackersAllowed: Bool = false,
            reapplyAfterCMP: Bool = false,
            warnings: [ATTWarning] = [],
            statusChanged: Bool = false
        ) {
            self.next = next
            self.reject = reject
            self.idfaAllowed = idfaAllowed
            self.trackersAllowed = trackersAllowed
            self.reapplyAfterCMP = reapplyAfterCMP
            self.warnings = warnings
            self.statusChanged = statusChanged
            rejectPurposes = []
            rejectSpecialFeatures = []
            rejectVendors = .none
            attRequestableFrom = nil
            setRejection(reject, scope: .appleDefault, vendors: .none)
        }

        /// Sets ``reject`` and the lists that go with it: the scope's purposes and special features and
        /// `vendors` (every vendor when the scope includes them all); everything for ``ATTRejection/all``.
        mutating func setRejection(_ rejection: ATTRejection, scope: TrackingScope, vendors: VendorSelection) {
            reject = rejection
            switch rejection {
            case .none:
                (rejectPurposes, rejectSpecialFeatures, rejectVendors) = ([], [], .none)
            case .trackingScope:
                (rejectPurposes, rejectSpecialFeatures) = (scope.purposes, scope.specialFeatures)
                rejectVendors = scope.includesAllVendors ? .all : vendors
            case .all:
                let everything = TrackingScope.denyAll
                (rejectPurposes, rejectSpecialFeatures, rejectVendors) = (
                    everything.purposes, everything.specialFeatures, .all
                )
            }
        }
    }

    /// The answer of ``ConsentFlow/evaluate(status:stored:state:today:)``.
    public struct Step: Sendable, Hashable {
        /// The decision: next step, what to reject, what may run, warnings, whether the status changed.
        public var decision: ConsentFlow.Decision
        /// The consent state the decision was made for.
        public var consent: ConsentState
        /// The TC string to store after the rejection, only when a bit changed; `nil` when the stored
        /// string stays as it is. Its Created and LastUpdated stay those of the person's choice (see
        /// `TCString.applying(_:to:today:maximumAge:)` for why), and a choice that is no longer current
        /// (expired, past ``StoredConsent/expiresAt``, or replaced by ``StoredConsent/consent``'s
        /// expired or none) is never rewritten: the CMP asks first. Hand the rejection to your CMP's
        /// own reject API as well, so it does not write the old choice back.
        public var rewrittenTCString: String?
        /// Why the stored string could not be read, if it could not (the consent then counts as none).
        public var storedStringError: TCStringError?
        /// May ads be requested from ``ConsentFlow/adVendor`` now, and which kind: Google's ad serving
        /// mode for the string the app keeps after this step (``rewrittenTCString`` when there is one,
        /// else the stored string), with the flow's ``ConsentFlow/maximumAge``: `none` with the reason
        /// `futureDated` for a string dated in the future (`TCString.isFutureDated(on:)`: no choice
        /// yet). `nil` when no string is stored or it does not decode and the GDPR applies; where it
        /// does not apply,
        /// `personalized` with the reason `gdprDoesNotApply` whatever is stored.
        public var adServing: AdServing?
        /// Google's consent mode values for the string the app keeps after this step (as
        /// ``adServing``), with the ATT status of the evaluation (``StoredConsent/consentMode(att:today:maximumAge:)``).
        public var consentMode: ConsentMode
    }
}
