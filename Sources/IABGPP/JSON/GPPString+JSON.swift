import IABTCF
package import TCFJSON

// The GPP decode schema as a JSON tree: a visitor of `traverse(_:)`, serialised by TCFJSON's one
// escaping writer (`JSON.serialized(pretty:)`); what `tcstring decode` prints for a GPP string.

extension GPPString {
    /// The decode schema (``traverse(_:text:)``), sections' values from `text` when given; a
    /// section that did not decode has `errorJSON`'s object as its `error` (by default
    /// ``GPPError/json``; the tool adds its own hints).
    package func json(text: String? = nil, errorJSON: (GPPError) -> JSON = \.json) -> JSON {
        JSONTreeVisitor.object(errorJSON: errorJSON) { traverse(&$0, text: text) }
    }
}

extension GPPSection {
    /// One section's object of the decode schema (``traverse(_:value:)``), `value` its text.
    package func json(value: String?) -> JSON {
        JSONTreeVisitor.object(errorJSON: \.json) { traverse(&$0, value: value) }
    }
}

extension GPPSection {
    /// `rows` as one JSON object by their keys, each value as ``GPPValue/json`` writes it.
    static func fieldsJSON(_ rows: [GPPFieldRow]) -> String {
        JSON.object(rows.map { ($0.key, $0.value.map { JSON($0, type: nil) } ?? .null) }).serialized()
    }
}

extension GPPError {
    /// The error object of the decode schema (`JSON.error(code:message:...)`'s one shape): `segment`
    /// is the `.` part, `bitOffset` the bit within it, `gppSection` the section id; for section
    /// 2's own error, the TC string error's object placed in the whole string.
    package var json: JSON { json(message: JSON.message(self)) }

    /// ``json`` with `message` as its message.
    package func json(message: String) -> JSON {
        if code == .tcString, let inner = tcString {
            return .error(
                code: inner.code.name,
                message: message,
                segment: inner.segment,
                bitOffset: inner.bitOffset,
                field: inner.field,
                value: inner.value,
                position: position,
                gppSection: sectionId
            )
        }
        return .error(
            code: code.name,
            message: message,
            segment: subsection,
            bitOffset: bit,
            field: field,
            value: value,
            position: position,
            gppSection: sectionId
        )
    }
}

extension JSON {
    /// A GPP value: numbers, `true`/`false`, id and Int(2) lists as arrays, text, and
    /// `{"key", "type", "ids"}` records; with its field's `type`, a Datetime as its ISO-8601 time.
    package init(_ value: GPPValue, type: GPPDataType?) {
        if let type, let text = type.schemaText(value) {
            self = .string(text)
            return
        }
        switch value {
        case .int(let int): self = .int(int)
        case .bool(let flag): self = .bool(flag)
        case .list(let values), .ids(let values): self = .ids(values)
        case .string(let text): self = .string(text)
        case .records(let records):
            self = .array(
                records.map { .object([("key", .int($0.key)), ("type", .int($0.type)), ("ids", .ids($0.ids))]) }
            )
        }
    }
}

/// Each visited member as a member of a JSON object.
private struct JSONTreeVisitor: GPPVisitor {
    typealias Failure = Never
    let errorJSON: (GPPError) -> JSON
    /// The objects and arrays begun and not yet ended, the outermost object first.
    var open: [(key: String?, members: [(String, JSON)], items: [JSON]?)] = [(nil, [], nil)]

    /// The object of the members `traverse` visits.
    static func object(errorJSON: (GPPError) -> JSON, _ traverse: (inout Self) -> Void) -> JSON {
        withoutActuallyEscaping(errorJSON) { errorJSON in
            var visitor = Self(errorJSON: errorJSON)
            traverse(&visitor)
            return .object(visitor.open[0].members)
        }
    }

    /// `value` as the member `key` of the innermost object, or the next element of its array.
    mutating func add(_ key: String?, _ value: JSON) {
        let last = open.count - 1
        if open[last].items != nil {
            open[last].items?.append(value)
        } else {
            open[last].members.append((key ?? "", value))
        }
    }

    mutating func visit(_ key: String, int value: Int) { add(key, .int(value)) }
    mutating func visit(_ key: String, text value: String?) { add(key, value.map(JSON.string) ?? .null) }
    mutating func visit(_ key: String, ids value: [Int]) { add(key, .ids(value)) }
    mutating func visit(_ key: String, value: GPPValue?, type: GPPDataType?) {
        add(key, value.map { JSON($0, type: type) } ?? .null)
    }
    mutating func visit(_ key: String, tcString value: TCString?) { add(key, value?.json ?? .null) }
    mutating func visit(_ key: String, error value: GPPError) { add(key, errorJSON(value)) }
    mutating func beginObject(_ key: String?) { open.append((key, [], nil)) }
    mutating func endObject() {
        let object = open.removeLast()
        add(object.key, .object(object.members))
    }
    mutating func beginArray(_ key: String) { open.append((key, [], [])) }
    mutating func endArray() {
        let array = open.removeLast()
        add(array.key, .array(array.items ?? []))
    }
}
