/// A set of vendor ids (1-65535), one bit per id in 64-bit words.
///
/// Used for vendor consents, vendor legitimate interests, disclosed and allowed vendors and the
/// vendors of each publisher restriction. The words are MSB-first like the wire: vendor 1 is bit 63
/// of word 0, vendor 64 bit 0 of word 0, vendor 65 bit 63 of word 1. A bitfield on the wire is
/// therefore copied a word at a time, and a range is applied with masks, never id by id.
///
/// Equality is logical: two sets are equal when they hold the same ids, however they were encoded.
///
/// The words are an `ArraySlice`, so every set of one decoded string shares a single allocation;
/// mutating a shared set copies only its own words (copy on write).
public struct VendorSet: Sendable, Hashable {
    /// The highest vendor id a TC string can carry (MaxVendorId has 16 bits).
    public static let maxID = 65535

    /// Invariant: the last word is not zero, so equal sets have equal words. Indices are the
    /// slice's own (they need not start at 0); use ``word(_:)`` for 0-based access.
    @usableFromInline package internal(set) var words: ArraySlice<UInt64>

    /// Creates an empty set.
    @inlinable public init() { words = [] }

    /// Takes words in the set's layout and drops trailing zero words.
    package init(words: ArraySlice<UInt64>) {
        self.words = words
        trimTrailingZeros()
    }

    /// Takes words in the set's layout and drops trailing zero words.
    package init(words: [UInt64]) { self.init(words: words[...]) }

    /// Takes words in the set's layout whose last word is not zero.
    init(trimmedWords words: ArraySlice<UInt64>) {
        assert(words.last != 0)
        self.words = words
    }

    /// The word at 0-based `index`.
    @inlinable package func word(_ index: Int) -> UInt64 { words[words.startIndex &+ index] }

    /// Creates a set holding `ids`.
    ///
    /// - Throws: ``TCStringError/Code/invalidVendorId`` for an id outside `1...65535`.
    public init(_ ids: some Sequence<Int>) throws(TCStringError) {
        self.init()
        for id in ids { try insert(id) }
    }

    /// Whether `id` is in the set; `false` for ids outside `1...65535`.
    ///
    /// - Complexity: O(1).
    @inlinable public func contains(_ id: Int) -> Bool {
        let index = id &- 1
        let word = index &>> 6
        guard index >= 0, word < words.count else { return false }
        return self.word(word) & ((1 as UInt64) &<< UInt64(63 &- (index & 63))) != 0
    }

    /// Whether the set holds no ids.
    @inlinable public var isEmpty: Bool { words.isEmpty }

    /// The number of ids.
    ///
    /// - Complexity: O(highest id / 64).
    public var count: Int { words.reduce(0) { $0 &+ $1.nonzeroBitCount } }

    /// The highest id, or `nil` when the set is empty.
    public var max: Int? {
        guard let last = words.last else { return nil }
        return (words.count &- 1) &* 64 &+ 64 &- last.trailingZeroBitCount
    }

    /// The ids as maximal runs of consecutive ids, ascending: `{1, 2, 3, 7}` gives `1...3` and `7...7`.
    public var ranges: [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        forEachRun { result.append($0) }
        return result
    }

    // MARK: - Mutation

    /// Adds `id`.
    ///
    /// - Throws: ``TCStringError/Code/invalidVendorId`` for an id outside `1...65535`.
    public mutating func insert(_ id: Int) throws(TCStringError) {
        try Self.check(id)
        insertUnchecked(id...id)
    }

    /// Adds every id in `range`.
    ///
    /// - Throws: ``TCStringError/Code/invalidVendorId`` when the range reaches outside `1...65535`.
    /// - Complexity: O(range.count / 64).
    public mutating func insert(contentsOf range: ClosedRange<Int>) throws(TCStringError) {
        try Self.check(range.lowerBound)
        try Self.check(range.upperBound)
        insertUnchecked(range)
    }

    /// Removes `id` if present.
    public mutating func remove(_ id: Int) {
        guard id >= 1 else { return }
        remove(contentsOf: id...id)
    }

    /// Removes every id in `range` that is present.
    public mutating func remove(contentsOf range: ClosedRange<Int>) {
        let low = Swift.max(range.lowerBound, 1)
        let high = Swift.min(range.upperBound, words.count &* 64)
        guard low <= high else { return }
        applyMasks(low...high) { $0 &= ~$1 }
        trimTrailingZeros()
    }

