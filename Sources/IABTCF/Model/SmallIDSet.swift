/// A set of small ids (1 through ``maxID``, at most 64) stored inline in one word.
///
/// ``PurposeSet``, ``SpecialFeatureSet`` and ``CustomPurposeSet`` share this behaviour. The
/// storage is MSB-first like the wire: id 1 is bit 63 of ``rawValue``, id 2 bit 62, and so on,
/// so a bitfield read from a TC string *is* the set.
public protocol SmallIDSet: Sequence, Hashable, Sendable, ExpressibleByArrayLiteral, CustomStringConvertible
where Element == Int, ArrayLiteralElement == Int {
    /// The highest id the set can hold.
    static var maxID: Int { get }
    /// The ids as bits, MSB first: id `k` is bit `64 - k`. Bits for ids above ``maxID`` are zero.
    var rawValue: UInt64 { get }
    /// Creates a set from MSB-first bits; bits for ids above ``maxID`` are dropped.
    init(rawValue: UInt64)
}

extension SmallIDSet {
    /// The bits that may be set.
    @inlinable static var validBits: UInt64 { ~0 &<< UInt64(64 &- maxID) }

    @inlinable static func bit(_ id: Int) -> UInt64 { (1 as UInt64) &<< UInt64(64 &- id) }

    /// Creates an empty set.
    @inlinable public init() { self.init(rawValue: 0) }

    /// Creates a set holding `ids`.
    ///
    /// - Throws: ``TCStringError/Code/valueOutOfRange`` for an id outside `1...maxID`.
    @inlinable public init(_ ids: some Sequence<Int>) throws(TCStringError) {
        var bits: UInt64 = 0
        for id in ids {
            try Self.check(id)
            bits |= Self.bit(id)
        }
        self.init(rawValue: bits)
    }

    /// Creates a set from a literal; an id outside `1...maxID` is a programming error and traps.
    @inlinable public init(arrayLiteral ids: Int...) {
        do { try self.init(ids) } catch { preconditionFailure("\(error)") }
    }

    /// Whether `id` is in the set; `false` for any id outside `1...maxID`.
    ///
    /// - Complexity: O(1).
    @inlinable public func contains(_ id: Int) -> Bool {
        id >= 1 && id <= Self.maxID && rawValue & Self.bit(id) != 0
    }

    /// Adds `id`.
    ///
    /// - Throws: ``TCStringError/Code/valueOutOfRange`` for an id outside `1...maxID`.
    @inlinable public mutating func insert(_ id: Int) throws(TCStringError) {
        try Self.check(id)
        self = Self(rawValue: rawValue | Self.bit(id))
    }

    /// Removes `id` if present.
    @inlinable public mutating func remove(_ id: Int) {
        guard id >= 1 && id <= Self.maxID else { return }
        self = Self(rawValue: rawValue & ~Self.bit(id))
    }

    /// Removes every id of `other`.
    @inlinable public mutating func subtract(_ other: Self) { self = Self(rawValue: rawValue & ~other.rawValue) }

    /// The ids in either set.
    @inlinable public func union(_ other: Self) -> Self { Self(rawValue: rawValue | other.rawValue) }

    /// The ids in both sets.
    @inlinable public func intersection(_ other: Self) -> Self { Self(rawValue: rawValue & other.rawValue) }

    /// Whether the set is empty.
    @inlinable public var isEmpty: Bool { rawValue == 0 }

    /// The number of ids.
    @inlinable public var count: Int { rawValue.nonzeroBitCount }

    /// The highest id in the set, or `nil` when it is empty.
    @inlinable public var max: Int? { rawValue == 0 ? nil : 64 &- rawValue.trailingZeroBitCount }

    /// Iterates the ids in ascending order.
    @inlinable public func makeIterator() -> SmallIDSetIterator { SmallIDSetIterator(bits: rawValue) }

    /// The ids as a list, e.g. `[1, 3, 4]`.
    public var description: String { "[" + map(String.init).joined(separator: ", ") + "]" }

    @inlinable static func check(_ id: Int) throws(TCStringError) {
        guard id >= 1 && id <= maxID else { throw TCStringError.idOutOfRange(id, in: Self.self) }
    }
}

/// Iterates an MSB-first word's ids in ascending order.
public struct SmallIDSetIterator: IteratorProtocol, Sendable {
    @usableFromInline var bits: UInt64

    @inlinable init(bits: UInt64) { self.bits = bits }

    /// The next id in ascending order, or `nil` after the last.
    @inlinable public mutating func next() -> Int? {
        guard bits != 0 else { return nil }
        let zeros = bits.leadingZeroBitCount
        bits &= ~((1 as UInt64) &<< UInt64(63 &- zeros))
        return zeros &+ 1
    }
}

/// Purposes 1-24: the PurposesConsent and PurposesLITransparency fields of the core, and the
/// publisher's PubPurposesConsent and PubPurposesLITransparency.
///
/// Purposes 1-11 are defined by TCF v2.2; the field has room for 24.
public struct PurposeSet: SmallIDSet {
    /// 24 bits on the wire.
    public static let maxID = 24
    /// The ids as MSB-first bits (id 1 is bit 63).
    public let rawValue: UInt64
    /// Creates a set from MSB-first bits (purpose 1 is bit 63).
    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue & Self.validBits }
}

/// Special features 1-12 (SpecialFeatureOptIns). TCF defines 1 (precise geolocation) and 2 (device scanning).
public struct SpecialFeatureSet: SmallIDSet {
    /// 12 bits on the wire.
    public static let maxID = 12
    /// The ids as MSB-first bits (id 1 is bit 63).
    public let rawValue: UInt64
    /// Creates a set from MSB-first bits (special feature 1 is bit 63).
    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue & Self.validBits }
}

/// The publisher's custom purposes 1-63 (CustomPurposesConsent and CustomPurposesLITransparency).
public struct CustomPurposeSet: SmallIDSet {
    /// NumCustomPurposes has 6 bits.
    public static let maxID = 63
    /// The ids as MSB-first bits (id 1 is bit 63).
    public let rawValue: UInt64
    /// Creates a set from MSB-first bits (custom purpose 1 is bit 63).
    @inlinable public init(rawValue: UInt64) { self.rawValue = rawValue & Self.validBits }
}
