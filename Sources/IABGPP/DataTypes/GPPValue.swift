import TCFJSON

/// A decoded field value. Which case a field holds follows from its ``GPPDataType``.
public enum GPPValue: Sendable, Hashable {
    /// Int(n), Int(Fibonacci) and Datetime (deciseconds since the epoch).
    case int(Int)
    /// Boolean (1 is true: the section tables say "0 false 1 true").
    case bool(Bool)
    /// A fixed list of Int(2) (the specification's `N-Bitfield(2,k)`), in table order.
    case list([Int])
    /// An id set (Bitfield, Range(Int), Range(Fibonacci), OptimizedRange, OptimizedIntRange):
    /// ascending, unique, each at least 1.
    case ids([Int])
    /// String(n): letters `A`-`Z`.
    case string(String)
    /// ArrayOfRanges and N-ArrayOfRanges: one record per key and type.
    case records([GPPRangeRecord])

    /// The integer of ``int(_:)``, else `nil`.
    public var int: Int? { if case .int(let value) = self { value } else { nil } }
    /// The flag of ``bool(_:)``, else `nil`.
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The integers of ``list(_:)``, else `nil`.
    public var list: [Int]? { if case .list(let value) = self { value } else { nil } }
    /// The ids of ``ids(_:)``, else `nil`.
    public var ids: [Int]? { if case .ids(let value) = self { value } else { nil } }
    /// The text of ``string(_:)``, else `nil`.
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The records of ``records(_:)``, else `nil`.
    public var records: [GPPRangeRecord]? { if case .records(let value) = self { value } else { nil } }

    /// The value as JSON text (numbers, `true`/`false`, arrays, `{"key","type","ids"}` records;
    /// a string quoted and escaped), as the decode schema writes a value of no Datetime field:
    /// through the package's one JSON writer (`JSON(_:type:)`).
    public var json: String { JSON(self, type: nil).serialized() }
}

/// One record of an ArrayOfRanges or N-ArrayOfRanges: a key (TCF Canada's purpose id), a type (its
/// restriction type) and the ids it applies to.
public struct GPPRangeRecord: Sendable, Hashable {
    /// The record's key.
    public var key: Int
    /// The record's type.
    public var type: Int
    /// The ids, ascending and unique.
    public var ids: [Int]

    /// A record.
    public init(key: Int, type: Int, ids: [Int]) {
        self.key = key
        self.type = type
        self.ids = ids
    }
}
