/// The US Privacy string (section 6, `uspv1`): not base64 but four ASCII characters, Version
/// (`1`), Notice, OptOutSale and LspaCovered, each `Y`, `N` or `-` (the CCPA US Privacy string).
/// Version 2 (`2NYY`, which iabgpp-es and iabgpp-java accept) is refused: no such version exists.
public struct USPrivacySection: Sendable, Hashable {
    /// One of the three flags.
    public enum Flag: Character, Sendable, Hashable {
        /// `Y`.
        case yes = "Y"
        /// `N`.
        case no = "N"
        /// `-`: not applicable.
        case notApplicable = "-"
    }

    /// The field table: the specification's names, in order, after Version.
    public static let fieldNames = ["Notice", "OptOutSale", "LspaCovered"]

    /// The Version (1).
    public var version: Int = 1
    /// Explicit notice/opportunity to opt out.
    public var notice: Flag
    /// The user opted out of the sale.
    public var optOutSale: Flag
    /// The publisher is a signatory to the IAB Limited Service Provider Agreement.
    public var lspaCovered: Flag

    /// Notice, OptOutSale and LspaCovered, in the order of ``fieldNames``.
    public var flags: [Flag] { [notice, optOutSale, lspaCovered] }

    /// A value from its three flags.
    public init(notice: Flag, optOutSale: Flag, lspaCovered: Flag) {
        self.notice = notice
        self.optOutSale = optOutSale
        self.lspaCovered = lspaCovered
    }

    /// Decodes the four characters.
    ///
    /// - Throws: ``GPPError/Code/invalidUSPrivacy`` (section 6) at the first wrong character, or
    ///   ``GPPError/Code/unsupportedVersion`` for a first character other than `1`.
    public init(encoded text: String) throws(GPPError) {
        self = try GPPBytes.with(text[...]) { bytes throws(GPPError) in try USPrivacySection(encoded: bytes, start: 0) }
    }

    init(encoded characters: UnsafeBufferPointer<UInt8>, start: Int) throws(GPPError) {
        guard characters.count == 4 else {
            throw GPPError(.invalidUSPrivacy, sectionId: 6, position: start + min(characters.count, 4) + 1)
        }
        guard characters[0] == UInt8(ascii: "1") else {
            throw GPPError(
                .unsupportedVersion,
                sectionId: 6,
                field: GPPField.version.name,
                position: start + 1,
                value: Int(characters[0])
            )
        }
        func flag(_ offset: Int) throws(GPPError) -> Flag {
            let byte = characters[offset]
            switch byte {
            case UInt8(ascii: "Y"): return .yes
            case UInt8(ascii: "N"): return .no
            case UInt8(ascii: "-"): return .notApplicable
            default:
                throw GPPError(
                    .invalidUSPrivacy,
                    sectionId: 6,
                    field: Self.fieldNames[offset - 1],
                    position: start + offset + 1,
                    value: Int(byte)
                )
            }
        }
        notice = try flag(1)
        optOutSale = try flag(2)
        lspaCovered = try flag(3)
    }

    /// The four characters.
    ///
    /// - Throws: ``GPPError/Code/unsupportedVersion`` for a version other than 1.
    public func encoded() throws(GPPError) -> String {
        guard version == 1 else {
            throw GPPError(.unsupportedVersion, sectionId: 6, field: GPPField.version.name, value: version)
        }
        return "1" + String(flags.map(\.rawValue))
    }

    /// Every field as `(key, value)`, one per row of ``GPPSection/fieldRows``: `version`, then
    /// each flag of ``fieldNames`` (key with a lowercase first letter) as its one character, `Y`,
    /// `N` or `-`, in a ``GPPValue/string(_:)``.
    public var fields: [(key: String, value: GPPValue?)] {
        (GPPSection.usPrivacy(self).fieldRows ?? []).map { ($0.key, $0.value) }
    }

    /// The fields as a JSON object (`{"version":1,"notice":"Y","optOutSale":"N","lspaCovered":"-"}`).
    public var fieldsJSON: String {
        "{" + fields.map { "\"\($0.key)\":\($0.value?.json ?? "null")" }.joined(separator: ",") + "}"
    }
}
