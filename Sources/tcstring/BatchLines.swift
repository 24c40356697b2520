import Dispatch
import IABTCF
import TCFJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A reading command on many lines of standard input (`decode -`, `inapp -`): read standard input
/// in large blocks, write each line's output straight into one reusable buffer, and write that
/// buffer out before every read, so output streams as input arrives (behind `tail -f`) while a
/// file of millions of lines takes one `write` per block. With several jobs each block's lines are
/// split into contiguous runs handled in parallel, and their output is written in input order;
/// memory is bounded by the block and `--max-length`, never the whole input or the longest line.
enum BatchLines {
    /// Writes one input's output (without its last line end) into `output` and returns whether
    /// the input failed otherwise (having said why: `validate`'s findings, or lines for standard
    /// error in `errors`, each with its line end), or throws the input's failure; called from
    /// several jobs at once.
    typealias LineWriter =
        @Sendable (_ input: Input, _ output: inout OutputBuffer, _ errors: inout OutputBuffer) throws -> Bool

    /// Lines each job handles between two writes.
    static let linesPerRound = 256

    /// The default `--jobs`: every online core.
    static var defaultJobs: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

    /// Runs `write` on every line of standard input, one output per input line: a line that
    /// fails gets `failure`'s output in its place (by default its error object,
    /// ``FailureOutput/errorObject(_:line:pretty:)``) and its message on standard error. Returns
    /// ``Terminal/failure`` when any line failed.
    static func run(
        jobs: Int,
        options: TCString.DecodingOptions,
        failure: FailureOutput = .errorObject(pretty: false),
        _ write: @escaping LineWriter
    ) -> Int32 {
        var output = OutputBuffer(capacity: 1 << 20)
        var errors = OutputBuffer(capacity: 1 << 12)
        let workers = (0..<jobs).map { _ in Worker(options: options, failure: failure, write: write) }
        var failed = false
        // Everything written so far goes out before a read that may wait for more input.
        func flushOutput() { flush(&output, &errors) }
        InputBlocks.readLines(limit: options.maximumLength, beforeRead: flushOutput) { lines, firstNumber in
            // Rounds of a few hundred lines per job keep each job's output, far larger than its
            // input, in its core's cache until it is written.
            for roundStart in stride(from: 0, to: lines.count, by: linesPerRound * jobs) {
                let round = lines[roundStart..<min(lines.count, roundStart + linesPerRound * jobs)]
                if jobs == 1 || round.count < 64 {
                    let first = firstNumber + roundStart
                    failed =
                        handle(round, firstNumber: first, options: options, failure, write, &output, &errors)
                        || failed
                    if output.count >= 1 << 18 { flush(&output, &errors) }
                    continue
                }
                let runs = (0..<jobs).map { k in
                    round.startIndex + round.count * k / jobs..<round.startIndex + round.count * (k + 1) / jobs
                }
                let block = Block(lines: lines)
                DispatchQueue.concurrentPerform(iterations: jobs) { k in
                    workers[k].handle(block.lines[runs[k]], firstNumber: firstNumber + runs[k].lowerBound)
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

    /// Writes `lines`, numbered from `firstNumber`, into `output` and `errors` (see
    /// ``handleLine(_:number:options:_:_:_:)``); returns whether any failed.
    static func handle(
        _ lines: ArraySlice<UnsafeBufferPointer<UInt8>>,
        firstNumber: Int,
        options: TCString.DecodingOptions,
        _ failure: FailureOutput,
        _ write: LineWriter,
        _ output: inout OutputBuffer,
        _ errors: inout OutputBuffer
    ) -> Bool {
        var failed = false
        for (number, line) in zip(firstNumber..., lines) {
            failed = handleLine(line, number: number, options: options, failure, write, &output, &errors) || failed
        }
        return failed
    }

    /// Writes one line's output into `output`, or for a line that fails (a blank one as
    /// `emptyString`) `failure`'s output, with its message in `errors`. Returns whether it failed.
    static func handleLine(
        _ line: UnsafeBufferPointer<UInt8>,
        number: Int,
        options: TCString.DecodingOptions,
        _ failure: FailureOutput,
        _ write: LineWriter,
        _ output: inout OutputBuffer,
        _ errors: inout OutputBuffer
    ) -> Bool {
        let input = Input(trimming: line, line: number, options: options)
        let start = output.count
        do {
            let failed = try write(input, &output, &errors)
            output.append("\n")
            return failed
        } catch {
            output.removeLast(output.count - start)  // what the line wrote before it failed
            if let text = failure.output(error, line: number) {
                output.append(text)
                output.append("\n")
            }
            errors.append(input.message(error) + "\n")
            return true
        }
    }

    /// Writes out what was written; a closed pipe ends the process quietly with status 0.
    static func flush(_ output: inout OutputBuffer, _ errors: inout OutputBuffer) {
        if let failure = output.writeAll(to: 1) { Terminal.outputFailed(failure) }
        _ = errors.writeAll(to: 2)
        output.removeAll()
        errors.removeAll()
    }

    /// The lines of one block, shared read-only by the parallel jobs.
    struct Block: @unchecked Sendable { let lines: [UnsafeBufferPointer<UInt8>] }

    /// One parallel job's buffers. A class so the concurrent closure can hand each job its own.
    final class Worker: @unchecked Sendable {
        var output = OutputBuffer(capacity: 1 << 18)
        var errors = OutputBuffer(capacity: 1 << 10)
        var failed = false
        let options: TCString.DecodingOptions
        let failure: FailureOutput
        let write: LineWriter

        init(options: TCString.DecodingOptions, failure: FailureOutput, write: @escaping LineWriter) {
            self.options = options
            self.failure = failure
            self.write = write
        }

        func handle(_ lines: ArraySlice<UnsafeBufferPointer<UInt8>>, firstNumber: Int) {
            output.removeAll()
            errors.removeAll()
            failed = BatchLines.handle(
                lines,
                firstNumber: firstNumber,
                options: options,
                failure,
                write,
                &output,
                &errors
            )
        }
    }
}
