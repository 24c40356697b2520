// libFuzzer entry point, compiled together with Sources/IABTCF by scripts/fuzz.sh (not a SwiftPM target).
//
// For every input: decode; if it decodes, require the layout-preserving re-encoding to be the input,
// byte for byte (the README's promise for every accepted string), re-encode canonically, decode that
// again and require an equal value and a fixed point; strict decoding must fail exactly when
// validate() reports what it refuses, and otherwise give the same value. Any difference aborts,
// which libFuzzer reports as a crash.

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
        guard preserved.utf8.elementsEqual(bytes) else {
            fatalError("layout-preserving re-encoding differs from the input: \(preserved)")
        }
        let strict = try? TCString(encodedBytes: bytes, options: TCString.DecodingOptions(strict: true))
        guard (strict == nil) == value.hasStrictFindings, strict == nil || strict == value else {
            fatalError("strict decoding and validate() disagree: \(preserved)")
        }
    } catch {
        // A decoded value always fits its fields, so encoding it cannot fail.
        fatalError("a decoded value failed to encode: \(error)")
    }
    return 0
}
