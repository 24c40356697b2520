public import IABTCF
public import IABTCFVendorList

/// The flow an app follows, with everything that refines it: one of our ``ATTStrategy`` flows or a
/// guide's ``ATTFlow``, what lets ATT follow the CMP (``trigger``), and what an ATT refusal rejects
/// (``rejection``, ``scope``, ``rejectVendors``, ``vendorList``).
///
/// ``evaluate(status:stored:state:today:)`` is the one call an app makes at launch, on every
/// return to the foreground and after every prompt.
public struct ConsentFlow: Sendable, Hashable {
    /// Whose rules decide.
    public enum Rules: Sendable, Hashable {
        /// One of our strategies, with its guarantees.
        case strategy(ATTStrategy, ATTOptions)
        /// A guide's flow, reproduced literally.
        case guide(ATTFlow)
    }

    /// Whose rules decide.
    public var rules: Rules
    /// What CMP answer lets ATT be requested after it; also how a stored TC string is read into a
    /// ``ConsentState``. For a strategy it only decides that reading: a strategy never asks ATT
    /// after a refused choice.
    public var trigger: ATTTrigger
    /// What an ATT refusal rejects in a guide's flow (a strategy decides this itself).
    public var rejection: ATTRejection
    /// The purposes and special features a ``ATTRejection/trackingScope`` rejection removes.
    public var scope: TrackingScope
    /// The vendors a ``ATTRejection/trackingScope`` rejection removes (a ``ATTRejection/all`` rejection
    /// removes all): ``VendorSelection/all`` stands for the vendors related to the rejection, as
    /// ``vendorList`` says.
    public var rejectVendors: VendorSelection
    /// The Global Vendor List that says which vendors a ``VendorSelection/all`` selection of
    /// ``rejectVendors`` means. With a list: its vendors that declare a rejected purpose (on consent,
    /// on legitimate interest or as flexible) or a rejected special feature, at every evaluation,
    /// so a vendor that declares none keeps its consent. Without one: every vendor while the CMP
    /// still has to collect a choice (the next step is ``ATTNextStep/showCMP`` or
    /// ``ATTNextStep/showCMPWithoutTracking``), and no vendor once it has recorded one, so the
    /// vendors the CMP collects after the refusal keep their consent.
    public var vendorList: GlobalVendorList?
    /// Whether ``ATTStatus/restricted`` counts as a refusal, like ``ATTStatus/denied``; `false`
    /// handles it as a device without ATT (full CMP, no rejection, with
    /// ``ATTWarning/restrictedShownFullCMP``). For a strategy it is
    /// ``ATTOptions/restrictedAsDenied`` (default `true`); for a guide it defaults to the guide's
    /// own reading (``ATTFlow/restrictedIsRefusal``: Didomi and PubConsent show the CMP on
    /// restricted, consentmanager handles it as denied).
    public var restrictedAsDenied: Bool {
        get { strategyOptions?.restrictedAsDenied ?? guideRestrictedAsDenied }
        set {
            guideRestrictedAsDenied = newValue
            setStrategyOption(\.restrictedAsDenied, newValue)
        }
    }
    /// ``restrictedAsDenied`` for a guide's flow (a strategy keeps it in its ``ATTOptions``).
    private var guideRestrictedAsDenied: Bool
    /// Below iOS 14: the Limit Ad Tracking setting; `true` makes a device without ATT a refusal.
    /// For a strategy it is ``ATTOptions/legacyLimitAdTracking``.
    public var legacyLimitAdTracking: Bool? {
        get {
            guard let options = strategyOptions else { return guideLegacyLimitAdTracking }
            return options.legacyLimitAdTracking
        }
        set {
            guideLegacyLimitAdTracking = newValue
            setStrategyOption(\.legacyLimitAdTracking, newValue)
        }
    }
    /// ``legacyLimitAdTracking`` for a guide's flow (a strategy keeps it in its ``ATTOptions``).
    private var guideLegacyLimitAdTracking: Bool?

    /// For ``ATTFlow/googleUMP``: whether the app configured an IDFA explainer message in Privacy &
    /// messaging, so ``ATTNextStep/showIDFAExplainer`` comes before the ATT alert where Google shows
    /// it. Default `false`: straight to ``ATTNextStep/requestATT``. The other flows ignore it.
    public var idfaExplainer = false

    /// Whether the app asks ATT again, once Apple allows it, a person who denied it (default
    /// ``Reprompt/never``). An authorization is never asked again.
    public var reprompt: Reprompt = .never

    /// The days a stored choice stays valid after its LastUpdated (default
    /// ``IABTCF/TCString/commonMaximumAge``, 395, as ``IABTCF/TCString/renewal(against:previous:shownVendors:today:maximumAge:)``
    /// uses); older, it reads as ``ConsentState/expired``. `nil`: no limit. Google, "Troubleshooting
    /// IAB EU TCF v2.2 implementation" (AdMob Help): "If the consent decision is more than 13 months
    /// old, the TC string will no longer be considered valid by Google and Google will not serve
    /// ads to that user."
    public var maximumAge: Int? = TCString.commonMaximumAge

    /// A strategy's options; `nil` for a guide's flow.
    private var strategyOptions: ATTOptions? {
        guard case .strategy(_, let options) = rules else { return nil }
        return options
    }

    /// Sets one of a strategy's options; a guide's flow keeps its own copy of each.
    private mutating func setStrategyOption<Value>(_ option: WritableKeyPath<ATTOptions, Value>, _ value: Value) {
        guard case .strategy(let strategy, var options) = rules else { return }
        options[keyPath: option] = value
        rules = .strategy(strategy, options)
    }

