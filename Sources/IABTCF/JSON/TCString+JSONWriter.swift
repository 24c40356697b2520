package import TCFJSON

/// The decode schema written straight into bytes: the same output as `json.serialized()`, byte for
/// byte (tested over every fixture and random values), without building a JSON tree or a `String`
/// per value; a visitor of the field tables (`traverse`), each value through `OutputBuffer`'s JSON
/// writers, as the tree's. This is what makes `tcstring decode -` fast in batch.
extension TCString {
    private static let keys = KeyBytes<SchemaKey>()

    package func writeJSON(to out: inout OutputBuffer) {
        JSONBytesVisitor.writeObject(keys: Self.keys, to: &out) { traverse(&$0) }
    }
}

extension PublisherRestriction {
    private static let keys = KeyBytes<SchemaKey>()

    package func writeJSON(to out: inout OutputBuffer) {
        JSONBytesVisitor.writeObject(keys: Self.keys, to: &out) { traverse(&$0) }
    }
}

extension PublisherTC {
    private static let keys = KeyBytes<SchemaKey>()

    package func writeJSON(to out: inout OutputBuffer) {
        JSONBytesVisitor.writeObject(keys: Self.keys, to: &out) { traverse(&$0) }
    }
}

/// Writes each visited field into the output: the bytes before its key (made once by
/// ``KeyBytes``), then its value. `traverse` visits the keys in the order of their `allCases`,
/// which ``KeyBytes`` holds (the tree, which names each key, is compared with these bytes).
struct JSONBytesVisitor<Key: TCFSchemaKey>: TCFVisitor {
    typealias Failure = Never
    let out: UnsafeMutablePointer<OutputBuffer>
    let keys: UnsafeBufferPointer<UInt8>
    let ends: UnsafeBufferPointer<Int>
    var start = 0
    var index = 0

    /// Writes the object: each key and value `traverse` visits, and the closing brace.
    static func writeObject(keys: KeyBytes<Key>, to out: inout OutputBuffer, _ traverse: (inout Self) -> Void) {
        withUnsafeMutablePointer(to: &out) { out in
            keys.withBytes { bytes, ends in
                var visitor = Self(out: out, keys: bytes, ends: ends)
                traverse(&visitor)
            }
            out.pointee.append("}")
        }
    }

    /// The bytes before the next key's value: `{"key":` for the first, `,"key":` for the others.
    @inline(__always) mutating func key() {
        let end = ends[index]
        out.pointee.append(UnsafeBufferPointer(rebasing: keys[start..<end]))
        start = end
        index &+= 1
    }

    mutating func visit(_ key: some TCFSchemaKey, int value: Int) {
        self.key()
        out.pointee.appendInt(value)
    }
    mutating func visit(_ key: some TCFSchemaKey, bool value: Bool) {
        self.key()
        out.pointee.appendBool(value)
    }
    mutating func visit(_ key: some TCFSchemaKey, timestamp value: Timestamp) {
        self.key()
        out.pointee.writeTimestamp(value)
    }
    mutating func visit(_ key: some TCFSchemaKey, code value: TwoLetterCode) {
        self.key()
        out.pointee.writeCode(value)
    }
    mutating func visit(_ key: some TCFSchemaKey, ids value: some SmallIDSet) {
        self.key()
        out.pointee.writeIDs(value)
    }
    mutating func visit(_ key: some TCFSchemaKey, vendors value: VendorSet?) {
        self.key()
        out.pointee.writeVendors(value)
    }
    mutating func visit(_ key: some TCFSchemaKey, restrictions value: PublisherRestrictions) {
        self.key()
        out.pointee.append("[")
        for (index, restriction) in value.enumerated() {
            if index > 0 { out.pointee.append(",") }
            restriction.writeJSON(to: &out.pointee)
        }
        out.pointee.append("]")
    }
    mutating func visit(_ key: some TCFSchemaKey, publisherTC value: PublisherTC?) {
        self.key()
        if let value { value.writeJSON(to: &out.pointee) } else { out.pointee.appendNull() }
    }
}

/// A schema object's keys in order, each with the bytes written before its value (`{"key":` for
/// the first, `,"key":` for the others), made once so that writing a key is one copy.
struct KeyBytes<Key: CodingKey & CaseIterable & Sendable>: Sendable {
    private let bytes: [UInt8]
    /// Where each key's bytes end in `bytes`.
    private let ends: [Int]

    init() {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        for key in Key.allCases {
            bytes += "\(bytes.isEmpty ? "{" : ",")\"\(key.stringValue)\":".utf8
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// Calls `body` with the keys' bytes and where each ends.
    func withBytes(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<Int>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in ends.withUnsafeBufferPointer { ends in body(bytes, ends) } }
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
