// String(n) and Bitfield(n): the fixed-width types beyond Int(n), Boolean and Datetime, which
// are single `read`/`write` calls.

extension GPPBitReader {
    /// String(n): n × Int(6), `A` = 0; a value past `Z` (25) is an error.
    mutating func readString(_ count: Int, _ field: String) throws(GPPError) -> String {
        var bytes: [UInt8] = []
        for _ in 0..<count {
            let at = offset
            let value = try read(6, field)
            guard value < 26 else { throw error(.invalidValue, field, bit: at, value: value) }
            bytes.append(UInt8(value) + UInt8(ascii: "A"))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Bitfield(n): bit i is id i + 1.
    mutating func readBitfield(_ count: Int, _ field: String) throws(GPPError) -> [Int] {
        guard count <= remaining else { throw error(.truncated, field) }
        var ids: [Int] = []
        var id = 1
        // Up to 57 bits per word read; each set bit is an id.
        while id <= count {
            let width = min(count - id + 1, 57)
            var bits = UInt64(try read(width, field)) << (64 - width)
            while bits != 0 {
                let skip = bits.leadingZeroBitCount
                ids.append(id + skip)
                bits &= ~(UInt64(1) << (63 - skip))
            }
            id += width
        }
        return ids
    }
}

extension GPPBitWriter {
    /// String(n): each letter `A`-`Z` as Int(6).
    mutating func writeString(_ text: String, _ count: Int, _ field: String) throws(GPPError) {
        let bytes = Array(text.utf8)
        guard bytes.count == count, bytes.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field)
        }
        for byte in bytes { try write(Int(byte - UInt8(ascii: "A")), 6, field) }
    }

    /// Bitfield(n): ids 1...n, ascending and unique (`checked`: the caller has checked that).
    mutating func writeBitfield(_ ids: [Int], _ count: Int, _ field: String, checked: Bool = false) throws(GPPError) {
        guard checked || GPPIDs.isValid(ids), (ids.last ?? 0) <= count else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field)
        }
        // Up to 57 bits per append, each id one set bit.
        var index = 0
        var first = 1
        while first <= count {
            let width = min(count - first + 1, 57)
            var bits: UInt64 = 0
            while index < ids.count, ids[index] < first + width {
                bits |= 1 << UInt64(width - 1 - (ids[index] - first))
                index += 1
            }
            append(bits, width)
            first += width
        }
    }
}

/// Id sets: ascending, unique, 1...65535.
enum GPPIDs {
    static func isValid(_ ids: [Int]) -> Bool {
        guard let first = ids.first, let last = ids.last else { return true }
        guard first >= 1, last <= GPPLimits.maximumID else { return false }
        for index in ids.indices.dropFirst() where ids[index - 1] >= ids[index] { return false }
        return true
    }

    /// Calls `body` with the first and last id of each maximal run of consecutive ids, in order,
    /// without building them.
    @inline(__always)
    static func forEachRun<E: Error>(_ ids: [Int], _ body: (Int, Int) throws(E) -> Void) throws(E) {
        var index = 0
        while index < ids.count {
            let first = ids[index]
            while index + 1 < ids.count, ids[index + 1] == ids[index] + 1 { index += 1 }
            try body(first, ids[index])
            index += 1
        }
    }

    /// The number of maximal runs.
    static func runCount(_ ids: [Int]) -> Int {
        var count = 0
        forEachRun(ids) { _, _ in count += 1 }
        return count
    }
}
