package import TCFJSON

/// The decode schema as a JSON tree: a visitor of the field tables (`traverse`), so every key in
/// the tables' order (a contract other tools depend on) and no field listed here.
extension TCString {
    package var json: JSON { JSONTreeVisitor.object { traverse(&$0) } }
}

extension PublisherRestriction {
    package var json: JSON { JSONTreeVisitor.object { traverse(&$0) } }
}

extension PublisherTC {
    package var json: JSON { JSONTreeVisitor.object { traverse(&$0) } }
}

/// Each visited field as a member of a JSON object.
private struct JSONTreeVisitor: TCFVisitor {
    typealias Failure = Never
    var members: [(String, JSON)] = []

    /// The object of the fields `traverse` visits.
    static func object(_ traverse: (inout Self) -> Void) -> JSON {
        var visitor = Self()
        traverse(&visitor)
        return .object(visitor.members)
    }

    mutating func add(_ key: some TCFSchemaKey, _ value: JSON) { members.append((key.stringValue, value)) }

    mutating func visit(_ key: some TCFSchemaKey, int value: Int) { add(key, .int(value)) }
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) { add(key, .bool(value)) }
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) { add(key, .string(value.description)) }
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) { add(key, .string(value.description)) }
    mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) { add(key, .ids(value)) }
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) {
        add(key, value.map { .ids($0) } ?? .null)
    }
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) {
        add(key, .array(value.map(\.json)))
    }
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) {
        add(key, value.map(\.json) ?? .null)
    }
}

extension JSON {
    /// The error object every command writes under `"error"`: `{"code", "segment", "bitOffset",
    /// "field", "value", "message", "position", "gppSection"}`, one shape for every kind of error,
    /// absent parts `null`.
    package static func error(
        code: String,
        message: String,
        segment: Int? = nil,
        bitOffset: Int? = nil,
        field: String? = nil,
        value: Int? = nil,
        position: Int? = nil,
        gppSection: Int? = nil
    ) -> JSON {
        func int(_ value: Int?) -> JSON { value.map { .int($0) } ?? .null }
        return .object([
            ("code", .string(code)),
            ("segment", int(segment)),
            ("bitOffset", int(bitOffset)),
            ("field", field.map { .string($0) } ?? .null),
            ("value", int(value)),
            ("message", .string(message)),
            ("position", int(position)),
            ("gppSection", int(gppSection)),
        ])
    }

    /// The error object of any error the commands report.
    package static func error(_ error: any Error) -> JSON {
        switch error {
        case let error as TCStringError: error.json
        case let error as AdditionalConsentError: error.json
        default: .error(code: "error", message: message(error))
        }
    }

    /// The message the commands print for any error they report (the `message` of ``error(_:)``):
    /// the error's own description, after what on the command line it is about: `source` (an
    /// option such as `--vendors`, or a file), by default the option that raises the limit of
    /// ``TCStringError/Code/encodingTooLong`` (`--max-length: the encoding would be longer ...`).
    /// The one place where the tool adds its own words to an error.
    package static func message(_ error: any Error, about source: String? = nil) -> String {
        let limit = (error as? TCStringError)?.code == .encodingTooLong ? "--max-length" : nil
        return (source ?? limit).map { "\($0): \(error)" } ?? "\(error)"
    }
}

extension TCStringError {
    /// The error object (``JSON/error(code:message:segment:bitOffset:field:value:position:gppSection:)``).
    package var json: JSON {
        .error(
            code: code.name,
            message: JSON.message(self),
            segment: segment,
            bitOffset: bitOffset,
            field: field,
            value: value,
            position: position
        )
    }
}

extension AdditionalConsentError {
    /// The error object (``JSON/error(code:message:segment:bitOffset:field:value:position:gppSection:)``).
    package var json: JSON {
        .error(code: code.name, message: JSON.message(self), value: value, position: position)
    }
}
