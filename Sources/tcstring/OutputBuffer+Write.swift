import TCFJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

extension OutputBuffer {
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
