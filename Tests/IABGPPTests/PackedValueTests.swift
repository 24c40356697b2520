import IABGPP
import Testing

/// A US section keeps its values as the fields' bits; a value that does not fit its field is kept
/// as given (and refused by the encoder). Both forms are one value to `==`, `hash` and the fields.
@Suite struct PackedValueTests {
    /// Every field of every US section and Version, set one by one to random values through the
    /// subscript (each twice), reads back the second through the subscript, `core`, `subsections` and `fields`,
    /// equals (and hashes as) the same values given as arrays, and survives a decode.
    @Test(arguments: USSectionDefinition.all.keys.sorted())
    func fieldsReadBackAsSet(_ id: Int) throws {
        var random = RandomSections(seed: UInt64(id) &* 7919)
        let definition = try #require(USSectionDefinition.all[id])
        for version in definition.cores.keys.sorted() {
            for _ in 0..<20 {
                var bySubscript = try #require(USSection(id: id))
                bySubscript.version = version
                bySubscript.core = bySubscript.coreFields.map(\.type.defaultValue)
                var expected: [String: GPPValue] = [:]
                // Each field set twice: the second value replaces the first's bits.
                for field in bySubscript.coreFields { bySubscript[field.name] = random.value(field.type) }
                for field in bySubscript.coreFields {
                    let value = random.value(field.type)
                    bySubscript[field.name] = value
                    expected[field.name] = value
                }
                let withSubsection = random.bool()
                if withSubsection, let subsection = definition.subsections.first {
                    for field in subsection.fields { bySubscript[field.name] = random.value(field.type) }
                    for field in subsection.fields {
                        let value = random.value(field.type)
                        bySubscript[field.name] = value
                        expected[field.name] = value
                    }
                }
                for (name, value) in expected { #expect(bySubscript[name] == value, "\(id) v\(version) \(name)") }
                #expect(bySubscript.core == bySubscript.coreFields.map { expected[$0.name] })
                var byArrays = try #require(USSection(id: id))
                byArrays.version = version
                byArrays.core = bySubscript.core
                byArrays.subsections = bySubscript.subsections
                #expect(byArrays == bySubscript)
                #expect(byArrays.hashValue == bySubscript.hashValue)
                #expect(byArrays.fieldsJSON == bySubscript.fieldsJSON)
                #expect(bySubscript.subsections.isEmpty == !withSubsection || definition.subsections.isEmpty)
                let decoded = try USSection(id: id, encoded: try bySubscript.encoded())
                #expect(decoded == bySubscript)
                #expect(decoded.fields.map(\.value) == bySubscript.fields.map(\.value))
            }
        }
    }

    /// A value out of its field's range is kept as given, compares unequal, and is refused by the
    /// encoder naming the field; setting a fitting value back gives a value equal to (and hashing
    /// as) one that never held the wrong one.
    @Test func outOfRangeValuesAreKeptThenRefused() throws {
        let plain = try #require(USSection(id: 7))
        var section = plain
        section["SaleOptOut"] = .int(5)
        #expect(section["SaleOptOut"] == .int(5))
        #expect(section != plain)
        #expect(throws: GPPError.self) { try section.encoded() }
        do {
            _ = try section.encoded()
        } catch {
            #expect(error.field == "SaleOptOut")
        }
        section["SaleOptOut"] = .int(0)
        #expect(section == plain)
        #expect(section.hashValue == plain.hashValue)
        #expect(try section.encoded() == plain.encoded())
        section["Gpc"] = .bool(true)
        section["SensitiveDataProcessing"] = .list(Array(repeating: 4, count: 16))
        #expect(section.gpc == true)
        #expect(throws: GPPError.self) { try section.encoded() }
        section["SensitiveDataProcessing"] = .list(Array(repeating: 0, count: 16))
        #expect(try USSection(id: 7, encoded: try section.encoded()) == section)
    }

    /// Changing Version keeps the values of the table they were set for (as an array does): the
    /// encoder then refuses the lists of the wrong length.
    @Test func versionChangeKeepsValues() throws {
        var usnat = try #require(USSection(id: 7))
        usnat["SaleOptOut"] = .int(2)
        let core = usnat.core
        usnat.version = 1
        #expect(usnat.core == core)
        #expect(throws: GPPError.self) { try usnat.encoded() }
        usnat.version = 2
        #expect(try USSection(id: 7, encoded: try usnat.encoded()) == usnat)
    }

    /// A header whose ids are not written as maximal runs (7 and 8 as two items) comes back byte
    /// for byte under `.preservingLayout` and as one run canonically; a canonical header, kept as
    /// its padding only, comes back byte for byte too.
    @Test func nonCanonicalHeaderIsKept() throws {
        // Type 3, Version 1, two items: single 7 (Fibonacci 01011), single +1 (11).
        let bits = "000011" + "000001" + "000000000010" + "0" + "01011" + "0" + "11"
        let header = base64url(bits)
        let sections = "~" + (try USSection(id: 7)!.encoded()) + "~" + (try USSection(id: 8)!.encoded())
        let gpp = try GPPString(encoded: header + sections)
        #expect(gpp.sectionIds == [7, 8])
        #expect(try gpp.encoded(.preservingLayout) == header + sections)
        let canonical = try gpp.encoded()
        #expect(canonical != header + sections)
        #expect(try GPPString(encoded: canonical).encoded(.preservingLayout) == canonical)
        var changed = gpp
        changed.sections.removeLast()
        #expect(try changed.encoded(.preservingLayout) == (try changed.encoded()))
    }

    private func base64url(_ bits: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let padded = bits + String(repeating: "0", count: (6 - bits.count % 6) % 6)
        let characters = Array(padded)
        return String(
            stride(from: 0, to: characters.count, by: 6).map { index in
                alphabet[Int(String(characters[index..<index + 6]), radix: 2)!]
            }
        )
    }
}
