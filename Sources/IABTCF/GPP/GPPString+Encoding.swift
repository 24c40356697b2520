extension GPPString {
    /// Encodes the value as a GPP string: the header, then each section's text, `~`-separated.
    ///
    /// The header is written as it was decoded while ``version`` and ``sectionIds`` still hold what
    /// it lists, and encoded anew (its bits padded with zeros to a whole character) when they
    /// changed. The TCF EU v2 section is ``tcfEuV2`` encoded in `style`; every other section is its
    /// text in ``sections``, unchanged. So with `.preservingLayout`, every GPP string that decodes
    /// comes back byte for byte:
    ///
    /// ```swift
    /// let gpp = try GPPString(encoded: "DBABM~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")
    /// try gpp.encoded(.preservingLayout)  // the same string
    /// ```
    ///
    /// - Parameters:
    ///   - style: how the TCF EU v2 section is laid out (see ``TCString/EncodingStyle``).
    ///   - maximumLength: the longest GPP string to produce, in characters (UTF-8 bytes); by default
    ///     the decoder's ``TCString/DecodingOptions/defaultMaximumLength``.
    /// - Throws: ``TCStringError``: ``TCStringError/Code/gppSectionCountMismatch`` when ``sections``
    ///   and ``sectionIds`` differ in length; ``TCStringError/Code/missingTCFSection`` when
    ///   ``tcfEuV2`` is set but ``sectionIds`` has no section 2; ``TCStringError/Code/invalidGPPHeader``
    ///   for a version other than 1 or section ids that are not ascending, positive and few enough
    ///   to decode; ``TCStringError/Code/invalidCharacter`` for a section holding `~`;
    ///   ``TCStringError/Code/encodingTooLong`` when the string would be longer than `maximumLength`;
    ///   the TC string's own encoding errors.
    public func encoded(
        _ style: TCString.EncodingStyle = .canonical,
        maximumLength: Int = TCString.DecodingOptions.defaultMaximumLength
    ) throws(TCStringError) -> String {
        guard sections.count == sectionIds.count else {
            throw TCStringError(.gppSectionCountMismatch, segment: 0, value: sections.count)
        }
        let tcfIndex = sectionIds.firstIndex(of: Self.tcfEuV2SectionId)
        if tcfEuV2 != nil && tcfIndex == nil { throw TCStringError(.missingTCFSection) }
        var parts = [try header()]
        for (index, (id, text)) in zip(sectionIds, sections).enumerated() {
            if index == tcfIndex, let tcfEuV2 {
                parts.append(try tcfEuV2.encoded(style, maximumLength: maximumLength))
            } else {
                guard !text.utf8.contains(UInt8(ascii: "~")) else {
                    throw TCStringError(.invalidCharacter, value: Int(UInt8(ascii: "~")), gppSection: id)
                }
                parts.append(text)
            }
        }
        let text = parts.joined(separator: "~")
        guard text.utf8.count <= maximumLength else { throw TCStringError(.encodingTooLong, value: maximumLength) }
        return text
    }

    /// The header as decoded while it still lists ``version`` and ``sectionIds``; else encoded anew.
    private func header() throws(TCStringError) -> String {
        if let decodedHeader, let listed = try? Self.decodeHeader(Array(decodedHeader.utf8)),
            listed.version == version && listed.ids == sectionIds
        {
            return decodedHeader
        }
        let text = Self.encodeHeader(version: version, ids: sectionIds)
        // What the decoder would not read back (version 2, ids out of order...) is never written.
        guard let text, let read = try? Self.decodeHeader(Array(text.utf8)), read.version == version,
            read.ids == sectionIds
        else { throw TCStringError(.invalidGPPHeader, segment: 0) }
        return text
    }

    /// Type(6) = 3, Version(6), NumEntries(12), then per run of consecutive ids IsRange(1), the
    /// Fibonacci-coded offset from the previous id and, for a range, its length less one; padded
    /// with zero bits to a whole base64url character. `nil` for ids that are not ascending and
    /// positive, or a version outside 0-63.
    static func encodeHeader(version: Int, ids: [Int]) -> String? {
        guard (0...63).contains(version), zip(ids, ids.dropFirst()).allSatisfy({ $0 < $1 }), ids.first ?? 1 >= 1
        else { return nil }
        // Runs of consecutive ids; the decoder takes at most 4096 ids per range.
        var runs: [ClosedRange<Int>] = []
        for id in ids {
            if let last = runs.last, last.upperBound + 1 == id, last.count < 4096 {
                runs[runs.count - 1] = last.lowerBound...id
            } else {
                runs.append(id...id)
            }
        }
        guard runs.count <= 4095 else { return nil }
        var bits: [Bool] = []
        func put(_ value: Int, _ width: Int) {
            for k in stride(from: width - 1, through: 0, by: -1) { bits.append(value >> k & 1 == 1) }
        }
        put(3, 6)
        put(version, 6)
        put(runs.count, 12)
        var last = 0
        for run in runs {
            bits.append(run.count > 1)
            bits += fibonacci(run.lowerBound - last)
            if run.count > 1 { bits += fibonacci(run.count - 1) }
            last = run.upperBound
        }
        while bits.count % 6 != 0 { bits.append(false) }
        var text: [UInt8] = []
        for start in stride(from: 0, to: bits.count, by: 6) {
            let value = bits[start..<start + 6].reduce(0) { $0 << 1 | ($1 ? 1 : 0) }
            text.append(Base64URL.alphabet[value])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The Fibonacci code of `value` (1 or more): bit k stands for Fib(k + 2) (1, 2, 3, 5, 8...),
    /// no two consecutive ones, then a closing 1.
    static func fibonacci(_ value: Int) -> [Bool] {
        var weights = [1, 2]
        while weights[weights.count - 1] <= value - weights[weights.count - 2] {
            weights.append(weights[weights.count - 1] + weights[weights.count - 2])
        }
        var code = [Bool](repeating: false, count: weights.count)
        var rest = value
        for k in stride(from: weights.count - 1, through: 0, by: -1) where weights[k] <= rest {
            code[k] = true
            rest -= weights[k]
        }
        while code.last == false { code.removeLast() }
        return code + [true]
    }
}
