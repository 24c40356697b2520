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
        var out = ""
        write(to: &out, pretty: pretty, indent: 0)
        return out
    }

    private func write(to out: inout String, pretty: Bool, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .int(let value): out += String(value)
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            // Short scalar lists stay on one line even when pretty; that keeps id lists readable.
            let inline = !pretty || items.allSatisfy { if case .int = $0 { true } else { false } }
            writeContainer(items.count, "[", "]", &out, pretty: pretty && !inline, indent: indent) { i, out in
                items[i].write(to: &out, pretty: pretty, indent: indent + 1)
            }
        case .object(let members):
            writeContainer(members.count, "{", "}", &out, pretty: pretty, indent: indent) { i, out in
                Self.writeString(members[i].0, to: &out)
                out += pretty ? ": " : ":"
                members[i].1.write(to: &out, pretty: pretty, indent: indent + 1)
            }
        }
    }

    private func writeContainer(
        _ count: Int,
        _ open: String,
        _ close: String,
        _ out: inout String,
        pretty: Bool,
        indent: Int,
        element: (Int, inout String) -> Void
    ) {
        out += open
        for i in 0..<count {
            if i > 0 { out += "," }
            if pretty { out += "\n" + String(repeating: "  ", count: indent + 1) }
            element(i, &out)
        }
        if pretty && count > 0 { out += "\n" + String(repeating: "  ", count: indent) }
        out += close
    }

    /// Appends `value` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\r`, `\t`
    /// or `\u00XX`, everything else as it is. Runs without escapes are appended whole.
    package static func writeString(_ value: String, to out: inout String) {
        out += "\""
        var value = value
        value.withUTF8 { bytes in
            var run = 0
            for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
                out += String(decoding: UnsafeBufferPointer(rebasing: bytes[run..<index]), as: UTF8.self)
                switch byte {
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                default:
                    let hex = String(byte, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
                run = index + 1
            }
            out += String(decoding: UnsafeBufferPointer(rebasing: bytes[run...]), as: UTF8.self)
        }
        out += "\""
    }
}
