import IABTCF
import IABTCFVendorList
import TCStringCore

/// `tcstring permissions --gvl FILE [--vendor IDS] [--purpose IDS] [--pretty] [--strict] [STRING | -]` (see ``Usage/permissions``).
enum PermissionsCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "permissions", usage: Usage.permissions)
        var gvl: GlobalVendorList?
        var vendorFilter: Set<Int>?
        var namedVendors: Set<Int> = []
        var purposeFilter: Set<Int>?
        var decoding = DecodingFlags()
        var pretty = false
        var operands: [String] = []
        while let argument = arguments.next() {
            switch argument {
            case .option("--gvl"): gvl = loadGVL(arguments.value(of: "--gvl"))
            case .option("--vendor"):
                let text = arguments.value(of: "--vendor")
                guard let ids = parseIDs(text) else { arguments.fail("--vendor takes ids such as 1,5-9") }
                vendorFilter = ids
                namedVendors = singleIDs(text)
            case .option("--purpose"):
                purposeFilter = arguments.value(of: "--purpose", "ids such as 1,5-9", parseIDs)
            case .option(let option) where decoding.parse(option, &arguments): break
            case .option("--pretty"): pretty = true
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        guard let gvl else { arguments.fail("needs --gvl FILE") }
        if let undefined = purposeFilter?.subtracting(gvl.purposes.keys).min() {
            arguments.fail("purpose \(undefined) is not defined by vendor list \(gvl.vendorListVersion)")
        }
        // Vendors named one by one that the list does not hold get an error line each; a range
        // takes the vendors of the list it covers.
        let absent = namedVendors.filter { gvl.vendors[$0] == nil }.sorted()
        return Inputs.each(operands, arguments, maximumLength: decoding.options.maximumLength) { input, line in
            do throws(TCStringError) {
                let tc = try Inputs.tcString(input, options: decoding.options)
                let vendors = vendorLines(
                    tc,
                    gvl,
                    vendors: vendorFilter,
                    purposes: purposeFilter,
                    absent: absent
                )
                if line == nil {
                    for vendor in vendors { Terminal.out(vendor.serialized(pretty: pretty)) }
                } else {
                    let text = String(decoding: input, as: UTF8.self)
                    Terminal.out(
                        JSON.object([("tcString", .string(text)), ("vendors", .array(vendors))]).serialized(
                            pretty: pretty
                        )
                    )
                }
                for id in absent { Inputs.report(AbsentVendor(id: id, gvl: gvl), line: line) }
                return !absent.isEmpty
            } catch {
                if line != nil { Terminal.out(JSON.object([("error", error.json)]).serialized(pretty: pretty)) }
                Inputs.report(error, line: line)
                return true
            }
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
            guard gvl.vendors[id] != nil else { return .object([("error", AbsentVendor(id: id, gvl: gvl).json)]) }
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

    /// `1,5-9` as a set of ids; `nil` when malformed.
    static func parseIDs(_ text: String) -> Set<Int>? {
        var ids: Set<Int> = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]),
                low >= 0, low <= high, high - low < 1 << 20
            else { return nil }
            ids.formUnion(low...high)
        }
        return ids
    }

    /// The ids of `1,5-9` named alone (here 1), not as a range; for text ``parseIDs(_:)`` accepts.
    static func singleIDs(_ text: String) -> Set<Int> {
        Set(text.split(separator: ",").compactMap { $0.contains("-") ? nil : Int($0) })
    }

    /// A vendor asked for by id that the list does not hold.
    struct AbsentVendor: Error, CustomStringConvertible {
        let id: Int
        let gvl: GlobalVendorList

        var description: String { "vendor \(id) is not in vendor list \(gvl.vendorListVersion)" }

        /// The error object, code `vendorNotInList`.
        var json: JSON { .error(code: "vendorNotInList", message: description, value: id) }
    }

    /// The vendor list at `path`; a file that cannot be read or parsed ends the command (status 1).
    static func loadGVL(_ path: String) -> GlobalVendorList {
        let text: String
        switch Terminal.contents(of: path) {
        case .success(let contents): text = contents
        case .failure(let error): Terminal.inputError("\(error)")
        }
        do throws(JSONInputError) {
            return try GlobalVendorList(json: text)
        } catch {
            Terminal.inputError("\(path): \(error)")
        }
    }

    /// `{"755": "Google Advertising Products", ...}` for every vendor the string mentions that the list has.
    static func vendorNames(_ tc: TCString, _ gvl: GlobalVendorList) -> JSON {
        .object(mentionedVendors(tc).compactMap { id in gvl.vendors[id].map { (String(id), .string($0.name)) } })
    }

    /// Every vendor id in the string's sections and restrictions, ascending.
    static func mentionedVendors(_ tc: TCString) -> VendorSet {
        var ids = tc.vendorConsents.union(tc.vendorLegitimateInterests)
        if let disclosed = tc.disclosedVendors { ids.formUnion(disclosed) }
        if let allowed = tc.allowedVendors { ids.formUnion(allowed) }
        for entry in tc.publisherRestrictions { ids.formUnion(entry.vendors) }
        return ids
    }
}