    /// Adds the ids of `other`.
    public mutating func formUnion(_ other: VendorSet) {
        if other.words.count > words.count {
            words.append(contentsOf: repeatElement(0, count: other.words.count &- words.count))
        }
        let base = words.startIndex
        for i in 0..<other.words.count { words[base &+ i] |= other.word(i) }
    }

    /// Removes the ids of `other`.
    public mutating func subtract(_ other: VendorSet) {
        let base = words.startIndex
        for i in 0..<Swift.min(words.count, other.words.count) { words[base &+ i] &= ~other.word(i) }
        trimTrailingZeros()
    }

    /// The ids in either set.
    public func union(_ other: VendorSet) -> VendorSet {
        var result = self
        result.formUnion(other)
        return result
    }

    /// The ids in this set and not in `other`.
    public func subtracting(_ other: VendorSet) -> VendorSet {
        var result = self
        result.subtract(other)
        return result
    }

    /// The ids in both sets.
    public func intersection(_ other: VendorSet) -> VendorSet {
        let count = Swift.min(words.count, other.words.count)
        return VendorSet(words: (0..<count).map { word($0) & other.word($0) })
    }

    // MARK: - Internal helpers

    static func check(_ id: Int) throws(TCStringError) {
        guard id >= 1 && id <= maxID else { throw TCStringError(.invalidVendorId, value: id) }
    }

    /// Sets the bits of `range` (ids already validated), growing the words as needed.
    mutating func insertUnchecked(_ range: ClosedRange<Int>) {
        let needed = (range.upperBound &+ 63) &>> 6
        if needed > words.count { words.append(contentsOf: repeatElement(0, count: needed &- words.count)) }
        applyMasks(range) { $0 |= $1 }
    }

    /// Calls `apply(&word, mask)` for each word `range` touches, with the mask of its ids in that word.
    @inline(__always)
    mutating func applyMasks(_ range: ClosedRange<Int>, _ apply: (inout UInt64, UInt64) -> Void) {
        words.withUnsafeMutableBufferPointer { Self.applyMasks(range, to: $0, apply) }
    }

    /// Calls `apply(&word, mask)` for each word of `words` (0-based, vendor 1 = bit 63 of word 0) that
    /// `range` touches: the edge words get partial masks, the words between all ones. `words` must
    /// reach the range's last word.
    ///
    /// A range within one word is one call. Between the edge words, up to four whole words are
    /// written from both ends at once (the stores overlap when there are one or three), without a
    /// loop: a loop of stores would be made a call to `memset`, whose call and register saves cost
    /// more than a few stores. Longer runs get that loop and `memset`'s wide stores.
    @inline(__always)
    static func applyMasks(
        _ range: ClosedRange<Int>,
        to w: UnsafeMutableBufferPointer<UInt64>,
        _ apply: (inout UInt64, UInt64) -> Void
    ) {
        let first = range.lowerBound &- 1
        let last = range.upperBound &- 1
        let firstWord = first &>> 6
        let lastWord = last &>> 6
        // MSB-first: id offset k within a word is bit 63 - k, so "from k on" is ~0 >> k.
        let head = ~(0 as UInt64) &>> UInt64(first & 63)
        let tail = ~(0 as UInt64) &<< UInt64(63 &- (last & 63))
        if firstWord == lastWord {
            apply(&w[firstWord], head & tail)
            return
        }
        apply(&w[firstWord], head)
        apply(&w[lastWord], tail)
        // The whole words are firstWord + 1 ... lastWord - 1.
        let whole = lastWord &- firstWord &- 1
        guard whole > 0 else { return }
        apply(&w[firstWord &+ 1], ~0)
        apply(&w[lastWord &- 1], ~0)
        guard whole > 2 else { return }
        apply(&w[firstWord &+ 2], ~0)
        apply(&w[lastWord &- 2], ~0)
        var i = firstWord &+ 3
        while i < lastWord &- 2 {
            apply(&w[i], ~0)
            i &+= 1
        }
    }

    /// Re-slices rather than removing elements, so a set sharing a decode's words is never copied.
    mutating func trimTrailingZeros() {
        var end = words.endIndex
        while end > words.startIndex && words[end &- 1] == 0 { end &-= 1 }
        if end != words.endIndex { words = words[words.startIndex..<end] }
    }

