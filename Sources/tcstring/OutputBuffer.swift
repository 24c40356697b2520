#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A growable buffer of output bytes for the batch path: callers `reserve` once for what they are
/// about to write, then `put` bytes without further checks. Non-copyable, so it owns its storage
/// alone and frees it when it goes away: writes need no reference counting, and no copy can
/// outlive the storage.
struct OutputBuffer: ~Copyable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        base = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit { base.deallocate() }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    mutating func removeAll() { count = 0 }

    /// Drops the last `n` bytes written.
    mutating func removeLast(_ n: Int) { count -= n }

    /// Makes room for `extra` more bytes.
    @inline(__always) mutating func reserve(_ extra: Int) {
        if count &+ extra > capacity { grow(to: count + extra) }
    }

    @inline(never) private mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// One byte; room must have been reserved.
    @inline(__always) mutating func put(_ byte: UInt8) {
        base[count] = byte
        count &+= 1
    }

    mutating func append(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let start = bytes.baseAddress { (base + count).update(from: start, count: bytes.count) }
        count += bytes.count
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// A non-negative integer below 100,000 in decimal; room for 5 bytes must have been reserved.
    @inline(__always) mutating func putSmall(_ value: Int) {
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

    /// Any integer in decimal.
    mutating func appendInt(_ value: Int) {
        if value >= 0 && value < 100_000 {
            reserve(5)
            putSmall(value)
        } else {
            append(String(value))
        }
    }

    /// `value` zero-padded to `width` digits (non-negative, below 10^width).
    mutating func appendPadded(_ value: Int, width: Int) {
        reserve(width)
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            put(UInt8(truncatingIfNeeded: value / divisor % 10) &+ 48)
            divisor /= 10
        }
    }

    /// Writes everything to `descriptor`; returns `errno` on failure (EPIPE when the reader is gone).
    func writeAll(to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < count {
            let written = write(descriptor, base + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
