package import IABTCF
package import TCFJSON

/// The decode schema written straight into bytes: the same output as `json.serialized()`, byte for
/// byte (tested over every fixture and random values), without building a JSON tree or a `String`
/// per value; every value through `OutputBuffer`'s JSON writers, as the tree's. This is what
/// makes `tcstring decode -` fast in batch.
extension TCString {
    private static let keys = KeyBytes<SchemaKey>()

    package func writeJSON(to out: inout OutputBuffer) {
        Self.keys.writeObject(to: &out) { key, out in
            switch key {
            case .version: out.appendInt(version)
            case .created: out.writeTimestamp(created)
            case .lastUpdated: out.writeTimestamp(lastUpdated)
            case .cmpId: out.appendInt(cmpId)
            case .cmpVersion: out.appendInt(cmpVersion)
            case .consentScreen: out.appendInt(consentScreen)
            case .consentLanguage: out.writeCode(consentLanguage)
            case .vendorListVersion: out.appendInt(vendorListVersion)
            case .policyVersion: out.appendInt(policyVersion)
            case .isServiceSpecific: out.appendBool(isServiceSpecific)
            case .useNonStandardTexts: out.appendBool(useNonStandardTexts)
            case .specialFeatureOptIns: out.writeIDs(specialFeatureOptIns)
            case .purposeConsents: out.writeIDs(purposeConsents)
            case .purposeLegitimateInterests: out.writeIDs(purposeLegitimateInterests)
            case .purposeOneTreatment: out.appendBool(purposeOneTreatment)
            case .publisherCountryCode: out.writeCode(publisherCountryCode)
            case .vendorConsents: out.writeVendors(vendorConsents)
            case .vendorLegitimateInterests: out.writeVendors(vendorLegitimateInterests)
            case .publisherRestrictions:
                out.append("[")
                for (index, restriction) in publisherRestrictions.enumerated() {
                    if index > 0 { out.append(",") }
                    restriction.writeJSON(to: &out)
                }
                out.append("]")
            case .disclosedVendors: out.writeVendors(disclosedVendors)
            case .allowedVendors: out.writeVendors(allowedVendors)
            case .publisherTC:
                if let publisherTC { publisherTC.writeJSON(to: &out) } else { out.appendNull() }
            }
        }
    }
}

extension PublisherRestriction {
    private static let keys = KeyBytes<SchemaKey>()

    package func writeJSON(to out: inout OutputBuffer) {
        Self.keys.writeObject(to: &out) { key, out in
            switch key {
            case .purposeId: out.appendInt(purposeId)
            case .restrictionType: out.appendInt(restrictionType.rawValue)
            case .vendors: out.writeVendors(vendors)
            }
        }
    }
}

extension PublisherTC {
    private static let keys = KeyBytes<SchemaKey>()

    package func writeJSON(to out: inout OutputBuffer) {
        Self.keys.writeObject(to: &out) { key, out in
            switch key {
            case .purposeConsents: out.writeIDs(purposeConsents)
            case .purposeLegitimateInterests: out.writeIDs(purposeLegitimateInterests)
            case .numCustomPurposes: out.appendInt(numCustomPurposes)
            case .customPurposeConsents: out.writeIDs(customPurposeConsents)
            case .customPurposeLegitimateInterests: out.writeIDs(customPurposeLegitimateInterests)
            }
        }
    }
}

/// A schema object's keys in order, each with the bytes written before its value (`{"key":` for
/// the first, `,"key":` for the others), made once so that writing a key is one copy.
struct KeyBytes<Key: CodingKey & CaseIterable & Sendable>: Sendable {
    private let keys: [Key]
    private let bytes: [UInt8]
    /// Where each key's bytes end in `bytes`.
    private let ends: [Int]

    init() {
        keys = Array(Key.allCases)
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for key in keys {
            bytes += "\(bytes.isEmpty ? "{" : ",")\"\(key.stringValue)\":".utf8
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// Writes the object: each key, then its value as `value` writes it, and the closing brace.
    func writeObject(to out: inout OutputBuffer, _ value: (Key, inout OutputBuffer) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            var start = 0
            for (key, end) in zip(keys, ends) {
                out.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                value(key, &out)
                start = end
            }
        }
        out.append("}")
    }
}

extension OutputBuffer {
    /// A small-id set as an id list.
    mutating func writeIDs(_ ids: some SmallIDSet) { writeIDs(ids, count: ids.count) }

    /// `[1,2,3]`: ids below 100,000, at most `count` of them. Next to its callers, so that it is
    /// specialised for each id set (`OutputBuffer.putSmall` writes each id).
    package mutating func writeIDs(_ ids: some Sequence<Int>, count: Int) {
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
        guard let vendors else { return appendNull() }
        writeIDs(vendors, count: vendors.count)
    }

    /// `"2020-01-26T17:01:00.000Z"`, as `Timestamp.description` writes it.
    mutating func writeTimestamp(_ timestamp: Timestamp) {
        append("\"")
        appendISO8601(timestamp.components)
        append("\"")
    }

    /// A two-letter code as a JSON string, as `TwoLetterCode.description` shows it.
    mutating func writeCode(_ code: TwoLetterCode) {
        append("\"")
        appendTwoLetterCode(code.rawValue, jsonEscaped: true)
        append("\"")
    }

    /// The in-app key/value map as one JSON object, keys sorted: the same output as the JSON
    /// tree's `serialized()`, without building the tree.
    package mutating func writeInAppKeys(_ keys: [String: InAppValue]) {
        append("{")
        for (index, (key, value)) in keys.sorted(by: { $0.key < $1.key }).enumerated() {
            if index > 0 { append(",") }
            appendString(key)
            append(":")
            switch value {
            case .int(let number): appendInt(number)
            case .string(let text): appendString(text)
            case .bool(let flag): appendBool(flag)
            }
        }
        append("}")
    }
}
