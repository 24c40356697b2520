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
    mutating func readFibonacci(_ field: String) throws(GPPError) -> Int {
        let start = offset
        var value = 0
        var (weight, next) = (1, 2)
        var previous = false
        while true {
            guard remaining > 0, offset - start < 40 else { throw error(.invalidValue, field, bit: start) }
            let bit = try readBit(field)
            if bit && previous { return value }
            if bit { value += weight }
            (weight, next) = (next, weight + next)
            previous = bit
        }
    }

    /// Reads a Range(Fibonacci) into ascending ids.
    mutating func readFibonacciRange(_ field: String, budget: inout Int) throws(GPPError) -> [Int] {
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
            ids.append(contentsOf: first...end)
            last = end
        }
        return ids
    }
}

extension GPPBitWriter {
    /// Writes an Int(Fibonacci); 0 and negative values have no code.
    mutating func writeFibonacci(_ value: Int, _ field: String) throws(GPPError) {
        guard value >= 1 else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field, value: value)
        }
        append(contentsOf: Self.fibonacci(value))
    }

    /// The Fibonacci code of `value` (at least 1), with its closing 1.
    static func fibonacci(_ value: Int) -> [UInt8] {
        var weights = [1, 2]
        while weights[weights.count - 1] + weights[weights.count - 2] <= value {
            weights.append(weights[weights.count - 1] + weights[weights.count - 2])
        }
        var code = [UInt8](repeating: 0, count: weights.count)
        var rest = value
        for k in stride(from: weights.count - 1, through: 0, by: -1) where weights[k] <= rest {
            code[k] = 1
            rest -= weights[k]
        }
        while code.last == 0 { code.removeLast() }
        return code + [1]
    }

    /// Writes a Range(Fibonacci) of ascending ids as their maximal runs.
    mutating func writeFibonacciRange(_ ids: [Int], _ field: String) throws(GPPError) {
        guard GPPIDs.isValid(ids) else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field)
        }
        let runs = GPPIDs.runs(ids)
        try write(runs.count, 12, field)
        var last = 0
        for run in runs {
            write(run.count > 1)
            append(contentsOf: Self.fibonacci(run.lowerBound - last))
            if run.count > 1 { append(contentsOf: Self.fibonacci(run.upperBound - run.lowerBound)) }
            last = run.upperBound
        }
    }

    /// The bits a Range(Fibonacci) of `ids` takes.
    static func fibonacciRangeBits(_ ids: [Int]) -> Int {
        var bits = 12
        var last = 0
        for run in GPPIDs.runs(ids) {
            bits += 1 + fibonacci(run.lowerBound - last).count
            if run.count > 1 { bits += fibonacci(run.upperBound - run.lowerBound).count }
            last = run.upperBound
        }
        return bits
    }
}
