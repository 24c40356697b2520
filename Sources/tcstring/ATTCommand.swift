import IABTCF
import IABTCFAppTracking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `tcstring att --status S --strategy T [--consent none|refused|granted] [--tc-string STRING]
/// [--gdpr-applies true|false] [--scope NAME]`, plus `--restricted-as-unavailable`,
/// `--cmp-cannot-hide-tracking`, `--no-enforce` and `--today YYYY-MM-DD`.
enum ATTCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var status: ATTStatus?
        var strategy: ATTStrategy?
        var consent: ConsentState?
        var tcString: String?
        var gdprApplies = true
        var scope = TrackingScope.appleDefault
        var options = ATTOptions()
        var today = EncodeCommand.today()
        var rest = arguments[...]
        func value(_ flag: String) -> String {
            guard let value = rest.popFirst() else { Terminal.usageError("\(flag) needs a value") }
            return value
        }
        while let argument = rest.popFirst() {
            switch argument {
            case "--status":
                let text = value(argument)
                // A raw number too large for UInt is still an unknown raw value: it fails closed as denied.
                let isRawNumber =
                    !text.isEmpty && text.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                let raw = UInt(text).map(ATTStatus.init(rawStatus:)) ?? (isRawNumber ? ATTStatus.denied : nil)
                guard let parsed = ATTStatus(rawValue: text) ?? raw else {
                    Terminal.usageError(
                        "--status takes notDetermined, restricted, denied, authorized, unavailable or a raw number"
                    )
                }
                status = parsed
            case "--strategy":
                guard let parsed = ATTStrategy(rawValue: value(argument)) else {
                    Terminal.usageError(
                        "--strategy takes " + ATTStrategy.allCases.map(\.rawValue).joined(separator: ", ")
                    )
                }
                strategy = parsed
            case "--consent":
                guard let parsed = ConsentState(rawValue: value(argument)) else {
                    Terminal.usageError("--consent takes none, refused or granted")
                }
                consent = parsed
            case "--tc-string": tcString = String(value(argument).trimmedASCII)
            case "--gdpr-applies":
                switch value(argument) {
                case "true": gdprApplies = true
                case "false": gdprApplies = false
                default: Terminal.usageError("--gdpr-applies takes true or false")
                }
            case "--scope":
                let name = value(argument)
                guard let preset = TrackingScope.presets[name] else {
                    Terminal.usageError("--scope takes " + TrackingScope.presets.keys.sorted().joined(separator: ", "))
                }
                scope = preset
            case "--restricted-as-unavailable": options.restrictedAsUnavailable = true
            case "--cmp-cannot-hide-tracking": options.cmpSupportsNonTrackingScope = false
            case "--no-enforce": options.enforceOnCMPUnaffected = false
            case "--today":
                guard let day = Timestamp(iso8601: value(argument)) else {
                    Terminal.usageError("--today takes YYYY-MM-DD")
                }
                today = day
            default: Terminal.usageError("unexpected \(argument)")
            }
        }
        guard let status, let strategy else { Terminal.usageError("att needs --status and --strategy") }
        do throws(TCStringError) {
            // Without --consent, a given TC string says what the user chose.
            let decoded = try tcString.map { text throws(TCStringError) in try TCString(encoded: text) }
            let state = consent ?? decoded.map { ConsentState($0, scope: scope) } ?? ConsentState.none
            let decision = ATTDecision.decide(
                status: status,
                consent: state,
                gdprApplies: gdprApplies,
                strategy: strategy,
                options: options
            )
            // Exactly these keys, in this order: tools outside the repository parse this object.
            var members: [(String, JSON)] = [
                ("next", .string(decision.next.rawValue)), ("reject", .string(decision.reject.rawValue)),
                ("idfaAllowed", .bool(decision.idfaAllowed)), ("trackersAllowed", .bool(decision.trackersAllowed)),
                ("reapplyAfterCMP", .bool(decision.reapplyAfterCMP)),
                ("warnings", .array(decision.warnings.map { .string($0.rawValue) })),
            ]
            if let tcString {
                members.append(
                    ("tcString", .string(try TCString.applying(decision, to: tcString, scope: scope, today: today)))
                )
            }
            Terminal.out(JSON.object(members).serialized())
            return 0
        } catch {
            Terminal.err("tcstring: \(error)")
            return Terminal.failure
        }
    }
}
