// The `in-app-keys` target: the `IABTCF_` key map as an app's `UserDefaults` holds it.
//
// The input is read twice. As records (key, property-list value of any type `UserDefaults` holds:
// strings, every integer width, booleans, floating point, data, dates, arrays, dictionaries) it
// fills a store that converts values as `UserDefaults` does; reading `InAppConsent`,
// `GPPInAppConsent` and `StoredConsent` from it never traps. As a TC string, when it decodes: `inAppKeys` written over
// that store (stale keys included) reads back as the same map, and `InAppConsent` read from it
// holds the string's values.

import Foundation
import IABGPP
import IABTCF
import IABTCFAppTracking
import IABTCFStorage

func fuzzInAppKeys(_ bytes: UnsafeBufferPointer<UInt8>) {
    let store = PropertyListStore()
    var input = FuzzBytes(bytes)
    while !input.isEmpty {
        store.values[fuzzKey(&input)] = propertyListValue(&input, depth: 0)
    }
    _ = store.readInAppConsent()
    _ = store.readGPPInAppConsent()
    _ = StoredConsent(inAppKeys: store.readInAppKeys())
    guard let tcString = try? TCString(encodedBytes: bytes) else { return }
    for gdprApplies in [nil, true, false] {
        let keys: [String: InAppValue]
        do { keys = try tcString.inAppKeys(gdprApplies: gdprApplies) } catch {
            fatalError("inAppKeys failed: \(error)")
        }
        store.writeInAppKeys(keys)
        require(store.readInAppKeys() == keys, "the key map reads back differently")
        checkReadBack(InAppConsent(keys: keys), tcString, gdprApplies: gdprApplies)
    }
}

/// `InAppConsent` read from `tcString.inAppKeys` holds the string's values.
private func checkReadBack(_ read: InAppConsent, _ tcString: TCString, gdprApplies: Bool?) {
    var expected = read
    expected.gdprApplies = gdprApplies
    expected.cmpId = tcString.cmpId
    expected.cmpVersion = tcString.cmpVersion
    expected.policyVersion = tcString.policyVersion
    expected.publisherCountryCode = tcString.publisherCountryCode.description
    expected.purposeOneTreatment = tcString.purposeOneTreatment
    expected.useNonStandardTexts = tcString.useNonStandardTexts
    expected.tcString = try? tcString.encoded(.preservingLayout)
    expected.purposeConsents = tcString.purposeConsents
    expected.purposeLegitimateInterests = tcString.purposeLegitimateInterests
    expected.specialFeatureOptIns = tcString.specialFeatureOptIns
    expected.vendorConsents = tcString.vendorConsents
    expected.vendorLegitimateInterests = tcString.vendorLegitimateInterests
    expected.disclosedVendors = tcString.disclosedVendors
    expected.publisherConsents = tcString.publisherTC?.purposeConsents ?? []
    expected.publisherLegitimateInterests = tcString.publisherTC?.purposeLegitimateInterests ?? []
    expected.publisherCustomPurposeConsents = tcString.publisherTC?.customPurposeConsents ?? []
    expected.publisherCustomPurposeLegitimateInterests = tcString.publisherTC?.customPurposeLegitimateInterests ?? []
    require(read == expected, "InAppConsent differs from the string: \(read) vs \(expected)")
    // A vendor listed under several types reads as the lowest defined one (the most restrictive).
    // Each entry read once: reading a decoded entry builds its vendors.
    let restrictions = tcString.publisherRestrictions
    for restriction in restrictions where (1...PurposeSet.maxID).contains(restriction.purposeId) {
        let samePurpose = restrictions.restrictions(purposeId: restriction.purposeId)
        for vendor in restriction.vendors {
            let type = samePurpose.first { $0.restrictionType != .undefined && $0.vendors.contains(vendor) }?
                .restrictionType
            let readType = read.publisherRestrictions.restrictionType(
                vendorId: vendor,
                purposeId: restriction.purposeId
            )
            require(readType == type, "restriction of vendor \(vendor), purpose \(restriction.purposeId)")
        }
    }
}

/// A key: mostly a CMP API key (fixed, or a restriction key for purposes 0-69), sometimes any text.
private func fuzzKey(_ input: inout FuzzBytes) -> String {
    let selector = Int(input.byte())
    if selector < InAppKeys.fixedKeys.count { return InAppKeys.fixedKeys[selector] }
    if selector < InAppKeys.fixedKeys.count + 70 {
        return InAppKeys.publisherRestrictions(purposeId: selector - InAppKeys.fixedKeys.count)
    }
    return selector & 1 == 0 ? "IABTCF_PublisherRestrictions" + input.string() : input.string()
}

/// A value of one of the types a property list (so `UserDefaults`) holds.
private func propertyListValue(_ input: inout FuzzBytes, depth: Int) -> Any {
    switch input.byte() % (depth < 3 ? 18 : 16) {
    case 0: return input.string()
    case 1: return input.bool()
    case 2: return NSNumber(value: input.bool())
    case 3: return Int8(truncatingIfNeeded: input.int(bytes: 1))
    case 4: return Int16(truncatingIfNeeded: input.int(bytes: 2))
    case 5: return Int32(truncatingIfNeeded: input.int(bytes: 4))
    case 6: return input.int(bytes: 8)
    case 7: return UInt8(truncatingIfNeeded: input.int(bytes: 1))
    case 8: return UInt16(truncatingIfNeeded: input.int(bytes: 2))
    case 9: return UInt32(truncatingIfNeeded: input.int(bytes: 4))
    case 10: return UInt64(bitPattern: Int64(input.int(bytes: 8)))
    case 11: return Float(bitPattern: UInt32(truncatingIfNeeded: input.int(bytes: 4)))
    case 12: return Double(bitPattern: UInt64(bitPattern: Int64(input.int(bytes: 8))))
    case 13: return NSNumber(value: UInt64(bitPattern: Int64(input.int(bytes: 8))))
    case 14: return Data(input.string().utf8)
    case 15: return Date(timeIntervalSince1970: Double(input.int(bytes: 4)))
    case 16: return (0..<Int(input.byte() % 4)).map { _ in propertyListValue(&input, depth: depth + 1) }
    default:
        var dictionary: [String: Any] = [:]
        for _ in 0..<Int(input.byte() % 4) { dictionary[input.string()] = propertyListValue(&input, depth: depth + 1) }
        return dictionary
    }
}

/// An in-memory store that keeps property-list values and converts them as the `UserDefaults`
/// conformance does.
private final class PropertyListStore: ConsentKeyValueStore {
    var values: [String: Any] = [:]

    func inAppValue(forKey key: String) -> InAppValue? { values[key].flatMap(InAppValue.init(propertyListValue:)) }

    func setInAppValue(_ value: InAppValue, forKey key: String) { values[key] = value.propertyListValue }

    func removeInAppValue(forKey key: String) { values[key] = nil }

    var storedKeys: [String] { Array(values.keys) }
}
