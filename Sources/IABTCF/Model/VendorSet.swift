/// A set of vendor ids (1-65535).
///
/// Used for vendor consents, vendor legitimate interests, disclosed and allowed vendors and the
/// vendors of each publisher restriction. A set has one of two forms:
///
/// - **Words**, one bit per id in 64-bit words, MSB-first like the wire: vendor 1 is bit 63 of word
///   0, vendor 64 bit 0 of word 0, vendor 65 bit 63 of word 1. A bitfield on the wire is copied a
///   word at a time, and a range is applied with masks, never id by id. Sets built or changed in
///   code have this form.
/// - **Runs**, the maximal runs of consecutive ids, ascending, one word each (start in the high 32
///   bits, end in the low 32): what a decoded range section or publisher restriction reads, its
///   entries unpacked in place. Membership bisects the runs; iteration counts through them.
///
/// Changing a set, and set algebra, turn runs into words once. Equality and hashing are logical:
/// two sets are equal when they hold the same ids, whatever their form and however they were encoded.
///
/// The storage is an `ArraySlice`, so every set of one decoded string shares a single allocation;
/// mutating a shared set copies only its own words (copy on write).
public struct VendorSet: Sendable {
    /// The highest vendor id a TC string can carry (MaxVendorId has 16 bits).
    public static let maxID = 65535

    /// The words, or the runs when ``isRuns``. Invariant: words end with a non-zero word and runs
    /// are the maximal runs in ascending order, so equal sets of one form have equal storage.
    /// Indices are the slice's own (they need not start at 0).
    @usableFromInline var storage: ArraySlice<UInt64>
    /// Whether ``storage`` holds runs rather than words.
    @usableFromInline var isRuns: Bool

    /// Creates an empty set.
    @inlinable public init() {
        storage = []
        isRuns = false
    }

    /// Takes words in the set's layout and drops trailing zero words.
    package init(words: ArraySlice<UInt64>) {
        storage = words
        isRuns = false
        trimTrailingZeros()
    }

    /// Takes words in the set's layout and drops trailing zero words.
    package init(words: [UInt64]) { self.init(words: words[...]) }

    /// Takes words in the set's layout whose last word is not zero.
    init(trimmedWords words: ArraySlice<UInt64>) {
        assert(words.last != 0)
        storage = words
        isRuns = false
    }

    /// Takes the set's maximal runs, ascending and not touching, each ``run(_:_:)``.
    init(runs: ArraySlice<UInt64>) {
        assert(zip(runs, runs.dropFirst()).allSatisfy { Self.end($0) &+ 1 < Self.start($1) })
        assert(runs.allSatisfy { 1 <= Self.start($0) && Self.start($0) <= Self.end($0) && Self.end($0) <= Self.maxID })
        storage = runs
        isRuns = true
    }

