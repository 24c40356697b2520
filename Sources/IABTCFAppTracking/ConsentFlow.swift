import IABTCF
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

    /// Whose rules decide. A strategy's ``ATTOptions`` carry ``restrictedAsDenied`` and
    /// ``legacyLimitAdTracking`` as the flow holds them: setting the rules to a strategy sets both
    /// from its options, and the flow keeps them when the rules change to a guide.
    public var rules: Rules {
        get {
            guard case .strategy(let strategy, var options) = storedRules else { return storedRules }
            options.restrictedAsDenied = restrictedAsDenied
            options.legacyLimitAdTracking = legacyLimitAdTracking
            return .strategy(strategy, options)
        }
        set {
            guard case .strategy(let strategy, let options) = newValue else {
                storedRules = newValue
                return
            }
            restrictedAsDenied = options.restrictedAsDenied
            legacyLimitAdTracking = options.legacyLimitAdTracking
            storedRules = .strategy(strategy, options.withoutFlowOptions)
        }
    }
    /// A strategy's options as ``rules`` gives them; the defaults for a guide's flow.
    var strategyOptions: ATTOptions {
        guard case .strategy(_, let options) = rules else { return ATTOptions() }
        return options
    }
    /// ``rules`` with a strategy's options stripped of the two the flow holds itself, so each option
    /// has one stored home and two flows with the same visible state compare equal.
    private var storedRules: Rules
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
    /// ``ATTWarning/restrictedShownFullCMP``). A strategy's default is
    /// ``ATTOptions/restrictedAsDenied`` (`true`); a guide's is the guide's own reading
    /// (``ATTFlow/restrictedIsRefusal``: Didomi and PubConsent show the CMP on restricted,
    /// consentmanager handles it as denied). The one stored home of the option.
    public var restrictedAsDenied: Bool
    /// Below iOS 14: the Limit Ad Tracking setting; `true` makes a device without ATT a refusal.
    /// A strategy's ``ATTOptions/legacyLimitAdTracking`` sets it. The one stored home of the option.
    public var legacyLimitAdTracking: Bool?

    /// For ``ATTFlow/googleUMP``: whether the app configured an IDFA explainer message in Privacy &
    /// messaging, so ``ATTNextStep/showIDFAExplainer`` comes before the ATT alert where Google shows
    /// it. Default `false`: straight to ``ATTNextStep/requestATT``. The other flows ignore it.
    public var idfaExplainer = false

    /// Whether the app asks ATT again, once Apple allows it, a person who denied it (default
    /// ``Reprompt/never``). An authorization is never asked again.
    public var reprompt: Reprompt = .never

    /// The days a stored choice stays valid after its LastUpdated (default
    /// `TCString.commonMaximumAge`, 395, as `TCString.renewal(against:today:)`
    /// uses); older, it reads as ``ConsentState/expired``. `nil`: no limit. Google, "Troubleshooting
    /// IAB EU TCF v2.2 implementation" (AdMob Help): "If the consent decision is more than 13 months
    /// old, the TC string will no longer be considered valid by Google and Google will not serve
    /// ads to that user."
    public var maximumAge: Int? = TCString.commonMaximumAge

    /// The vendor whose ad serving mode each ``Step`` reports (default Google, 755): see
    /// ``Step/adServing`` and `TCString.adServing(vendor:gdprApplies:today:maximumAge:)`.
    public var adVendor = TCString.googleVendorId

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
        storedRules = .strategy(strategy, options.withoutFlowOptions)
        restrictedAsDenied = options.restrictedAsDenied
        legacyLimitAdTracking = options.legacyLimitAdTracking
        self.trigger = trigger
        rejection = .trackingScope
        self.scope = scope
        self.rejectVendors = rejectVendors
        self.vendorList = vendorList
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
        storedRules = .guide(flow)
        self.trigger = trigger ?? flow.defaultTrigger
        rejection = flow.defaultRejection
        if rejection == .none && (scope != nil || !(rejectVendors?.isEmpty ?? true)) { rejection = .trackingScope }
        if scope != nil && rejection == .all { rejection = .trackingScope }
        self.scope = scope ?? flow.defaultScope
        self.rejectVendors = rejectVendors ?? flow.defaultRejectVendors
        self.restrictedAsDenied = restrictedAsDenied ?? flow.restrictedIsRefusal
        self.legacyLimitAdTracking = legacyLimitAdTracking
        self.vendorList = vendorList
    }
}

extension ATTOptions {
    /// The options without the two a ``ConsentFlow`` holds itself (``ConsentFlow/restrictedAsDenied``,
    /// ``ConsentFlow/legacyLimitAdTracking``), at their defaults.
    fileprivate var withoutFlowOptions: ATTOptions {
        var options = self
        options.restrictedAsDenied = ATTOptions().restrictedAsDenied
        options.legacyLimitAdTracking = nil
        return options
    }
}
