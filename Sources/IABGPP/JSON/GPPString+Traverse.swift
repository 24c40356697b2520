package import IABTCF

// The decode schema of a GPP string, walked once: `traverse(_:)` hands every member to a visitor in
// output order (swift-protobuf's `traverse<V: Visitor>`, as the TC string's `TCFVisitor`). The
// fields come from the section tables (``GPPSection/fieldRows``, `Version` among them), so a new
// section's table is its JSON too. The visitors: the JSON tree (`tcstring decode`, whose
// serialisation is TCFJSON's one escaping writer) and `Codable`'s encoding. A TC string inside
// (section 2 and `tcfeuv2`) is handed over whole, for the TCF visitor to write.

/// Receives the members of the GPP decode schema, in output order, from `traverse(_:)`.
package protocol GPPVisitor {
    /// What the visitor may throw (`Never` for the JSON tree).
    associatedtype Failure: Error
    /// A number member (`gppVersion`, `id`).
    mutating func visit(_ key: String, int value: Int) throws(Failure)
    /// A text member, or `null` (`name`, `value`, an unknown section's `fields`).
    mutating func visit(_ key: String, text value: String?) throws(Failure)
    /// An id list (`sectionIds`).
    mutating func visit(_ key: String, ids value: [Int]) throws(Failure)
    /// A field (with its table's type: a Datetime is its ISO-8601 time) or a reading key (type
    /// `nil`), or `null` for an absent sub-section's field or no value.
    mutating func visit(_ key: String, value: GPPValue?, type: GPPDataType?) throws(Failure)
    /// A TC string in IABTCF's schema, which the TCF visitor writes, or `null`.
    mutating func visit(_ key: String, tcString value: TCString?) throws(Failure)
    /// Why a section did not decode.
    mutating func visit(_ key: String, error value: GPPError) throws(Failure)
    /// Starts a nested object, a member `key` or, with `key` `nil`, the next element of an array;
    /// its members follow, up to ``endObject()``.
    mutating func beginObject(_ key: String?) throws(Failure)
    /// Ends the object ``beginObject(_:)`` started.
    mutating func endObject() throws(Failure)
    /// Starts an array member `key`, whose elements (objects) follow, up to ``endArray()``.
    mutating func beginArray(_ key: String) throws(Failure)
    /// Ends the array ``beginArray(_:)`` started.
    mutating func endArray() throws(Failure)
}

extension GPPSection {
    /// The keys of a section's object: `id`, `name`, `value`, `fields`, then every key that
    /// ``reading`` may hold.
    package static let objectKeys = [
        "id", "name", "value", "fields", "compatibility", "layout", "encoding", "hasPubRestrictions",
    ]

    /// Hands the section's object to `visitor`: `{"id", "name", "value", "fields"}`, then the
    /// ``reading`` keys. `name` is the API prefix (`null` for an id IABGPP does not decode);
    /// `value` the section's text; `fields` every ``fieldRows`` row by its key, for `tcfeuv2` the
    /// TC string, `null` for an unknown id.
    package func traverse<V: GPPVisitor>(_ visitor: inout V, value: String?) throws(V.Failure) {
        try visitor.visit("id", int: id)
        try visitor.visit("name", text: name)
        try visitor.visit("value", text: value)
        if case .tcfEuV2(let tcString) = self {
            try visitor.visit("fields", tcString: tcString)
        } else if let rows = fieldRows {
            try visitor.beginObject("fields")
            for row in rows { try visitor.visit(row.key, value: row.value, type: row.type) }
            try visitor.endObject()
        } else {
            try visitor.visit("fields", text: nil)
        }
        for (key, value) in reading { try visitor.visit(key, value: value, type: nil) }
    }
}

extension GPPFailedSection {
    /// Hands the object of a section that did not decode to `visitor`: `{"id", "name", "value",
    /// "error"}`, the error in place of `fields`.
    package func traverse<V: GPPVisitor>(_ visitor: inout V) throws(V.Failure) {
        try visitor.visit("id", int: id)
        try visitor.visit("name", text: name)
        try visitor.visit("value", text: text)
        try visitor.visit("error", error: error)
    }
}

extension GPPString {
    /// Hands the string's object to `visitor`: `{"gppVersion", "sectionIds", "tcfeuv2",
    /// "sections"}`, `tcfeuv2` the TC string of section 2 or `null`, each section in header order
    /// (those that did not decode too). A section's `value` is its part of `text` (the string this
    /// value was decoded from) when `text` has one part per section, else its encoding
    /// (``GPPEncodingStyle/preservingLayout``; `null` when it does not encode).
    package func traverse<V: GPPVisitor>(_ visitor: inout V, text: String? = nil) throws(V.Failure) {
        let ids = sectionIds
        let parts = text.map { $0.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false) }
        let given = parts.flatMap {
            $0.count == ids.count + 1 ? $0.dropFirst().map { String(Substring($0)) } : nil
        }
        // The sections and the failed ones, merged in header order.
        var entries: [(section: GPPSection?, failure: GPPFailedSection?, value: String?)] = []
        var decoded = sections[...]
        var failed = failedSections[...]
        for index in ids.indices {
            if let failure = failed.first, decoded.first.map({ failure.id < $0.id }) ?? true {
                failed = failed.dropFirst()
                entries.append((nil, failure, nil))
            } else if let section = decoded.first {
                decoded = decoded.dropFirst()
                entries.append((section, nil, given?[index] ?? (try? section.encoded(.preservingLayout))))
            }
        }
        try visitor.visit("gppVersion", int: version)
        try visitor.visit("sectionIds", ids: ids)
        try visitor.visit("tcfeuv2", tcString: tcfEuV2)
        try visitor.beginArray("sections")
        for entry in entries {
            try visitor.beginObject(nil)
            if let section = entry.section {
                try section.traverse(&visitor, value: entry.value)
            } else if let failure = entry.failure {
                try failure.traverse(&visitor)
            }
            try visitor.endObject()
        }
        try visitor.endArray()
    }
}
