// libFuzzer entry point, compiled together with Sources/IABTCF by scripts/fuzz.sh (not a SwiftPM target).
//
// For every input: decode; if it decodes, re-encode canonically and with the decoded layout, decode
// both again and require equal values, and require the layout-preserving form to be stable. Any
// difference aborts, which libFuzzer reports as a crash.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let value = try? TCString(encodedBytes: bytes) else { return 0 }
    do {
        let canonical = try value.encoded()
        let fromCanonical = try TCString(encoded: canonical)
        guard fromCanonical == value else { fatalError("canonical round trip changed the value: \(canonical)") }
        guard try fromCanonical.encoded() == canonical else { fatalError("canonical form is not a fixed point") }
        let preserved = try value.encoded(.preservingLayout)
        let fromPreserved = try TCString(encoded: preserved)
        guard fromPreserved == value else { fatalError("layout-preserving round trip changed the value: \(preserved)") }
        guard try fromPreserved.encoded(.preservingLayout) == preserved else {
            fatalError("layout-preserving form is not stable: \(preserved)")
        }
    } catch {
        // A decoded value always fits its fields, so encoding it cannot fail.
        fatalError("a decoded value failed to encode: \(error)")
    }
    return 0
}
