// TCF Canada's ``TCFCanadaSection/Encoding/literal``: every OptimizedRange field (the vendor sets,
// DisclosedVendors and the ids of each PubRestrictions record) as the specification's Core table
// words the type: "First … Boolean. If 1 → Fibonacci Range, if 0 → variable-length bitfield",
// the bitfield being Int(16) n then Bitfield(n) (as iabgpp-rs reads DisclosedVendors and the
// PubRestrictions ids). The layout is the data types' (`GPPIDSetLayout.literal`); which fields
// take it under this encoding is TCF Canada's, and lives here.

extension TCFCanadaSection {
    /// Reads the fields `range` of `table` in `encoding` into `values`: the table's own types, but
    /// under ``Encoding/literal`` each OptimizedRange and N-ArrayOfRanges read literally.
    static func decode(
        _ table: [GPPField],
        _ range: Range<Int>,
        _ encoding: Encoding,
        into values: inout [GPPValue],
        from reader: inout GPPBitReader
    ) throws(GPPError) {
        guard encoding == .literal else {
            return try GPPFieldTable.decode(table, range, into: &values, from: &reader)
        }
        var budget = GPPLimits.idBudget
        for index in range {
            let field = table[index]
            switch field.type {
            case .optimizedRange: values.append(.ids(try reader.readIDs(.literal, field.name, budget: &budget)))
            case .nArrayOfRanges(let key, let type):
                values.append(
                    .records(try reader.readRecords(key: key, type: type, ids: .literal, field.name, budget: &budget))
                )
            default: try GPPFieldTable.decode(table, index..<index + 1, into: &values, from: &reader)
            }
        }
    }

    /// Writes `values` (one per row of `table`) in `encoding`, as ``decode(_:_:_:into:from:)`` reads them.
    static func encode(
        _ values: [GPPValue],
        _ table: [GPPField],
        _ encoding: Encoding,
        into writer: inout GPPBitWriter
    ) throws(GPPError) {
        guard encoding == .literal else { return try GPPFieldTable.encode(values, table, into: &writer) }
        guard values.count == table.count else {
            throw GPPError(.invalidValue, sectionId: writer.sectionId, subsection: writer.subsection)
        }
        for (field, value) in zip(table, values) {
            switch (field.type, value) {
            case (.optimizedRange, .ids(let ids)): try writer.writeIDs(ids, .literal, field.name)
            case (.nArrayOfRanges(let key, let type), .records(let records)):
                try writer.writeRecords(records, key: key, type: type, ids: .literal, field.name)
            default:
                try writer.write(value, as: field.type, field.name, size: GPPFieldTable.size(of: field, table, values))
            }
        }
    }
}
