import IABTCF
import IABTCFVendorList
import TCStringCore

/// `tcstring permissions --gvl FILE [--vendor IDS] [--purpose IDS] [--pretty] [--strict] [STRING | -]` (see ``Usage/permissions``).
enum PermissionsCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var arguments = Arguments(arguments, command: "permissions", usage: Usage.permissions)
        var gvl: GlobalVendorList?
        var vendorFilter: Set<Int>?
        var purposeFilter: Set<Int>?
        var decoding = DecodingFlags()
        var pretty = false
        var operands: [String] = []
        while let argument = arguments.next() {
            switch argument {
            case .option("--gvl"): gvl = loadGVL(arguments.value(of: "--gvl"))
            case .option("--vendor"):
                vendorFilter = arguments.value(of: "--vendor", "ids such as 1,5-9", parseIDs)
            case .option("--purpose"):
                purposeFilter = arguments.value(of: "--purpose", "ids such as 1,5-9", parseIDs)
            case .option(let option) where decoding.parse(option, &arguments): break
            case .option("--pretty"): pretty = true
            case .option(let option): arguments.unknown(option)
            case .operand(let operand): operands.append(operand)
            }
        }
        guard let gvl else { arguments.fail("needs --gvl FILE") }
        return Inputs.each(operands, arguments) { input, line in
            do throws(TCStringError) {
                let tc = try Inputs.tcString(input, options: decoding.options)
                let vendors = vendorLines(tc, gvl, vendors: vendorFilter, purposes: purposeFilter)
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
                return false
            } catch {
                if line != nil { Terminal.out(JSON.object([("error", error.json)]).serialized(pretty: pretty)) }
                Inputs.report(error, line: line)
                return true
            }
        }
    }

    /// One object per GVL vendor (ascending, filtered): `{"vendorId", "name", "purposes",
    /// "specialPurposes", "specialFeatures"}`, each purpose `{"allowed", "basis", "reason"}`.
    static func vendorLines(
        _ tc: TCString,
        _ gvl: GlobalVendorList,
        vendors: Set<Int>?,
        purposes: Set<Int>?
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
        return gvl.vendorIds.filter { vendors?.contains($0) ?? true }.map { id in
            JSON.object([
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

    /// The vendor list at `path`; a file that cannot be read or parsed ends the command (status 1).
    static func loadGVL(_ path: String) -> GlobalVendorList {
        guard let text = Terminal.readFile(path) else { Terminal.inputError("cannot read \(path)") }
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