    /// A run as stored in the runs form: `start` in the high 32 bits, `end` in the low 32.
    @inlinable static func run(_ start: Int, _ end: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: start) &<< 32 | UInt64(truncatingIfNeeded: end)
    }
    @inlinable static func start(_ run: UInt64) -> Int { Int(truncatingIfNeeded: run &>> 32) }
    @inlinable static func end(_ run: UInt64) -> Int { Int(truncatingIfNeeded: run & 0xFFFF_FFFF) }

    /// The set's words (the words form's own storage; made from runs).
    package var words: ArraySlice<UInt64> { isRuns ? Self.words(ofRuns: storage)[...] : storage }

    /// The word at 0-based `index` of the words form.
    @inlinable package func word(_ index: Int) -> UInt64 {
        assert(!isRuns)
        return storage[storage.startIndex &+ index]
    }

    /// Creates a set holding `ids`.
    ///
    /// - Throws: ``TCStringError/Code/invalidVendorId`` for an id outside `1...65535`.
    public init(_ ids: some Sequence<Int>) throws(TCStringError) {
        self.init()
        for id in ids { try insert(id) }
    }

    /// Whether `id` is in the set; `false` for ids outside `1...65535`.
    ///
    /// - Complexity: O(1) for words, O(log n) for n runs.
    @inlinable public func contains(_ id: Int) -> Bool {
        if isRuns { return runsContain(id) }
        let index = id &- 1
        let word = index &>> 6
        guard index >= 0, word < storage.count else { return false }
        return self.word(word) & ((1 as UInt64) &<< UInt64(63 &- (index & 63))) != 0
    }

    /// Bisects the runs for the last one starting at or before `id`.
    @inlinable func runsContain(_ id: Int) -> Bool {
        guard id >= 1 && id <= Self.maxID else { return false }
        let key = Self.run(id, 0xFFFF_FFFF)
        return storage.withUnsafeBufferPointer { runs in
            var low = 0
            var high = runs.count
            while low < high {
                let middle = (low &+ high) &>> 1
                if runs[middle] <= key { low = middle &+ 1 } else { high = middle }
            }
            return low > 0 && id <= Self.end(runs[low &- 1])
        }
    }

    /// Whether the set holds no ids.
    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// The number of ids.
    ///
    /// - Complexity: O(highest id / 64) for words, O(n) for n runs.
    public var count: Int {
        if isRuns { return storage.reduce(0) { $0 &+ Self.end($1) &- Self.start($1) &+ 1 } }
        return storage.reduce(0) { $0 &+ $1.nonzeroBitCount }
    }

    /// The highest id, or `nil` when the set is empty.
    public var max: Int? {
        guard let last = storage.last else { return nil }
        if isRuns { return Self.end(last) }
        return (storage.count &- 1) &* 64 &+ 64 &- last.trailingZeroBitCount
    }

    /// The ids as maximal runs of consecutive ids, ascending: `{1, 2, 3, 7}` gives `1...3` and `7...7`.
    public var ranges: [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        forEachRun { result.append($0) }
        return result
    }

    /// Turns runs into words, so that the set can be changed in place.
    @inline(__always)
    mutating func materialize() {
        if _slowPath(isRuns) {
            storage = Self.words(ofRuns: storage)[...]
            isRuns = false
        }
    }

    /// The words of `runs`, up to the last one that holds an id.
    static func words(ofRuns runs: ArraySlice<UInt64>) -> [UInt64] {
        guard let last = runs.last else { return [] }
        var words = [UInt64](repeating: 0, count: (end(last) &+ 63) &>> 6)
        words.withUnsafeMutableBufferPointer { w in
            for run in runs { applyMasks(start(run)...end(run), to: w) { $0 |= $1 } }
        }
        return words
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
        materialize()
        let low = Swift.max(range.lowerBound, 1)
        let high = Swift.min(range.upperBound, storage.count &* 64)
        guard low <= high else { return }
        applyMasks(low...high) { $0 &= ~$1 }
        trimTrailingZeros()
    }

    /// Adds the ids of `other`.
    public mutating func formUnion(_ other: VendorSet) {
        materialize()
        let other = other.words
        if other.count > storage.count {
            storage.append(contentsOf: repeatElement(0, count: other.count &- storage.count))
        }
        let base = storage.startIndex
        for (i, word) in other.enumerated() { storage[base &+ i] |= word }
    }

    /// Removes the ids of `other`.
    public mutating func subtract(_ other: VendorSet) {
        materialize()
        let other = other.words
        let base = storage.startIndex
        for (i, word) in other.prefix(storage.count).enumerated() { storage[base &+ i] &= ~word }
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
        VendorSet(words: zip(words, other.words).map { $0 & $1 })
    }

    // MARK: - Internal helpers

    static func check(_ id: Int) throws(TCStringError) {
        guard id >= 1 && id <= maxID else { throw TCStringError(.invalidVendorId, value: id) }
    }

    /// Sets the bits of `range` (ids already validated), growing the words as needed.
    mutating func insertUnchecked(_ range: ClosedRange<Int>) {
        materialize()
        let needed = (range.upperBound &+ 63) &>> 6
        if needed > storage.count { storage.append(contentsOf: repeatElement(0, count: needed &- storage.count)) }
        applyMasks(range) { $0 |= $1 }
    }

    /// Calls `apply(&word, mask)` for each word `range` touches, with the mask of its ids in that word.
    @inline(__always)
    mutating func applyMasks(_ range: ClosedRange<Int>, _ apply: (inout UInt64, UInt64) -> Void) {
        storage.withUnsafeMutableBufferPointer { Self.applyMasks(range, to: $0, apply) }
    }

    /// Calls `apply(&word, mask)` for each word of `words` (0-based, vendor 1 = bit 63 of word 0) that
    /// `range` touches: the edge words get partial masks, the words between all ones. `words` must
    /// reach the range's last word.
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
        var i = firstWord &+ 1
        while i < lastWord {
            apply(&w[i], ~0)
            i &+= 1
        }
        apply(&w[lastWord], tail)
    }

    /// Re-slices rather than removing elements, so a set sharing a decode's words is never copied.
    mutating func trimTrailingZeros() {
        var end = storage.endIndex
        while end > storage.startIndex && storage[end &- 1] == 0 { end &-= 1 }
        if end != storage.endIndex { storage = storage[storage.startIndex..<end] }
    }

    /// Calls `body` with each maximal run of consecutive ids, ascending, using whole-word scans.
    func forEachRun(_ body: (ClosedRange<Int>) -> Void) {
        if isRuns {
            for run in storage { body(Self.start(run)...Self.end(run)) }
            return
        }
        var position = 0  // 0-based bit index into the words
        let total = storage.count &* 64
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
        guard word < storage.count else { return nil }
        // Mask off the bits before `position` in the first word (they count as not matching).
        var bits = (set ? self.word(word) : ~self.word(word)) & (~(0 as UInt64) &>> UInt64(position & 63))
        while bits == 0 {
            word &+= 1
            guard word < storage.count else { return nil }
            bits = set ? self.word(word) : ~self.word(word)
        }
        return word &* 64 &+ bits.leadingZeroBitCount
    }
}

