import IABTCF
import IABTCFVendorList
import TCFJSON

/// `tcstring renew --gvl FILE [--previous-gvl FILE] [--vendors IDS] [--max-age-days N] [--today YYYY-MM-DD]
/// [--pretty] [--strict] [--max-length N] [STRING | -]`.
enum RenewCommand {
    struct Values {
        var gvl: GlobalVendorList?
        var previous: GlobalVendorList?
        var vendors: VendorSet?
        var maximumAge = TCString.commonMaximumAge
        var today: Timestamp?
        var pretty = false
        var decoding = DecodingFlags()
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            SharedOptions.gvl(\.gvl, help: "the vendor list the notice shows now", required: true),
            .value(["--previous-gvl"], "FILE", "the list of the string's VendorListVersion (for changedDeclarations)") {
                values,
                arguments,
                name in
                values.previous = VendorListFile.load(arguments.value(of: name))
            },
            .value(
                ["--vendors"],
                "IDS",
                "the vendors the notice shows, e.g. 1,5-9 (default: the string's\n"
                    + "Disclosed Vendors; without the segment, the list's vendors\nwithout a deletedDate)"
            ) { values, arguments, name in values.vendors = arguments.vendors(of: name) },
            SharedOptions.maximumAge(
                \.maximumAge,
                help: "days a choice is kept (default \(TCString.commonMaximumAge), about 13 months)"
            ),
            SharedOptions.today(\.today),
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "renew")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (previous, vendors, maximumAge, today, pretty, decoding) = (
            values.previous, values.vendors, values.maximumAge, values.today, values.pretty, values.decoding
        )
        guard let gvl = values.gvl else { arguments.fail("needs --gvl FILE") }
        if let vendors {
            let unknown = vendors.subtracting(gvl.vendorIds)
            if !unknown.isEmpty { Terminal.inputError("--vendors: \(unknown) are not in the vendor list") }
        }
        let day = today ?? EncodeCommand.today()
        let failure = FailureOutput.errorObject(pretty: pretty)
        let (previousList, shown, age, indent) = (previous, vendors, maximumAge, pretty)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            let reasons = try input.tcString().renewal(
                against: gvl,
                previous: previousList,
                shownVendors: shown,
                today: day,
                maximumAge: age
            )
            let start = output.count
            RenewalReason.writeJSON(reasons, to: &output)
            if indent { output.indentJSON(from: start) }
            return false
        }
    }
}
