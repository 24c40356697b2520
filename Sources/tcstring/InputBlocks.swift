import IABTCF

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Standard input read in large blocks, handed out as complete lines (without their `\n`).
///
/// A line longer than `limit` (leading and trailing ASCII spaces aside) is refused while it is
/// read: once it fills the block, only its first `limit + 1` bytes are kept, the rest is skipped up
/// to its line end, and those bytes are handed out as the line, which decoding then refuses as
/// longer than the limit (`inputTooLong`). Memory stays bounded by the block and the limit,
/// however long the line. Non-copyable: it owns its buffer and frees it when it goes away.
struct InputBlocks: ~Copyable {
    let descriptor: Int32
    /// The longest line kept whole (`--max-length`).
    let limit: Int
    private var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 20)
    /// The buffer's size: a block, larger only for a line of up to `limit` bytes that fills it.
    private(set) var capacity = 1 << 20
    /// Bytes in `buffer`.
    private var count = 0
    /// Where the first line not yet handed out starts.
    private var start = 0
    /// Where the last complete line handed out ends (after its `\n`).
    private var consumedUpTo = 0
    private var atEnd = false
    /// Whether the unfinished line was refused and what is read up to its line end is dropped.
    private var skipping = false

    init(descriptor: Int32, limit: Int = TCString.DecodingOptions.defaultMaximumLength) {
        self.descriptor = descriptor
        self.limit = limit
    }

    /// Reads standard input to its end, calling `body` with each block's complete lines (without
    /// their `\n`) and the 1-based number of the first; an unfinished last line comes alone at the
    /// end. `beforeRead` runs before every read, which may wait for input. The lines are valid
    /// only during `body`.
    static func readLines(
        limit: Int,
        beforeRead: () -> Void = {},
        _ body: (_ lines: [UnsafeBufferPointer<UInt8>], _ firstNumber: Int) -> Void
    ) {
        var input = InputBlocks(descriptor: 0, limit: limit)
        input.widenPipe()
        var number = 1
        while true {
            beforeRead()
            guard input.readMore() else { break }
            let lines = input.completeLines()
            body(lines, number)
            number += lines.count
            input.consumeCompleteLines()
        }
        if let last = input.remainder() { body([last], number) }
    }

    /// Reads whatever is available (waiting for at least one byte); `false` at the end of input.
    mutating func readMore() -> Bool {
        guard !atEnd else { return false }
        // Keep the unfinished line at the front; grow only for a line longer than the buffer.
        if start > 0 {
            buffer.update(from: buffer + start, count: count - start)
            count -= start
            start = 0
        }
        if count == capacity && !skipping { refuseUnfinishedLineIfTooLong() }
        if count == capacity {
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity * 2)
            bigger.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = bigger
            capacity *= 2
        }
        guard readOnce() else { return false }
        // A pipe hands out at most its own buffer (64 KiB) per read: take what else is already
        // waiting, without waiting for more, so a block holds enough lines for every job.
        while count < capacity && isReadable() {
            guard readOnce() else { break }
        }
        return true
    }

    /// One `read` into the free part of the buffer (waiting for at least one byte); `false` at the
    /// end of input, which it records.
    private mutating func readOnce() -> Bool {
        while true {
            let got = read(descriptor, buffer + count, capacity - count)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 {
                atEnd = true
                return false
            }
            if skipping {
                dropUpToLineEnd(from: count, got)
            } else {
                count += got
            }
            return true
        }
    }

    /// When the input is a pipe, asks Linux to let it hold a whole block (`F_SETPIPE_SZ`, up to
    /// the system's limit, 1 MiB by default) instead of 64 KiB: the writer then fills it while the
    /// jobs decode, and a read takes a block's worth of lines at once. Elsewhere, or when refused,
    /// the pipe keeps its size and ``readMore()`` takes what is waiting.
    func widenPipe() {
        #if os(Linux)
        var info = stat()
        guard fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO else { return }
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, which Swift's Glibc module does not export
        _ = fcntl(descriptor, setPipeSize, Int32(capacity))
        #endif
    }

    /// Whether a `read` would return at once (input waiting, or its end).
    private func isReadable() -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }

    /// The unfinished line fills the buffer: without its leading spaces, if more than `limit`
    /// bytes remain and one after the first `limit` is not a space, keep `limit` bytes and that
    /// one and skip the rest of the line; if only spaces follow, drop them (they would be trimmed).
    private mutating func refuseUnfinishedLineIfTooLong() {
        var lead = 0
        while lead < count && isASCIISpace(buffer[lead]) { lead += 1 }
        if lead > 0 {
            buffer.update(from: buffer + lead, count: count - lead)
            count -= lead
        }
        guard count > limit else { return }
        if let beyond = (limit..<count).first(where: { !isASCIISpace(buffer[$0]) }) {
            buffer[limit] = buffer[beyond]
            count = limit + 1
            skipping = true
        } else {
            count = limit
        }
    }

    /// Drops the `got` bytes read at `offset` up to the line end, which ends the skipping: the
    /// line end and what follows it move to `offset`.
    private mutating func dropUpToLineEnd(from offset: Int, _ got: Int) {
        guard let newline = memchr(buffer + offset, 0x0A, got) else { return }
        let end = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
        let kept = offset + got - end
        (buffer + offset).update(from: buffer + end, count: kept)
        count = offset + kept
        skipping = false
    }

    /// The complete lines read but not yet handed out.
    mutating func completeLines() -> [UnsafeBufferPointer<UInt8>] {
        var lines: [UnsafeBufferPointer<UInt8>] = []
        var position = start
        while position < count, let newline = memchr(buffer + position, 0x0A, count - position) {
            let end = buffer.distance(to: newline.assumingMemoryBound(to: UInt8.self))
            lines.append(UnsafeBufferPointer(start: buffer + position, count: end - position))
            position = end + 1
        }
        consumedUpTo = position
        return lines
    }

    /// Marks the lines returned by ``completeLines()`` as done.
    mutating func consumeCompleteLines() { start = consumedUpTo }

    /// The unfinished last line at the end of input, if any.
    func remainder() -> UnsafeBufferPointer<UInt8>? {
        count > start ? UnsafeBufferPointer(start: buffer + start, count: count - start) : nil
    }

    deinit { buffer.deallocate() }
}

/// The bytes the command line trims around arguments and lines: space, tab, carriage return.
func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }

extension UnsafeBufferPointer<UInt8> {
    /// The bytes without ASCII spaces, tabs and carriage returns at either end.
    func trimmingASCIISpaces() -> UnsafeBufferPointer<UInt8> {
        var low = startIndex
        var high = endIndex
        while low < high && isASCIISpace(self[low]) { low += 1 }
        while high > low && isASCIISpace(self[high - 1]) { high -= 1 }
        return UnsafeBufferPointer(rebasing: self[low..<high])
    }
}
