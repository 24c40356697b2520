/// Builds raw TC string segments bit by bit, so tests can write what no encoder would: overlapping
/// ranges, lying lengths, thousands of entries. Deliberately simple (an array of bits): it is the
/// slow reference the codec is checked against.
struct WireBuilder {
    private(set) var bits: [Bool] = []

    mutating func put(_ value: Int, _ width: Int) {
        for shift in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> shift & 1 == 1) }
    }

    /// The core's fixed fields up to and including PublisherCC (213 bits): version 2, everything else 0
    /// except CmpId 7.
    static func coreHeader() -> WireBuilder {
        var b = WireBuilder()
        b.put(2, 6)
        b.put(0, 36 + 36)
        b.put(7, 12)
        b.put(0, 213 - 6 - 72 - 12)
        return b
    }

    /// A range-encoded vendor section: MaxVendorId, IsRangeEncoding = 1, NumEntries, entries.
    mutating func putRangeSection(maxVendorId: Int, entries: [ClosedRange<Int>]) {
        put(maxVendorId, 16)
        put(1, 1)
        putEntries(entries)
    }

    mutating func putEntries(_ entries: [ClosedRange<Int>]) {
        put(entries.count, 12)
        for entry in entries {
            put(entry.count > 1 ? 1 : 0, 1)
            put(entry.lowerBound, 16)
            if entry.count > 1 { put(entry.upperBound, 16) }
        }
    }

    /// The bits as base64url, zero-padded to whole characters.
    var base64URL: String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        var padded = bits
        while padded.count % 6 != 0 { padded.append(false) }
        return String(
            stride(from: 0, to: padded.count, by: 6).map { i in
                alphabet[padded[i..<(i + 6)].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }]
            }
        )
    }
}
