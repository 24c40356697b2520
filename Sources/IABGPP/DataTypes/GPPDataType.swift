/// The data types of the GPP specification's Core table that the sections use, each read and
/// written by one owner (the `read`/`write` pairs in this folder).
public enum GPPDataType: Sendable, Hashable {
    /// Int(n): n bits, big-endian.
    case int(Int)
    /// Boolean: 1 bit, 1 is true.
    case boolean
    /// Int(Fibonacci): a Zeckendorf code ended by an extra 1; 0 has no code.
    case intFibonacci
    /// Datetime: Int(36), deciseconds since the epoch.
    case datetime
    /// String(n): n × Int(6), each a letter (`A` = 0).
    case string(Int)
    /// Bitfield(n): bit i is id i + 1.
    case bitfield(Int)
    /// A bitfield whose length is an earlier field of the same part (TCF Canada's custom purposes).
    case bitfieldSizedBy(String)
    /// k × Int(2), no length prefix: how every implementation reads the tables' `N-Bitfield(2,k)`.
    case intList(Int)
    /// Range(Int): Int(12) count, then per item IsGroup, Int(16) id and, for a group, Int(16) end.
    case rangeInt
    /// Range(Fibonacci): Int(12) count, then per item IsGroup, the Fibonacci offset from the last id
    /// and, for a group, the Fibonacci distance from its first id to its last.
    case rangeFibonacci
    /// OptimizedRange: Int(16) highest id, Bool IsRange, then Range(Fibonacci) or Bitfield(highest id).
    case optimizedRange
    /// OptimizedIntRange: Int(16) highest id, Bool IsRange, then Range(Int) or Bitfield(highest id).
    case optimizedIntRange
    /// ArrayOfRanges: Int(12) count, then per record key Int(6), type Int(2), ids Range(Int).
    case arrayOfRanges
    /// N-ArrayOfRanges(X,Y): Int(12) count, then per record key Int(X), type Int(Y), ids OptimizedRange.
    case nArrayOfRanges(key: Int, type: Int)

    /// The value a field of this type takes when a caller leaves it out.
    public var defaultValue: GPPValue {
        switch self {
        case .int, .intFibonacci, .datetime: .int(0)
        case .boolean: .bool(false)
        case .string(let count): .string(String(repeating: "A", count: count))
        case .intList(let count): .list(Array(repeating: 0, count: count))
        case .bitfield, .bitfieldSizedBy, .rangeInt, .rangeFibonacci, .optimizedRange, .optimizedIntRange: .ids([])
        case .arrayOfRanges, .nArrayOfRanges: .records([])
        }
    }

    /// The specification's name of the type.
    public var name: String {
        switch self {
        case .int(let width): "Int(\(width))"
        case .boolean: "Boolean"
        case .intFibonacci: "Int(Fibonacci)"
        case .datetime: "Datetime"
        case .string(let count): "String(\(count))"
        case .bitfield(let count): "Bitfield(\(count))"
        case .bitfieldSizedBy(let field): "Bitfield(\(field))"
        case .intList(let count): "N-Bitfield(2,\(count))"
        case .rangeInt: "Range(Int)"
        case .rangeFibonacci: "Range(Fibonacci)"
        case .optimizedRange: "OptimizedRange"
        case .optimizedIntRange: "OptimizedIntRange"
        case .arrayOfRanges: "ArrayOfRanges"
        case .nArrayOfRanges(let key, let type): "N-ArrayOfRanges(\(key),\(type))"
        }
    }
}

/// Bounds that keep decoding linear in the input: ids are 16-bit (the largest Int(16) id), and
/// each part expands to at most ``idBudget`` ids in all, however its ranges are written.
enum GPPLimits {
    static let maximumID = 65535
    static let idBudget = 1 << 18
    /// The most items a Range(Int) or Range(Fibonacci) holds (its Int(12) count).
    static let maximumRangeItems = (1 << 12) - 1
}

