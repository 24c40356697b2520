import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCFJSON

/// `tcstring ads [--vendor N] [--today YYYY-MM-DD] [--max-age-days N] [--gdpr-applies B] [--gpp-sid IDS]
/// [--us-privacy S] [--gad-rdp] [--pretty] [STRING | -]`.
///
/// A TC string is read as `IABTCF_TCString`, a GPP string as `IABGPP_HDR_GppString`: the answer is
/// the library's for those keys (`StoredConsent`), so `ads` and the ATT layer agree. Where the GDPR
/// applies, a GPP string's TCF EU v2 section is not read by Google (`tcfOnlyInGPP`); where it does
/// not (`--gdpr-applies false`, or a GPP string without section 2 and no `--gdpr-applies`), the US
/// sections in force decide.
enum AdsCommand {
    struct Values {
        var vendor = TCString.googleVendorId
        var maximumAge = TCString.commonMaximumAge
        var today: Timestamp?
        var gdprApplies: Bool?
        var gppSectionIds: [Int]?
        var usPrivacy: String?
        var restrictedDataProcessing = false
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
                    + " and US opt-outs decide\n(default for a GPP string without section 2: false)"
            ),
            SharedOptions.gppSectionIds(\.gppSectionIds),
            SharedOptions.usPrivacy(\.usPrivacy),
            SharedOptions.restrictedDataProcessing(\.restrictedDataProcessing),
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "ads")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (vendor, maximumAge, gdprApplies, pretty, decoding) = (
            values.vendor, values.maximumAge, values.gdprApplies, values.pretty, values.decoding
        )
        let (sid, usPrivacy, rdp) = (values.gppSectionIds, values.usPrivacy, values.restrictedDataProcessing)
        let day = values.today ?? EncodeCommand.today()
        let failure = FailureOutput.errorObjectAlways(pretty: pretty)
        let (id, applies, age, indent) = (vendor, gdprApplies, maximumAge, pretty)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            var stored = StoredConsent(
                tcString: nil,
                gdprApplies: applies,
                usPrivacyString: usPrivacy,
                restrictedDataProcessing: rdp
            )
            let answer: AdServing
            let decoded: Decoded
            do {
                decoded = try input.decode()
            } catch let error as GPPError where error.sectionId.map({ $0 != 2 && $0 != 3 }) ?? false {
                // A US section that does not decode is never "no opt-out": where the GDPR does not
                // apply, the library's answer fails safe (gppSectionUnreadable, naming the section,
                // code and character), and the input fails (exit 1, the decoder's message on
                // standard error).
                let ids = (try? IABGPP.GPPString.sectionIDs(inHeader: input.text)) ?? []
                guard !(applies ?? ids.contains(IABGPP.GPPString.tcfEuV2SectionId)) else { throw error }
                (stored.gppString, stored.gppSectionIds) = (input.text, sid)
                errors.append(input.message(error) + "\n")
                output.append(stored.usAdServing(vendor: id).json.serialized(pretty: indent))
                return true
            }
            var failed = false
            switch decoded {
            case .tc(let tc):
                answer =
                    applies ?? true
                    ? tc.adServing(vendor: id, today: day, maximumAge: age) : stored.usAdServing(vendor: id)
            case .gpp(let gpp):
                (stored.gppString, stored.gppSectionIds) = (input.text, sid)
                if applies ?? (gpp.tcfEuV2 != nil || gpp.failedSection(IABGPP.GPPString.tcfEuV2SectionId) != nil) {
                    _ = try gpp.requiredTCFEuV2()
                    answer = AdServing(vendor: id, mode: .none, reasons: [.tcfOnlyInGPP])
                } else {
                    // Read section by section: a US section in force that failed, or that
                    // --gpp-sid names and the string lacks, fails safe in the library's answer.
                    answer = stored.usAdServing(vendor: id)
                }
                // A section that failed is said on standard error and fails the input (exit 1),
                // after the answer from what could be read.
                for failure in gpp.failedSections { errors.append(input.message(failure.error) + "\n") }
                failed = !gpp.failedSections.isEmpty
            }
            output.append(answer.json.serialized(pretty: indent))
            return failed
        }
    }
}
