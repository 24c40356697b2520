/// One row of a section's field table: the field's name in the specification and its data type.
/// The tables drive decoding, encoding and the field listing (``key`` is the listing's name).
public struct GPPField: Sendable, Hashable {
    /// The field's name in the specification (`SaleOptOutNotice`).
    public let name: String
    /// Its data type.
    public let type: GPPDataType

    /// A row.
    public init(_ name: String, _ type: GPPDataType) {
        self.name = name
        self.type = type
    }

    /// `Version Int(6)`: the first row of every section table IABGPP decodes (TCF Canada, US
    /// Privacy, usnat and the states), in part 0. Every consumer of the tables reads it as a row
    /// (``GPPSection/fieldRows``, ``GPPSection/fieldKeys(sectionId:)``, the pre-parsed in-app keys,
    /// validation); the decoders read it first and pick the rest of the table by its value, so the
    /// per-Version tables (``USSectionDefinition/cores``, ``TCFCanadaSection/coreFields``) start
    /// after it. An ``USSectionDefinition/Style/mspa`` section holds it in its section header (1
    /// without one).
    public static let version = GPPField("Version", .int(6))

    /// An Int(2) field, the type of almost every US field.
    static func int2(_ name: String) -> GPPField { GPPField(name, .int(2)) }

    /// The name with a lowercase first letter (`saleOptOutNotice`): the key in field listings.
    public var key: String { name.prefix(1).lowercased() + name.dropFirst() }

    /// The value the field takes when a section is built without it
    /// (``GPPSection/init(id:fields:)``): its type's default, except `MspaCoveredTransaction`,
    /// whose 0 "is not a value" (``GPPFinding/Rule/mspaCoveredTransaction``) and which defaults to
    /// 2, "No": not a covered transaction. So a section of defaults passes
    /// ``GPPString/validate()``.
    public var defaultValue: GPPValue { name == "MspaCoveredTransaction" ? .int(2) : type.defaultValue }
}

/// Reads and writes the fields of one table in order: the one place a table becomes bits.
enum GPPFieldTable {
    /// Reads every field of `fields` from `reader`.
    static func decode(_ fields: [GPPField], from reader: inout GPPBitReader) throws(GPPError) -> [GPPValue] {
        var values: [GPPValue] = []
        values.reserveCapacity(fields.count)
        try decode(fields, fields.indices, into: &values, from: &reader)
        return values
    }

    /// Reads the fields `range` of `fields` from `reader` into `values`, which holds the fields
    /// before them (a table read in two steps stays one array).
    static func decode(
        _ fields: [GPPField],
        _ range: Range<Int>,
        into values: inout [GPPValue],
        from reader: inout GPPBitReader
    ) throws(GPPError) {
        var budget = GPPLimits.idBudget
        for index in range {
            // Int(n), almost every US field, without the general path's copies.
            if case .int(let width) = fields[index].type {
                values.append(.int(try reader.read(width, fields[index].name)))
                continue
            }
            let field = fields[index]
            let value = try reader.read(field.type, field.name, size: size(of: field, fields, values), budget: &budget)
            values.append(value)
        }
    }

    /// Writes `values` (one per row of `fields`) to `writer`.
    static func encode(_ values: [GPPValue], _ fields: [GPPField], into writer: inout GPPBitWriter) throws(GPPError) {
        guard values.count == fields.count else {
            throw GPPError(.invalidValue, sectionId: writer.sectionId, subsection: writer.subsection)
        }
        for (field, value) in zip(fields, values) {
            try writer.write(value, as: field.type, field.name, size: size(of: field, fields, values))
        }
    }

    /// The length of a ``GPPDataType/bitfieldSizedBy(_:)`` field: the value of the earlier field
    /// it names (0 when that is not an integer); 0 for every other type.
    static func size(of field: GPPField, _ fields: [GPPField], _ values: [GPPValue]) -> Int {
        guard case .bitfieldSizedBy(let name) = field.type,
            let index = fields.firstIndex(where: { $0.name == name }), index < values.count
        else { return 0 }
        return values[index].int ?? 0
    }

    /// `"key":value` pairs of a table, comma-separated.
    static func json(_ values: [GPPValue], _ fields: [GPPField]) -> [String] {
        zip(fields, values).map { "\"\($0.key)\":\($1.json)" }
    }
}

extension Array {
    /// The element at `index`, or `nil` past the end: public arrays of values may be set to any
    /// length, and reading them never traps.
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}

extension GPPBitReader {
    /// Reads a section's ``GPPField/version`` row, the Int(6) whose value picks the rest of the
    /// section's table (the GPP header's Version is the header's, not a table row).
    mutating func readVersion() throws(GPPError) -> Int { try read(6, GPPField.version.name) }
}

extension GPPBitWriter {
    /// Writes a section's ``GPPField/version`` row.
    mutating func writeVersion(_ version: Int) throws(GPPError) { try write(version, 6, GPPField.version.name) }
}
