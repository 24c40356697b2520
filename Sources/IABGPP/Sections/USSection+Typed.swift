// Typed US fields: a key per field name of the US tables (USSectionDefinition, USStates,
// USMspaStates, USNat), each with the enum its values mean. The tables stay the one list of which
// section has which field: a key reads and writes through the section's own table, and a section
// whose table lacks the field (or gives it another meaning) reads `nil` and ignores writes. The
// enums are the one owner of the value names (`GPPFieldRow.valueMeanings(sectionId:)` reads them).

/// A value a US field holds, as its enum: built from and written as a ``GPPValue``.
public protocol USFieldValue: Sendable, Hashable {
    /// The value `value` holds, `nil` when it is not of this kind.
    init?(_ value: GPPValue)
    /// The value as stored.
    var gppValue: GPPValue { get }
}

/// An Int(2) value with a name from the section tables' value columns (0-3).
public protocol USInt2Value: USFieldValue, RawRepresentable, CaseIterable where RawValue == Int {
    /// The specification's words for the value (`Opted Out`).
    var meaning: String { get }
}

extension USInt2Value {
    /// The value of `.int(n)` for n in 0...3, else `nil`.
    public init?(_ value: GPPValue) {
        guard let raw = value.int else { return nil }
        self.init(rawValue: raw)
    }

    /// `.int(rawValue)`.
    public var gppValue: GPPValue { .int(rawValue) }

    /// Every value's words by its integer: the value column of the field's table.
    public static var meanings: [Int: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.meaning) })
    }
}

/// A notice field (`SaleOptOutNotice`, `SharingNotice`, `ProcessingNotice`...): "0 Not
/// Applicable, 1 Yes, notice was provided, 2 No, notice was not provided" (US National table).
public enum USNotice: Int, USInt2Value {
    /// 0: Not Applicable (the business does not do what the notice is about).
    case notApplicable = 0
    /// 1: Yes, notice was provided.
    case provided = 1
    /// 2: No, notice was not provided.
    case notProvided = 2
    /// 3: a value the table does not define.
    case reserved = 3

    /// `Not Applicable`, `Yes`, `No`, `reserved`.
    public var meaning: String { ["Not Applicable", "Yes", "No", "reserved"][rawValue] }
}

/// An opt-out field (`SaleOptOut`, `SharingOptOut`, `TargetedAdvertisingOptOut`, and
/// `SensitiveDataProcessing` in California and Utah): "0 Not Applicable, 1 Opted Out, 2 Did Not
/// Opt Out".
public enum USOptOut: Int, USInt2Value {
    /// 0: Not Applicable (no notice, or the notice did not apply).
    case notApplicable = 0
    /// 1: Opted Out.
    case optedOut = 1
    /// 2: Did Not Opt Out.
    case didNotOptOut = 2
    /// 3: a value the table does not define.
    case reserved = 3

    /// `Not Applicable`, `Opted Out`, `Did Not Opt Out`, `reserved`.
    public var meaning: String { ["Not Applicable", "Opted Out", "Did Not Opt Out", "reserved"][rawValue] }
}

/// A consent field (`PersonalDataConsents`, `AdditionalDataProcessingConsent`, the items of
/// `KnownChildSensitiveDataConsents` and, outside California and Utah, of `SensitiveDataProcessing`):
/// "0 Not Applicable, 1 No Consent, 2 Consent".
public enum USConsent: Int, USInt2Value {
    /// 0: Not Applicable.
    case notApplicable = 0
    /// 1: No Consent.
    case noConsent = 1
    /// 2: Consent.
    case consent = 2
    /// 3: a value the table does not define.
    case reserved = 3

    /// `Not Applicable`, `No Consent`, `Consent`, `reserved`.
    public var meaning: String { ["Not Applicable", "No Consent", "Consent", "reserved"][rawValue] }
}

/// `MspaCoveredTransaction`: "1 Yes, 2 No"; 0 is not a value of the field.
public enum USMspaCoveredTransaction: Int, USInt2Value {
    /// 0: not a value (validation flags it; Prebid.js denies every activity).
    case notAValue = 0
    /// 1: Yes, the transaction is covered by the MSPA.
    case yes = 1
    /// 2: No.
    case no = 2
    /// 3: a value the table does not define.
    case reserved = 3

