/// Writes MSB-first fields and turns them into base64url text with a chosen padding.
struct GPPBitWriter {
    /// One element per bit (0 or 1).
    private(set) var bits: [UInt8] = []

    /// Where errors point: the section and the `.` part being written.
    var sectionId: Int
    var subsection: Int

    init(sectionId: Int, subsection: Int = 0) {
        self.sectionId = sectionId
        self.subsection = subsection
    }

    /// The number of bits written.
    var count: Int { bits.count }

    /// Writes `value` as an unsigned Int(width); a value that does not fit is an error.
    mutating func write(_ value: Int, _ width: Int, _ field: String) throws(GPPError) {
        guard value >= 0, width >= 63 || value >> width == 0 else {
            throw GPPError(.invalidValue, sectionId: sectionId, subsection: subsection, field: field, value: value)
        }
        for k in stride(from: width - 1, through: 0, by: -1) { bits.append(UInt8(value >> k & 1)) }
    }

    /// Writes one bit.
    mutating func write(_ flag: Bool) { bits.append(flag ? 1 : 0) }

    /// Appends raw bits.
    mutating func append(contentsOf other: [UInt8]) { bits += other }

    /// The base64url text: the bits, then `layout`'s surplus bits when they fill it exactly, else
    /// zero bits to `layout`'s (or, without one, the spec's) convention.
    func text(_ layout: GPPPartLayout?) -> String {
        var all = bits
        let padding = layout?.padding ?? .spec
        let total = padding.characters(forBits: all.count) * 6
        if let layout, all.count + layout.surplusBitCount == total {
            for k in stride(from: layout.surplusBitCount - 1, through: 0, by: -1) {
                all.append(UInt8(layout.surplusBits >> k & 1))
            }
        }
        while all.count < total { all.append(0) }
        var text: [UInt8] = []
        text.reserveCapacity(all.count / 6)
        for start in stride(from: 0, to: all.count, by: 6) {
            var value = 0
            for bit in all[start..<start + 6] { value = value << 1 | Int(bit) }
            text.append(Self.alphabet[value])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// 6-bit value → base64url byte.
    static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
}
