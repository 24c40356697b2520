/// A JSON value with ordered object keys, so output keys appear in the documented order.
package enum JSON: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    package static func == (lhs: JSON, rhs: JSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.int(a), .int(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// An id list, e.g. `[1,2,10]`.
    package static func ids(_ ids: some Sequence<Int>) -> JSON { .array(ids.map { .int($0) }) }

    /// Serialises compactly (one line), or indented by two spaces when `pretty`.
    package func serialized(pretty: Bool = false) -> String {
        OutputBuffer.text(capacity: 1 << 10) { write(to: &$0, pretty: pretty) }
    }

    /// Writes the value as ``serialized(pretty:)`` does, each scalar through `OutputBuffer`'s JSON writers.
    private func write(to out: inout OutputBuffer, pretty: Bool, indent: Int = 0) {
        switch self {
        case .null: out.appendNull()
        case .bool(let value): out.appendBool(value)
        case .int(let value): out.appendInt(value)
        case .string(let value): out.appendString(value)
        case .array(let items):
            // Short scalar lists stay on one line even when pretty; that keeps id lists readable.
            let inline = !pretty || items.allSatisfy { if case .int = $0 { true } else { false } }
            writeContainer(items.count, "[", "]", &out, pretty: pretty && !inline, indent: indent) { i, out in
                items[i].write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            writeContainer(members.count, "{", "}", &out, pretty: pretty, indent: indent) { i, out in
                out.appendString(members[i].0)
                out.append(pretty ? ": " : ":")
                members[i].1.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer(
        _ count: Int,
        _ open: StaticString,
        _ close: StaticString,
        _ out: inout OutputBuffer,
        pretty: Bool,
        indent: Int,
        element: (Int, inout OutputBuffer) -> Void
    ) {
        func newLine(indent: Int) {
            out.append("\n")
            for _ in 0..<indent { out.append("  ") }
        }
        out.append(open)
        for i in 0..<count {
            if i > 0 { out.append(",") }
            if pretty { newLine(indent: indent + 1) }
            element(i, &out)
        }
        if pretty && count > 0 { newLine(indent: indent) }
        out.append(close)
    }
}