    /// One of our strategies. `trigger` (default ``ATTTrigger/trackingScope``) reads a stored TC
    /// string; `scope` is what a refusal rejects; `rejectVendors` adds vendors to that rejection,
    /// and `vendorList` says which vendors ``VendorSelection/all`` means (see ``vendorList``).
    public init(
        strategy: ATTStrategy,
        options: ATTOptions = ATTOptions(),
        trigger: ATTTrigger = .trackingScope,
        scope: TrackingScope = .appleDefault,
        rejectVendors: VendorSelection = .none,
        vendorList: GlobalVendorList? = nil
    ) {
        rules = .strategy(strategy, options)
        self.trigger = trigger
        rejection = .trackingScope
        self.scope = scope
        self.rejectVendors = rejectVendors
        self.vendorList = vendorList
        guideRestrictedAsDenied = options.restrictedAsDenied
        guideLegacyLimitAdTracking = options.legacyLimitAdTracking
    }

    /// A guide's flow with the guide's defaults; each argument given replaces one default.
    ///
    /// A `scope` or `rejectVendors` given for a guide that rejects nothing on an ATT refusal turns
    /// a rejection of that scope on: the safer reading the guide leaves out. On a guide that
    /// disagrees to all (Didomi's and PubConsent's ATT-first flows), `scope` rejects that scope
    /// instead, and `rejectVendors` counts only with it. `vendorList` says which vendors
    /// ``VendorSelection/all`` means (see ``vendorList``).
    public init(
        guide flow: ATTFlow,
        trigger: ATTTrigger? = nil,
        scope: TrackingScope? = nil,
        rejectVendors: VendorSelection? = nil,
        restrictedAsDenied: Bool? = nil,
        legacyLimitAdTracking: Bool? = nil,
        vendorList: GlobalVendorList? = nil
    ) {
        rules = .guide(flow)
        self.trigger = trigger ?? flow.defaultTrigger
        rejection = flow.defaultRejection
        if rejection == .none && (scope != nil || !(rejectVendors?.isEmpty ?? true)) { rejection = .trackingScope }
        if scope != nil && rejection == .all { rejection = .trackingScope }
        self.scope = scope ?? flow.defaultScope
        self.rejectVendors = rejectVendors ?? flow.defaultRejectVendors
        guideRestrictedAsDenied = restrictedAsDenied ?? flow.restrictedIsRefusal
        guideLegacyLimitAdTracking = legacyLimitAdTracking
        self.vendorList = vendorList
    }

    /// The decision for `input`, with the rejection lists filled from ``scope``, ``rejectVendors``
    /// and ``vendorList``.
    public func decide(_ input: ATTFlowInput) -> ATTDecision {
        var decision: ATTDecision
        switch rules {
        case .strategy(let strategy, let options):
            decision = ATTDecision.decide(
                status: input.status,
                consent: input.consent,
                gdprApplies: input.gdprApplies,
                strategy: strategy,
                options: options,
                state: input.state
            )
        case .guide(let flow):
            decision = flow.decide(input, flow: self)
            decision.statusChanged = input.state.changed(to: input.status)
        }
        applyPlatformRules(to: &decision, input)
        decision.setRejection(decision.reject, scope: scope, vendors: rejectVendors)
        if decision.reject == .trackingScope && decision.rejectVendors == .all {
            decision.rejectVendors = vendorsRelated(to: decision)
        }
        decision.waitIfPromptInProgress(input.state)
        return decision
    }

    /// What ``VendorSelection/all`` means in a tracking-scope rejection (see ``vendorList``).
    private func vendorsRelated(to decision: ATTDecision) -> VendorSelection {
        guard let vendorList else {
            let cmpCollects = decision.next == .showCMP || decision.next == .showCMPWithoutTracking
            return cmpCollects ? .all : .none
        }
        var vendors = VendorSet()
        for purpose in decision.rejectPurposes {
            for declaration in GlobalVendorList.Declaration.allCases {
                vendors.formUnion(vendorList.vendors(declaring: purpose, on: declaration))
            }
        }
        for feature in decision.rejectSpecialFeatures {
            vendors.formUnion(vendorList.vendors(declaringSpecialFeature: feature))
        }
        return .only(vendors)
    }
}

/// Everything a decision looks at.
public struct ATTFlowInput: Sendable, Hashable {
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
    public var state: ATTFlowState
    /// Today, for ``ATTDecision/attRequestableFrom`` and the yearly re-prompt; `nil` leaves both
    /// unknown (``ConsentFlow/evaluate(status:stored:state:today:)`` always sets it).
    public var today: Timestamp?
    /// Whether the stored choice consents to Purpose 1 ("Store and/or access information on a
    /// device"), which reading the IDFA needs where the GDPR applies; `nil` reads it from
    /// ``consent``: only ``ConsentState/granted`` counts.
    public var purposeOneConsent: Bool?

    /// Creates an input from a status.
    public init(
        status: ATTStatus,
        consent: ConsentState,
        gdprApplies: Bool = true,
        state: ATTFlowState = ATTFlowState()
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

    /// Creates an input from Apple's raw status value (0-3); any other value, negative too, fails
    /// closed as denied and sets ``isUnknownStatus``.
    public init(
        rawStatus: Int,
        consent: ConsentState,
        gdprApplies: Bool = true,
        state: ATTFlowState = ATTFlowState()
    ) {
        self.init(status: ATTStatus(rawStatus: rawStatus), consent: consent, gdprApplies: gdprApplies, state: state)
        isUnknownStatus = !(0...3).contains(rawStatus)
    }
}