    /// `not a value`, `Yes`, `No`, `reserved`.
    public var meaning: String { ["not a value", "Yes", "No", "reserved"][rawValue] }
}

/// `MspaOptOutOptionMode` and `MspaServiceProviderMode`: "0 Not Applicable, 1 Yes, 2 No".
public enum USMspaModeFlag: Int, USInt2Value {
    /// 0: Not Applicable.
    case notApplicable = 0
    /// 1: Yes.
    case yes = 1
    /// 2: No.
    case no = 2
    /// 3: a value the table does not define.
    case reserved = 3

    /// `Not Applicable`, `Yes`, `No`, `reserved`.
    public var meaning: String { ["Not Applicable", "Yes", "No", "reserved"][rawValue] }
}

/// `MspaMode` (sections 24-27): "0 Not Applicable, 1 Opt-Out Option Mode, 2 Service Provider Mode".
public enum USMspaMode: Int, USInt2Value {
    /// 0: Not Applicable.
    case notApplicable = 0
    /// 1: Opt-Out Option Mode.
    case optOutOption = 1
    /// 2: Service Provider Mode.
    case serviceProvider = 2
    /// 3: a value the table does not define.
    case reserved = 3

    /// `Not Applicable`, `Opt-Out Option Mode`, `Service Provider Mode`, `reserved`.
    public var meaning: String {
        ["Not Applicable", "Opt-Out Option Mode", "Service Provider Mode", "reserved"][rawValue]
    }
}

/// A fixed list of Int(2) (`SensitiveDataProcessing`, `KnownChildSensitiveDataConsents`) as its
/// items' enum; a field of one item (Virginia's `KnownChildSensitiveDataConsents`) reads as a list
/// of one and is written back as one Int(2).
extension Array: USFieldValue where Element: USInt2Value {
    /// The items of `.list`, or the one item of `.int`.
    public init?(_ value: GPPValue) {
        let raw = value.list ?? value.int.map { [$0] }
        guard let items = raw?.map(Element.init(rawValue:)), !items.contains(nil) else { return nil }
        self = items.compactMap { $0 }
    }

    /// `.list` of the raw values.
    public var gppValue: GPPValue { .list(map(\.rawValue)) }
}

extension Bool: USFieldValue {
    /// The flag of `.bool`.
    public init?(_ value: GPPValue) {
        guard let flag = value.bool else { return nil }
        self = flag
    }

    /// `.bool(self)`.
    public var gppValue: GPPValue { .bool(self) }
}

extension Int: USFieldValue {
    /// The integer of `.int`.
    public init?(_ value: GPPValue) {
        guard let int = value.int else { return nil }
        self = int
    }

    /// `.int(self)`.
    public var gppValue: GPPValue { .int(self) }
}

/// A field of the US sections by its specification name, with the enum its values mean: the key
/// of ``USSection/subscript(_:)-(USField<Value>)``. Each static member is named from the
/// specification (`SaleOptOut` is ``saleOptOut``), so a misspelt field does not compile:
///
/// ```swift
/// var usnat = USSection(id: 7)!
/// usnat[.saleOptOut] = .optedOut
/// usnat[.saleOptOutNotice]   // .notApplicable
/// ```
///
/// Which section has the field is its table's to say: ``isValid(in:)``.
public struct USField<Value: USFieldValue>: Sendable, Hashable {
    /// The field's name in the section tables.
    public let name: String

    init(_ name: String) { self.name = name }

    /// Whether section `sectionId` (7-27) has the field with these values: its table of any
    /// Version names it, and its values are `Value`'s (``USFieldKind/valueType(of:_:sectionId:)``:
    /// `SensitiveDataProcessing` holds opt-outs in California and Utah, consents elsewhere).
    public func isValid(in sectionId: Int) -> Bool {
        guard let definition = USSectionDefinition.definition(sectionId),
            let field = definition.field(named: name)
        else { return false }
        let kind = USFieldKind.valueType(of: name, field.type, sectionId: sectionId)
        switch Value.self {
        case let type as any USInt2Value.Type:
            return kind.map { ObjectIdentifier($0) == ObjectIdentifier(type) } ?? false
        case let type as any USFieldList.Type:
            return kind.map { ObjectIdentifier($0) == ObjectIdentifier(type.itemType) } ?? false
        case is Bool.Type: return field.type == .boolean
        default: return kind == nil && field.type != .boolean
        }
    }
}

