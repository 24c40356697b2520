import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCFJSON

/// `tcstring consent-mode [--att STATUS] [--gdpr-applies B] [--gpp-string S] ... STRING`: Google's
/// consent mode values for a stored choice, the library's `StoredConsent.consentMode(att:today:maximumAge:)`.
///
/// A TC string is read as `IABTCF_TCString`, a GPP string as `IABGPP_HDR_GppString` (as `ads` reads them).
enum ConsentModeCommand {
    struct Values {
        var att = ATTStatus.unavailable
        var gdprApplies: Bool?
        var gppString: String?
        var gppSectionIds: [Int]?
        var usPrivacy: String?
        var restrictedDataProcessing = false
        var today: Timestamp?
        var maximumAge = TCString.commonMaximumAge
        var pretty = false
        var decoding = DecodingFlags()
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            SharedOptions.att(\.att),
            SharedOptions.gdprApplies(
                \.gdprApplies,
                help: "true or 1 (default), false or 0: where the GDPR does not apply the TC\n"
                    + "string does not limit the values and US opt-outs decide\n"
                    + "(default for a GPP string without section 2: false)"
            ),
            SharedOptions.gppString(
                \.gppString,
                help: "IABGPP_HDR_GppString: where the GDPR does not apply, an opt-out of sale,\nsharing or targeted"
                    + " advertising (or GPC) in a US section in force denies\nad_user_data and ad_personalization"
            ),
            SharedOptions.gppSectionIds(\.gppSectionIds),
            SharedOptions.usPrivacy(\.usPrivacy),
            SharedOptions.restrictedDataProcessing(\.restrictedDataProcessing),
            SharedOptions.today(\.today),
            SharedOptions.maximumAge(
                \.maximumAge,
                help: "days a choice is valid (default \(TCString.commonMaximumAge), Google's 13 months)"
            ),
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static let usage =
        Usage.synopsis("consent-mode", options) + "\n" + """
              Google's consent mode values (Analytics.setConsent, gtag consent) for a stored choice.
              One JSON object per string: {"analytics_storage": "granted" | "denied", "ad_storage",
              "ad_user_data", "ad_personalization", "reasons": [...]}, each reason with the types it
              "denies" (a list):
                {"reason": "purposeNotConsented", "purpose"}  Google's table ("Implement TCF
                  strings"): no Purpose 1 consent denies ad_storage and ad_user_data, 3 or 4
                  ad_personalization, 7 ad_user_data; Purposes 1 and 8 also deny analytics_storage
                  (Google gives no mapping: the stricter value)
                {"reason": "purposeRestricted", "purpose", "restriction"}  a publisher restriction
                  on Google (vendor 755) forbids the purpose by consent: as purposeNotConsented
                {"reason": "vendorNotConsented", "vendor"}  no consent for Google, or not disclosed:
                  the three ad_ types
                {"reason": "noChoice"}, {"reason": "tcfOnlyInGPP"}, {"reason": "expired", ...},
                  {"reason": "futureDated", ...}  no current choice Google reads: all four
                {"reason": "att", "status"}  --att other than authorized or unavailable: the three
                  ad_ types (Google gives no ATT mapping: the stricter value)
                {"reason": "gdprDoesNotApply"}  denies nothing; then the US opt-outs as tcstring
                  ads names them (usOptOut, usPrivacyOptOut, gppStringUnreadable,
                  gppSectionUnreadable): ad_user_data and ad_personalization
                {"reason": "restrictedDataProcessing"}  --gad-rdp: ad_personalization
              A string that does not decode gives {"error": {...}} and exit 1.

            """ + Usage.table(options) + "\n" + Usage.inputNote()

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "consent-mode")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let base = StoredConsent(
            tcString: nil,
            gdprApplies: values.gdprApplies,
            gppString: values.gppString,
            gppSectionIds: values.gppSectionIds,
            usPrivacyString: values.usPrivacy,
            restrictedDataProcessing: values.restrictedDataProcessing
        )
        let (att, today, maximumAge, pretty) = (
            values.att, values.today ?? EncodeCommand.today(), values.maximumAge, values.pretty
        )
        let failure = FailureOutput.errorObjectAlways(pretty: pretty)
        let decoding = values.decoding
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            _ in
            var stored = base
            switch try input.decode() {
            case .tc:
                stored.tcString = input.text
            case .gpp(let gpp):
                stored.gppString = input.text
                let hasTCF = gpp.tcfEuV2 != nil
                stored.gdprApplies = stored.gdprApplies ?? hasTCF
                stored.hasTCStringOnlyInGPP = hasTCF
            }
            let mode = stored.consentMode(att: att, today: today, maximumAge: maximumAge)
            output.append(mode.json.serialized(pretty: pretty))
            return false
        }
    }
}

extension SharedOptions {
    /// `--att S`: the ATT status, as `att --status` takes it (a name or Apple's raw number; any
    /// other number fails closed as denied).
    static func att<Values>(_ path: WritableKeyPath<Values, ATTStatus>) -> OptionRow<Values> {
        .value(
            ["--att"],
            "S",
            "the ATT status now: notDetermined, restricted, denied, authorized,\nunavailable (default: no ATT)"
                + " or Apple's raw number 0-3"
        ) { values, arguments, name in
            values[keyPath: path] =
                ATTCommand.parseStatus(arguments.value(of: name), option: name) {
                    arguments.fail($0)
                }.value
        }
    }

    /// `--gpp-string S`: the stored `IABGPP_HDR_GppString`.
    static func gppString<Values>(_ path: WritableKeyPath<Values, String?>, help: String) -> OptionRow<Values> {
        .value(["--gpp-string"], "S", help) { values, arguments, name in
            values[keyPath: path] = arguments.value(of: name)
        }
    }
}
