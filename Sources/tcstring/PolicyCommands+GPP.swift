import IABGPP
import IABTCF
import IABTCFVendorList
import TCFJSON

/// One finding `validate` reports: a TC string's policy finding, or a GPP finding naming its
/// section, field and rule.
struct ValidationFinding {
    /// `tcf.…` for a TC string's rules, `gpp.…` for IABGPP's (`gpp.mspaCoveredTransaction`).
    let rule: String
    var message: String
    /// The error of a GPP section that did not decode (`gpp.sectionUnreadable`).
    var error: GPPError?
    /// The GPP section id (3 for the header), for a GPP finding.
    let section: Int?
    /// The field by its specification name, for a GPP finding about one.
    let field: String?

    /// `rule: message`.
    var description: String { "\(rule): \(message)" }

    /// `{"rule", "message"}`, and for a GPP finding `"section"` and `"field"` too.
    var json: JSON {
        var members: [(String, JSON)] = [("rule", .string(rule)), ("message", .string(message))]
        if let section {
            members += [("section", .int(section)), ("field", field.map(JSON.string) ?? .null)]
        }
        return .object(members)
    }

    init(_ finding: PolicyFinding) {
        (rule, message, section, field) = (finding.rule.name, finding.message, nil, nil)
    }

    init(_ finding: GPPFinding) {
        rule = "gpp." + finding.rule.rawValue
        section = finding.sectionId
        field = finding.field
        message = finding.message
    }
}

extension PolicyCommands {
    /// `validate`'s findings for `input`: a TC string's policy findings; for a GPP string
    /// IABGPP's `validate()` (`validate(gppSID:)` with `--gpp-sid`), then the policy findings of
    /// its TCF EU v2 section when it has one (a GPP string without section 2 is valid GPP).
    static func findings(
        _ input: Input,
        gvl: GlobalVendorList?,
        today: Timestamp?,
        gppSID: [Int]?
    ) throws -> [ValidationFinding] {
        // Without --today the dates are checked against today's UTC day (tcf.dateInFuture), as ads
        // and renew read them; the whole-day rule (tcf.timestampNotWholeDay) only for a --today given.
        let day = today ?? EncodeCommand.today()
        func policy(_ tc: TCString) -> [ValidationFinding] {
            var findings = gvl.map { tc.validate(against: $0, today: day) } ?? tc.validate(today: day)
            if today == nil { findings.removeAll { $0.rule == .timestampNotWholeDay } }
            return findings.map(ValidationFinding.init)
        }
        switch try input.decode() {
        case .tc(let tc): return policy(tc)
        case .gpp(let gpp):
            let findings =
                gppSID.map { gpp.validate(gppSID: $0.map(String.init).joined(separator: "_")) } ?? gpp.validate()
            return findings.map { finding in
                var found = ValidationFinding(finding)
                // An unreadable section says why, as decode's error object does.
                if finding.rule == .sectionUnreadable, let failure = gpp.failedSection(finding.sectionId) {
                    found.message += ": " + JSON.message(failure.error)
                    found.error = failure.error
                }
                return found
            } + (gpp.tcfEuV2.map(policy) ?? [])
        }
    }
}
