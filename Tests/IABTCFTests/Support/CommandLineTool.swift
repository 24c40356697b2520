import Foundation

/// Runs the built `tcstring` executable, which SwiftPM places beside the test bundle.
enum CommandLineTool {
    struct Output {
        let status: Int32
        /// Whether the process was killed by a signal (it never should be).
        let signaled: Bool
        let stdout: String
        let stderr: String
    }

    static let executable: URL = {
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

    static func run(_ arguments: [String], stdin: String? = nil) throws -> Output {
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
}
