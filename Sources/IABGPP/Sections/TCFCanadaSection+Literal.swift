// TCF Canada's ``TCFCanadaSection/Encoding/literal``: every OptimizedRange field (the vendor sets,
// DisclosedVendors and the ids of each PubRestrictions record) as the specification's Core table
// words the type: "First … Boolean. If 1 → Fibonacci Range, if 0 → variable-length bitfield",
// the bitfield being Int(16) n then Bitfield(n) (as iabgpp-rs reads DisclosedVendors and the
// PubRestrictions ids). The layout is the data types' (`GPPIDSetLayout.literal`); which fields
// take it under this encoding is TCF Canada's, and lives here, with the reading of every
// encoding's id sets as the encoder writes them (the decoder's test of an encoding).

extension TCFCanadaSection {
    /// Reads the fields `range` of `table` (the table under `encoding`) into `values`: the table's
    /// own types, but under ``Encoding/literal`` each OptimizedRange and N-ArrayOfRanges read
    /// literally. `asWrittenOnly`: `false`, the reading stopped, at the first id set the encoder
    /// lays out otherwise than the bits read.
    static func decode(
        _ table: [GPPField],
        _ range: Range<Int>,
        _ encoding: Encoding,
        asWrittenOnly: Bool,
        into values: inout [GPPValue],
        from reader: inout GPPBitReader
    ) throws(GPPError) -> Bool {
        guard encoding == .literal || asWrittenOnly else {
            try GPPFieldTable.decode(table, range, into: &values, from: &reader)
            return true
        }
        var budget = GPPLimits.idBudget
        for index in range {
            let field = table[index]
            let ids: GPPIDSetLayout
            var record: (key: Int, type: Int)?
            switch field.type {
            case .optimizedRange: ids = encoding == .literal ? .literal : .optimized(fibonacci: true)
            case .optimizedIntRange: ids = .optimized(fibonacci: false)
            case .nArrayOfRanges(let key, let type):
                ids = encoding == .literal ? .literal : .optimized(fibonacci: true)
                record = (key, type)
            case .arrayOfRanges:
                ids = .intRange
                record = (6, 2)
            default:
                try GPPFieldTable.decode(table, index..<index + 1, into: &values, from: &reader)
                continue
            }
            if let (key, type) = record {
                guard asWrittenOnly else {
                    let records = try reader.readRecords(key: key, type: type, ids: ids, field.name, budget: &budget)
                    values.append(.records(records))
                    continue
                }
                let records = try reader.readRecordsAsWritten(
                    key: key,
                    type: type,
                    ids: ids,
                    field.name,
                    budget: &budget
                )
                guard let records else { return false }
                values.append(.records(records))
            } else {
                guard asWrittenOnly else {
                    values.append(.ids(try reader.readIDs(ids, field.name, budget: &budget)))
                    continue
                }
                guard let read = try reader.readIDsAsWritten(ids, field.name, budget: &budget) else { return false }
                values.append(.ids(read))
            }
        }
        return true
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
