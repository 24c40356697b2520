import TCFJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension OutputBuffer {
    /// `--pretty` for a command that writes JSON as bytes: the JSON written from `start` (each
    /// line of it when `lines`) read back and indented, so one writer owns each schema.
    mutating func indentJSON(from start: Int, lines: Bool = false) {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
        removeLast(count - start)
        let parts = lines ? text.split(separator: "\n").map(String.init) : [text]
        let indented = parts.map { (try? JSON(parsing: $0))?.serialized(pretty: true) ?? $0 }
        append(indented.joined(separator: "\n"))
    }

    /// Writes everything to `descriptor`; returns `errno` on failure (EPIPE when the reader is gone).
    func writeAll(to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < count {
            let written = write(descriptor, bytes.baseAddress! + offset, count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }
}
