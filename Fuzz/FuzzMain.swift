// libFuzzer entry point for every target: the SwiftPM executable `tcf-fuzz`, which scripts/fuzz.sh
// builds with the fuzzer and address sanitizers against the package's modules as they are.
// FUZZ_TARGET names the target (default `tcstring`); each target aborts (a libFuzzer crash) when one
// of its invariants fails.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every target: its name for `scripts/fuzz.sh TARGET SECONDS` and its body.
let fuzzTargets: [(name: String, run: @Sendable (UnsafeBufferPointer<UInt8>) -> Void)] = [
    ("tcstring", fuzzTCString),
    ("gvl", fuzzGlobalVendorList),
    ("encode-json", fuzzEncodeJSON),
    ("gpp", fuzzGPP),
    ("gpp-sections", fuzzGPPSections),
    ("additional-consent", fuzzAdditionalConsent),
    ("in-app-keys", fuzzInAppKeys),
    ("att", fuzzATT),
]

/// The target FUZZ_TARGET names, read once; an unknown name stops the run before any input.
let selectedTarget: @Sendable (UnsafeBufferPointer<UInt8>) -> Void = {
    let name = getenv("FUZZ_TARGET").map { String(cString: $0) } ?? "tcstring"
    if name == "--list" {
        for target in fuzzTargets { print(target.name) }
        exit(0)
    }
    guard let target = fuzzTargets.first(where: { $0.name == name }) else {
        fatalError("unknown FUZZ_TARGET \(name); one of \(fuzzTargets.map(\.name))")
    }
    return target.run
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    // libFuzzer may pass a null pointer for the empty input.
    let empty: [UInt8] = []
    if let data {
        selectedTarget(UnsafeBufferPointer(start: data, count: size))
    } else {
        empty.withUnsafeBufferPointer { selectedTarget($0) }
    }
    return 0
}

/// Reads structured choices from fuzz bytes; past the end every read gives zero, so any input is
/// a complete description.
struct FuzzBytes {
    var bytes: UnsafeBufferPointer<UInt8>.SubSequence

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes[...] }

    var isEmpty: Bool { bytes.isEmpty }

    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    /// A little-endian integer of `count` bytes (1-8), sign-extended from its top byte.
    mutating func int(bytes count: Int) -> Int {
        var value: UInt64 = 0
        for shift in 0..<count { value |= UInt64(byte()) << UInt64(8 * shift) }
        let unused = UInt64(64 - 8 * count)
        return Int(truncatingIfNeeded: Int64(bitPattern: value << unused) >> Int64(unused))
    }

    mutating func choice<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

    /// One of `options`, or `nil` as one more choice.
    mutating func optional<T>(_ options: [T]) -> T? {
        let index = Int(byte()) % (options.count + 1)
        return index == options.count ? nil : options[index]
    }

    /// A string of up to 255 bytes, as UTF-8 with invalid bytes repaired.
    mutating func string() -> String {
        let count = min(Int(byte()), bytes.count)
        defer { bytes = bytes.dropFirst(count) }
        return String(decoding: bytes.prefix(count), as: UTF8.self)
    }

    /// Everything not read yet, as text (invalid UTF-8 repaired).
    mutating func rest() -> String {
        defer { bytes = bytes.suffix(0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A 64-bit id set (bit k set: id 64 - k), as the small sets take.
    mutating func bits() -> UInt64 { UInt64(bitPattern: Int64(int(bytes: 8))) }
}

/// Stops the run with `message` when `condition` fails: libFuzzer keeps the input as a crash.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
