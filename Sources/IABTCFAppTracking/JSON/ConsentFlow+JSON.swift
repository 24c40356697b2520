import IABTCF
import IABTCFVendorList
package import TCFJSON

// A consent flow's step as JSON, the object `tcstring att` prints: these keys in this order, as
// tools outside the repository parse it.

extension ConsentFlow.Step {
    /// `{"next", "reject", "idfaAllowed", "trackersAllowed", "reapplyAfterCMP", "warnings",
    /// "tcString", "statusChanged", "rejectPurposes", "rejectSpecialFeatures", "rejectVendors",
    /// "attRequestableFrom", "adServing"}`: the ``decision``, the string the app keeps (`tcString`,
    /// left out when `nil`; the caller's, as a GPP string holds the rewritten section), and
    /// ``adServing`` as `AdServing`'s JSON (`null` without one). `rejectVendors` is `"all"` or a
    /// list of ids; `attRequestableFrom` a day `YYYY-MM-DD` or `null`.
    package func json(tcString: String?) -> JSON {
        var members: [(String, JSON)] = [
            ("next", .string(decision.next.rawValue)), ("reject", .string(decision.reject.rawValue)),
            ("idfaAllowed", .bool(decision.idfaAllowed)), ("trackersAllowed", .bool(decision.trackersAllowed)),
            ("reapplyAfterCMP", .bool(decision.reapplyAfterCMP)),
            ("warnings", .array(decision.warnings.map { .string($0.rawValue) })),
        ]
        if let tcString { members.append(("tcString", .string(tcString))) }
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
            ("adServing", adServing.map(\.json) ?? .null),
        ]
        return .object(members)
    }
}
