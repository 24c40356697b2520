// Range(Int), OptimizedRange, OptimizedIntRange, ArrayOfRanges and N-ArrayOfRanges.

/// How an id set is laid out: the one choice behind OptimizedRange, OptimizedIntRange and the ids
/// of an ArrayOfRanges or N-ArrayOfRanges record, read and written.
enum GPPIDSetLayout: Sendable, Hashable {
    /// Range(Int) alone: the ids of an ArrayOfRanges record, as every implementation reads them.
    case intRange
    /// Int(16) highest id, Bool IsRange, then Range(Fibonacci) (`fibonacci`) or Range(Int), or
    /// Bitfield(highest id): OptimizedRange as iabgpp-es 3.2.0 reads the text, and OptimizedIntRange.
    case optimized(fibonacci: Bool)
    /// Bool IsRange, then Range(Fibonacci) or Int(16) n + Bitfield(n): OptimizedRange as the Core
    /// table words it, "First … Boolean. If 1 → Fibonacci Range, if 0 → variable-length bitfield"
    /// (TCF Canada's literal encoding, as iabgpp-rs reads DisclosedVendors and PubRestrictions).
    case literal
}

extension GPPBitReader {
    /// Range(Int): Int(12) count; per item IsGroup, Int(16) id and, for a group, Int(16) end. "Items
    /// may not be in sorted order": the ids come back ascending and unique.
    mutating func readIntRange(_ field: String, budget: inout Int) throws(GPPError) -> [Int] {
        let count = try read(12, field)
        var ids: [Int] = []
        var sorted = true
        for _ in 0..<count {
            let at = offset
            let isGroup = try readBit(field)
            let first = try read(16, field)
            let end = isGroup ? try read(16, field) : first
            budget -= end - first + 1
            guard first >= 1, end >= first, budget >= 0 else { throw error(.invalidValue, field, bit: at, value: end) }
            if let last = ids.last, last >= first { sorted = false }
            ids.append(contentsOf: first...end)
        }
        return sorted ? ids : Array(Set(ids)).sorted()
    }

    /// OptimizedRange (`fibonacci`) or OptimizedIntRange: Int(16) highest id, Bool IsRange, then the
    /// range or Bitfield(highest id).
    mutating func readOptimized(fibonacci: Bool, _ field: String, budget: inout Int) throws(GPPError) -> [Int] {
        let maximum = try read(16, field)
        guard try readBit(field) else { return try readBitfield(maximum, field) }
        return fibonacci ? try readFibonacciRange(field, budget: &budget) : try readIntRange(field, budget: &budget)
    }

    /// An id set in `layout`.
    mutating func readIDs(_ layout: GPPIDSetLayout, _ field: String, budget: inout Int) throws(GPPError) -> [Int] {
        switch layout {
        case .intRange: return try readIntRange(field, budget: &budget)
        case .optimized(let fibonacci): return try readOptimized(fibonacci: fibonacci, field, budget: &budget)
        case .literal:
            if try readBit(field) { return try readFibonacciRange(field, budget: &budget) }
            return try readBitfield(try read(16, field), field)
        }
    }

    /// ArrayOfRanges and N-ArrayOfRanges: Int(12) count; per record Int(`key`), Int(`type`) and
    /// the ids in `ids`.
    mutating func readRecords(
        key: Int,
        type: Int,
        ids layout: GPPIDSetLayout,
        _ field: String,
        budget: inout Int
    ) throws(GPPError) -> [GPPRangeRecord] {
        let count = try read(12, field)
        var records: [GPPRangeRecord] = []
        for _ in 0..<count {
            let key = try read(key, field)
            let type = try read(type, field)
            records.append(GPPRangeRecord(key: key, type: type, ids: try readIDs(layout, field, budget: &budget)))
        }
        return records
    }
}

// Reading an id set as the encoder writes it: the same ids as the readers above, or `nil` at the
// first bit that shows the encoder would write them otherwise (items not maximal runs, a group of
// one id, a highest id that is not the last id, a range not strictly shorter than the bitfield, or
// the other way round), so that a decoder tells from the bits alone whether its value re-encodes
// to them. `nil` also stands for a reading that fails; the bits' error comes from the readers above.

extension GPPBitReader {
    /// An id set in `layout` as ``GPPBitWriter/writeIDs(_:_:_:)`` writes it, or `nil`.
    mutating func readIDsAsWritten(
        _ layout: GPPIDSetLayout,
        _ field: String,
        budget: inout Int
    ) throws(GPPError)
        -> [Int]?
    {
        switch layout {
        case .intRange: return try readIntRangeAsWritten(field, budget: &budget, through: GPPLimits.maximumID)
        case .optimized(let fibonacci):
            let maximum = try read(16, field)
            guard try readBit(field) else {
                let ids = try readBitfield(maximum, field)
                guard ids.last ?? 0 == maximum,
                    GPPBitWriter.rangeBits(ids, fibonacci: fibonacci, limit: maximum) >= maximum
                else { return nil }
                return ids
            }
            let start = offset
            // No id passes the highest id written before the range: the encoder writes the last id there.
            let read =
                fibonacci
                ? try readFibonacciRangeAsWritten(field, budget: &budget, through: maximum)
                : try readIntRangeAsWritten(field, budget: &budget, through: maximum)
            guard let ids = read, ids.last ?? 0 == maximum, offset - start < maximum else { return nil }
            return ids
        case .literal:
            guard try readBit(field) else {
                let count = try read(16, field)
                let ids = try readBitfield(count, field)
                guard ids.last ?? 0 == count, GPPBitWriter.fibonacciRangeBits(ids, limit: 16 + count) >= 16 + count
                else { return nil }
                return ids
            }
            let start = offset
            let read = try readFibonacciRangeAsWritten(field, budget: &budget, through: GPPLimits.maximumID)
            guard let ids = read, offset - start < 16 + (ids.last ?? 0) else { return nil }
            return ids
        }
    }

