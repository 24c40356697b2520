import IABTCF
import IABTCFVendorList
import TCFJSON

/// The vendor list of `--gvl FILE`, and what the commands print from it.
enum VendorListFile {
    /// The vendor list at `path`; a file that cannot be read or parsed ends the command (status 1).
    static func load(_ path: String) -> GlobalVendorList {
        let text = Terminal.contents(of: path)
        do throws(JSONInputError) {
            return try GlobalVendorList(json: text)
        } catch {
            Terminal.inputError(JSON.message(error, about: path))
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
