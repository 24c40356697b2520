import IABTCFVendorList
package import TCFJSON

// US activities as JSON, the object `tcstring activities` prints: its keys are a contract.

extension USActivities {
    /// `{"activities": {NAME: allowed, ...}, "reasons": [...], "sections": [{"id", "name",
    /// "denied"}]}`: every ``USActivity`` in its order, the reasons (``Reason/json``), and each
    /// section read with the activities it denies.
    package var json: JSON {
        .object([
            ("activities", .object(USActivity.allCases.map { ($0.rawValue, .bool(isAllowed($0))) })),
            ("reasons", .array(reasons.map(\.json))),
            (
                "sections",
                .array(
                    sections.map { section in
                        .object([
                            ("id", .int(section.id)), ("name", .string(section.name)),
                            ("denied", .array(section.denied.map { .string($0.rawValue) })),
                        ])
                    }
                )
            ),
        ])
    }
}

extension USActivities.Reason {
    /// The reason as `{"reason": NAME, "sectionId", "section", ...details}`.
    package var json: JSON {
        func named(_ kind: String, _ id: Int, _ name: String, _ details: [(String, JSON)] = []) -> JSON {
            .object([("reason", .string(kind)), ("sectionId", .int(id)), ("section", .string(name))] + details)
        }
        switch self {
        case .rule(let id, let name, let rule, let denies):
            return named(
                "rule",
                id,
                name,
                [("rule", .string(rule)), ("denies", .array(denies.map { .string($0.rawValue) }))]
            )
        case .sectionMissing(let id, let name): return named("sectionMissing", id, name)
        case .sectionUnreadable(let id, let name, let code, let position):
            return named(
                "sectionUnreadable",
                id,
                name,
                [("code", .string(code)), ("position", position.map(JSON.int) ?? .null)]
            )
        case .unknownVersion(let id, let name, let version):
            return named("unknownVersion", id, name, [("version", .int(version))])
        case .notInForce(let id, let name): return named("notInForce", id, name)
        }
    }
}

extension USNationalFields {
    /// `{"version", ...every field of the US National table, "gpc"}`: the keys with a lowercase
    /// first letter, as the decode schema writes a section's fields; `null` for a field the
    /// translated section does not have.
    package var json: JSON {
        .object(
            [("version", .int(version))]
                + fields.map { name, value in
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
