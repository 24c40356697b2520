/// Strict decoding (``TCString/DecodingOptions/strict``): what the lenient decoder accepts, as the
/// reference decoders do, but the specification or base64 does not allow. Checked after pass 1, only
/// when asked for, from what pass 1 recorded: the common path pays one test of the option.
extension SegmentDecoder {
    /// Throws the first strict violation in input order: in each segment, letters outside A-Z,
    /// restriction PurposeIds outside 1-24, a set bit after the last field, a length of 4n+1
    /// characters, `=` that is not exact base64 padding.
    @inline(never)
    func checkStrict() throws(TCStringError) {
        for (index, packed) in segments.enumerated() {
            let segment = WireLayout.Segment(packed: packed)
            if index == 0 {
                try Self.checkLetters(core.consentLanguage, .consentLanguage)
                try Self.checkLetters(core.publisherCountryCode, .publisherCC)
                if let restrictions { try Self.checkPurposeIds(restrictions) }
            }
            if let bit = firstPaddingBitSet(segment, index: index) {
                throw TCStringError.at(.nonZeroPadding, segment: index, bit: bit)
            }
            if let problem = WireLayout.base64Problem(segment) {
                throw TCStringError.at(
                    problem,
                    segment: index,
                    bit: problem == .invalidSegmentLength ? (segment.characters - 1) * 6 : segment.characters * 6,
                    value: problem == .invalidSegmentLength ? segment.characters : segment.equalsSigns
                )
            }
        }
    }

    private static func checkLetters(_ code: TwoLetterCode, _ field: CoreField) throws(TCStringError) {
        for (k, letter) in [code.rawValue >> 6, code.rawValue & 63].enumerated() where letter > 25 {
            throw TCStringError.at(
                .invalidLetter,
                segment: 0,
                bit: field.offset + 6 * k,
                field: field.field,
                value: letter
            )
        }
    }

    /// Re-reads the restriction entries pass 1 validated, for their PurposeIds.
    private static func checkPurposeIds(_ section: Restrictions) throws(TCStringError) {
        var r = section.reader
        _ = r.readUnchecked(Field.numPubRestrictions.width)
        for _ in 0..<section.count {
            let bit = r.offset
            let purposeId = r.readUnchecked(Field.purposeId.width)
            guard (1...PurposeSet.maxID).contains(purposeId) else {
                throw TCStringError.at(.invalidPurposeId, segment: 0, bit: bit, field: .purposeId, value: purposeId)
            }
            _ = r.readUnchecked(Field.restrictionType.width)
            let count = r.readUnchecked(Field.numEntries.width)
            for _ in 0..<count { _ = r.readRangeEntryUnchecked() }
        }
    }

    /// The first set bit after the segment's fields, from the start of the segment.
    private func firstPaddingBitSet(_ segment: WireLayout.Segment, index: Int) -> Int? {
        guard segment.hasPaddingBits else { return nil }
        var scratchOffset = 0
        for packed in segments.prefix(index) {
            scratchOffset += Base64URL.scratchSize(characters: WireLayout.Segment(packed: packed).characters)
        }
        let reader = BitReader(base: scratch + scratchOffset, bitCount: segment.characters * 6, segment: index)
        var position = segment.contentBits
        while position < reader.bitCount {
            let bits = reader.peek64(at: position)
            if bits != 0 { return position + bits.leadingZeroBitCount }
            position += 64
        }
        return nil
    }
}

extension WireLayout {
    /// What base64 itself does not allow in `segment`: a length of 4n+1 characters (6 bits that
    /// make no byte), or `=` that is not exact padding (any `=` must complete the last group of
    /// four); `nil` when neither.
    static func base64Problem(_ segment: Segment) -> TCStringError.Code? {
        if segment.characters % 4 == 1 { return .invalidSegmentLength }
        if segment.equalsSigns > 0 && (segment.characters + segment.equalsSigns) % 4 != 0 { return .invalidPadding }
        return nil
    }
}
