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
        var output = ByteBuffer(capacity: 1 << 20)
        var errors = ByteBuffer(capacity: 1 << 12)
        let workers = (0..<jobs).map { _ in Worker(options: options) }
        defer {
            output.release()
            errors.release()
            for worker in workers { worker.release() }
        }
        var failed = false
        // Everything decoded so far goes out before a read that may wait for more input.
        func flushOutput() { flush(&output, &errors) }
        InputBlocks.readLines(limit: options.maximumLength, beforeRead: flushOutput) { lines, firstNumber in
            // Rounds of a few hundred lines per job keep each job's output, far larger than its
            // input, in its core's cache until it is written.
            for roundStart in stride(from: 0, to: lines.count, by: linesPerRound * jobs) {
                let round = lines[roundStart..<min(lines.count, roundStart + linesPerRound * jobs)]
                if jobs == 1 || round.count < 64 {
                    let first = firstNumber + roundStart
                    failed =
                        decode(round, firstNumber: first, options: options, into: &output, errors: &errors) || failed
                    if output.count >= 1 << 18 { flush(&output, &errors) }
                    continue
                }
                let runs = (0..<jobs).map { k in
                    round.startIndex + round.count * k / jobs..<round.startIndex + round.count * (k + 1) / jobs
                }
                let block = Block(lines: lines)
                DispatchQueue.concurrentPerform(iterations: jobs) { k in
                    workers[k].decode(block.lines[runs[k]], firstNumber: firstNumber + runs[k].lowerBound)
                }
                // Each job's output goes out from its own buffer, in input order: no copy.
                flush(&output, &errors)
                for worker in workers {
                    flush(&worker.output, &worker.errors)
                    failed = worker.failed || failed
                }
            }
        }
        flush(&output, &errors)
        return failed ? Terminal.failure : 0
    }

    /// Decodes `lines`, numbered from `firstNumber`, into `output` and `errors` (see
    /// ``decodeLine(_:number:options:into:errors:)``); returns whether any failed.
    static func decode(
        _ lines: ArraySlice<UnsafeBufferPointer<UInt8>>,
        firstNumber: Int,
        options: TCString.DecodingOptions,
        into output: inout ByteBuffer,
        errors: inout ByteBuffer
    ) -> Bool {
        var failed = false
        for (number, line) in zip(firstNumber..., lines) {
            failed = decodeLine(line, number: number, options: options, into: &output, errors: &errors) || failed
        }
        return failed
    }

    /// Decodes one line into `output`: its JSON, or for a line that does not decode the error
    /// object, with its message in `errors`. Blank lines are skipped. Returns whether the line failed.
    static func decodeLine(
        _ line: UnsafeBufferPointer<UInt8>,
        number: Int,
        options: TCString.DecodingOptions = TCString.DecodingOptions(),
        into output: inout ByteBuffer,
        errors: inout ByteBuffer
    ) -> Bool {
        let input = Input(trimming: line, line: number, options: options)
        guard !input.bytes.isEmpty else { return false }
        do {
            // A TC string is written as bytes straight from the value; a GPP string goes through
            // the JSON tree.
            switch try input.decode() {
            case .tc(let value): value.writeJSON(to: &output)
            case .gpp(let gpp): output.append(gpp.json.serialized())
            }
            output.append("\n")
            return false
        } catch {
            output.append(FailureOutput.errorObject(pretty: false).output(error, line: number) ?? "")
            output.append("\n")
            errors.append(input.message(error) + "\n")
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
            failed = BatchDecode.decode(
                lines,
                firstNumber: firstNumber,
                options: options,
                into: &output,
                errors: &errors
            )
        }

        func release() {
            output.release()
            errors.release()
        }
    }
}
