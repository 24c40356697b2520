import IABGPP
import TestSupport
import Testing

/// Every vector of `Fixtures/gpp/sections.tsv`: decoded fields, what the decoder says it read,
/// and the byte-for-byte re-encoding.
@Suite struct SectionVectorTests {
    /// The loader falls back to no vectors on a read error: this fails instead. Every section
    /// with a table but TCF EU v2 (IABTCF's vectors cover it) has a vector: a new section's row
    /// fails here until `Fixtures/gpp/sections.tsv` has a string of it.
    @Test func vectorsAreLoaded() {
        #expect(SectionVector.all.count >= 43)
        let ids = Set(SectionVector.all.map(\.sectionId))
        #expect(ids == Set(GPPSection.supportedIds.filter { $0 != 2 }))
    }

    /// A bare section decodes alone to what the whole string holds, and its name maps back to its id.
    @Test(arguments: SectionVector.all)
    func sectionAloneByName(_ vector: SectionVector) throws {
        let gpp = try GPPString(encoded: vector.gpp)
        let text = String(vector.gpp.split(separator: "~")[1])
        let alone = try GPPSection(id: vector.sectionId, encoded: text)
        #expect(alone == gpp.sections[0])
        #expect(try alone.encoded(.preservingLayout) == text)
        let name = try #require(alone.name)
        #expect(GPPSection.id(named: name) == vector.sectionId)
        #expect(alone.fields?.map(\.key).first == "version")
    }

    @Test(arguments: SectionVector.all)
    func decodes(_ vector: SectionVector) throws {
        let gpp = try GPPString(encoded: vector.gpp)
        #expect(gpp.sectionIds == [vector.sectionId])
        let section = try #require(gpp.section(vector.sectionId))
        #expect(section.fieldsJSON == vector.fieldsJSON)
        if let layout = vector.notes["layout"], case .us(let us) = section { #expect(us.layout.rawValue == layout) }
        if case .us(let us) = section { #expect(us.compatibility?.rawValue == vector.notes["compat"]) }
        if case .tcfCaV1(let canada) = section {
            #expect(canada.encoding.rawValue == vector.notes["encoding"])
            #expect(canada.hasPubRestrictions == (vector.notes["hasPubRestrictions"] != "false"))
        }
        #expect(try gpp.encoded(.preservingLayout) == vector.gpp)
        // Canonical: spec padding; decodes to the same value.
        let canonical = try gpp.encoded()
        #expect(try GPPString(encoded: canonical) == gpp)
        if vector.notes["padding"] == "spec" { #expect(canonical == vector.gpp) }
    }

    /// The section alone decodes as inside the string.
    @Test(arguments: SectionVector.all)
    func sectionAlone(_ vector: SectionVector) throws {
        let text = String(vector.gpp.split(separator: "~")[1])
        let inString = try GPPString(encoded: vector.gpp).sections[0]
        switch inString {
        case .us(let us): #expect(try USSection(id: vector.sectionId, encoded: text) == us)
        case .tcfCaV1(let canada): #expect(try TCFCanadaSection(encoded: text) == canada)
        case .usPrivacy(let usp): #expect(try USPrivacySection(encoded: text) == usp)
        default: Issue.record("unexpected section \(inString)")
        }
    }

    /// TCF Canada's three encodings of one model: each vector reads as its own encoding, to the
    /// same value once the encoding is set aside, and the value written in each encoding gives
    /// back that encoding's vector (the canonical texts: spec padding).
    @Test func canadaEncodingsHoldOneModel() throws {
        let names = ["tcfcav1-fibonacci", "tcfcav1-legacy", "tcfcav1-literal"]
        var read: [TCFCanadaSection] = []
        for name in names {
            let vector = try #require(SectionVector.all.first { $0.name == name })
            guard case .tcfCaV1(let canada) = try #require(try GPPString(encoded: vector.gpp).sections.first) else {
                Issue.record("\(name) is not TCF Canada")
                return
            }
            #expect(canada.encoding.rawValue == vector.notes["encoding"])
            read.append(canada)
        }
        #expect(read.map(\.encoding) == TCFCanadaSection.Encoding.allCases)
        for canada in read {
            var same = canada
            same.encoding = read[0].encoding
            #expect(same == read[0])
        }
        let literal = try #require(SectionVector.all.first { $0.name == "tcfcav1-literal" })
        for encoding in TCFCanadaSection.Encoding.allCases {
            var written = read[0]
            written.encoding = encoding
            let text = try written.encoded()
            #expect(try TCFCanadaSection(encoded: text) == written)
            if encoding == .literal { #expect("DBABD~" + text == literal.gpp) }
        }
    }
}
