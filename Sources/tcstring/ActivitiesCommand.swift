import IABGPP
import IABTCF
import IABTCFAppTracking
import TCFJSON

/// `tcstring activities [--gpp-sid IDS] [--usnat] [--pretty] [--jobs N] [--strict] [--max-length N]
/// [STRING | -]`: Prebid's US activities (the library's `USActivities`) for a GPP string's US
/// sections in force, read as `IABGPP_HDR_GppString` with `IABGPP_GppSID` (`StoredConsent`'s
/// `usActivities`), so the tool and the app agree.
enum ActivitiesCommand {
    struct Values {
        var gppSectionIds: [Int]?
        var usnat = false
        var pretty = false
        var decoding = DecodingFlags()
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            SharedOptions.gppSectionIds(\.gppSectionIds),
            .flag("--usnat", "add \"usnat\": the first US section in force in US National terms") { $0.usnat = true },
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "activities")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (sid, usnat, pretty, decoding) = (values.gppSectionIds, values.usnat, values.pretty, values.decoding)
        let failure = FailureOutput.errorObjectAlways(pretty: pretty)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            switch try input.decode() {
            case .tc:
                output.append(json(USActivities(sections: [], inForce: sid), usnat: usnat, pretty: pretty))
                return false
            case .gpp(let gpp):
                // A section that does not decode is never "no opt-out": in force, it is unreadable
                // and denies every activity (the answer is printed), and the input fails as it does
                // for `decode` and `ads` (exit 1, each section's message on standard error).
                output.append(json(gpp.usActivities(inForce: sid), usnat: usnat, pretty: pretty))
                for failure in gpp.failedSections { errors.append(input.message(failure.error) + "\n") }
                return !gpp.failedSections.isEmpty
            }
        }
    }

    /// The library's `{"activities", "reasons", "sections"}`, and `"usnat"` when asked.
    static func json(_ answer: USActivities, usnat: Bool, pretty: Bool) -> String {
        var json = answer.json
        if usnat, case .object(let members) = json {
            json = .object(members + [("usnat", answer.usnat.map(\.json) ?? .null)])
        }
        return json.serialized(pretty: pretty)
    }
}
