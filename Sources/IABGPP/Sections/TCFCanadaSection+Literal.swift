// TCF Canada's ``TCFCanadaSection/Encoding/literal``: every OptimizedRange field (the vendor sets,
// DisclosedVendors and the ids of each PubRestrictions record) as the specification's Core table
// words the type: "First … Boolean. If 1 → Fibonacci Range, if 0 → variable-length bitfield",
// the bitfield being Int(16) n then Bitfield(n) (as iabgpp-rs reads DisclosedVendors and the
// PubRestrictions ids). Only TCF Canada writes the type this way, so the reading lives here.

extension GPPBitReader {
    /// OptimizedRange read literally: Bool IsRange, then Range(Fibonacci) or Int(16) n + Bitfield(n).
    mutating func readLiteralOptimized(_ field: String, budget: inout Int) throws(GPPError) -> [Int] {
        if try readBit(field) { return try readFibonacciRange(field, budget: &budget) }
        return try readBitfield(try read(16, field), field)
    }

    /// N-ArrayOfRanges(`key`,`type`) whose ids are a literal OptimizedRange.
    mutating func readLiteralRecords(
        key: Int,
        type: Int,
        _ field: String,
        budget: inout Int
    ) throws(GPPError) -> [GPPRangeRecord] {
        let count = try read(12, field)
        var records: [GPPRangeRecord] = []
        for _ in 0..<count {
            let key = try read(key, field)
            let type = try read(type, field)
            records.append(GPPRangeRecord(key: key, type: type, ids: try readLiteralOptimized(field, budget: &budget)))
        }
        return records
    }
}

extension GPPBitWriter {
    /// OptimizedRange written literally: the range when strictly shorter than Int(16) n + Bitfield(n),
    /// n the highest id.
    mutating func writeLiteralOptimized(_ ids: [Int], _ field: String) throws(GPPError) {
        guard GPPIDs.isValid(ids) else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field)
        }
        let maximum = ids.last ?? 0
        let bitfieldBits = 16 + maximum
        let isRange = Self.fibonacciRangeBits(ids, limit: bitfieldBits) < bitfieldBits
        write(isRange)
        if isRange {
            try writeFibonacciRange(ids, field, checked: true)
        } else {
            try write(maximum, 16, field)
            try writeBitfield(ids, maximum, field, checked: true)
        }
    }

    /// N-ArrayOfRanges(`key`,`type`) whose ids are a literal OptimizedRange, records in the order given.
    mutating func writeLiteralRecords(
        _ records: [GPPRangeRecord],
        key: Int,
        type: Int,
        _ field: String
    ) throws(GPPError) {
        try write(records.count, 12, field)
        for record in records {
            try write(record.key, key, field)
            try write(record.type, type, field)
            try writeLiteralOptimized(record.ids, field)
        }
    }
}

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
            case .optimizedRange: values.append(.ids(try reader.readLiteralOptimized(field.name, budget: &budget)))
            case .nArrayOfRanges(let key, let type):
                values.append(
                    .records(try reader.readLiteralRecords(key: key, type: type, field.name, budget: &budget))
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
            case (.optimizedRange, .ids(let ids)): try writer.writeLiteralOptimized(ids, field.name)
            case (.nArrayOfRanges(let key, let type), .records(let records)):
                try writer.writeLiteralRecords(records, key: key, type: type, field.name)
            default:
                try writer.write(value, as: field.type, field.name, size: GPPFieldTable.size(of: field, table, values))
            }
        }
    }
}