    /// Calls `body` with each maximal run of consecutive ids, ascending, using whole-word scans.
    func forEachRun(_ body: (ClosedRange<Int>) -> Void) {
        var position = 0  // 0-based bit index into the words
        let total = words.count &* 64
        while position < total {
            guard let start = nextBit(from: position, set: true) else { return }
            let end = nextBit(from: start, set: false) ?? total
            body((start &+ 1)...end)
            position = end
        }
    }

    /// The first bit index at or after `position` whose value is `set`, or `nil` past the last word.
    private func nextBit(from position: Int, set: Bool) -> Int? {
        var word = position &>> 6
        guard word < words.count else { return nil }
        // Mask off the bits before `position` in the first word (they count as not matching).
        var bits = (set ? self.word(word) : ~self.word(word)) & (~(0 as UInt64) &>> UInt64(position & 63))
        while bits == 0 {
            word &+= 1
            guard word < words.count else { return nil }
            bits = set ? self.word(word) : ~self.word(word)
        }
        return word &* 64 &+ bits.leadingZeroBitCount
    }
}

extension VendorSet: Sequence {
    /// Iterates the ids in ascending order.
    ///
    /// Always inlined, so that the iterator is not returned through memory and the caller sees
    /// that an empty set's loop ends at once.
    @inlinable @inline(__always) public func makeIterator() -> Iterator { Iterator(words: words) }

    /// Iterates a ``VendorSet`` in ascending order.
    ///
    /// Each word is bit-reversed once when it is loaded, so that the lowest set bit is the lowest id:
    /// an id then costs a count-trailing-zeros and a clear-lowest-bit, which do not wait on each other
    /// the way count-leading-zeros and clearing the highest bit would.
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline let words: ArraySlice<UInt64>
        /// The slice index of `current`.
        @usableFromInline var index: Int
        /// The not yet returned ids of the word at `index`, bit-reversed: bit k is id `base + k`.
        @usableFromInline var current: UInt64
        /// The id of bit 0 of `current`.
        @usableFromInline var base: Int

        @inlinable @inline(__always) init(words: ArraySlice<UInt64>) {
            self.words = words
            index = words.startIndex
            current = words.isEmpty ? 0 : Self.reversed(words[words.startIndex])
            base = 1
        }

        /// The next id in ascending order, or `nil` after the last.
        @inlinable public mutating func next() -> Int? {
            while current == 0 {
                index &+= 1
                guard index < words.endIndex else { return nil }
                current = Self.reversed(words[index])
                base &+= 64
            }
            let id = base &+ current.trailingZeroBitCount
            current &= current &- 1
            return id
        }

        /// `word` with its bit order reversed (bit 63 becomes bit 0).
        @inlinable static func reversed(_ word: UInt64) -> UInt64 {
            var x = word.byteSwapped
            x = (x &>> 4) & 0x0F0F_0F0F_0F0F_0F0F | (x & 0x0F0F_0F0F_0F0F_0F0F) &<< 4
            x = (x &>> 2) & 0x3333_3333_3333_3333 | (x & 0x3333_3333_3333_3333) &<< 2
            return (x &>> 1) & 0x5555_5555_5555_5555 | (x & 0x5555_5555_5555_5555) &<< 1
        }
    }

    /// 1 for a non-empty set, without counting (``count`` is O(words)).
    @inlinable public var underestimatedCount: Int { isEmpty ? 0 : 1 }
}

extension VendorSet: ExpressibleByArrayLiteral {
    /// Creates a set from a literal; an id outside `1...65535` is a programming error and traps.
    ///
    /// Inlinable, so that `[]` (as in `tc.disclosedVendors ?? []`) is just the empty set.
    @inlinable public init(arrayLiteral ids: Int...) {
        if ids.isEmpty {
            self.init()
        } else {
            self.init(literal: ids)
        }
    }

    @usableFromInline init(literal ids: [Int]) {
        do { try self.init(ids) } catch { preconditionFailure("\(error)") }
    }
}

extension VendorSet: CustomStringConvertible {
    /// The ids as runs, e.g. `[1-3, 7]`.
    public var description: String {
        "["
            + ranges.map { $0.count == 1 ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
            .joined(separator: ", ") + "]"
    }
}
