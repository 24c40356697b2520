import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The largest memory use for an oversized or hostile input, per way input arrives: the
/// command-line rows of the table in the DecodingTCStrings article ("Bounded memory"). The tool
/// runs under a data size limit it would trap past, so no bound is passed by accident. The
/// library's rows are `MemoryBoundTests` in IABTCFTests.
@Suite(.serialized) struct MemoryBoundTests {
    static let mebibyte = 1 << 20

    /// A file of `size` bytes of `fill`, removed after `body`.
    static func withFile<T>(size: Int, fill: UInt8, _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID()).in").path
        try Data(repeating: fill, count: size).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try body(path)
    }

    @Test func anArgumentAtTheKernelsLimitIsRefusedWithoutGrowth() throws {
        // Linux takes no single argument over 128 KiB, just under the decoder's limit.
        let run = try PeakMemory.run(["decode", String(repeating: "C", count: 131_071)], limit: 32 * Self.mebibyte)
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("tcstring: "))
    }

    @Test(arguments: ["encode FILE", "encode -", "decode --gvl FILE"])
    func aWholeInputOverSixteenMebibytesIsRefusedWhileReading(_ command: String) throws {
        try Self.withFile(size: 64 * Self.mebibyte, fill: UInt8(ascii: " ")) { path in
            let arguments = command.split(separator: " ").map { $0 == "FILE" ? path : String($0) }
            let run = try PeakMemory.run(
                arguments + (command.hasPrefix("decode") ? ["CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"] : []),
                stdin: command == "encode -" ? path : nil,
                // The 16 MiB read so far, its text, and the tool itself.
                limit: 48 * Self.mebibyte
            )
            #expect(run.status == 1)
            #expect(run.stderr.contains("is larger than 16777216 bytes"))
        }
    }

    /// The most hostile JSON `encode` accepts per byte: one id per two bytes. The JSON tree, the id
    /// array and the vendor set stay under 24 bytes per input byte, so a document at the 16 MiB
    /// limit stays under 400 MiB.
    @Test func encodesHostileJSONInBoundedMemory() throws {
        let size = 2 * Self.mebibyte
        let ids = Array(repeating: "1", count: size / 2 - 64).joined(separator: ",")
        let document = #"{"cmpId": 7, "vendorListVersion": 1, "vendorConsents": [\#(ids)]}"#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("memory-\(UUID()).json").path
        try Data(document.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try PeakMemory.run(["encode", path], limit: 32 * Self.mebibyte + 24 * size)
        #expect(run.status == 0)
    }

    /// Standard input is read in blocks; a line longer than the decoder's limit is refused while
    /// it is read, so a 128 MiB line costs no more than a short one.
    @Test func aHugeStandardInputLineIsRefusedWhileReading() throws {
        try Self.withFile(size: 128 * Self.mebibyte, fill: UInt8(ascii: "C")) { path in
            let run = try PeakMemory.run(["decode", "-"], stdin: path, limit: 64 * Self.mebibyte)
            #expect(run.status == 1)
            #expect(run.stderr.contains("inputTooLong"))
        }
    }
}

/// Memory bounds, in bytes.
enum PeakMemory {
    struct Run {
        let status: Int32
        let stderr: String
    }

    /// Runs the built `tcstring` with its data size limited to `limit` (`ulimit -d`: heap and
    /// every private writable mapping), standard input from `stdin` (a path; empty when `nil`) and
    /// standard output discarded. An allocation past the limit fails and the tool traps, so a
    /// normal exit proves the whole run stayed under it.
    static func run(_ arguments: [String], stdin: String? = nil, limit: Int) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments =
            ["-c", "ulimit -d \(limit / 1024) && exec \"$0\" \"$@\"", CommandLineTool.executable.path] + arguments
        process.standardInput = try stdin.map { try FileHandle(forReadingFrom: URL(fileURLWithPath: $0)) }
        process.standardOutput = FileHandle.nullDevice
        let error = Pipe()
        process.standardError = error
        try process.run()
        let stderr = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stderr: String(decoding: stderr, as: UTF8.self))
    }
}
