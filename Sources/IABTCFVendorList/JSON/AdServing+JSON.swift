import IABTCF
package import TCFJSON

// The ad serving answer as JSON, the object `tcstring ads` prints (and `att`, `inapp --read` and
// `consent-mode` embed): its keys are a contract tools outside the repository parse.

extension AdServing {
    /// `{"vendor", "mode", "reasons"}`, each reason as ``AdServingReason/json``.
    package var json: JSON {
        .object([
            ("vendor", .int(vendor)), ("mode", .string(mode.rawValue)), ("reasons", .array(reasons.map(\.json))),
        ])
    }
}

extension AdServingReason {
    /// The reason as `{"reason": NAME, ...}`: its name (the case's), then its values by name.
    package var json: JSON {
        switch self {
        case .gdprDoesNotApply: .reason("gdprDoesNotApply")
        case .notDisclosed: .reason("notDisclosed")
        case .expired(let lastUpdated, let age, let maximumAge):
            .expired(lastUpdated: lastUpdated, ageInDays: age, maximumAge: maximumAge)
        case .futureDated(let created, let lastUpdated, let today):
            .futureDated(created: created, lastUpdated: lastUpdated, today: today)
        case .tcfOnlyInGPP: .reason("tcfOnlyInGPP")
        case .usOptOut(let sectionId, let section, let field, let readByGoogle):
            .reason(
                "usOptOut",
                ("sectionId", .int(sectionId)),
                ("section", .string(section)),
                ("field", .string(field)),
                ("readByGoogle", .bool(readByGoogle))
            )
        case .usPrivacyOptOut(let usPrivacy): .reason("usPrivacyOptOut", ("usPrivacy", .string(usPrivacy)))
        case .restrictedDataProcessing: .reason("restrictedDataProcessing")
        case .gppStringUnreadable: .reason("gppStringUnreadable")
        case .gppSectionUnreadable(let sectionId, let code, let position):
            .reason(
                "gppSectionUnreadable",
                ("sectionId", .int(sectionId)),
                ("code", .string(code)),
                ("position", position.map(JSON.int) ?? .null)
            )
        case .usActivityRule(let sectionId, let section, let rule, let readByGoogle):
            .reason(
                "usActivityRule",
                ("sectionId", .int(sectionId)),
                ("section", .string(section)),
                ("rule", .string(rule)),
                ("readByGoogle", .bool(readByGoogle))
            )
        case .gppSectionMissing(let sectionId): .reason("gppSectionMissing", ("sectionId", .int(sectionId)))
        case .gppSectionNotInForce(let sectionId): .reason("gppSectionNotInForce", ("sectionId", .int(sectionId)))
        case .tcf23DisclosedVendorsMissing: .reason("tcf23DisclosedVendorsMissing")
        case .missingPurposes(let mode, let purposes):
            .reason("missingPurposes", ("mode", .string(mode.rawValue)), ("purposes", .array(purposes.map(\.json))))
        }
    }
}

extension MissingAdPurpose {
    /// `{"purpose", "needs", "reason"}`: the purpose, what the mode needs of it, and why the
    /// string does not give it (``PermissionReason``).
    package var json: JSON {
        .object([
            ("purpose", .int(requirement.purpose)), ("needs", .string(requirement.need.rawValue)),
            ("reason", .string(permission.reason.rawValue)),
        ])
    }
}

extension JSON {
    /// A reason object: `{"reason": name}`, then `details` in order. The one shape of every
    /// reason the libraries give (ad serving, renewal, consent mode, US activities).
    package static func reason(_ name: String, _ details: (String, JSON)...) -> JSON {
        .object([("reason", .string(name))] + details)
    }

    /// `{"reason": "expired", "lastUpdated", "ageDays", "maxAgeDays"}`, one form for ad serving and renewal.
    static func expired(lastUpdated: Timestamp, ageInDays: Int, maximumAge: Int) -> JSON {
        .reason(
            "expired",
            ("lastUpdated", .string(lastUpdated.description)),
            ("ageDays", .int(ageInDays)),
            ("maxAgeDays", .int(maximumAge))
        )
    }

    /// `{"reason": "futureDated", "created", "lastUpdated", "today"}`, one form for ad serving and renewal.
    static func futureDated(created: Timestamp, lastUpdated: Timestamp, today: Timestamp) -> JSON {
        .reason(
            "futureDated",
            ("created", .string(created.description)),
            ("lastUpdated", .string(lastUpdated.description)),
            ("today", .string(today.description))
        )
    }
}
