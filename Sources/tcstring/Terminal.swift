import IABTCF
import TCFJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// Output and exit conventions shared by every command.
enum Terminal {
    /// Exit status for input that does not decode or validate.
    static let failure: Int32 = 1
    /// Exit status for a command line the tool does not understand.
    static let usage: Int32 = 2

    /// Writes one line to standard output: buffered into a file, flushed line by line into a pipe
    /// or terminal so the output streams. A closed pipe ends the process quietly (status 0).
    static func out(_ line: String) {
        print(line)
        if !stdoutIsRegularFile && fflush(nil) != 0 { outputFailed(errno) }
    }

    /// Whether standard output is a regular file (where per-line flushing only costs time).
    static let stdoutIsRegularFile: Bool = {
        var info = stat()
        return fstat(1, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }()

    /// Output could not be written: a reader that went away (EPIPE, `| head`) ends the process
    /// quietly with status 0; any other failure is reported with status 1.
    static func outputFailed(_ code: Int32) -> Never {
        if code == EPIPE { exit(0) }
        err("tcstring: cannot write output: \(String(cString: strerror(code)))")
        exit(failure)
    }

    /// Writes one line to standard error.
    static func err(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
    }

    /// A closed pipe (`tcstring decode - | head`) must end the output quietly, not kill the process.
    static func ignoreBrokenPipes() { signal(SIGPIPE, SIG_IGN) }

    /// The bytes of command-line argument `text` as the shell passed them: `CommandLine.arguments`
    /// replaces bytes that are not UTF-8, and errors must name the byte itself.
    static func rawArgument(_ text: String) -> [UInt8] {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index], String(cString: pointer) == text else { continue }
            return Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
        return Array(text.utf8)
    }

    /// The line on standard error for an input that failed: `tcstring: line N: message`, the line
    /// number only for a line of standard input, the message in the command line's words.
    static func message(_ error: some Error, line: Int? = nil) -> String {
        "tcstring: " + (line.map { "line \($0): " } ?? "") + JSON.message(error)
    }

    /// The most a whole-input read takes (`encode`'s JSON, `--gvl` files): the JSON reader's own
    /// limit, checked while reading, so a larger input is refused without being held in memory.
    static var maxWholeInputBytes: Int { JSONReader.defaultMaxBytes }

    /// All of standard input as text; see ``contents(of:)``.
    static func readAll() -> String { readWhole(0, name: "standard input") }

    /// A whole file as UTF-8 text. A file that cannot be read, a directory, or a file larger than
    /// ``maxWholeInputBytes`` ends the command: `tcstring: cannot read PATH: REASON` (the system's
    /// reason), status 1. Every command reads its files through here.
    static func contents(of path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { cannotRead(path, errno) }
        defer { close(descriptor) }
        var info = stat()
        if fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR {
            inputError("\(path) is a directory, not a file")
        }
        return readWhole(descriptor, name: path)
    }

    private static func readWhole(_ descriptor: Int32, name: String) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { cannotRead(name, errno) }
            guard count > 0 else { break }
            guard bytes.count + count <= maxWholeInputBytes else {
                inputError("\(name) is larger than \(maxWholeInputBytes) bytes")
            }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func cannotRead(_ name: String, _ code: Int32) -> Never {
        inputError("cannot read \(name): \(String(cString: strerror(code)))")
    }

    /// An input the whole command depends on is unusable (a file that cannot be read): the message
    /// on standard error, status 1.
    static func inputError(_ message: String) -> Never {
        err("tcstring: \(message)")
        exit(failure)
    }

    /// A usage error: one line on standard error, the message and where the help is
    /// (`tcstring help COMMAND`, or `tcstring help` without one), status 2.
    static func usageError(_ message: String, command: String? = nil) -> Never {
        err("tcstring: \(message); see `tcstring help\(command.map { " " + $0 } ?? "")`")
        exit(usage)
    }
}

extension String {
    /// Drops ASCII spaces, tabs and carriage returns at both ends (pasted strings often carry them).
    var trimmedASCII: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" }
        var s = self[...]
        while let c = s.first, isSpace(c) { s.removeFirst() }
        while let c = s.last, isSpace(c) { s.removeLast() }
        return s
    }
}
