import Testing

@testable import IABTCF

/// `TCStringError` is one word wide, keeps every code's stable name, and behaves as a value.
@Suite struct ErrorTests {
    /// One pointer: an optional error or a typed throw costs a decoding path no more than that.
    @Test func errorIsOneWordWide() {
        let word = MemoryLayout<UnsafeRawPointer>.size
        #expect(MemoryLayout<TCStringError>.size == word)
        #expect(MemoryLayout<TCStringError?>.size == word)
        #expect(MemoryLayout<TCStringError.Code>.size == 1)
    }

    /// Every code keeps the name the command-line tool prints and scripts match on.
    @Test func everyCodeKeepsItsName() {
        let named: [(TCStringError.Code, String)] = [
            (.emptyString, "emptyString"), (.inputTooLong, "inputTooLong"), (.invalidCharacter, "invalidCharacter"),
            (.emptySegment, "emptySegment"), (.truncated, "truncated"), (.unsupportedVersion, "unsupportedVersion"),
            (.unknownSegmentType, "unknownSegmentType"), (.duplicateSegment, "duplicateSegment"),
            (.invalidRange, "invalidRange"), (.invalidVendorId, "invalidVendorId"),
            (.encodingTooLong, "encodingTooLong"), (.valueOutOfRange, "valueOutOfRange"),
            (.nonZeroPadding, "nonZeroPadding"), (.invalidPadding, "invalidPadding"),
            (.invalidLetter, "invalidLetter"), (.invalidPurposeId, "invalidPurposeId"),
            (.invalidSegmentLength, "invalidSegmentLength"),
        ]
        for (code, name) in named {
            #expect(code.name == name)
            #expect(code.description == name)
        }
        #expect(named.map(\.0) == TCStringError.Code.all)
        #expect(Set(TCStringError.Code.all).count == TCStringError.Code.names.count)
    }

    /// Setting a field of a copy leaves the original as it was (copy on write), and equality and
    /// hashing follow every field, the internal ones included.
    @Test func errorsAreValues() {
        let original = TCStringError(.truncated, segment: 1, bitOffset: 42, field: "LastUpdated")
        var copy = original
        #expect(copy == original && copy.hashValue == original.hashValue)
        copy.position = 8
        #expect(original.position == nil && copy.position == 8)
        #expect(copy != original)
        copy.position = nil
        #expect(copy == original && copy.hashValue == original.hashValue)
        copy.code = .emptySegment
        #expect(original.code == .truncated && copy.code == .emptySegment)

        var other = original
        other.character = "é"
        #expect(other != original && original.character == nil)
        let fromDecoding = #expect(throws: TCStringError.self) { try TCString(encoded: "CPc7TgP") }
        #expect(
            fromDecoding
                == TCStringError(.truncated, segment: 0, bitOffset: 42, field: "LastUpdated", position: 8)
        )
    }
}
