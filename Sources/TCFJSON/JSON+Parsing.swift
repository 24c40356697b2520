/// Builds a ``JSON`` tree with the package's strict reader (`JSONReader`, RFC 8259, depth and size
/// limits, errors with byte offsets). Numbers must be integers, which is all the schemas use.
extension JSON {
    package init(parsing text: String) throws(JSONInputError) {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(JSONInputError) in
                try JSONReader.read(bytes) { reader throws(JSONInputError) in try JSON(reading: &reader) }
            }
        }
        self = try result.get()
    }

    /// Reads one value (and everything inside it); `path` (e.g. `publisherRestrictions[0].vendors[3]`)
    /// is where it sits, which a number that is not an integer names.
    package init(reading reader: inout JSONReader, path: String = "") throws(JSONInputError) {
        switch try reader.peek() {
        case .null:
            _ = try reader.readNull()
            self = .null
        case .bool: self = .bool(try reader.readBool())
        case .number:
            do throws(JSONInputError) {
                self = .int(try reader.readInt())
            } catch {
                var error = error
                if !path.isEmpty { error.message = "\(path): \(error.message)" }
                throw error
            }
        case .string: self = .string(try reader.readString())
        case .array:
            try reader.beginArray()
            var items: [JSON] = []
            var first = true
            while try reader.nextElement(first: &first) {
                items.append(try JSON(reading: &reader, path: "\(path)[\(items.count)]"))
            }
            self = .array(items)
        case .object:
            try reader.beginObject()
            var members: [(String, JSON)] = []
            var first = true
            while let key = try reader.nextMember(first: &first) {
                let name = key.string
                members.append((name, try JSON(reading: &reader, path: path.isEmpty ? name : "\(path).\(name)")))
            }
            self = .object(members)
        }
    }

    /// The member named `key`, if this is an object that has it.
    package subscript(key: String) -> JSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}
