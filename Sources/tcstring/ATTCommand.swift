import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCStringToolSupport

/// `tcstring att`: the decision of a consent flow as one JSON object (its help is `Usage.att`).
enum ATTCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var status: (value: ATTStatus, unknown: Bool)?
        var previousStatus: ATTStatus?
        var strategy: ATTStrategy?
        var flow: ATTFlow?
        var consent: ConsentState?
        var tcString: String?
        var gdprApplies = true
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
        var today = EncodeCommand.today()
        var region = ConsentFlow.Region.other
        var attAnswered: Timestamp?
        var reprompt = ConsentFlow.Reprompt.never
        var rejectionApplied = false
        var maximumAge = TCString.commonMaximumAge
        var pretty = false
        var decoding = DecodingFlags(streams: false)
        var arguments = Arguments(arguments, command: "att")
        arguments.parse { argument, arguments in
            func value(_ flag: String) -> String { arguments.value(of: flag) }
            switch argument {
            case "--pretty": pretty = true
            case "--status": status = parseStatus(value(argument))
            case "--previous-status": previousStatus = parseStatus(value(argument)).value
            case "--strategy":
                guard let parsed = ATTStrategy(rawValue: value(argument)) else {
                    usageError("--strategy takes " + ATTStrategy.allCases.map(\.rawValue).joined(separator: ", "))
                }
                strategy = parsed
            case "--flow":
                guard let parsed = ATTFlow(rawValue: value(argument)) else {
                    usageError("--flow takes " + ATTFlow.allCases.map(\.rawValue).joined(separator: ", "))
                }
                flow = parsed
            case "--consent":
                guard let parsed = ConsentState(rawValue: value(argument)) else {
                    usageError("--consent takes " + ConsentState.allCases.map(\.rawValue).joined(separator: ", "))
                }
                consent = parsed
            case "--tc-string": tcString = String(value(argument).trimmedASCII)
            case "--gdpr-applies": gdprApplies = arguments.gdprApplies()
            case "--att-requested": attRequested = true
            case "--prompt-in-progress": promptInProgress = true
            case "--cmp-shown": cmpShown = true
            case "--idfa-explainer": idfaExplainer = true
            case "--trigger":
                guard let parsed = ATTTrigger(rawValue: value(argument)) else {
                    usageError("--trigger takes " + ATTTrigger.allCases.map(\.rawValue).joined(separator: ", "))
                }
                trigger = parsed
            case "--scope":
                let name = value(argument)
                guard let preset = TrackingScope.presets[name] else {
                    usageError("--scope takes " + TrackingScope.presets.keys.sorted().joined(separator: ", "))
                }
                scope = preset
            case "--reject-vendors": rejectVendors = parseVendors(value(argument))
            case "--gvl": gvlPath = value(argument)
            case "--restricted-as-unavailable": options.restrictedAsDenied = false
            case "--restricted-as-denied": restrictedAsDenied = true
            case "--cmp-cannot-hide-tracking": options.cmpSupportsNonTrackingScope = false
            case "--no-enforce": options.enforceOnCMPUnaffected = false
            case "--today": today = arguments.day(of: argument)
            case "--region":
                guard let parsed = ConsentFlow.Region(rawValue: value(argument)) else {
                    usageError("--region takes eu or other")
                }
                region = parsed
            case "--att-answered": attAnswered = arguments.day(of: argument)
            case "--reprompt":
                guard let parsed = ConsentFlow.Reprompt(rawValue: value(argument)) else {
                    usageError("--reprompt takes never or denied")
                }
                reprompt = parsed
            case "--att-rejection-applied": rejectionApplied = true
            case "--max-age-days": maximumAge = arguments.days(of: argument)
            default: return decoding.parse(argument, &arguments)
            }
            return true
        } operand: { operand, _ in
            usageError("unexpected \(operand)")
        }
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
        do throws(TCStringError) {
            // A GPP string's TCF EU v2 section is the TC string; the rest stays as it was.
            let given = try tcString.map { text throws(TCStringError) in
                try GivenString(text, options: decoding.options)
            }
            // Without --consent, a given TC string says what the user chose, read through the trigger.
            let decoded = given?.tcString
            let state = consent ?? decoded.map { consentFlow.consent(of: $0, today: today) } ?? ConsentState.none
            var input = ConsentFlow.Input(
                status: status.value,
                consent: state,
                gdprApplies: gdprApplies,
                state: ConsentFlow.State(
                    attRequested: attRequested,
                    previousStatus: previousStatus,
                    promptInProgress: promptInProgress,
                    cmpShown: cmpShown,
                    region: region,
                    attAnswered: attAnswered,
                    rejectionApplied: rejectionApplied
                )
            )
            input.isUnknownStatus = status.unknown
            input.today = today
            input.purposeOneConsent = decoded.map { $0.purposeConsents.contains(1) }
            let decision = consentFlow.evaluate(input)
            // These keys in this order: tools outside the repository parse this object.
            var members: [(String, JSON)] = [
                ("next", .string(decision.next.rawValue)), ("reject", .string(decision.reject.rawValue)),
                ("idfaAllowed", .bool(decision.idfaAllowed)), ("trackersAllowed", .bool(decision.trackersAllowed)),
                ("reapplyAfterCMP", .bool(decision.reapplyAfterCMP)),
                ("warnings", .array(decision.warnings.map { .string($0.rawValue) })),
            ]
            if let given {
                let applied = try TCString.applying(decision, to: given.section, today: today)
                members.append(("tcString", .string(given.before + applied + given.after)))
            }
            let vendors: JSON
            switch decision.rejectVendors {
            case .none: vendors = .ids([])
            case .all: vendors = .string("all")
            case .only(let ids): vendors = .ids(ids)
            }
            members += [
                ("statusChanged", .bool(decision.statusChanged)),
                ("rejectPurposes", .ids(decision.rejectPurposes)),
                ("rejectSpecialFeatures", .ids(decision.rejectSpecialFeatures)),
                ("rejectVendors", vendors),
                (
                    "attRequestableFrom",
                    decision.attRequestableFrom.map { .string(String($0.description.prefix(10))) } ?? .null
                ),
            ]
            Terminal.out(JSON.object(members).serialized(pretty: pretty))
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

        init(_ text: String, options: TCString.DecodingOptions) throws(TCStringError) {
            guard Input.isGPP(text.utf8) else {
                (tcString, section, before, after) = (try TCString(encoded: text, options: options), text, "", "")
                return
            }
            let gpp = try GPPString(encoded: text, options: options)
            tcString = try gpp.requiredTCFEuV2()
            guard let found = GPPString.section(GPPString.tcfEuV2SectionId, in: text) else {
                throw TCStringError(.missingTCFSection)
            }
            section = String(found.text)
            before = text[..<found.text.startIndex]
            after = text[found.text.endIndex...]
        }
    }

    /// A status name or Apple's raw number; any other integer, negative or too large, is unknown
    /// and fails closed as denied.
    static func parseStatus(_ text: String) -> (value: ATTStatus, unknown: Bool) {
        if let named = ATTStatus(rawValue: text) { return (named, false) }
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
            usageError("--status takes notDetermined, restricted, denied, authorized, unavailable or a raw number")
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
