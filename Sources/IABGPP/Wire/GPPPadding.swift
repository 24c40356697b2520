/// How a base64url part of a GPP string fills its last character: the three conventions in
/// circulation. A decoder accepts all three; the canonical encoder writes ``spec``.
///
/// The specification (Core, "Consent String Specification"): "Add padding (0) on the right to get
/// to a total bit length that is a multiple of 6 bits". Google UMP writes that (`DBABL~BVQqAAAAAg`).
public enum GPPPadding: String, Sendable, Hashable, CaseIterable {
    /// Zero bits to a multiple of 6: the specification's text and Google UMP's strings.
    case spec
    /// Zero bits to a multiple of 8, then to a multiple of 6: what iabgpp-es and iabgpp-java write
    /// for the header, the US sections and TCF Canada (`DBABMA`).
    case compressed
    /// Zero bits to a multiple of 24 (whole groups of four characters, no `=`): TCF EU sections and
    /// iabgpp-es before 3.2.0 for TCF Canada's DisclosedVendors.
    case traditional

    /// The number of characters `bits` data bits take under this convention.
    public func characters(forBits bits: Int) -> Int {
        switch self {
        case .spec: (bits + 5) / 6
        case .compressed: ((bits + 7) / 8 * 8 + 5) / 6
        case .traditional: (bits + 23) / 24 * 4
        }
    }

    /// The first convention (in the order spec, compressed, traditional) that gives `characters`
    /// for `bits`, or `nil` when none does.
    public static func convention(bits: Int, characters: Int) -> GPPPadding? {
        if spec.characters(forBits: bits) == characters { return .spec }
        if compressed.characters(forBits: bits) == characters { return .compressed }
        if traditional.characters(forBits: bits) == characters { return .traditional }
        return nil
    }
}

/// How one base64url part was written: its padding convention and the bits after its last field
/// (zero in every convention's text; kept, set or not, so ``GPPEncodingStyle/preservingLayout``
/// writes them back).
public struct GPPPartLayout: Sendable, Hashable {
    /// The convention the part's length matches.
    public var padding: GPPPadding
    /// The number of bits after the last field.
    public var surplusBitCount: Int
    /// Those bits, MSB first (at most 23 bits).
    public var surplusBits: Int

    /// A layout with the given convention and surplus bits.
    public init(padding: GPPPadding, surplusBitCount: Int = 0, surplusBits: Int = 0) {
        self.padding = padding
        self.surplusBitCount = surplusBitCount
        self.surplusBits = surplusBits
    }
}

/// How an encoder lays a GPP string out.
public enum GPPEncodingStyle: Sendable, Hashable {
    /// Every base64url part padded with zero bits to a multiple of 6 (``GPPPadding/spec``), the
    /// header's ids as maximal runs, TCF EU v2 in its own canonical form.
    case canonical
    /// For a decoded value: each part keeps its padding convention and its surplus bits, and each
    /// section that still holds what was decoded is written exactly as it was read, so every string
    /// the decoder accepts comes back byte for byte.
    case preservingLayout
}

/// Each part's layout by `.` position, each in 32 bits (convention, surplus bit count and bits:
/// no convention leaves more than 23 surplus bits), inline: keeping a decoded section's layouts
/// allocates nothing and copies 20 bytes. It holds four, one more than any section this module
/// decodes has parts (a US section at most three, TCF Canada three); a further part has none, and
/// is then written with the spec's padding.
struct GPPPartLayouts: Sendable, Hashable {
    private var inline: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
    /// The number of layouts held.
    private(set) var count = 0

    init() {}

    static func == (lhs: GPPPartLayouts, rhs: GPPPartLayouts) -> Bool {
        lhs.count == rhs.count && (0..<lhs.count).allSatisfy { lhs.packed($0) == rhs.packed($0) }
    }

    func hash(into hasher: inout Hasher) {
        for index in 0..<count { hasher.combine(packed(index)) }
    }

    /// `layout` in 32 bits: convention (2 bits), surplus bit count (5 bits), surplus bits (25 bits).
    static func pack(_ layout: GPPPartLayout) -> UInt32 {
        let padding: UInt32 =
            switch layout.padding {
            case .spec: 0
            case .compressed: 1
            case .traditional: 2
            }
        let count = UInt32(clamping: min(max(layout.surplusBitCount, 0), 25))
        let bits = UInt32(truncatingIfNeeded: layout.surplusBits) & (1 << count &- 1)
        return padding | count << 2 | bits << 7
    }

    static func unpack(_ packed: UInt32) -> GPPPartLayout {
        let padding: GPPPadding =
            switch packed & 3 {
            case 0: .spec
            case 1: .compressed
            default: .traditional
            }
        return GPPPartLayout(padding: padding, surplusBitCount: Int(packed >> 2 & 31), surplusBits: Int(packed >> 7))
    }

    private func packed(_ index: Int) -> UInt32 {
        switch index {
        case 0: inline.0
        case 1: inline.1
        case 2: inline.2
        default: inline.3
        }
    }

    mutating func append(_ layout: GPPPartLayout) {
        let packed = Self.pack(layout)
        switch count {
        case 0: inline.0 = packed
        case 1: inline.1 = packed
        case 2: inline.2 = packed
        case 3: inline.3 = packed
        default: return
        }
        count += 1
    }

    /// The layout of part `index`, `nil` past those held.
    subscript(index: Int) -> GPPPartLayout? {
        guard index >= 0, index < count else { return nil }
        return Self.unpack(packed(index))
    }
}
