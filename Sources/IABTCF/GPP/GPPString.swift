/// A Global Privacy Platform (GPP) string: a header listing section ids, then one `~`-separated
/// section per id. Section 2 ("tcfeuv2") is a TCF EU v2 TC string, byte for byte.
///
/// ```swift
/// let gpp = try GPPString(encoded: "DBABM~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")
/// gpp.sectionIds            // [2]
/// gpp.tcfEuV2?.cmpId        // 31
/// ```
///
/// Other sections are listed (their ids and text) without being decoded.
/// ``encoded(_:maximumLength:)`` writes the string back, re-encoding the TCF EU v2 section.
public struct GPPString: Sendable, Hashable {
    /// The TCF EU v2 section id.
    public static let tcfEuV2SectionId = 2

    /// The header's Version (1 for every GPP string so far).
    public var version: Int
    /// The section ids the header lists, ascending.
    public var sectionIds: [Int]
    /// Each section's text, in header order (index i belongs to `sectionIds[i]`).
    public var sections: [String]
    /// The decoded TCF EU v2 section, or `nil` when the string has none.
    public var tcfEuV2: TCString?
    /// The header's text as decoded, which ``encoded(_:maximumLength:)`` writes back while it still
    /// lists ``version`` and ``sectionIds`` (its padding may differ from a fresh encoding).
    var decodedHeader: String?

    /// Decodes a GPP string's header and its TCF EU v2 section.
    ///
    /// The header's padding may be to 6 bits or to a byte and then 6 bits: both occur.
    ///
    /// - Throws: ``TCStringError``: ``TCStringError/Code/invalidGPPHeader`` and
    ///   ``TCStringError/Code/gppSectionCountMismatch`` for the header (segment 0); the TC string's
    ///   own errors for section 2, with `segment` counted within that section.
    ///
    /// `text` may be any `StringProtocol` value (a `Substring` from splitting a request or a file);
    /// ``init(encodedBytes:options:)`` takes UTF-8 bytes. Input longer than
    /// ``TCString/DecodingOptions/maximumLength`` is refused before it is copied.
    @inlinable
    public init(
        encoded text: some StringProtocol,
        options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) throws(TCStringError) {
        guard text.utf8.count <= options.maximumLength else {
            throw TCStringError(.inputTooLong, value: options.maximumLength)
        }
        try self.init(decoding: String(text), options: options)
    }

    /// Decodes a GPP string from its UTF-8 bytes, as ``init(encoded:options:)`` decodes its text;
    /// bytes that are not UTF-8 are refused as the invalid characters they read as. Input longer
    /// than ``TCString/DecodingOptions/maximumLength`` is refused before it is copied.
    public init(
        encodedBytes bytes: some Collection<UInt8>,
        options: TCString.DecodingOptions = TCString.DecodingOptions()
    ) throws(TCStringError) {
        guard bytes.count <= options.maximumLength else {
            throw TCStringError(.inputTooLong, value: options.maximumLength)
        }
        try self.init(decoding: String(decoding: bytes, as: UTF8.self), options: options)
    }

    /// The one decoding routine of every front (non-generic).
    @usableFromInline
    init(decoding text: String, options: TCString.DecodingOptions) throws(TCStringError) {
        guard !text.isEmpty else { throw TCStringError(.emptyString) }
        guard text.utf8.count <= options.maximumLength else {
            throw TCStringError(.inputTooLong, value: options.maximumLength)
        }
        let parts = Self.parts(of: text)
        let header = Array(parts[0].utf8)
        do throws(TCStringError) {
            (version, sectionIds) = try Self.decodeHeader(header)
        } catch {
            throw header.withUnsafeBufferPointer { error.located(in: $0) }
        }
        decodedHeader = String(parts[0])
        sections = parts.dropFirst().map(String.init)
        guard sections.count == sectionIds.count else {
            throw TCStringError(.gppSectionCountMismatch, segment: 0, value: sections.count)
        }
        guard let index = sectionIds.firstIndex(of: Self.tcfEuV2SectionId) else {
            tcfEuV2 = nil
            return
        }
        do throws(TCStringError) {
            tcfEuV2 = try TCString(encoded: sections[index], options: options)
        } catch {
            // Say which section failed, and where it is in the whole string.
            var error = error
            error.gppSection = Self.tcfEuV2SectionId
            let start = parts[...index].reduce(0) { $0 + $1.utf8.count + 1 }
            error.position = error.position.map { $0 + start }
            throw error
        }
    }

