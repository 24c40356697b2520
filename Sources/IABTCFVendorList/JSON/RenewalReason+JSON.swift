import IABTCF
package import TCFJSON

// Renewal as JSON, the object `tcstring renew` prints: its keys are a contract.

extension RenewalReason {
    /// The reason as `{"reason": NAME, ...}`: `newVendors` with `"vendors"` (ids),
    /// `changedDeclarations` with `"vendors"` (``DeclarationChange/json`` each), `policyVersion`
    /// with `"string"` and `"list"`, `expired` with `"lastUpdated"`, `"ageDays"` and `"maxAgeDays"`,
    /// `futureDated` with `"created"`, `"lastUpdated"` and `"today"`.
    package var json: JSON {
        switch self {
        case .newVendors(let ids): .reason("newVendors", ("vendors", .ids(ids)))
        case .changedDeclarations(let changes): .reason("changedDeclarations", ("vendors", .array(changes.map(\.json))))
        case .policyVersion(let string, let list):
            .reason("policyVersion", ("string", .int(string)), ("list", .int(list)))
        case .expired(let lastUpdated, let age, let maximumAge):
            .expired(lastUpdated: lastUpdated, ageInDays: age, maximumAge: maximumAge)
        case .futureDated(let created, let lastUpdated, let today):
            .futureDated(created: created, lastUpdated: lastUpdated, today: today)
        }
    }

    /// The answer of `renewal(against:previous:shownVendors:today:maximumAge:)` as
    /// `{"renew": true|false, "reasons": [...]}`, written as bytes: the same text as the tree's
    /// ``json`` for each reason, but a list of new vendors, often hundreds of ids, goes straight
    /// from the set.
    package static func writeJSON(_ reasons: [RenewalReason], to out: inout OutputBuffer) {
        out.append(reasons.isEmpty ? "{\"renew\":false,\"reasons\":[" : "{\"renew\":true,\"reasons\":[")
        for (index, reason) in reasons.enumerated() {
            if index > 0 { out.append(",") }
            if case .newVendors(let ids) = reason {
                out.append("{\"reason\":\"newVendors\",\"vendors\":")
                out.writeIDs(ids, count: ids.count)
                out.append("}")
            } else {
                out.append(reason.json.serialized())
            }
        }
        out.append("]}")
    }
}

extension DeclarationChange {
    /// `{"vendorId", "purposes", "legIntPurposes", "specialPurposes", "specialFeatures"}`: what
    /// the vendor's declarations gained, as id lists.
    package var json: JSON {
        .object([
            ("vendorId", .int(vendorId)), ("purposes", .ids(consentPurposes)),
            ("legIntPurposes", .ids(legitimateInterestPurposes)), ("specialPurposes", .ids(specialPurposes)),
            ("specialFeatures", .ids(specialFeatures)),
        ])
    }
}