extension VendorSet: Sequence {
    /// Iterates the ids in ascending order.
    ///
    /// Always inlined: a call returned the iterator through memory and kept the caller from seeing
    /// that an empty set's loop ends at once.
    @inlinable @inline(__always) public func makeIterator() -> Iterator { Iterator(storage, isRuns: isRuns) }

    /// Iterates a ``VendorSet`` in ascending order.
    ///
    /// Words: each word is bit-reversed once when it is loaded, so that the lowest set bit is the
    /// lowest id: an id then costs a count-trailing-zeros and a clear-lowest-bit, which do not wait
    /// on each other the way count-leading-zeros and clearing the highest bit would. Runs: an id
    /// costs an increment and a compare with the run's end.
    public struct Iterator: IteratorProtocol, Sendable {
        @usableFromInline let storage: ArraySlice<UInt64>
        @usableFromInline let isRuns: Bool
        /// The slice index of the current word or run.
        @usableFromInline var index: Int
        /// Words: the not yet returned ids of the word at `index`, bit-reversed: bit k is id
        /// `base + k`. Runs: the end of the run at `index`.
        @usableFromInline var current: UInt64
        /// Words: the id of bit 0 of `current`. Runs: the next id.
        @usableFromInline var base: Int

        @inlinable @inline(__always) init(_ storage: ArraySlice<UInt64>, isRuns: Bool) {
            self.storage = storage
            self.isRuns = isRuns
            base = 1
            if isRuns {
                // Before the first run: the first call moves to it.
                index = storage.startIndex &- 1
                current = 0
            } else {
                index = storage.startIndex
                current = storage.isEmpty ? 0 : Self.reversed(storage[storage.startIndex])
            }
        }

        /// The next id in ascending order, or `nil` after the last.
        @inlinable public mutating func next() -> Int? {
            if isRuns {
                if base > Int(truncatingIfNeeded: current) {
                    index &+= 1
                    guard index < storage.endIndex else { return nil }
                    let run = storage[index]
                    base = VendorSet.start(run)
                    current = run & 0xFFFF_FFFF
                }
                defer { base &+= 1 }
                return base
            }
            while current == 0 {
                index &+= 1
                guard index < storage.endIndex else { return nil }
                current = Self.reversed(storage[index])
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

extension VendorSet: Hashable {
    /// Equal when both hold the same ids, whatever their form.
    public static func == (lhs: VendorSet, rhs: VendorSet) -> Bool {
        // One form each is unique (trimmed words, maximal runs), so equal sets of one form are equal storage.
        if lhs.isRuns == rhs.isRuns { return lhs.storage == rhs.storage }
        let (runs, words) = lhs.isRuns ? (lhs, rhs) : (rhs, lhs)
        guard runs.max == words.max else { return false }
        var i = words.storage.startIndex
        var equal = true
        runs.forEachWord { word in
            if equal { equal = words.storage[i] == word }
            i &+= 1
        }
        return equal
    }

    /// Hashes the words, whatever the form, so that equal sets hash alike.
    public func hash(into hasher: inout Hasher) {
        guard isRuns else {
            hasher.combine(storage.count)
            for word in storage { hasher.combine(word) }
            return
        }
        hasher.combine(((max ?? 0) &+ 63) &>> 6)
        forEachWord { hasher.combine($0) }
    }

    /// Calls `body` with each word of the runs form, in order, up to the last that holds an id.
    func forEachWord(_ body: (UInt64) -> Void) {
        assert(isRuns)
        var word = 0  // the index of `pending`
        var pending: UInt64 = 0
        for run in storage {
            let first = Self.start(run) &- 1
            let last = Self.end(run) &- 1
            while word < first &>> 6 {
                body(pending)
                pending = 0
                word &+= 1
            }
            let head = ~(0 as UInt64) &>> UInt64(first & 63)
            let tail = ~(0 as UInt64) &<< UInt64(63 &- (last & 63))
            if last &>> 6 == word {
                pending |= head & tail
                continue
            }
            body(pending | head)
            word &+= 1
            while word < last &>> 6 {
                body(~0)
                word &+= 1
            }
            pending = tail
        }
        if !storage.isEmpty { body(pending) }
    }
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
