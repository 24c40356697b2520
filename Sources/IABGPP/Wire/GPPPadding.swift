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
        allCases.first { $0.characters(forBits: bits) == characters }
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

/// Each part's layout by `.` position, the first four held inline (every US section has at most
/// three parts), any further in one array: keeping a decoded section's layouts allocates nothing.
struct GPPPartLayouts: Sendable, Hashable {
    private var first: GPPPartLayout?
    private var second: GPPPartLayout?
    private var third: GPPPartLayout?
    private var fourth: GPPPartLayout?
    private var more: [GPPPartLayout] = []
    /// The number of layouts.
    private(set) var count = 0

    init() {}

    mutating func append(_ layout: GPPPartLayout) {
        switch count {
        case 0: first = layout
        case 1: second = layout
        case 2: third = layout
        case 3: fourth = layout
        default: more.append(layout)
        }
        count += 1
    }

    /// The layout of part `index`, `nil` past the end.
    subscript(index: Int) -> GPPPartLayout? {
        switch index {
        case 0: first
        case 1: second
        case 2: third
        case 3: fourth
        default: index < count ? more[index - 4] : nil
        }
    }
}
