// An experiment, not part of the package: does a base64url decoder on the standard library's SIMD
// types beat the scalar four-table decoder the codec uses (Sources/IABTCF/Wire/Base64URL.swift)?
//
//   swiftc -O -o .build/simd-base64 scripts/simd-base64-experiment.swift
//   .build/simd-base64 "$(sed -n 9p Fixtures/corpus/corpus.txt | cut -d. -f1)"
//
// Comparison operators on SIMD16<UInt8> compile to a loop over the lanes, so the classification
// below is written in wrapping arithmetic, which LLVM turns into paddb/pcmpgtb. On x86-64's
// baseline (SSE2: no pshufb, no pmaddubsw) the vector step still takes about 95 instructions per
// 16 characters against about 4 per character for the tables, and measured slower (Benchmarks/README.md).
// That is why the codec's vector step is C with intrinsics (Sources/CBase64URL: AVX2 chosen at run
// time, NEON), which has the byte shuffles and multiply-adds this version lacks.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
let values: [UInt8] = {
    var t = [UInt8](repeating: 0xFF, count: 256)
    for (v, b) in alphabet.enumerated() { t[Int(b)] = UInt8(v) }
    return t
}()
let groupValues: [UInt32] = (0..<4).flatMap { k in
    values.map { $0 == 0xFF ? 0xFF00_0000 : UInt32($0) << (18 - 6 * UInt32(k)) }
}

@inline(never)
func scalarDecode(_ input: UnsafeBufferPointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>) -> Int {
    groupValues.withUnsafeBufferPointer { groups in
        let count = input.count
        let raw = UnsafeMutableRawPointer(output)
        var i = 0
        var o = 0
        let g = groups.baseAddress!
        while i &+ 8 <= count {
            let c = input.baseAddress! + i
            let high = g[Int(c[0])] | g[256 &+ Int(c[1])] | g[512 &+ Int(c[2])] | g[768 &+ Int(c[3])]
            let low = g[Int(c[4])] | g[256 &+ Int(c[5])] | g[512 &+ Int(c[6])] | g[768 &+ Int(c[7])]
            if (high | low) & 0xFF00_0000 != 0 { break }
            let bits = UInt64(high) &<< 40 | UInt64(low) &<< 16
            raw.storeBytes(of: bits.bigEndian, toByteOffset: o, as: UInt64.self)
            i &+= 8
            o &+= 6
        }
        return i
    }
}

typealias V = SIMD16<UInt8>
typealias S8 = SIMD16<Int8>

@inline(__always) func gt(_ c: V, _ k: Int8) -> V {
    // c > k for c < 128, as 0xFF/0, in arithmetic LLVM turns into pcmpgtb
    let s = c &+ V(repeating: UInt8(truncatingIfNeeded: 127 &- Int(k)))
    return V(repeating: 0) &- (s &>> 7)
}

@inline(never)
func simdDecode(_ input: UnsafeBufferPointer<UInt8>, _ output: UnsafeMutablePointer<UInt8>) -> Int {
    let count = input.count
    let raw = UnsafeMutableRawPointer(output)
    var i = 0
    var o = 0
    let base = UnsafeRawPointer(input.baseAddress!)
    while i &+ 16 <= count {
        let c = base.loadUnaligned(fromByteOffset: i, as: V.self)
        // offsets: '-' +17, digits +4, upper -65, '_' -32, lower -71
        var off = V(repeating: 17)
        off &+= gt(c, 47) & V(repeating: UInt8(bitPattern: Int8(4 - 17)))
        off &+= gt(c, 64) & V(repeating: UInt8(bitPattern: Int8(-65 - 4)))
        off &+= gt(c, 94) & V(repeating: UInt8(bitPattern: Int8(-32 + 65)))
        off &+= gt(c, 96) & V(repeating: UInt8(bitPattern: Int8(-71 + 32)))
        let v = c &+ off
        // validate: re-encode v and compare with c; v must be < 64 and c < 128
        var enc = V(repeating: 65)
        enc &+= gt(v, 25) & V(repeating: 6)  // 71
        enc &+= gt(v, 51) & V(repeating: UInt8(bitPattern: -75))  // -4
        enc &+= gt(v, 61) & V(repeating: UInt8(bitPattern: -13))  // 45-62 = -17
        enc &+= gt(v, 62) & V(repeating: 49)  // 95-63 = 32
        let back = v &+ enc
        let bad = (back ^ c) | (v & V(repeating: 0xC0)) | (c & V(repeating: 0x80))
        let bad64 = unsafeBitCast(bad, to: SIMD2<UInt64>.self)
        if bad64[0] | bad64[1] != 0 { break }
        // pack: 16-bit lanes b0 | b1<<8 -> b0<<6 | b1
        let w = unsafeBitCast(v, to: SIMD8<UInt16>.self)
        let t = ((w & 0x00FF) &<< 6) | (w &>> 8)
        let d = unsafeBitCast(t, to: SIMD4<UInt32>.self)
        let u = ((d & 0xFFFF) &<< 12) | (d &>> 16)
        let halves = unsafeBitCast(u, to: SIMD2<UInt64>.self)
        let x0 = halves[0]
        let x1 = halves[1]
        let a = ((x0 & 0xFF_FFFF) &<< 24 | x0 &>> 32) &<< 16
        let b = ((x1 & 0xFF_FFFF) &<< 24 | x1 &>> 32) &<< 16
        raw.storeBytes(of: a.bigEndian, toByteOffset: o, as: UInt64.self)
        raw.storeBytes(of: b.bigEndian, toByteOffset: o &+ 6, as: UInt64.self)
        i &+= 16
        o &+= 12
    }
    return i
}

func now() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_MONOTONIC, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

let text = Array(CommandLine.arguments[1].utf8)
var out1 = [UInt8](repeating: 0, count: text.count + 64)
var out2 = [UInt8](repeating: 0, count: text.count + 64)
let n1 = text.withUnsafeBufferPointer { scalarDecode($0, &out1) }
let n2 = text.withUnsafeBufferPointer { simdDecode($0, &out2) }
let m = min(n1, n2) / 16 * 12
print("chars", text.count, "scalar", n1, "simd", n2, "agree", Array(out1[..<m]) == Array(out2[..<m]))
for f in [("scalar", scalarDecode), ("simd", simdDecode)] {
    var best = UInt64.max
    for _ in 0..<20 {
        let s = now()
        var sink = 0
        for _ in 0..<20000 { sink &+= text.withUnsafeBufferPointer { f.1($0, &out1) } }
        best = min(best, now() - s)
        if sink == 42 { print("") }
    }
    print(f.0, Double(best) / 20000, "ns")
}
