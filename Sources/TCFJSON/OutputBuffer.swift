/// A growable buffer of output bytes, the one place JSON text is written (``appendString(_:)``
/// and the other primitives in `OutputBuffer+JSON.swift`): callers `reserve` once for what they
/// are about to write, then `put` bytes without further checks. Non-copyable, so it owns its
/// storage alone and frees it when it goes away: writes need no reference counting, and no copy
/// can outlive the storage.
///
/// Public with `@inlinable` writers only so that they inline into the tool's batch path across
/// the module boundary (`@inlinable` on `package` declarations does not inline); no product
/// exports it, so it is no API of the package.
public struct OutputBuffer: ~Copyable {
    @usableFromInline var start: UnsafeMutablePointer<UInt8>
    @usableFromInline var written = 0
    @usableFromInline var capacity: Int

    /// An empty buffer with room for `capacity` bytes before it grows.
    public init(capacity: Int = 1 << 16) {
        start = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { start.deallocate() }

    /// What `write` writes, as text; for short values such as ``appendISO8601(_:)``'s.
    public static func text(capacity: Int = 32, _ write: (inout OutputBuffer) -> Void) -> String {
        var buffer = OutputBuffer(capacity: capacity)
        write(&buffer)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    /// The number of bytes written.
    public var count: Int { written }

    /// The bytes written; valid until the next write.
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: written) }

    /// Forgets everything written, keeping the storage.
    public mutating func removeAll() { written = 0 }

    /// Drops the last `n` bytes written.
    public mutating func removeLast(_ n: Int) { written -= n }

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always) public mutating func reserve(_ extra: Int) {
        if written &+ extra > capacity { grow(to: written + extra) }
    }

    @usableFromInline @inline(never) mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: start, count: written)
        start.deallocate()
        start = newBase
        capacity = newCapacity
    }

    /// One byte; room must have been reserved.
    @inlinable @inline(__always) public mutating func put(_ byte: UInt8) {
        start[written] = byte
        written &+= 1
    }

    /// The bytes of `text`.
    @inlinable public mutating func append(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        (start + written).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        written += text.utf8CodeUnitCount
    }

    /// `bytes`, copied.
    @inlinable public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let from = bytes.baseAddress { (start + written).update(from: from, count: bytes.count) }
        written += bytes.count
    }

    /// The UTF-8 of `text`, as it is (``appendString(_:)`` writes it as a JSON string).
    public mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A non-negative integer below 100,000 in decimal; room for 5 bytes must have been reserved.
    @inlinable @inline(__always) public mutating func putSmall(_ value: Int) {
        @inline(__always) func digit(_ d: Int) -> UInt8 { UInt8(truncatingIfNeeded: d) &+ 48 }
        if value < 10 {
            put(digit(value))
        } else if value < 100 {
            put(digit(value / 10))
            put(digit(value % 10))
        } else if value < 1000 {
            put(digit(value / 100))
            put(digit(value / 10 % 10))
            put(digit(value % 10))
        } else if value < 10_000 {
            put(digit(value / 1000))
            put(digit(value / 100 % 10))
            put(digit(value / 10 % 10))
            put(digit(value % 10))
        } else {
            put(digit(value / 10_000))
            put(digit(value / 1000 % 10))
            put(digit(value / 100 % 10))
            put(digit(value / 10 % 10))
            put(digit(value % 10))
        }
    }
}
