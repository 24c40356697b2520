package import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the built `tcstring` executable, which SwiftPM places beside the test bundle.
package enum CommandLineTool {
    package struct Output {
        package let status: Int32
        /// Whether the process was killed by a signal (it never should be).
        package let signaled: Bool
        package let stdout: String
        package let stderr: String
    }

    package static let executable: URL = {
        // The test process runs from the build folder's products directory (…/debug/*.xctest or a
        // runner next to it); tcstring is built into the same directory.
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("tcstring")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        let buildDirectory = Fixtures.directory.deletingLastPathComponent().appendingPathComponent(
            ".build/debug/tcstring"
        )
        return buildDirectory
    }()

    package static func run(_ arguments: [String], stdin: String? = nil) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        // Standard input comes from a file so the tool can stream its output while it reads: with
        // a pipe written in full first, a large input and output would block each other.
        let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tcstring-\(UUID()).in")
        try Data((stdin ?? "").utf8).write(to: inputFile)
        defer { try? FileManager.default.removeItem(at: inputFile) }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting (standard error on another thread) so neither can fill up.
        nonisolated(unsafe) var errData = Data()
        let errorRead = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errData = error.fileHandleForReading.readDataToEndOfFile()
            errorRead.signal()
        }
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        errorRead.wait()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }

    /// Runs a bash script; returns its standard output without surrounding white space.
    package static func shell(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts `arguments` with a pipe as standard input, writes `first` and a line end, and returns
    /// what standard output shows before anything more is written (waiting up to 20 s for a line),
    /// then what it shows after `second` and the end of input.
    package static func streamed(_ arguments: [String], first: String, second: String) throws -> (String, String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data((first + "\n").utf8))
        let deadline = Date().addingTimeInterval(20)
        var received = Data()
        // Poll before reading so a tool that holds its output back fails the test instead of hanging it.
        var ready = pollfd(fd: output.fileHandleForReading.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !received.contains(UInt8(ascii: "\n")) && Date() < deadline {
            if poll(&ready, 1, 100) > 0 { received += output.fileHandleForReading.availableData }
        }
        let early = String(decoding: received, as: UTF8.self)
        input.fileHandleForWriting.write(Data((second + "\n").utf8))
        try input.fileHandleForWriting.close()
        received += output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (early, String(decoding: received, as: UTF8.self))
    }
}
