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

    /// Reads standard input line by line, without the line ends.
    static func lines() -> AnySequence<String> {
        AnySequence { AnyIterator { readLine(strippingNewline: true) } }
    }

    /// All of standard input as text.
    static func readAll() -> String? {
        var lines: [String] = []
        while let line = readLine(strippingNewline: false) { lines.append(line) }
        return lines.joined()
    }

    /// A whole file as UTF-8 text, or `nil` when it cannot be read.
    static func readFile(_ path: String) -> String? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            bytes += chunk[0..<count]
            if count < chunk.count { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A usage error: message and `usage` (by default the tool's) on stderr, status 2.
    static func usageError(_ message: String, usage text: String = usageText) -> Never {
        err("tcstring: \(message)\n\(text)")
        exit(usage)
    }

    static let usageText = """
        usage: tcstring decode [--pretty] [STRING | -]
                  Decode a TC string (or a GPP string with a TCF EU v2 section) to JSON. Without
                  STRING, or with -, read one string per line from standard input and print one
                  JSON object per line (JSON Lines).
               tcstring encode [FILE | -]
                  Read one JSON object in the decode schema and print its canonical TC string.
                  Missing keys take defaults: created = today (UTC midnight), lastUpdated =
                  created, policyVersion 5, isServiceSpecific true, consentLanguage EN,
                  publisherCountryCode AA, other numbers 0, empty sets, absent segments.
               tcstring reencode STRING
                  Decode and re-encode, keeping the input's layout for unchanged sections.
               tcstring explain STRING
                  Print every field (segment, bit offset, width, raw bits, value) and why each
                  vendor section is a bitfield or ranges.
               tcstring validate [--json] STRING
                  Check TCF 2.2/2.3 policy rules; one finding per line, exit 1 when any.
               tcstring inapp [--gdpr-applies true|false] STRING
                  Print the CMP API's IABTCF_ in-app key/value map as one JSON object.
               tcstring ac STRING
                  Parse a Google Additional Consent string (1~... or 2~...~dv....).
               tcstring att (--strategy T | --flow FLOW) --status S [OPTIONS]
                  The next step of an App Tracking Transparency + consent flow as JSON, for one
                  of our strategies or a consent tool's documented flow; with --tc-string also
                  the string after the decision's rejection. `tcstring att --help` for more.
               tcstring bench [--workload decode|query|full] [--seconds S] FILE
                  Time the workload on each line of FILE (build with -c release); prints
                  {"line", "chars", "workload", "nsPerOp", "checksum"} per line.
               tcstring random [--count N] [--seed S]
                  Print N canonical TC strings of seeded random models (for differential tests).
        """
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
