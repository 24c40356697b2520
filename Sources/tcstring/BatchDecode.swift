import Dispatch
import IABTCF
import TCStringCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `tcstring decode -` on many lines: read standard input in large blocks, decode each line from
/// its bytes, write the JSON straight into one reusable buffer, and write that buffer out before
/// every read, so output streams as input arrives (behind `tail -f`) while a file of millions of
/// lines takes one `write` per block. With several jobs each block's lines are split into
/// contiguous runs decoded in parallel, and their output is written in input order; memory is
/// bounded by the block and `--max-length`, never the whole input or the longest line.
enum BatchDecode {
    /// Lines each job decodes between two writes.
    static let linesPerRound = 256

    /// The default `--jobs`: every online core.
    static var defaultJobs: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    static func run(jobs: Int, options: TCString.DecodingOptions = TCString.DecodingOptions()) -> Int32 {
        var input = InputBlocks(descriptor: 0, limit: options.maximumLength)
        var output = ByteBuffer(capacity: 1 << 20)
        var errors = ByteBuffer(capacity: 1 << 12)
        let workers = (0..<jobs).map { _ in Worker(options: options) }
        defer {
            input.release()
            output.release()
            errors.release()
            for worker in workers { worker.release() }
        }
        var lineNumber = 0
        var failed = false
        while true {
            // Everything decoded so far goes out before a read that may wait for more input.
            flush(&output, &errors)
            guard input.readMore() else { break }
            let lines = input.completeLines()
            // Rounds of a few hundred lines per job keep each job's output in its core's cache
            // until it is written (the JSON is about nine times the input).
            for roundStart in stride(from: 0, to: lines.count, by: linesPerRound * jobs) {
                let round = lines[roundStart..<min(lines.count, roundStart + linesPerRound * jobs)]
                if jobs == 1 || round.count < 64 {
                    for line in round {
                        lineNumber += 1
                        failed =
                            decodeLine(line, number: lineNumber, options: options, into: &output, errors: &errors)
                            || failed
                    }
                    if output.count >= 1 << 18 { flush(&output, &errors) }
                    continue
                }
                let runs = (0..<jobs).map { k in
                    round.startIndex + round.count * k / jobs..<round.startIndex + round.count * (k + 1) / jobs
                }
                let first = lineNumber - round.startIndex
                let block = Block(lines: lines)
                DispatchQueue.concurrentPerform(iterations: jobs) { k in
                    workers[k].decode(block.lines[runs[k]], firstNumber: first + runs[k].lowerBound)
                }
                // Each job's output goes out from its own buffer, in input order: no copy.
                flush(&output, &errors)
                for worker in workers {
                    flush(&worker.output, &worker.errors)
                    failed = worker.failed || failed
                }
                lineNumber += round.count
            }
            input.consumeCompleteLines()
        }
        // A last line without a line end.
        if let last = input.remainder() {
            lineNumber += 1
            failed = decodeLine(last, number: lineNumber, options: options, into: &output, errors: &errors) || failed
        }
        flush(&output, &errors)
        return failed ? Terminal.failure : 0
    }

    /// Decodes one line into `output` (an error object, with its message in `errors`, when it does
    /// not decode); blank lines are skipped. Returns whether the line failed.
    static func decodeLine(
        _ raw: UnsafeBufferPointer<UInt8>,
        number: Int,
        options: TCString.DecodingOptions = TCString.DecodingOptions(),
        into output: inout ByteBuffer,
        errors: inout ByteBuffer
    ) -> Bool {
        let line = raw.trimmingASCIISpaces()
        guard !line.isEmpty else { return false }
        // The common case writes bytes straight from the value; GPP strings and failures take the
        // general path (rare, and they need the JSON tree or the error's text anyway).
        if !Inputs.isGPP(line), let value = try? TCString(encodedBytes: line, options: options) {
            value.writeJSON(to: &output)
            output.append("\n")
            return false
        }
        switch DecodeCommand.decode(line, options: options) {
        case .success(let json):
            output.append(json.serialized())
            output.append("\n")
            return false
        case .failure(let error):
            output.append(JSON.object([("error", error.json)]).serialized())
            output.append("\n")
            errors.append("tcstring: line \(number): \(error)\n")
            return true
        }
    }

    /// Writes out what was decoded; a closed pipe ends the process quietly with status 0.
    static func flush(_ output: inout ByteBuffer, _ errors: inout ByteBuffer) {
        if let failure = output.writeAll(to: 1) { Terminal.outputFailed(failure) }
        _ = errors.writeAll(to: 2)
        output.removeAll()
        errors.removeAll()
    }

    /// The lines of one block, shared read-only by the parallel jobs.
    struct Block: @unchecked Sendable { let lines: [UnsafeBufferPointer<UInt8>] }

    /// One parallel job's buffers. A class so the concurrent closure can hand each job its own.
    final class Worker: @unchecked Sendable {
        var output = ByteBuffer(capacity: 1 << 18)
        var errors = ByteBuffer(capacity: 1 << 10)
        var failed = false
        let options: TCString.DecodingOptions

        init(options: TCString.DecodingOptions) { self.options = options }

        func decode(_ lines: ArraySlice<UnsafeBufferPointer<UInt8>>, firstNumber: Int) {
            output.removeAll()
            errors.removeAll()
            failed = false
            var number = firstNumber
            for line in lines {
                number += 1
                failed =
                    BatchDecode.decodeLine(
                        line,
                        number: number,
                        options: options,
                        into: &output,
                        errors: &errors
                    ) || failed
            }
        }

        func release() {
            output.release()
            errors.release()
        }
    }
}

/// Standard input read in large blocks, handed out as complete lines (without their `\n`).
///
/// A line longer than `limit` (leading and trailing ASCII spaces aside) is refused while it is
/// read: once it fills the block, only its first `limit + 1` bytes are kept, the rest is skipped up
/// to its line end, and those bytes are handed out as the line, which decoding then refuses as
/// longer than the limit (`inputTooLong`). Memory stays bounded by the block and the limit,
/// however long the line.
struct InputBlocks {
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

    /// Frees the buffer; nothing may be read afterwards.
    func release() { buffer.deallocate() }
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
