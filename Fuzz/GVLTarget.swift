// The `gvl` target: the vendor list and translation readers.
//
// Any bytes: never a trap, and a size cap below the input is refused before reading. A list that
// parses is written out in a canonical JSON form (every member the model keeps, ids ascending); that
// form must parse to the same canonical form (so to an equal value), and the derived tables
// (`vendorIds`, `deletedVendorIds`, the declaration sets) must agree with the vendors. A translation
// that parses must round-trip the same way, and merging it into a list keeps the list's vendors.

import IABTCF
import IABTCFVendorList

func fuzzGlobalVendorList(_ bytes: UnsafeBufferPointer<UInt8>) {
    if !bytes.isEmpty {
        do {
            _ = try GlobalVendorList(jsonBytes: bytes, maxBytes: bytes.count - 1)
            fatalError("a list over maxBytes parsed")
        } catch {
            require(error.code == .tooLarge, "a list over maxBytes failed with \(error), not tooLarge")
        }
    }
    let list = try? GlobalVendorList(jsonBytes: bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    let translation = bytes.elementsEqual(text.utf8) ? try? GlobalVendorListTranslation(json: text) : nil
    if let list {
        let canonical = CanonicalGVL.json(list)
        do {
            let again = try GlobalVendorList(json: canonical)
            require(CanonicalGVL.json(again).utf8.elementsEqual(canonical.utf8), "canonical form is not a fixed point")
        } catch {
            fatalError("the canonical form of a parsed list does not parse: \(error)\n\(canonical)")
        }
        checkDerivedTables(list)
    }
    if let translation {
        let canonical = CanonicalGVL.json(translation)
        do {
            let again = try GlobalVendorListTranslation(json: canonical)
            require(CanonicalGVL.json(again).utf8.elementsEqual(canonical.utf8), "translation: not a fixed point")
        } catch {
            fatalError("the canonical form of a parsed translation does not parse: \(error)\n\(canonical)")
        }
        if let list {
            let translated = list.translated(translation)
            require(translated.vendors == list.vendors, "a translation changed the vendors")
            require(translated.vendorIds == list.vendorIds, "a translation changed the vendor ids")
            for (id, purpose) in translation.purposes { require(translated.purposes[id] == purpose, "purpose \(id)") }
        }
    }
}

/// `vendorIds`, `deletedVendorIds` and every declaration set agree with the vendors themselves.
private func checkDerivedTables(_ list: GlobalVendorList) {
    let ids = list.vendors.keys.sorted()
    require(Array(list.vendorIds) == ids, "vendorIds differ from the vendors")
    require(
        Array(list.deletedVendorIds) == ids.filter { list.vendors[$0]!.isDeleted },
        "deletedVendorIds differ from the vendors"
    )
    for purpose in 0...PurposeSet.maxID + 1 {
        let declared: [(GlobalVendorList.Declaration, (GlobalVendorList.Vendor) -> PurposeSet)] = [
            (.consent, \.purposes), (.legitimateInterest, \.legIntPurposes), (.flexible, \.flexiblePurposes),
        ]
        for (declaration, set) in declared {
            let expected = ids.filter { set(list.vendors[$0]!).contains(purpose) }
            require(Array(list.vendors(declaring: purpose, on: declaration)) == expected, "purpose \(purpose)")
        }
        let special = ids.filter { list.vendors[$0]!.specialPurposes.contains(purpose) }
        require(Array(list.vendors(declaringSpecialPurpose: purpose)) == special, "special purpose \(purpose)")
    }
    for feature in 0...SpecialFeatureSet.maxID + 1 {
        let expected = ids.filter { list.vendors[$0]!.specialFeatures.contains(feature) }
        require(Array(list.vendors(declaringSpecialFeature: feature)) == expected, "special feature \(feature)")
    }
}

/// A canonical JSON text for a parsed list or translation: every member the model keeps, ids and
/// object keys in ascending order, strings escaped only where JSON requires.
enum CanonicalGVL {
    static func json(_ list: GlobalVendorList) -> String {
        var out = header(list.specificationVersion, list.vendorListVersion, list.tcfPolicyVersion, list.lastUpdated)
        definitions(
            &out,
            list.purposes,
            list.specialPurposes,
            list.features,
            list.specialFeatures,
            list.stacks,
            list.dataCategories
        )
        out += ",\"vendors\":"
        table(&out, list.vendors) { out, vendor in self.vendor(&out, vendor) }
        return out + "}"
    }

    static func json(_ translation: GlobalVendorListTranslation) -> String {
        var out = header(
            translation.specificationVersion,
            translation.vendorListVersion,
            translation.tcfPolicyVersion,
            translation.lastUpdated
        )
        definitions(
            &out,
            translation.purposes,
            translation.specialPurposes,
            translation.features,
            translation.specialFeatures,
            translation.stacks,
            translation.dataCategories
        )
        return out + "}"
    }

    private static func header(_ specification: Int, _ version: Int, _ policy: Int, _ updated: String) -> String {
        "{\"gvlSpecificationVersion\":\(specification),\"vendorListVersion\":\(version),"
            + "\"tcfPolicyVersion\":\(policy),\"lastUpdated\":\(string(updated))"
    }

    private static func definitions(
        _ out: inout String,
        _ purposes: [Int: GlobalVendorList.Definition],
        _ specialPurposes: [Int: GlobalVendorList.Definition],
        _ features: [Int: GlobalVendorList.Definition],
        _ specialFeatures: [Int: GlobalVendorList.Definition],
        _ stacks: [Int: GlobalVendorList.Stack],
        _ dataCategories: [Int: GlobalVendorList.Definition]
    ) {
        for (name, table) in [
            ("purposes", purposes), ("specialPurposes", specialPurposes), ("features", features),
            ("specialFeatures", specialFeatures), ("dataCategories", dataCategories),
        ] {
            out += ",\(string(name)):"
            self.table(&out, table) { out, definition in
                out += "{\"id\":\(definition.id),\"name\":\(string(definition.name))"
                out += ",\"description\":\(string(definition.description))"
                out += ",\"illustrations\":[\(definition.illustrations.map(string).joined(separator: ","))]"
                if let legal = definition.descriptionLegal { out += ",\"descriptionLegal\":\(string(legal))" }
                out += "}"
            }
        }
        out += ",\"stacks\":"
        table(&out, stacks) { out, stack in
            out += "{\"id\":\(stack.id),\"name\":\(string(stack.name)),\"description\":\(string(stack.description))"
            out += ",\"purposes\":\(ints(stack.purposes)),\"specialFeatures\":\(ints(stack.specialFeatures))"
            out += ",\"specialPurposes\":\(ints(stack.specialPurposes))}"
        }
    }

    private static func vendor(_ out: inout String, _ vendor: GlobalVendorList.Vendor) {
        out += "{\"id\":\(vendor.id),\"name\":\(string(vendor.name))"
        out += ",\"purposes\":\(ints(Array(vendor.purposes))),\"legIntPurposes\":\(ints(Array(vendor.legIntPurposes)))"
        out += ",\"flexiblePurposes\":\(ints(Array(vendor.flexiblePurposes)))"
        out += ",\"specialPurposes\":\(ints(Array(vendor.specialPurposes)))"
        out += ",\"features\":\(ints(vendor.features)),\"specialFeatures\":\(ints(Array(vendor.specialFeatures)))"
        out += ",\"deletedDate\":\(optional(vendor.deletedDate, string))"
        out += ",\"usesCookies\":\(optional(vendor.usesCookies) { "\($0)" })"
        out += ",\"cookieMaxAgeSeconds\":\(optional(vendor.cookieMaxAgeSeconds) { "\($0)" })"
        out += ",\"cookieRefresh\":\(optional(vendor.cookieRefresh) { "\($0)" })"
        out += ",\"usesNonCookieAccess\":\(optional(vendor.usesNonCookieAccess) { "\($0)" })"
        out += ",\"dataRetention\":"
        if let retention = vendor.dataRetention {
            out += "{\"stdRetention\":\(optional(retention.standard) { "\($0)" }),\"purposes\":"
            table(&out, retention.purposes) { out, days in out += "\(days)" }
            out += ",\"specialPurposes\":"
            table(&out, retention.specialPurposes) { out, days in out += "\(days)" }
            out += "}"
        } else {
            out += "null"
        }
        let urls = vendor.urls.map { url in
            "{\"langId\":\(string(url.language)),\"privacy\":\(optional(url.privacy, string))"
                + ",\"legIntClaim\":\(optional(url.legitimateInterestClaim, string))}"
        }
        out += ",\"urls\":[\(urls.joined(separator: ","))]"
        out += ",\"policyUrl\":\(optional(vendor.policyUrl, string))"
        out += ",\"deviceStorageDisclosureUrl\":\(optional(vendor.deviceStorageDisclosureUrl, string))"
        out += ",\"dataDeclaration\":\(ints(vendor.dataDeclaration))}"
    }

    private static func table<T>(_ out: inout String, _ table: [Int: T], _ value: (inout String, T) -> Void) {
        out += "{"
        for (index, id) in table.keys.sorted().enumerated() {
            out += (index == 0 ? "\"" : ",\"") + "\(id)\":"
            value(&out, table[id]!)
        }
        out += "}"
    }

    private static func ints(_ values: [Int]) -> String { "[\(values.map(String.init).joined(separator: ","))]" }

    private static func optional<T>(_ value: T?, _ write: (T) -> String) -> String { value.map(write) ?? "null" }

    /// A JSON string literal: `"` and `\` escaped, control characters as `\u00XX`, everything else as is.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\u{0}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
