import IABTCF
import IABTCFVendorList
import TCFJSON
import TCStringToolSupport

/// `tcstring ads [--vendor N] [--today YYYY-MM-DD] [--max-age-days N] [--gdpr-applies B] [--pretty] [STRING | -]`.
enum AdsCommand {
    struct Values {
        var vendor = TCString.googleVendorId
        var maximumAge = TCString.commonMaximumAge
        var today: Timestamp?
        var gdprApplies: Bool?
        var pretty = false
        var decoding = DecodingFlags()
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            .value(["--vendor"], "N", "the vendor id (default \(TCString.googleVendorId), Google)") {
                values,
                arguments,
                name in
                values.vendor = arguments.value(of: name, "a vendor id (\((1...VendorSet.maxID).text))") {
                    Int($0).flatMap { (1...VendorSet.maxID).contains($0) ? $0 : nil }
                }
            },
            SharedOptions.today(\.today),
            SharedOptions.maximumAge(
                \.maximumAge,
                help: "days a choice is valid (default \(TCString.commonMaximumAge), Google's 13 months)"
            ),
            SharedOptions.gdprApplies(
                \.gdprApplies,
                help:
                    "true or 1 (default), false or 0: where the GDPR does not apply\nthe TC string does not limit the mode"
            ),
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "ads")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (vendor, maximumAge, gdprApplies, pretty, decoding) = (
            values.vendor, values.maximumAge, values.gdprApplies ?? true, values.pretty, values.decoding
        )
        let day = values.today ?? EncodeCommand.today()
        let failure = FailureOutput.errorObjectAlways(pretty: pretty)
        let (id, applies, age, indent) = (vendor, gdprApplies, maximumAge, pretty)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            let tc = try input.tcString()
            let answer = tc.adServing(vendor: id, gdprApplies: applies, today: day, maximumAge: age)
            output.append(json(answer).serialized(pretty: indent))
            return false
        }
    }

    /// `{"vendor", "mode", "reasons"}`.
    static func json(_ answer: AdServing) -> JSON {
        .object([
            ("vendor", .int(answer.vendor)), ("mode", .string(answer.mode.rawValue)),
            ("reasons", .array(answer.reasons.map(json))),
        ])
    }

    /// One reason as `{"reason", ...details}`.
    static func json(_ reason: AdServingReason) -> JSON {
        switch reason {
        case .gdprDoesNotApply: return .object([("reason", .string("gdprDoesNotApply"))])
        case .notDisclosed: return .object([("reason", .string("notDisclosed"))])
        case .expired(let lastUpdated, let age, let maximumAge):
            return .object([
                ("reason", .string("expired")), ("lastUpdated", .string(lastUpdated.description)),
                ("ageDays", .int(age)), ("maxAgeDays", .int(maximumAge)),
            ])
        case .tcfOnlyInGPP: return .object([("reason", .string("tcfOnlyInGPP"))])
        case .usOptOut(let sectionId, let section, let field, let readByGoogle):
            return .object([
                ("reason", .string("usOptOut")), ("sectionId", .int(sectionId)), ("section", .string(section)),
                ("field", .string(field)), ("readByGoogle", .bool(readByGoogle)),
            ])
        case .usPrivacyOptOut(let usPrivacy):
            return .object([("reason", .string("usPrivacyOptOut")), ("usPrivacy", .string(usPrivacy))])
        case .restrictedDataProcessing: return .object([("reason", .string("restrictedDataProcessing"))])
        case .missingPurposes(let mode, let purposes):
            let rows = purposes.map { missing in
                JSON.object([
                    ("purpose", .int(missing.requirement.purpose)),
                    ("needs", .string(missing.requirement.need.rawValue)),
                    ("reason", .string(missing.permission.reason.rawValue)),
                ])
            }
            return .object([
                ("reason", .string("missingPurposes")), ("mode", .string(mode.rawValue)), ("purposes", .array(rows)),
            ])
        }
    }
}