extension GPPBitReader {
    /// Reads a field of `type`; `size` is the length of a ``GPPDataType/bitfieldSizedBy(_:)``
    /// (the earlier field's value).
    mutating func read(
        _ type: GPPDataType,
        _ field: String,
        size: Int,
        budget: inout Int
    ) throws(GPPError) -> GPPValue {
        switch type {
        case .int(let width): return .int(try read(width, field))
        case .boolean: return .bool(try readBit(field))
        case .intFibonacci: return .int(try readFibonacci(field))
        case .datetime: return .int(try read(36, field))
        case .string(let count): return .string(try readString(count, field))
        case .bitfield(let count): return .ids(try readBitfield(count, field))
        case .bitfieldSizedBy: return .ids(try readBitfield(size, field))
        case .intList(let count):
            // A truncated list points at its first missing item.
            guard count * 2 <= remaining else { throw error(.truncated, field, bit: offset + remaining / 2 * 2) }
            // Up to 28 items per word read.
            var values: [Int] = []
            values.reserveCapacity(count)
            var left = count
            while left > 0 {
                let items = min(left, 28)
                let bits = try read(items * 2, field)
                for item in stride(from: items - 1, through: 0, by: -1) { values.append(bits >> (item * 2) & 3) }
                left -= items
            }
            return .list(values)
        case .rangeInt: return .ids(try readIntRange(field, budget: &budget))
        case .rangeFibonacci: return .ids(try readFibonacciRange(field, budget: &budget))
        case .optimizedRange: return .ids(try readOptimized(fibonacci: true, field, budget: &budget))
        case .optimizedIntRange: return .ids(try readOptimized(fibonacci: false, field, budget: &budget))
        case .arrayOfRanges: return .records(try readRecords(key: 6, type: 2, ids: .intRange, field, budget: &budget))
        case .nArrayOfRanges(let key, let type):
            return .records(
                try readRecords(key: key, type: type, ids: .optimized(fibonacci: true), field, budget: &budget)
            )
        }
    }
}

extension GPPBitWriter {
    /// Writes `value` as a field of `type`; a value of the wrong case or out of range is an error.
    /// `size` is the length of a ``GPPDataType/bitfieldSizedBy(_:)`` (the earlier field's value).
    mutating func write(
        _ value: GPPValue,
        as type: GPPDataType,
        _ field: String,
        size: Int
    ) throws(GPPError) {
        // Built only when thrown: an error holds its field's name.
        var mismatch: GPPError { GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field) }
        switch (type, value) {
        case (.int(let width), .int(let int)): try write(int, width, field)
        case (.boolean, .bool(let flag)): write(flag)
        case (.intFibonacci, .int(let int)): try writeFibonacci(int, field)
        case (.datetime, .int(let int)): try write(int, 36, field)
        case (.string(let count), .string(let text)): try writeString(text, count, field)
        case (.bitfield(let count), .ids(let ids)): try writeBitfield(ids, count, field)
        case (.bitfieldSizedBy, .ids(let ids)): try writeBitfield(ids, size, field)
        case (.intList(let count), .list(let values)):
            guard values.count == count else { throw mismatch }
            for value in values { try write(value, 2, field) }
        case (.rangeInt, .ids(let ids)): try writeIntRange(ids, field)
        case (.rangeFibonacci, .ids(let ids)): try writeFibonacciRange(ids, field)
        case (.optimizedRange, .ids(let ids)): try writeOptimized(ids, fibonacci: true, field)
        case (.optimizedIntRange, .ids(let ids)): try writeOptimized(ids, fibonacci: false, field)
        case (.arrayOfRanges, .records(let records)):
            try writeRecords(records, key: 6, type: 2, ids: .intRange, field)
        case (.nArrayOfRanges(let key, let type), .records(let records)):
            try writeRecords(records, key: key, type: type, ids: .optimized(fibonacci: true), field)
        default: throw mismatch
        }
    }
}
