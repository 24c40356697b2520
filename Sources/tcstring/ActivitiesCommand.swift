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

    /// `{"activities", "reasons", "sections"}`, and `"usnat"` when asked.
    static func json(_ answer: USActivities, usnat: Bool, pretty: Bool) -> String {
        var members: [(String, JSON)] = [
            ("activities", .object(USActivity.allCases.map { ($0.rawValue, .bool(answer.isAllowed($0))) })),
            ("reasons", .array(answer.reasons.map(json))),
            (
                "sections",
                .array(
                    answer.sections.map { section in
                        .object([
                            ("id", .int(section.id)), ("name", .string(section.name)),
                            ("denied", .array(section.denied.map { .string($0.rawValue) })),
                        ])
                    }
                )
            ),
        ]
        if usnat { members.append(("usnat", answer.usnat.map(json) ?? .null)) }
        return JSON.object(members).serialized(pretty: pretty)
    }

    /// One reason as `{"reason", ...details}`.
    static func json(_ reason: USActivities.Reason) -> JSON {
        func named(_ kind: String, _ id: Int, _ name: String) -> [(String, JSON)] {
            [("reason", .string(kind)), ("sectionId", .int(id)), ("section", .string(name))]
        }
        switch reason {
        case .rule(let id, let name, let rule, let denies):
            return .object(
                named("rule", id, name) + [
                    ("rule", .string(rule)), ("denies", .array(denies.map { .string($0.rawValue) })),
                ]
            )
        case .sectionMissing(let id, let name): return .object(named("sectionMissing", id, name))
        case .sectionUnreadable(let id, let name, let code, let position):
            return .object(
                named("sectionUnreadable", id, name) + [
                    ("code", .string(code)), ("position", position.map(JSON.int) ?? .null),
                ]
            )
        case .unknownVersion(let id, let name, let version):
            return .object(named("unknownVersion", id, name) + [("version", .int(version))])
        case .notInForce(let id, let name): return .object(named("notInForce", id, name))
        }
    }

    /// The US National fields: `"version"`, every field of its table (keys with a lowercase first
    /// letter, as `decode` writes them), then `"gpc"`; `null` where the section has none.
    static func json(_ fields: USNationalFields) -> JSON {
        .object(
            [("version", .int(fields.version))]
                + fields.fields.map { name, value in
                    let key = name.prefix(1).lowercased() + name.dropFirst()
                    switch value {
                    case nil: return (key, .null)
                    case .int(let int): return (key, .int(int))
                    case .bool(let flag): return (key, .bool(flag))
                    case .list(let items): return (key, .array(items.map { $0.map(JSON.int) ?? .null }))
                    }
                }
        )
    }
}
