package import TCFJSON

extension InAppValue {
    /// The value as JSON: a number, a string or a boolean, as UserDefaults holds it.
    package var json: JSON {
        switch self {
        case .int(let value): .int(value)
        case .string(let text): .string(text)
        case .bool(let flag): .bool(flag)
        }
    }

    /// The key/value map as one JSON object, keys sorted: the tree of what
    /// `OutputBuffer.writeInAppKeys(_:)` writes as bytes (`tcstring inapp --pretty`).
    package static func json(_ keys: [String: InAppValue]) -> JSON {
        .object(keys.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json) })
    }
}