/// Which enum a US field's values are: the one place that says so, read by the typed keys and by
/// the value words of `explain` (``GPPFieldRow/valueMeanings(sectionId:)``). It holds no list of
/// field names: the kind follows from the name the tables give the field, as the specification
/// names its Int(2) fields by kind (…Notice, …OptOut, …Consent(s), Mspa…Mode), so a table's new
/// row of a known kind has its enum the day it is written.
public enum USFieldKind {
    /// The enum of field `name` of type `type` in section `sectionId`, its items' for a list;
    /// `nil` for a field whose values have no words (`MspaVersion`, `Gpc`, ...).
    public static func valueType(of name: String, _ type: GPPDataType, sectionId: Int) -> (any USInt2Value.Type)? {
        switch name {
        // "SensitiveDataProcessingOptOuts" in California and Utah, consents elsewhere.
        case "SensitiveDataProcessing":
            USSectionDefinition.definition(sectionId)?.sensitiveDataProcessing == .optOut
                ? USOptOut.self : USConsent.self
        case "MspaCoveredTransaction": USMspaCoveredTransaction.self
        case "MspaMode": USMspaMode.self
        case _ where name.hasPrefix("Mspa"): name.hasSuffix("Mode") ? USMspaModeFlag.self : nil
        case _ where name.hasSuffix("OptOut"): USOptOut.self
        case _ where name.hasSuffix("Consent") || name.hasSuffix("Consents"): USConsent.self
        case _ where name.hasSuffix("Notice"): type == .int(2) ? USNotice.self : nil
        default: nil
        }
    }
}

/// A list of Int(2) enums, for ``USField/isValid(in:)``.
protocol USFieldList { static var itemType: any USInt2Value.Type { get } }

extension Array: USFieldList where Element: USInt2Value {
    static var itemType: any USInt2Value.Type { Element.self }
}

extension USSectionDefinition {
    /// The row named `name` in the core of any Version or a sub-section.
    func field(named name: String) -> GPPField? {
        for version in cores.keys.sorted() {
            if let field = cores[version]?.first(where: { $0.name == name }) { return field }
        }
        return subsections.lazy.compactMap { $0.fields.first { $0.name == name } }.first
    }
}

extension USSection {
    /// A field's value as its enum; `nil` when the section does not have the field (see
    /// ``USField/isValid(in:)``) or an absent sub-section holds it. Setting a field the section
    /// does not have does nothing; setting `nil` removes a sub-section's field (`Gpc`).
    public subscript<Value>(_ field: USField<Value>) -> Value? {
        get {
            guard field.isValid(in: id), let value = self[field.name] else { return nil }
            return Value(value)
        }
        set {
            guard field.isValid(in: id) else { return }
            if let newValue, case .int = self[field.name] ?? .int(0), case .list(let items) = newValue.gppValue,
                items.count == 1
            {
                self[field.name] = .int(items[0])  // a field of one Int(2)
            } else {
                self[field.name] = newValue?.gppValue
            }
        }
    }
}

