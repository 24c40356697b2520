// Int(Fibonacci) and Range(Fibonacci).
//
// Int(Fibonacci) (Core spec): bit k (from 0) weighs Fib(k + 2) = 1, 2, 3, 5, 8...; no two 1 bits
// follow each other, and an extra 1 ends the code (`11`). 0 has no code (GPP issue #154).
// Range(Fibonacci): Int(12) count; per item IsGroup, the offset from the previous item's last id
// (from 0 for the first) and, for a group, the distance from its first id to its last, both
// Fibonacci-coded, so the items are ascending ("items MUST be in sorted order"):
// `[3,5,6,7,8]` = `000000000010 0 0011 1 011 0011`.

extension GPPBitReader {
    /// Reads an Int(Fibonacci) (at least 1). A code longer than 40 bits (past any 16-bit id) or
    /// without its end is an error.
    mutating func readFibonacci(_ field: @autoclosure () -> String) throws(GPPError) -> Int {
        // The code's first 40 bits (fewer at the end of the part) in one read, MSB first; its end
        // is the first `11`: bit k and bit k + 1 both set.
        let width = min(remaining, 40)
        let bits = width > 0 ? UInt64(truncatingIfNeeded: peek(width, at: offset)) << UInt64(64 - width) : 0
        let pairs = bits & bits << 1
        guard pairs != 0 else { throw error(.invalidValue, field(), bit: offset) }
        let last = pairs.leadingZeroBitCount  // the code's last data bit; the end is the next bit
        var value = 0
        var (weight, next) = (1, 2)
        var rest = bits
        for _ in 0...last {
            if rest >> 63 == 1 { value += weight }
            rest <<= 1
            (weight, next) = (next, weight + next)
        }
        offset += last + 2
        return value
    }

    /// Reads a Range(Fibonacci) into ascending ids.
    mutating func readFibonacciRange(_ field: String, budget: inout Int) throws(GPPError) -> [Int] {
        var canonical = true
        return try readFibonacciRange(field, budget: &budget, canonical: &canonical)
    }

    /// Reads a Range(Fibonacci) into ascending ids; `canonical` becomes `false` when an item starts
    /// right after the previous one ends, the one way its bits differ from the encoder's (maximal
    /// runs; a Fibonacci code and a group's non-zero distance have one form each).
    mutating func readFibonacciRange(
        _ field: String,
        budget: inout Int,
        canonical: inout Bool
    ) throws(GPPError) -> [Int] {
        let count = try read(12, field)
        var ids: [Int] = []
        var last = 0
        for _ in 0..<count {
            let at = offset
            let isGroup = try readBit(field)
            let first = last + (try readFibonacci(field))
            let end = isGroup ? first + (try readFibonacci(field)) : first
            budget -= end - first + 1
            guard end <= GPPLimits.maximumID, budget >= 0 else {
                throw error(.invalidValue, field, bit: at, value: end)
            }
            if last > 0 && first == last + 1 { canonical = false }
            ids.append(contentsOf: first...end)
            last = end
        }
        return ids
    }
}

extension GPPBitReader {
    /// Range(Fibonacci) as ``GPPBitWriter/writeFibonacciRange(_:_:checked:)`` writes it (maximal
    /// runs: no item starts right after the previous one ends), none past `limit`; or `nil`.
    mutating func readFibonacciRangeAsWritten(
        _ field: String,
        budget: inout Int,
        through limit: Int
    ) throws(GPPError)
        -> [Int]?
    {
        let count = try read(12, field)
        var ids: [Int] = []
        ids.reserveCapacity(min(count, limit))
        var last = 0
        for _ in 0..<count {
            let isGroup = try readBit(field)
            let first = last + (try readFibonacci(field))
            let end = isGroup ? first + (try readFibonacci(field)) : first
            budget -= end - first + 1
            guard end <= limit, end <= GPPLimits.maximumID, budget >= 0, last == 0 || first > last + 1 else {
                return nil
            }
            if isGroup { ids.append(contentsOf: first...end) } else { ids.append(first) }
            last = end
        }
        return ids
    }
}

extension GPPBitWriter {
    /// Writes an Int(Fibonacci); 0 and negative values have no code, and a value whose code passes
    /// 40 bits (the most ``GPPBitReader/readFibonacci(_:)`` takes) is refused.
    mutating func writeFibonacci(_ value: Int, _ field: String) throws(GPPError) {
        let code = value >= 1 && value <= 1 << 40 ? Self.fibonacci(value) : (bits: 0, width: 64)
        guard code.width <= 40 else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field, value: value)
        }
        append(code.bits, code.width)
    }

    /// The Fibonacci code of `value` (1...2^40), with its closing 1, as `width` bits MSB first
    /// (bit k of the code, weighing Fib(k + 2), is the k-th bit written).
    static func fibonacci(_ value: Int) -> (bits: UInt64, width: Int) {
        var weights: (Int, Int) = (1, 2)
        var top = 0
        while weights.1 <= value {
            weights = (weights.1, weights.0 + weights.1)
            top += 1
        }
        // weights.0 is the largest weight not above value, at position top.
        var code: UInt64 = 0
        var rest = value
        var (weight, lower) = weights
        lower -= weight  // the weight below `weight`
        for k in stride(from: top, through: 0, by: -1) {
            if weight <= rest {
                code |= 1 << UInt64(top - k)
                rest -= weight
            }
            (weight, lower) = (lower, weight - lower)
        }
        // Bits 0...top hold code bit k at shift top - k: written MSB first, then the closing 1.
        return (code << 1 | 1, top + 2)
    }

    /// Writes a Range(Fibonacci) of ascending ids as their maximal runs (`checked`: the caller
    /// has checked the ids).
    mutating func writeFibonacciRange(_ ids: [Int], _ field: String, checked: Bool = false) throws(GPPError) {
        guard checked || GPPIDs.isValid(ids) else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field)
        }
        try write(GPPIDs.runCount(ids), 12, field)
        var previous = 0
        GPPIDs.forEachRun(ids) { first, last in
            write(last > first)
            let offset = Self.fibonacci(first - previous)
            append(offset.bits, offset.width)
            if last > first {
                let distance = Self.fibonacci(last - first)
                append(distance.bits, distance.width)
            }
            previous = last
        }
    }

    /// The bits a Range(Fibonacci) of `ids` takes, or any count of at least `limit` once it
    /// reaches that many (the caller only compares it with `limit`); `Int.max` for more runs than
    /// a range's Int(12) count holds.
    static func fibonacciRangeBits(_ ids: [Int], limit: Int = .max) -> Int {
        var bits = 12
        var previous = 0
        var index = 0
        var runs = 0
        while index < ids.count && bits < limit {
            let first = ids[index]
            while index + 1 < ids.count, ids[index + 1] == ids[index] + 1 { index += 1 }
            let last = ids[index]
            bits += 1 + fibonacci(first - previous).width
            if last > first { bits += fibonacci(last - first).width }
            previous = last
            index += 1
            runs += 1
            if runs > GPPLimits.maximumRangeItems { return .max }
        }
        return bits
    }
}
