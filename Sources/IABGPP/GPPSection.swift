public import IABTCF

/// One section of a GPP string, decoded by its id.
public enum GPPSection: Sendable, Hashable {
    // The two large values are boxed (`indirect`), so that a string of US sections stores and
    // copies small values: one allocation for each TC string or TCF Canada section instead.
    /// Section 2, `tcfeuv2`: IABTCF's TC string, unchanged.
    indirect case tcfEuV2(TCString)
    /// Section 5, `tcfcav1`: TCF Canada.
    indirect case tcfCaV1(TCFCanadaSection)
    /// Section 6, `uspv1`: the US Privacy string.
    case usPrivacy(USPrivacySection)
    /// US National and the US states: every id of ``USSectionDefinition/all``.
    case us(USSection)
    /// A section id this module does not decode (1, 3, 4 and every id without a table), kept as its text.
    case unknown(id: Int, text: String)

    /// The section id.
    public var id: Int {
        switch self {
        case .tcfEuV2: 2
        case .tcfCaV1: 5
        case .usPrivacy: 6
        case .us(let section): section.id
        case .unknown(let id, _): id
        }
    }

    /// The specification's API prefix (`tcfeuv2`, `tcfcav1`, `uspv1`, `usnat`, `usca`…), `nil`
    /// for an unknown id.
    public var name: String? { Self.name(of: id) }

    /// Every section id this module decodes by its tables, ascending: 2 (TCF EU v2), 5 (TCF
    /// Canada), 6 (US Privacy), then each US section of ``USSectionDefinition/all``.
    public static let supportedIds: [Int] = [2, 5, 6] + USSectionDefinition.all.keys.sorted()

    /// The API prefix of section `id`, `nil` for one this module does not decode.
    public static func name(of id: Int) -> String? {
        switch id {
        case 2: "tcfeuv2"
        case 5: "tcfcav1"
        case 6: "uspv1"
        default: USSectionDefinition.all[id]?.name
        }
    }

    /// Decodes section `id`'s UTF-8 `bytes`, which start at character `start` (0-based) of the
    /// input; section 2 in place with `tcfEuV2Options`, its error placed in the whole input.
    static func decode(
        id: Int,
        _ bytes: UnsafeBufferPointer<UInt8>,
        start: Int,
        tcfEuV2Options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) throws(GPPError) -> GPPSection {
        switch id {
        case 2:
            do throws(TCStringError) {
                return .tcfEuV2(try TCString(encodedBytes: bytes, options: tcfEuV2Options))
            } catch {
                throw GPPError(.tcString, sectionId: 2, position: error.position.map { $0 + start }, tcString: error)
            }
        case 5: return .tcfCaV1(try TCFCanadaSection(encoded: bytes, start: start))
        case 6: return .usPrivacy(try USPrivacySection(encoded: bytes, start: start))
        default:
            guard let tables = USPackedTables.of(id) else {
                return .unknown(id: id, text: String(decoding: bytes, as: UTF8.self))
            }
            return .us(try USSection(tables, encoded: bytes, start: start))
        }
    }

    /// The section's text in `style`.
    ///
    /// Section 2 has no length limit of its own, as it has none when decoded: a GPP string's
    /// length is bounded as a whole where it is read (``GPPString/init(encoded:options:)``), so a
    /// TC string is written up to `TCString.DecodingOptions.largestMaximumLength`, the longest any
    /// decoding options admit (longer: ``GPPError/Code/tcString`` with `encodingTooLong`).
    public func encoded(_ style: GPPEncodingStyle = .canonical) throws(GPPError) -> String {
        switch self {
        case .tcfEuV2(let tcString):
            do throws(TCStringError) {
                return try tcString.encoded(
                    style == .canonical ? .canonical : .preservingLayout,
                    maximumLength: GPPString.tcfEuV2MaximumLength
                )
            } catch {
                throw GPPError(.tcString, sectionId: 2, tcString: error)
            }
        case .tcfCaV1(let section): return try section.encoded(style)
        case .usPrivacy(let section): return try section.encoded()
        case .us(let section): return try section.encoded(style)
        case .unknown(let id, let text):
            if let tilde = text.utf8.firstIndex(of: UInt8(ascii: "~")) {
                let offset = text.utf8.distance(from: text.utf8.startIndex, to: tilde)
                throw GPPError(.invalidCharacter, sectionId: id, position: offset + 1, value: Int(UInt8(ascii: "~")))
            }
            return text
        }
    }

    /// The decoded fields as a JSON object: the table's keys with a lowercase first letter (a
    /// Datetime in deciseconds), from ``fieldRows`` through the package's one JSON writer; `nil`
    /// for TCF EU v2 (IABTCF's schema describes it) and unknown sections.
    public var fieldsJSON: String? { fieldRows.map(Self.fieldsJSON) }
}