    /// Range(Int) as ``GPPBitWriter/writeIntRange(_:_:checked:)`` writes it: ascending maximal runs,
    /// a group only for two ids or more, none past `limit`; or `nil`.
    mutating func readIntRangeAsWritten(
        _ field: String,
        budget: inout Int,
        through limit: Int
    ) throws(GPPError)
        -> [Int]?
    {
        // Bounds are checked here and the bits peeked: a reading that ends early is `nil` too.
        guard remaining >= 12 else { return nil }
        let count = peek(12, at: offset)
        offset += 12
        var ids: [Int] = []
        ids.reserveCapacity(count)
        var last = -1
        for _ in 0..<count {
            // IsGroup and the first id in one peek.
            guard remaining >= 17 else { return nil }
            let item = peek(17, at: offset)
            offset += 17
            let isGroup = item >> 16 != 0
            let first = item & 0xFFFF
            var end = first
            if isGroup {
                guard remaining >= 16 else { return nil }
                end = peek(16, at: offset)
                offset += 16
            }
            budget -= end - first + 1
            guard first > last + 1, !isGroup || end > first, end <= limit, budget >= 0 else { return nil }
            if isGroup { ids.append(contentsOf: first...end) } else { ids.append(first) }
            last = end
        }
        return ids
    }

    /// ArrayOfRanges and N-ArrayOfRanges with each record's ids as the encoder writes them, or `nil`.
    mutating func readRecordsAsWritten(
        key: Int,
        type: Int,
        ids layout: GPPIDSetLayout,
        _ field: String,
        budget: inout Int
    ) throws(GPPError) -> [GPPRangeRecord]? {
        let count = try read(12, field)
        var records: [GPPRangeRecord] = []
        for _ in 0..<count {
            let key = try read(key, field)
            let type = try read(type, field)
            guard let ids = try readIDsAsWritten(layout, field, budget: &budget) else { return nil }
            records.append(GPPRangeRecord(key: key, type: type, ids: ids))
        }
        return records
    }
}

extension GPPBitWriter {
    /// Range(Int) of ascending ids as their maximal runs (`checked`: the caller has checked the ids).
    mutating func writeIntRange(_ ids: [Int], _ field: String, checked: Bool = false) throws(GPPError) {
        guard checked || GPPIDs.isValid(ids) else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field)
        }
        try write(GPPIDs.runCount(ids), 12, field)
        try GPPIDs.forEachRun(ids) { first, last throws(GPPError) in
            write(last > first)
            try write(first, 16, field)
            if last > first { try write(last, 16, field) }
        }
    }

    /// The bits of Range(Fibonacci) (`fibonacci`) or Range(Int) of `ids`, or any count of at least
    /// `limit` once it reaches that many; at least `limit` for more runs than a range's Int(12)
    /// count holds (Range(Int) takes 17 bits a run: 4,096 runs pass any highest id).
    static func rangeBits(_ ids: [Int], fibonacci: Bool, limit: Int) -> Int {
        if fibonacci { return fibonacciRangeBits(ids, limit: limit) }
        var bits = 12
        GPPIDs.forEachRun(ids) { first, last in bits += last > first ? 33 : 17 }
        return bits
    }

    /// OptimizedRange or OptimizedIntRange: the range when strictly shorter than the bitfield.
    mutating func writeOptimized(_ ids: [Int], fibonacci: Bool, _ field: String) throws(GPPError) {
        guard GPPIDs.isValid(ids) else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field)
        }
        let maximum = ids.last ?? 0
        try write(maximum, 16, field)
        let isRange = Self.rangeBits(ids, fibonacci: fibonacci, limit: maximum) < maximum
        write(isRange)
        // `ids` is checked above: the set is written without a second pass over it.
        if !isRange {
            try writeBitfield(ids, maximum, field, checked: true)
        } else if fibonacci {
            try writeFibonacciRange(ids, field, checked: true)
        } else {
            try writeIntRange(ids, field, checked: true)
        }
    }

    /// ArrayOfRanges (`fibonacci` nil) or N-ArrayOfRanges, records in the order given.
    mutating func writeRecords(
        _ records: [GPPRangeRecord],
        key: Int,
        type: Int,
        ids layout: GPPIDSetLayout,
        _ field: String
    ) throws(GPPError) {
        try write(records.count, 12, field)
        for record in records {
            try write(record.key, key, field)
            try write(record.type, type, field)
            try writeIDs(record.ids, layout, field)
        }
    }

    /// An id set in `layout`.
    mutating func writeIDs(_ ids: [Int], _ layout: GPPIDSetLayout, _ field: String) throws(GPPError) {
        switch layout {
        case .intRange: try writeIntRange(ids, field)
        case .optimized(let fibonacci): try writeOptimized(ids, fibonacci: fibonacci, field)
        case .literal: try writeLiteralOptimized(ids, field)
        }
    }

    /// ``GPPIDSetLayout/literal``: the range when strictly shorter than Int(16) n + Bitfield(n), n
    /// the highest id.
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
}