extension USField where Value == USNotice {
    /// `SharingNotice`: notice of the sharing of personal data (usnat, usva, usco, usut, usct, usmt).
    public static var sharingNotice: USField<USNotice> { USField<USNotice>("SharingNotice") }
    /// `SaleOptOutNotice`: notice of the opportunity to opt out of the sale.
    public static var saleOptOutNotice: USField<USNotice> { USField<USNotice>("SaleOptOutNotice") }
    /// `SharingOptOutNotice`: notice of the opportunity to opt out of sharing (usnat, usca).
    public static var sharingOptOutNotice: USField<USNotice> { USField<USNotice>("SharingOptOutNotice") }
    /// `TargetedAdvertisingOptOutNotice`: notice of the opportunity to opt out of targeted advertising.
    public static var targetedAdvertisingOptOutNotice: USField<USNotice> {
        USField<USNotice>("TargetedAdvertisingOptOutNotice")
    }
    /// `SensitiveDataProcessingOptOutNotice` (usnat, usut).
    public static var sensitiveDataProcessingOptOutNotice: USField<USNotice> {
        USField<USNotice>("SensitiveDataProcessingOptOutNotice")
    }
    /// `SensitiveDataLimitUseNotice` (usnat, usca).
    public static var sensitiveDataLimitUseNotice: USField<USNotice> {
        USField<USNotice>("SensitiveDataLimitUseNotice")
    }
    /// `SensitiveDataOptOutNotice` (usia).
    public static var sensitiveDataOptOutNotice: USField<USNotice> { USField<USNotice>("SensitiveDataOptOutNotice") }
    /// `ProcessingNotice`: notice of the processing of personal data (the states of 2024-25).
    public static var processingNotice: USField<USNotice> { USField<USNotice>("ProcessingNotice") }
}

extension USField where Value == USOptOut {
    /// `SaleOptOut`: the person opted out of the sale of personal data.
    public static var saleOptOut: USField<USOptOut> { USField<USOptOut>("SaleOptOut") }
    /// `SharingOptOut` (usnat, usca).
    public static var sharingOptOut: USField<USOptOut> { USField<USOptOut>("SharingOptOut") }
    /// `TargetedAdvertisingOptOut` (every US section but usca).
    public static var targetedAdvertisingOptOut: USField<USOptOut> { USField<USOptOut>("TargetedAdvertisingOptOut") }
}

extension USField where Value == [USOptOut] {
    /// `SensitiveDataProcessing` where its items are opt-outs: California and Utah.
    public static var sensitiveDataProcessingOptOuts: USField<[USOptOut]> {
        USField<[USOptOut]>("SensitiveDataProcessing")
    }
}

extension USField where Value == [USConsent] {
    /// `SensitiveDataProcessing` where its items are consents: every US section but California and Utah.
    public static var sensitiveDataProcessing: USField<[USConsent]> { USField<[USConsent]>("SensitiveDataProcessing") }
    /// `KnownChildSensitiveDataConsents` (a list of one where the table has one Int(2)).
    public static var knownChildSensitiveDataConsents: USField<[USConsent]> {
        USField<[USConsent]>("KnownChildSensitiveDataConsents")
    }
}

extension USField where Value == USConsent {
    /// `PersonalDataConsents` (usnat, usca).
    public static var personalDataConsents: USField<USConsent> { USField<USConsent>("PersonalDataConsents") }
    /// `AdditionalDataProcessingConsent` (the states of 2024-25 and 24-27).
    public static var additionalDataProcessingConsent: USField<USConsent> {
        USField<USConsent>("AdditionalDataProcessingConsent")
    }
}

extension USField where Value == USMspaCoveredTransaction {
    /// `MspaCoveredTransaction`.
    public static var mspaCoveredTransaction: USField<USMspaCoveredTransaction> {
        USField<USMspaCoveredTransaction>("MspaCoveredTransaction")
    }
}

extension USField where Value == USMspaModeFlag {
    /// `MspaOptOutOptionMode` (sections 7-23).
    public static var mspaOptOutOptionMode: USField<USMspaModeFlag> { USField<USMspaModeFlag>("MspaOptOutOptionMode") }
    /// `MspaServiceProviderMode` (sections 7-23).
    public static var mspaServiceProviderMode: USField<USMspaModeFlag> {
        USField<USMspaModeFlag>("MspaServiceProviderMode")
    }
}

extension USField where Value == USMspaMode {
    /// `MspaMode` (sections 24-27).
    public static var mspaMode: USField<USMspaMode> { USField<USMspaMode>("MspaMode") }
}

extension USField where Value == Int {
    /// `MspaVersion Int(6)` (sections 24-27).
    public static var mspaVersion: USField<Int> { USField<Int>("MspaVersion") }
}

extension USField where Value == Bool {
    /// `Gpc`, the GPC sub-section's flag (`nil` when the sub-section is absent).
    public static var gpc: USField<Bool> { USField<Bool>("Gpc") }
}
