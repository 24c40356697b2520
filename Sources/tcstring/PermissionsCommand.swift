import IABTCF
import IABTCFVendorList
import TCFJSON
import TCStringToolSupport

/// `tcstring permissions --gvl FILE [--vendor IDS] [--purpose IDS] [--pretty] [--strict] [STRING | -]` (see ``Usage/permissions``).
enum PermissionsCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "permissions")
        var gvl: GlobalVendorList?
        var vendorFilter: Set<Int>?
        var namedVendors: Set<Int> = []
        var purposeFilter: Set<Int>?
        var decoding = DecodingFlags()
        var pretty = false
        let operands = arguments.parse { option, arguments in
            switch option {
            case "--gvl": gvl = VendorListFile.load(arguments.value(of: option))
            case "--vendor":
                let list = arguments.ids(of: option)
                vendorFilter = list.ids
                namedVendors = list.namedAlone
            case "--purpose": purposeFilter = arguments.ids(of: option).ids
            case "--pretty": pretty = true
            default: return decoding.parse(option, &arguments)
            }
            return true
        }
        guard let gvl else { arguments.fail("needs --gvl FILE") }
        if let undefined = purposeFilter?.subtracting(gvl.purposes.keys).min() {
            arguments.fail("purpose \(undefined) is not defined by vendor list \(gvl.vendorListVersion)")
        }
        // Vendors named one by one that the list does not hold get an error line each; a range
        // takes the vendors of the list it covers.
        let absent = namedVendors.filter { gvl.vendors[$0] == nil }.sorted()
        let (vendorIds, purposeIds, indent) = (vendorFilter, purposeFilter, pretty)
        let failure = FailureOutput.errorObject(pretty: pretty)
        return Inputs.lines(operands, arguments, options: decoding.options, jobs: decoding.jobs, failure: failure) {
            input,
            output,
            errors in
            let tc = try input.tcString()
            let vendors = vendorLines(tc, gvl, vendors: vendorIds, purposes: purposeIds, absent: absent)
            if input.line == nil {
                output.append(vendors.map { $0.serialized(pretty: indent) }.joined(separator: "\n"))
            } else {
                output.append(
                    JSON.object([("tcString", .string(input.text)), ("vendors", .array(vendors))])
                        .serialized(pretty: indent)
                )
            }
            for id in absent {
                errors.append(input.message(AbsentVendor(id: id, vendorListVersion: gvl.vendorListVersion)) + "\n")
            }
            return !absent.isEmpty
        }
    }

    /// One object per GVL vendor (ascending, filtered): `{"vendorId", "name", "purposes",
    /// "specialPurposes", "specialFeatures"}`, each purpose `{"allowed", "basis", "reason"}`; in
    /// their place, `{"error": {...}}` for each `absent` vendor.
    static func vendorLines(
        _ tc: TCString,
        _ gvl: GlobalVendorList,
        vendors: Set<Int>?,
        purposes: Set<Int>?,
        absent: [Int] = []
    ) -> [JSON] {
        let matrix = tc.permissions(in: gvl)
        let purposeIds = gvl.purposes.keys.sorted().filter { purposes?.contains($0) ?? true }
        let specialPurposeIds = gvl.specialPurposes.keys.sorted()
        let specialFeatureIds = gvl.specialFeatures.keys.sorted()
        func cell(_ permission: Permission, basis: Bool = true) -> JSON {
            var members: [(String, JSON)] = [("allowed", .bool(permission.isAllowed))]
            if basis {
                let used = permission.isAllowed ? permission.basis.map { JSON.string($0.rawValue) } ?? .null : .null
                members.append(("basis", used))
            }
            members.append(("reason", .string(permission.reason.rawValue)))
            return .object(members)
        }
        let listed = gvl.vendorIds.filter { vendors?.contains($0) ?? true }
        return (listed + absent).sorted().map { id in
            guard gvl.vendors[id] != nil else {
                return .object([("error", AbsentVendor(id: id, vendorListVersion: gvl.vendorListVersion).json)])
            }
            return JSON.object([
                ("vendorId", .int(id)),
                ("name", .string(gvl.vendors[id]?.name ?? "")),
                (
                    "purposes",
                    .object(purposeIds.map { (String($0), cell(matrix.permission(vendor: id, purpose: $0))) })
                ),
                (
                    "specialPurposes",
                    .object(
                        specialPurposeIds.map { (String($0), cell(matrix.permission(vendor: id, specialPurpose: $0))) }
                    )
                ),
                (
                    "specialFeatures",
                    .object(
                        specialFeatureIds.map {
                            (String($0), cell(matrix.permission(vendor: id, specialFeature: $0), basis: false))
                        }
                    )
                ),
            ])
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
