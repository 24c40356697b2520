import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCFJSON

/// `tcstring att`: the decision of a consent flow as one JSON object (its help is `Usage.att`).
enum ATTCommand {
    struct Values {
        var status: (value: ATTStatus, unknown: Bool)?
        var previousStatus: ATTStatus?
        var strategy: ATTStrategy?
        var flow: ATTFlow?
        var consent: ConsentState?
        var tcString: String?
        var gdprApplies: Bool?
        var gppString: String?
        var gppSectionIds: [Int]?
        var attRequested = false
        var promptInProgress = false
        var cmpShown = false
        var idfaExplainer = false
        var trigger: ATTTrigger?
        var scope: TrackingScope?
        var rejectVendors: VendorSelection?
        var gvlPath: String?
        var restrictedAsDenied = false
        var options = ATTOptions()
        var today: Timestamp?
        var region = ConsentFlow.Region.other
        var attAnswered: Timestamp?
        var reprompt = ConsentFlow.Reprompt.never
        var rejectionApplied = false
        var osVersion: ConsentFlow.OSVersion?
        var maximumAge = TCString.commonMaximumAge
        var pretty = false
        var decoding = DecodingFlags()
    }

    /// An option whose value is one of `cases` (by raw value); a usage error lists them.
    static func choice<T: RawRepresentable<String> & CaseIterable>(
        _ name: String,
        _ value: String,
        _ help: String,
        required: Bool = false,
        _ set: @escaping (inout Values, T) -> Void
    ) -> OptionRow<Values> {
        .value([name], value, help, required: required) { values, arguments, name in
            let text = arguments.value(of: name)
            guard let parsed = T(rawValue: text) else {
                usageError("\(name) takes " + T.allCases.map(\.rawValue).joined(separator: ", "))
            }
            set(&values, parsed)
        }
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            choice("--strategy", "T", "one of our strategies (see T above); or --flow") {
                $0.strategy = $1 as ATTStrategy
            },
            choice("--flow", "FLOW", "a guide's flow, literally (see FLOW above); or --strategy") {
                $0.flow = $1 as ATTFlow
            },
            .value(["--status"], "S", "the ATT status now (see S above)", required: true) { values, arguments, name in
                values.status = parseStatus(arguments.value(of: name))
            },
            .flag(
                "--att-requested",
                "ATT was already requested in this run of the flow. With --status "
                    + "notDetermined the request ended without an answer (dismissed, or \"Additional "
                    + "Information\"): warning attNotAnswered, and the strategies request ATT again"
            ) { $0.attRequested = true },
            .value(["--previous-status"], "S", "the status seen last time; statusChanged says whether it differs") {
                values,
                arguments,
                name in
                values.previousStatus = parseStatus(arguments.value(of: name)).value
            },
            .flag(
                "--prompt-in-progress",
                "the ATT alert, the CMP or an explainer is on screen (shown by another "
                    + "call): next is wait, and no tracker starts"
            ) { $0.promptInProgress = true },
            .flag("--cmp-shown", "google-ump only: the CMP was shown in this run (ATT right after it, no explainer)") {
                $0.cmpShown = true
            },
            .flag(
                "--idfa-explainer",
                "google-ump only: the app configured an IDFA explainer message; next is "
                    + "showIDFAExplainer where Google shows it before the ATT alert"
            ) { $0.idfaExplainer = true },
            choice(
                "--consent",
                "C",
                "the stored choice: \(ConsentState.allCases.map(\.rawValue).joined(separator: ", ")); without it, "
                    + "read from --tc-string through the trigger (none without a string)"
            ) { $0.consent = $1 as ConsentState },
            .value(
                ["--tc-string"],
                "STRING",
                "the stored TC string, or a GPP string whose TCF EU v2 section is used (the "
                    + "rejection applies to that section; the header and other sections stay as they were)"
            ) { values, arguments, name in values.tcString = String(arguments.value(of: name).trimmedASCII) },
            SharedOptions.gdprApplies(\.gdprApplies, help: "true or 1 (default), false or 0: whether the GDPR applies"),
            SharedOptions.gppString(
                \.gppString,
                help: "IABGPP_HDR_GppString: where the GDPR does not apply, an opt-out of sale,\nsharing or targeted"
                    + " advertising (or GPC) in a US section in force stops trackers"
            ),
            SharedOptions.gppSectionIds(\.gppSectionIds),
            choice(
                "--trigger",
                "TRIGGER",
                "what CMP answer lets ATT follow it: \(ATTTrigger.allCases.map(\.rawValue).joined(separator: ", ")) "
                    + "(default: the flow's; trackingScope for T)"
            ) { $0.trigger = $1 as ATTTrigger },
            .value(
                ["--scope"],
                "NAME",
                "what a refusal rejects: \(TrackingScope.presets.keys.sorted().joined(separator: ", ")) "
                    + "(appleDefault for T; consentmanager's default is adPurposes). On a guide's flow that "
                    + "rejects nothing (didomi-cmp-first, pubconsent-cmp-first, onesecondbefore-*, adjust), "
                    + "--scope or --reject-vendors turns a rejection on; on one that rejects everything "
                    + "(didomi-att-first, pubconsent-att-first), --scope rejects that scope instead"
            ) { values, arguments, name in
                guard let preset = TrackingScope.presets[arguments.value(of: name)] else {
                    usageError("--scope takes " + TrackingScope.presets.keys.sorted().joined(separator: ", "))
                }
                values.scope = preset
            },
            .value(
                ["--reject-vendors"],
                "V",
                "vendors the rejection also removes: all, none or ids and ranges (1,5-9). "
                    + "all (consentmanager's default) means the vendors related to the rejection: every "
                    + "vendor while the CMP still has to collect a choice, none once it has recorded one"
            ) { values, arguments, name in values.rejectVendors = parseVendors(arguments.value(of: name)) },
            .value(
                ["--gvl"],
                "FILE",
                "with a rejection of all vendors, remove only the vendors of this Global Vendor "
                    + "List that declare a rejected purpose (consent, legitimate interest or flexible) "
                    + "or special feature, at every evaluation"
            ) { values, arguments, name in values.gvlPath = arguments.value(of: name) },
            SharedOptions.today(
                \.today,
                help: "the UTC day the choice's age, the ATT answer and adServing are measured on (default: today)"
            ),
            .flag("--restricted-as-unavailable", "T only: read restricted as unavailable (T reads it as denied)") {
                $0.options.restrictedAsDenied = false
            },
            .flag("--restricted-as-denied", "didomi-*, pubconsent-*: read restricted as denied") {
                $0.restrictedAsDenied = true
            },
            .flag(
                "--cmp-cannot-hide-tracking",
                "attFirstRejectTracking, cmpFirst: the CMP cannot hide tracking purposes"
            ) {
                $0.options.cmpSupportsNonTrackingScope = false
            },
            .flag("--no-enforce", "attFirstCMPUnaffected: do not enforce the ATT answer on the CMP's") {
                $0.options.enforceOnCMPUnaffected = false
            },
            choice("--region", "eu|other", "whether Apple's EU rules apply to the person (default other)") {
                $0.region = $1 as ConsentFlow.Region
            },
            .value(
                ["--att-answered"],
                "YYYY-MM-DD",
                "the day the person last answered the ATT prompt (authorized or denied); "
                    + "in the EU the prompt may show again a year later"
            ) { values, arguments, name in values.attAnswered = arguments.day(of: name) },
            choice(
                "--reprompt",
                "never|denied",
                "whether to ask again, once Apple allows it, a person who denied "
                    + "(default never); an authorization is never asked again"
            ) { $0.reprompt = $1 as ConsentFlow.Reprompt },
            .value(
                ["--os-version"],
                "X.Y",
                "the iOS or iPadOS version the app runs on (X, X.Y or X.Y.Z); below "
                    + "\(ConsentFlow.OSVersion.attYearlyPrompt.major).\(ConsentFlow.OSVersion.attYearlyPrompt.minor) "
                    + "Apple shows no ATT prompt again, so no re-prompt (default: answers as on the latest)"
            ) { values, arguments, name in
                values.osVersion = arguments.value(of: name, "a version X, X.Y or X.Y.Z") { ConsentFlow.OSVersion($0) }
            },
            .flag(
                "--att-rejection-applied",
                "the stored string carries the rejection this flow applied after an earlier "
                    + "denial; with authorized the CMP shows again (warning attAuthorizedAfterRejection). "
                    + "A usage error on a flow or strategy that never rejects"
            ) { $0.rejectionApplied = true },
            SharedOptions.maximumAge(
                \.maximumAge,
                help:
                    "a --tc-string whose LastUpdated is more than N days old (default \(TCString.commonMaximumAge)) reads as expired"
            ),
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: false)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "att")
        var values = Values()
        arguments.parse(options, into: &values) { operand, _ in
            usageError("unexpected \(operand)")
        }
        let (status, previousStatus, strategy, flow, consent, tcString) = (
            values.status, values.previousStatus, values.strategy, values.flow, values.consent, values.tcString
        )
        let (gdprApplies, attRequested, promptInProgress, cmpShown, idfaExplainer) = (
            values.gdprApplies ?? true, values.attRequested, values.promptInProgress, values.cmpShown,
            values.idfaExplainer
        )
        let (trigger, scope, rejectVendors, gvlPath, restrictedAsDenied, options) = (
            values.trigger, values.scope, values.rejectVendors, values.gvlPath, values.restrictedAsDenied,
            values.options
        )
        let (today, region, attAnswered, reprompt, rejectionApplied, maximumAge, pretty, decoding) = (
            values.today ?? EncodeCommand.today(), values.region, values.attAnswered, values.reprompt,
            values.rejectionApplied, values.maximumAge, values.pretty, values.decoding
        )
        guard let status else { usageError("att needs --status") }
        var consentFlow: ConsentFlow
        switch (strategy, flow) {
        case (let strategy?, nil):
            if restrictedAsDenied {
                usageError("--restricted-as-denied applies to --flow (a strategy handles restricted as denied)")
            }
            if !options.cmpSupportsNonTrackingScope && strategy != .attFirstRejectTracking && strategy != .cmpFirst {
                usageError("--cmp-cannot-hide-tracking applies to --strategy attFirstRejectTracking and cmpFirst")
            }
            if !options.enforceOnCMPUnaffected && strategy != .attFirstCMPUnaffected {
                usageError("--no-enforce applies to --strategy attFirstCMPUnaffected")
            }
            consentFlow = ConsentFlow(
                strategy: strategy,
                options: options,
                trigger: trigger ?? .trackingScope,
                scope: scope ?? .appleDefault,
                rejectVendors: rejectVendors ?? .none
            )
        case (nil, let flow?):
            for (given, option) in [
                (!options.restrictedAsDenied, "--restricted-as-unavailable"),
                (!options.cmpSupportsNonTrackingScope, "--cmp-cannot-hide-tracking"),
                (!options.enforceOnCMPUnaffected, "--no-enforce"),
            ] where given {
                usageError("\(option) applies to --strategy, not to --flow")
            }
            if restrictedAsDenied && flow.restrictedIsRefusal {
                usageError("--restricted-as-denied: \(flow.rawValue) already handles restricted as denied")
            }
            if flow == .adjust && (trigger != nil || consent != nil) {
                usageError("\(trigger != nil ? "--trigger" : "--consent"): adjust has no CMP")
            }
            consentFlow = ConsentFlow(
                guide: flow,
                trigger: trigger,
                scope: scope,
                rejectVendors: rejectVendors,
                restrictedAsDenied: restrictedAsDenied ? true : nil
            )
            if rejectVendors != nil && consentFlow.rejection == .all {
                usageError("--reject-vendors: \(flow.rawValue) rejects every vendor on a refusal; add --scope")
            }
        case (_?, _?): usageError("--strategy and --flow exclude each other")
        case (nil, nil): usageError("att needs one of --strategy and --flow")
        }
        if let gvlPath {
            let removesAll = consentFlow.rejectVendors == .all || consentFlow.scope.includesAllVendors
            guard consentFlow.rejection == .trackingScope && removesAll else {
                usageError(
                    "--gvl applies to a tracking-scope rejection of all vendors (consentmanager, --reject-vendors all)"
                )
            }
            consentFlow.vendorList = VendorListFile.load(gvlPath)
        }
        if idfaExplainer {
            guard flow == .googleUMP else { usageError("--idfa-explainer needs --flow google-ump") }
            consentFlow.idfaExplainer = true
        }
        if cmpShown && flow != .googleUMP { usageError("--cmp-shown needs --flow google-ump") }
        if rejectionApplied && !consentFlow.rejectsOnRefusal {
            usageError("--att-rejection-applied: \(flow?.rawValue ?? "this strategy") never rejects on a refusal")
        }
        consentFlow.reprompt = reprompt
        consentFlow.maximumAge = maximumAge
        do {
            // A GPP string's TCF EU v2 section is the TC string; the rest stays as it was.
            let given = try tcString.map { text in try GivenString(text, options: decoding.options) }
            // The library's one call decides: the consent read from the string (without --consent),
            // the rewritten string (a current choice only, its dates kept) and the ad serving answer.
            var input = ConsentFlow.Input(
                status: status.value,
                consent: .none,
                state: ConsentFlow.State(
                    attRequested: attRequested,
                    previousStatus: previousStatus,
                    promptInProgress: promptInProgress,
                    cmpShown: cmpShown,
                    region: region,
                    attAnswered: attAnswered,
                    rejectionApplied: rejectionApplied,
                    osVersion: values.osVersion
                )
            )
            input.isUnknownStatus = status.unknown
            let stored = StoredConsent(
                tcString: given?.section,
                gdprApplies: gdprApplies,
                consent: consent,
                gppString: values.gppString,
                gppSectionIds: values.gppSectionIds
            )
            let step = consentFlow.evaluate(input, stored: stored, today: today)
            if let error = step.storedStringError { throw error }
            // The library's object; a GPP string keeps its header and other sections around the section.
            let kept = given.map { String($0.before) + (step.rewrittenTCString ?? $0.section) + $0.after }
            Terminal.out(step.json(tcString: kept).serialized(pretty: pretty))
            return 0
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
    }

    /// `--tc-string`: a TC string, or a GPP string whose TCF EU v2 section is the TC string (as
    /// every reading command takes it); the rejection applies to that section, the header and
    /// other sections stay byte for byte.
    struct GivenString {
        /// The TC string decoded.
        let tcString: TCString
        /// Its text: the whole string, or the GPP string's TCF EU v2 section.
        let section: String
        /// The GPP string's text before and after the section (empty for a TC string).
        let before: Substring
        let after: Substring

        init(_ text: String, options: TCString.DecodingOptions) throws {
            guard Input.isGPP(text.utf8) else {
                (tcString, section, before, after) = (try TCString(encoded: text, options: options), text, "", "")
                return
            }
            let gpp = try GPPInput.decodeGPP(text, options: options)
            tcString = try gpp.requiredTCFEuV2()
            guard let found = GPPString.section(GPPString.tcfEuV2SectionId, in: text) else {
                throw GPPError(.missingTCFSection)
            }
            section = String(found.text)
            before = text[..<found.text.startIndex]
            after = text[found.text.endIndex...]
        }
    }

    /// A status name or Apple's raw number; any other integer, negative or too large, is unknown
    /// and fails closed as denied.
    static func parseStatus(
        _ text: String,
        option: String = "--status",
        fail: (String) -> Never = usageError
    ) -> (value: ATTStatus, unknown: Bool) {
        if let named = ATTStatus(rawValue: text) { return (named, false) }
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            fail("\(option) takes notDetermined, restricted, denied, authorized, unavailable or a raw number")
        }
        guard let raw = Int(text), (0...3).contains(raw) else { return (.denied, true) }
        return (ATTStatus(rawStatus: raw), false)
    }

    /// `all`, `none`, or ids and ranges such as `1,5-9`.
    static func parseVendors(_ text: String) -> VendorSelection {
        switch text {
        case "all": return .all
        case "none": return .none
        default:
            guard case .success(let list) = IDList.parse(text, within: 1...VendorSet.maxID),
                let vendors = try? VendorSet(list.ids)
            else { usageError("--reject-vendors takes all, none or vendor ids and ranges such as 1,5-9") }
            return .only(vendors)
        }
    }

    static func usageError(_ message: String) -> Never { Terminal.usageError("att: " + message, command: "att") }
}
