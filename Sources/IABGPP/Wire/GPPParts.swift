/// The `.`-separated parts of a section's text (or the `~`-separated parts of a GPP string),
/// visited in order without building an array, each with its index and first character's position.
/// It reads the input's UTF-8 bytes in place (see ``GPPBytes``).
struct GPPParts {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let separator: UInt8
    /// The number of parts (separators + 1).
    let count: Int
    /// The index of the part ``next()`` returns.
    private(set) var index = 0
    /// Where the part ``next()`` returns starts (0-based, in the whole input).
    private(set) var position: Int
    /// Where it starts in ``bytes``.
    private var cursor = 0

    /// The parts of `bytes`, whose first byte is character `start` (0-based) of the whole input.
    init(_ bytes: UnsafeBufferPointer<UInt8>, separator: UInt8, start: Int) {
        self.bytes = bytes
        self.separator = separator
        var separators = 0
        var index = 0
        let pattern = Self.pattern(separator)
        // Eight bytes at a time, then the rest one by one.
        while index + 8 <= bytes.count {
            separators &+= Self.matches(Self.word(bytes, at: index), pattern).nonzeroBitCount
            index += 8
        }
        while index < bytes.count {
            separators &+= bytes[index] == separator ? 1 : 0
            index += 1
        }
        count = separators + 1
        position = start
    }

    /// The next part, its index and its first character's position; `nil` after the last.
    mutating func next() -> (bytes: UnsafeBufferPointer<UInt8>, index: Int, start: Int)? {
        guard index < count else { return nil }
        var end = cursor
        let pattern = Self.pattern(separator)
        // Eight bytes at a time up to the separator's word, then byte by byte within it.
        while end + 8 <= bytes.count {
            let found = Self.matches(Self.word(bytes, at: end), pattern)
            if found != 0 {
                end += found.trailingZeroBitCount / 8
                break
            }
            end += 8
        }
        while end < bytes.count && bytes[end] != separator { end += 1 }
        let part = UnsafeBufferPointer(rebasing: bytes[cursor..<end])
        let result = (part, index, position)
        position += end - cursor + 1
        index += 1
        cursor = end + 1
        return result
    }

    /// `byte` in each of a word's eight bytes.
    @inline(__always)
    private static func pattern(_ byte: UInt8) -> UInt64 { UInt64(byte) &* 0x0101_0101_0101_0101 }

    /// The eight bytes of `bytes` from `index`, the first in the lowest byte.
    @inline(__always)
    private static func word(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: index, as: UInt64.self))
    }

    /// The high bit of each byte of `word` equal to the byte of `pattern`, and no other bit: a
    /// byte of `word ^ pattern` is zero exactly when its low seven bits plus 0x7F do not carry
    /// into its high bit and that bit is clear.
    @inline(__always)
    private static func matches(_ word: UInt64, _ pattern: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let difference = word ^ pattern
        return ~((difference & low) &+ low | difference | low)
    }

    /// The next part's reader, for section `sectionId` (its subsection number is the part's index).
    mutating func reader(sectionId: Int) throws(GPPError) -> GPPBitReader {
        guard let (part, index, start) = next() else {
            throw GPPError(.truncated, sectionId: sectionId, subsection: count, position: position)
        }
        return try GPPBitReader(part, sectionId: sectionId, subsection: index, start: start)
    }
}

/// The UTF-8 bytes of a text, in place: the decoders read bytes by offset, never by `String.Index`.
enum GPPBytes {
    /// Calls `body` with `text`'s UTF-8 bytes (a native string's own storage; a copy otherwise).
    static func with<R>(_ text: Substring, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        with(text.utf8, body)
    }

    /// `with(_:_:)` for a body that throws a ``GPPError``.
    static func with<R>(
        _ text: Substring,
        _ body: (UnsafeBufferPointer<UInt8>) throws(GPPError) -> R
    ) throws(GPPError) -> R {
        try with(text.utf8, body)
    }

    /// Calls `body` with `bytes` where they lie when they are contiguous; a copy otherwise.
    static func with<R>(_ bytes: some Collection<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = bytes.withContiguousStorageIfAvailable(body) { return result }
        return Array(bytes).withUnsafeBufferPointer(body)
    }

    /// `with(_:_:)` of bytes for a body that throws a ``GPPError``.
    static func with<R>(
        _ bytes: some Collection<UInt8>,
        _ body: (UnsafeBufferPointer<UInt8>) throws(GPPError) -> R
    ) throws(GPPError) -> R {
        let result = with(bytes) { buffer in Result { () throws(GPPError) in try body(buffer) } }
        return try result.get()
    }
}
