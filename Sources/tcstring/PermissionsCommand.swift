import IABTCF
import IABTCFVendorList
import TCFJSON

/// `tcstring permissions --gvl FILE [--vendor IDS] [--purpose IDS] [--compact] [--pretty] ... [STRING | -]`
/// (see ``Usage/permissions``).
enum PermissionsCommand {
    struct Values {
        var gvl: GlobalVendorList?
        var vendorFilter: Set<Int>?
        var namedVendors: Set<Int> = []
        var purposeFilter: Set<Int>?
        var compact = false
        var pretty = false
        var decoding = DecodingFlags()
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        [
            SharedOptions.gvl(\.gvl, help: "the Global Vendor List JSON (specification 2 or 3)", required: true),
            .value(
                ["--vendor"],
                "IDS",
                "only these vendors, e.g. 1,5-9; a vendor named alone that the list does not hold\n"
                    + "gets {\"error\": {...}} in its place (exit 1); a range takes the vendors it holds"
            ) { values, arguments, name in
                let list = arguments.ids(of: name)
                values.vendorFilter = list.ids
                values.namedVendors = list.namedAlone
            },
            .value(["--purpose"], "IDS", "only these purposes, each defined by the list") { values, arguments, name in
                values.purposeFilter = arguments.ids(of: name).ids
            },
            .flag(
                "--compact",
                "one line per string, for pipelines: {\"tcString\", \"vendors\": {\"ID\": {\"consent\",\n"
                    + "\"legitimateInterest\", \"specialPurposes\", \"specialFeatures\"}}}, the ids each\n"
                    + "vendor is allowed (purposes by basis)"
            ) { $0.compact = true },
            SharedOptions.pretty(\.pretty),
        ] + DecodingFlags.rows(\.decoding, streams: true)
    }

    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "permissions")
        var values = Values()
        let operands = arguments.parse(options, into: &values)
        let (vendorFilter, namedVendors, purposeFilter, compact, pretty, decoding) = (
            values.vendorFilter, values.namedVendors, values.purposeFilter, values.compact, values.pretty,
            values.decoding
        )
        guard let gvl = values.gvl else { arguments.fail("needs --gvl FILE") }
        if let undefined = purposeFilter?.subtracting(gvl.purposes.keys).min() {
            arguments.fail("purpose \(undefined) is not defined by vendor list \(gvl.vendorListVersion)")
        }
        // Vendors named one by one that the list does not hold get an error line each; a range
        // takes the vendors of the list it covers.
        let absent = namedVendors.filter { gvl.vendors[$0] == nil }.sorted()
        let layout = Layout(gvl, vendors: vendorFilter, purposes: purposeFilter, absent: absent)
        let (indent, matrix) = (pretty, compact)
        let failure = FailureOutput.errorObject(pretty: pretty)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            let tc = try input.tcString()
            let start = output.count
            if matrix {
                output.append("{\"tcString\":")
                output.appendString(input.text)
                output.append(",\"vendors\":")
                layout.writeCompact(tc, to: &output)
                output.append("}")
            } else if input.line == nil {
                layout.writeVendors(tc, separator: "\n", to: &output)
            } else {
                output.append("{\"tcString\":")
                output.appendString(input.text)
                output.append(",\"vendors\":[")
                layout.writeVendors(tc, separator: ",", to: &output)
                output.append("]}")
            }
            if indent { output.indentJSON(from: start, lines: input.line == nil && !matrix) }
            for id in absent {
                errors.append(input.message(AbsentVendor(id: id, vendorListVersion: gvl.vendorListVersion)) + "\n")
            }
            return !absent.isEmpty
        }
    }

    /// What every string's answer lists, worked out once from the vendor list and the filters:
    /// the vendors (ascending, with the absent ones named alone), the purposes, special purposes
    /// and special features, each id's text. Each string then costs its permissions and the bytes
    /// written, no lookups by key.
    struct Layout: Sendable {
        let gvl: GlobalVendorList
        /// The vendors answered, ascending: `(id, name)`, the name `nil` for a vendor the list
        /// does not hold (an error object in its place).
        let vendors: [(id: Int, name: String?)]
        let purposeIds: [Int]
        let specialPurposeIds: [Int]
        let specialFeatureIds: [Int]
        /// Whether each answer is asked vendor by vendor (a few vendors) rather than from the
        /// whole list's ``PermissionMatrix``: the same answers, without the work for every vendor.
        let byVendor: Bool

        /// The most vendors answered one by one; more take the matrix.
        static let mostByVendor = 16

        init(_ gvl: GlobalVendorList, vendors filter: Set<Int>?, purposes: Set<Int>?, absent: [Int]) {
            self.gvl = gvl
            let listed = gvl.vendorIds.filter { filter?.contains($0) ?? true }
            vendors = (listed + absent).sorted().map { ($0, gvl.vendors[$0]?.name) }
            purposeIds = gvl.purposes.keys.sorted().filter { purposes?.contains($0) ?? true }
            specialPurposeIds = gvl.specialPurposes.keys.sorted()
            specialFeatureIds = gvl.specialFeatures.keys.sorted()
            byVendor = vendors.count <= Self.mostByVendor
        }

        /// The permission of each cell for `tc`.
        struct Cells {
            let tc: TCString
            let gvl: GlobalVendorList
            let matrix: PermissionMatrix?

            func purpose(_ vendor: Int, _ id: Int) -> Permission {
                matrix?.permission(vendor: vendor, purpose: id) ?? tc.permission(vendor: vendor, purpose: id, in: gvl)
            }
            func specialPurpose(_ vendor: Int, _ id: Int) -> Permission {
                matrix?.permission(vendor: vendor, specialPurpose: id)
                    ?? tc.permission(vendor: vendor, specialPurpose: id, in: gvl)
            }
            func specialFeature(_ vendor: Int, _ id: Int) -> Permission {
                matrix?.permission(vendor: vendor, specialFeature: id)
                    ?? tc.permission(vendor: vendor, specialFeature: id, in: gvl)
            }
        }

        func cells(_ tc: TCString) -> Cells {
            Cells(tc: tc, gvl: gvl, matrix: byVendor ? nil : tc.permissions(in: gvl))
        }

        /// One object per vendor, `separator` between them: `{"vendorId", "name", "purposes",
        /// "specialPurposes", "specialFeatures"}`, each purpose `{"allowed", "basis", "reason"}`;
        /// `{"error": {...}}` for a vendor the list does not hold.
        func writeVendors(_ tc: TCString, separator: StaticString, to out: inout OutputBuffer) {
            let cells = cells(tc)
            for (index, vendor) in vendors.enumerated() {
                if index > 0 { out.append(separator) }
                guard let name = vendor.name else {
                    let error = AbsentVendor(id: vendor.id, vendorListVersion: gvl.vendorListVersion)
                    out.append(JSON.object([("error", error.json)]).serialized())
                    continue
                }
                out.append("{\"vendorId\":")
                out.appendInt(vendor.id)
                out.append(",\"name\":")
                out.appendString(name)
                out.append(",\"purposes\":")
                Self.writeCells(purposeIds, to: &out) { cells.purpose(vendor.id, $0) }
                out.append(",\"specialPurposes\":")
                Self.writeCells(specialPurposeIds, to: &out) { cells.specialPurpose(vendor.id, $0) }
                out.append(",\"specialFeatures\":")
                Self.writeCells(specialFeatureIds, basis: false, to: &out) { cells.specialFeature(vendor.id, $0) }
                out.append("}")
            }
        }

        /// `{"1": {"allowed", "basis", "reason"}, ...}` for `ids` (without "basis" when `basis` is false).
        static func writeCells(
            _ ids: [Int],
            basis: Bool = true,
            to out: inout OutputBuffer,
            _ permission: (Int) -> Permission
        ) {
            out.append("{")
            for (index, id) in ids.enumerated() {
                out.append(index == 0 ? "\"" : ",\"")
                out.appendInt(id)
                out.append("\":")
                permission(id).writeJSON(basis: basis, to: &out)
            }
            out.append("}")
        }

        /// The compact matrix: `{"ID": {"consent": [...], "legitimateInterest": [...],
        /// "specialPurposes": [...], "specialFeatures": [...]}, ...}`, for each vendor the ids it
        /// is allowed, by basis; `{"error": {...}}` for a vendor the list does not hold.
        func writeCompact(_ tc: TCString, to out: inout OutputBuffer) {
            let cells = cells(tc)
            out.append("{")
            for (index, vendor) in vendors.enumerated() {
                out.append(index == 0 ? "\"" : ",\"")
                out.appendInt(vendor.id)
                out.append("\":")
                guard vendor.name != nil else {
                    let error = AbsentVendor(id: vendor.id, vendorListVersion: gvl.vendorListVersion)
                    out.append(JSON.object([("error", error.json)]).serialized())
                    continue
                }
                let purposes = purposeIds.map { ($0, cells.purpose(vendor.id, $0)) }.filter { $0.1.isAllowed }
                out.append("{\"consent\":")
                Self.writeIDs(purposes.filter { $0.1.basis == .consent }.map(\.0), to: &out)
                out.append(",\"legitimateInterest\":")
                Self.writeIDs(purposes.filter { $0.1.basis == .legitimateInterest }.map(\.0), to: &out)
                out.append(",\"specialPurposes\":")
                Self.writeIDs(specialPurposeIds.filter { cells.specialPurpose(vendor.id, $0).isAllowed }, to: &out)
                out.append(",\"specialFeatures\":")
                Self.writeIDs(specialFeatureIds.filter { cells.specialFeature(vendor.id, $0).isAllowed }, to: &out)
                out.append("}")
            }
            out.append("}")
        }

        static func writeIDs(_ ids: [Int], to out: inout OutputBuffer) {
            out.append("[")
            for (index, id) in ids.enumerated() {
                if index > 0 { out.append(",") }
                out.appendInt(id)
            }
            out.append("]")
        }
    }

    /// A vendor asked for by id that the list does not hold; its one code is `vendorNotInList`.
    struct AbsentVendor: Error, Hashable, Sendable, CustomStringConvertible {
        /// The stable name of the one kind of this error.
        static let code = "vendorNotInList"
        /// The vendor id asked for.
        let id: Int
        /// The VendorListVersion of the list that does not hold it.
        let vendorListVersion: Int

        /// What, then the code: `vendor 99999 is not in vendor list 17 [vendorNotInList]`.
        var description: String {
            ErrorWording.line("vendor \(id) is not in vendor list \(vendorListVersion)", code: Self.code)
        }

        /// The error object, code `vendorNotInList`.
        var json: JSON { .error(code: Self.code, message: JSON.message(self), value: id) }
    }
}
