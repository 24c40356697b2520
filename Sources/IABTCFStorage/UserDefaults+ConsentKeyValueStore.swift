public import Foundation
public import IABTCF

extension InAppValue {
    /// Reads a value as a property list (`UserDefaults`, a plist or JSON dictionary) holds it, with
    /// the types CMPs write: a string, an integer (any width, or an `NSNumber`), a boolean, or a
    /// floating-point number without a fraction (`1.0` reads as `1`). Anything else (data, dates,
    /// arrays, `1.5`) gives `nil`.
    ///
    /// Strings stay strings: `intValue` reads `"1"`, `"0"`, `"true"` and numeric
    /// strings as integers when a numeric key needs one.
    public init?(propertyListValue value: Any) {
        if let text = value as? String {
            self = .string(text)
            return
        }
        guard let number = value as? NSNumber else { return nil }
        // An NSNumber made from a Bool reports the Objective-C type of `BOOL`, "c" (as does a CFBoolean on
        // Apple platforms); an Int8 does too, so only 0 and 1 of that type are read as booleans.
        switch String(cString: number.objCType) {
        case "c" where number.int64Value == 0 || number.int64Value == 1:
            self = .bool(number.boolValue)
        case "f", "d":
            let double = number.doubleValue
            guard double.rounded(.towardZero) == double, let integer = Int(exactly: double) else { return nil }
            self = .int(integer)
        case "Q", "L", "I", "S", "C":
            guard let integer = Int(exactly: number.uint64Value) else { return nil }
            self = .int(integer)
        default:
            guard let integer = Int(exactly: number.int64Value) else { return nil }
            self = .int(integer)
        }
    }

    /// The value as `UserDefaults` stores it: `Int`, `String` or `Bool`.
    public var propertyListValue: Any {
        switch self {
        case .int(let value): value
        case .string(let value): value
        case .bool(let value): value
        }
    }
}

/// `UserDefaults` holds the `IABTCF_` keys: `UserDefaults.standard` for the keys CMPs write, or a
/// suite.
///
/// Values are read with ``IABTCF/InAppValue/init(propertyListValue:)``, so the types CMPs actually
/// write (`IABTCF_gdprApplies` as an integer, a boolean, a string or an `NSNumber`) all read.
/// `UserDefaults` is thread-safe; all of this may run on any thread.
extension UserDefaults: ConsentKeyValueStore {
    /// The value under `key`, read tolerantly, or `nil`.
    public func inAppValue(forKey key: String) -> InAppValue? {
        object(forKey: key).flatMap(InAppValue.init(propertyListValue:))
    }

    /// Stores `value` as an `Int`, a `String` or a `Bool`.
    public func setInAppValue(_ value: InAppValue, forKey key: String) {
        set(value.propertyListValue, forKey: key)
    }

    /// Removes `key` (`removeObject(forKey:)`).
    public func removeInAppValue(forKey key: String) {
        removeObject(forKey: key)
    }

    /// The keys of `dictionaryRepresentation()`: every domain the defaults search.
    public var storedKeys: [String] {
        Array(dictionaryRepresentation().keys)
    }
}

extension ConsentKeyValueStore {
    /// Called after a write that changed the store. On Apple platforms `UserDefaults` posts
    /// `didChangeNotification` for each change; swift-corelibs-foundation posts it only for whole
    /// persistent domains, so there the write posts it once, and ``UserDefaults/inAppConsentChanges(debounce:includingCurrent:)``
    /// sees writes made through this module on every platform.
    func didWriteInAppKeys() {
        #if !canImport(Darwin)
        if let defaults = self as? UserDefaults {
            NotificationCenter.default.post(name: UserDefaults.didChangeNotification, object: defaults)
        }
        #endif
    }
}
