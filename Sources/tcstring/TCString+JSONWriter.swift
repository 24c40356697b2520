import IABTCF
import TCStringCore

/// The decode schema written straight into bytes: the same output as `json.serialized()`, byte for
/// byte (tested over every fixture and random values), without building a JSON tree or a `String`
/// per value. This is what makes `tcstring decode -` fast in batch.
extension TCString {
    func writeJSON(to out: inout ByteBuffer) {
        out.append(#"{"version":"#)
        out.appendInt(version)
        out.append(#","created":"#)
        out.writeTimestamp(created)
        out.append(#","lastUpdated":"#)
        out.writeTimestamp(lastUpdated)
        out.append(#","cmpId":"#)
        out.appendInt(cmpId)
        out.append(#","cmpVersion":"#)
        out.appendInt(cmpVersion)
        out.append(#","consentScreen":"#)
        out.appendInt(consentScreen)
        out.append(#","consentLanguage":"#)
        out.writeCode(consentLanguage)
        out.append(#","vendorListVersion":"#)
        out.appendInt(vendorListVersion)
        out.append(#","policyVersion":"#)
        out.appendInt(policyVersion)
        out.append(#","isServiceSpecific":"#)
        out.writeBool(isServiceSpecific)
        out.append(#","useNonStandardTexts":"#)
        out.writeBool(useNonStandardTexts)
        out.append(#","specialFeatureOptIns":"#)
        out.writeIDs(specialFeatureOptIns, count: specialFeatureOptIns.count)
        out.append(#","purposeConsents":"#)
        out.writeIDs(purposeConsents, count: purposeConsents.count)
        out.append(#","purposeLegitimateInterests":"#)
        out.writeIDs(purposeLegitimateInterests, count: purposeLegitimateInterests.count)
        out.append(#","purposeOneTreatment":"#)
        out.writeBool(purposeOneTreatment)
        out.append(#","publisherCountryCode":"#)
        out.writeCode(publisherCountryCode)
        out.append(#","vendorConsents":"#)
        out.writeVendors(vendorConsents)
        out.append(#","vendorLegitimateInterests":"#)
        out.writeVendors(vendorLegitimateInterests)
        out.append(#","publisherRestrictions":["#)
        for (index, restriction) in publisherRestrictions.enumerated() {
            out.append(index == 0 ? #"{"purposeId":"# : #",{"purposeId":"#)
            out.appendInt(restriction.purposeId)
            out.append(#","restrictionType":"#)
            out.appendInt(restriction.restrictionType.rawValue)
            out.append(#","vendors":"#)
            out.writeVendors(restriction.vendors)
            out.append("}")
        }
        out.append(#"],"disclosedVendors":"#)
        out.writeVendors(disclosedVendors)
        out.append(#","allowedVendors":"#)
        out.writeVendors(allowedVendors)
        out.append(#","publisherTC":"#)
        if let publisherTC {
            out.append(#"{"purposeConsents":"#)
            out.writeIDs(publisherTC.purposeConsents, count: publisherTC.purposeConsents.count)
            out.append(#","purposeLegitimateInterests":"#)
            out.writeIDs(publisherTC.purposeLegitimateInterests, count: publisherTC.purposeLegitimateInterests.count)
            out.append(#","numCustomPurposes":"#)
            out.appendInt(publisherTC.numCustomPurposes)
            out.append(#","customPurposeConsents":"#)
            out.writeIDs(publisherTC.customPurposeConsents, count: publisherTC.customPurposeConsents.count)
            out.append(#","customPurposeLegitimateInterests":"#)
            out.writeIDs(
                publisherTC.customPurposeLegitimateInterests,
                count: publisherTC.customPurposeLegitimateInterests.count
            )
            out.append("}")
        } else {
            out.append("null")
        }
        out.append("}")
    }
}

extension ByteBuffer {
    mutating func writeBool(_ value: Bool) { value ? append("true") : append("false") }

    /// `[1,2,3]`: ids below 100,000, at most `count` of them.
    mutating func writeIDs(_ ids: some Sequence<Int>, count: Int) {
        reserve(2 + 6 * count)
        put(UInt8(ascii: "["))
        var first = true
        for id in ids {
            if !first { put(UInt8(ascii: ",")) }
            first = false
            putSmall(id)
        }
        put(UInt8(ascii: "]"))
    }

    /// A vendor set as an id list, or `null`.
    mutating func writeVendors(_ vendors: VendorSet?) {
        guard let vendors else { return append("null") }
        writeIDs(vendors, count: vendors.count)
    }

    /// `"2020-01-26T17:01:00.000Z"`, as `Timestamp.description` writes it.
    mutating func writeTimestamp(_ timestamp: Timestamp) {
        let c = timestamp.components
        guard (0...9999).contains(c.year) else {
            // Outside what a TC string can hold; the generic path writes it.
            return writeString(timestamp.description)
        }
        reserve(26)
        put(UInt8(ascii: "\""))
        appendPadded(c.year, width: 4)
        put(UInt8(ascii: "-"))
        appendPadded(c.month, width: 2)
        put(UInt8(ascii: "-"))
        appendPadded(c.day, width: 2)
        put(UInt8(ascii: "T"))
        appendPadded(c.hour, width: 2)
        put(UInt8(ascii: ":"))
        appendPadded(c.minute, width: 2)
        put(UInt8(ascii: ":"))
        appendPadded(c.second, width: 2)
        put(UInt8(ascii: "."))
        appendPadded(c.millisecond, width: 3)
        append("Z\"")
    }

    /// A two-letter code as `TwoLetterCode.description` shows it (`A` + each 6-bit value, so up to
    /// U+0080), escaped as JSON: `\\` for the value 27.
    mutating func writeCode(_ code: TwoLetterCode) {
        reserve(8)
        put(UInt8(ascii: "\""))
        for value in [code.rawValue >> 6, code.rawValue & 63] {
            let scalar = UInt8(truncatingIfNeeded: 65 + value)
            switch scalar {
            case UInt8(ascii: "\\"):
                put(scalar)
                put(scalar)
            case 128...:
                put(0xC2)
                put(scalar)
            default:
                put(scalar)
            }
        }
        put(UInt8(ascii: "\""))
    }

    /// A JSON string, escaped exactly as `JSON.serialized()` escapes it.
    mutating func writeString(_ value: String) {
        var encoded = ""
        JSON.writeString(value, to: &encoded)
        append(encoded)
    }
}