    /// The TCF EU v2 section's TC string.
    ///
    /// - Throws: ``TCStringError/Code/missingTCFSection`` when the string has none.
    public func requiredTCFEuV2() throws(TCStringError) -> TCString {
        guard let tcfEuV2 else { throw TCStringError(.missingTCFSection) }
        return tcfEuV2
    }

    /// The text of section `id` in the GPP string `text` and where it starts (0-based, in UTF-8
    /// bytes), read from the header without decoding any section: `nil` when the header does not
    /// decode, lists no such section or the section count does not match.
    public static func section(_ id: Int, in text: String) -> (text: Substring, start: Int)? {
        let parts = Self.parts(of: text)
        guard let ids = try? decodeHeader(Array(parts[0].utf8)).ids, ids.count == parts.count - 1,
            let index = ids.firstIndex(of: id)
        else { return nil }
        return (parts[index + 1], parts[...index].reduce(0) { $0 + $1.utf8.count + 1 })
    }

    /// `text` split at every `~` byte. Splitting by `Character` would miss a `~` that a combining
    /// mark follows, since the two are one `Character`.
    static func parts(of text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "~"), omittingEmptySubsequences: false).map {
            Substring(text.unicodeScalars[$0.startIndex..<$0.endIndex])
        }
    }

    /// Decodes the header's base64url `characters`: Type(6) = 3, Version(6), then the section ids
    /// as a Fibonacci-coded integer range: NumEntries(12), then per entry IsRange(1), the offset
    /// from the previous id and, for a range, its length, each Fibonacci-coded.
    static func decodeHeader(_ characters: [UInt8]) throws(TCStringError) -> (version: Int, ids: [Int]) {
        guard !characters.isEmpty else { throw TCStringError(.emptySegment, segment: 0, bitOffset: 0) }
        var bytes = [UInt8](repeating: 0, count: Base64URL.scratchSize(characters: characters.count))
        let bad = characters.withUnsafeBufferPointer { chars in
            bytes.withUnsafeMutableBufferPointer { Base64URL.decode(chars, into: $0.baseAddress!) }
        }
        if let bad {
            throw TCStringError.at(.invalidCharacter, segment: 0, bit: bad * 6, value: Int(characters[bad]))
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(TCStringError) in
            var r = BitReader(base: buffer.baseAddress!, bitCount: characters.count * 6, segment: 0)
            let type = try r.read(.gppType)
            guard type == 3 else {
                throw TCStringError.at(.invalidGPPHeader, segment: 0, bit: 0, field: .gppType, value: type)
            }
            let version = try r.read(.gppVersion)
            guard version == 1 else {
                throw TCStringError.at(.invalidGPPHeader, segment: 0, bit: 6, field: .gppVersion, value: version)
            }
            let count = try r.read(.numEntries)
            var ids: [Int] = []
            var last = 0
            for _ in 0..<count {
                let isRange = try r.readBool(.isARange)
                let start = last + (try Self.readFibonacci(&r))
                let end = isRange ? start + (try Self.readFibonacci(&r)) : start
                // Section ids are small (under 30 today); a huge range is malformed, not a reason to allocate.
                guard end - start < 4096 else {
                    throw TCStringError.at(
                        .invalidGPPHeader,
                        segment: 0,
                        bit: r.offset,
                        field: .fibonacciInteger,
                        value: end
                    )
                }
                ids.append(contentsOf: start...end)
                last = end
            }
            return (version, ids)
        }
    }

    /// A Fibonacci-coded positive integer: bit k (from 0) adds Fib(k + 2) (1, 2, 3, 5, 8...), and
    /// the code ends with two consecutive 1 bits.
    static func readFibonacci(_ r: inout BitReader) throws(TCStringError) -> Int {
        let start = r.offset
        var value = 0
        var (weight, next) = (1, 2)
        var previous = false
        while true {
            guard r.remaining > 0 else {
                throw TCStringError.at(.invalidGPPHeader, segment: 0, bit: start, field: .fibonacciInteger)
            }
            let bit = r.readUnchecked(1) == 1
            if bit && previous { return value }
            if bit { value += weight }
            (weight, next) = (next, weight + next)
            previous = bit
            // 40 Fibonacci weights exceed any 32-bit id: anything longer is garbage.
            guard r.offset - start < 40 else {
                throw TCStringError.at(.invalidGPPHeader, segment: 0, bit: start, field: .fibonacciInteger)
            }
        }
    }
}
