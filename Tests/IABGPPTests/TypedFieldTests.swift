import IABGPP
import Testing

/// The typed US fields (`USField`): one key per field name of the tables, valid where the tables
/// say, reading and writing what the string subscript reads and writes.
@Suite struct TypedFieldTests {
    /// A typed key, type-erased for the table walk: its name, validity and read/write through it.
    struct Key: Sendable {
        let name: String
        let isValid: @Sendable (Int) -> Bool
        let read: @Sendable (USSection) -> GPPValue?

        init<Value>(_ field: USField<Value>) {
            name = field.name
            isValid = { field.isValid(in: $0) }
            read = { $0[field]?.gppValue }
        }
    }

    /// Every static key (the test's one list; the table walk below proves it covers the tables).
    static let keys: [Key] = [
        Key(.sharingNotice), Key(.saleOptOutNotice), Key(.sharingOptOutNotice), Key(.targetedAdvertisingOptOutNotice),
        Key(.sensitiveDataProcessingOptOutNotice), Key(.sensitiveDataLimitUseNotice), Key(.sensitiveDataOptOutNotice),
        Key(.processingNotice), Key(.saleOptOut), Key(.sharingOptOut), Key(.targetedAdvertisingOptOut),
        Key(.sensitiveDataProcessingOptOuts), Key(.sensitiveDataProcessing), Key(.knownChildSensitiveDataConsents),
        Key(.personalDataConsents), Key(.additionalDataProcessingConsent), Key(.mspaCoveredTransaction),
        Key(.mspaOptOutOptionMode), Key(.mspaServiceProviderMode), Key(.mspaMode), Key(.mspaVersion), Key(.gpc),
    ]

    /// Every row of every US table (each Version, each sub-section) has exactly one key valid in
    /// its section, and that key reads the row's value as the string subscript does.
    @Test func everyTableFieldHasOneValidKey() throws {
        var rows = 0
        for (id, definition) in USSectionDefinition.all.sorted(by: { $0.key < $1.key }) {
            var section = try #require(USSection(id: id))
            for subsection in definition.subsections {
                section.subsections[subsection.id] = subsection.fields.map(\.type.defaultValue)
            }
            let names = Set(definition.cores.values.flatMap { $0.map(\.name) })
                .union(definition.subsections.flatMap { $0.fields.map(\.name) })
            for name in names.sorted() {
                rows += 1
                let valid = Self.keys.filter { $0.name == name && $0.isValid(id) }
                #expect(valid.count == 1, "section \(id) field \(name): \(valid.count) valid keys")
                if let key = valid.first,
                    section.coreFields.contains(where: { $0.name == name })
                        || definition.subsections.contains(where: { $0.fields.contains { $0.name == name } })
                {
                    let expected = section[name].map { value -> GPPValue in
                        if case .int(let int) = value, name == "KnownChildSensitiveDataConsents" { return .list([int]) }
                        return value
                    }
                    #expect(key.read(section) == expected, "section \(id) field \(name)")
                }
            }
            // A key whose field the section lacks reads nil.
            for key in Self.keys where !names.contains(key.name) {
                #expect(key.read(section) == nil, "section \(id) has no \(key.name)")
            }
        }
        #expect(rows > 200)
    }

    /// Writing through a key is writing the string subscript; a key the section lacks writes
    /// nothing, so a section cannot be given another section's field.
    @Test func writesGoThroughTheTable() throws {
        var usnat = try #require(USSection(id: 7))
        usnat[.saleOptOut] = .optedOut
        usnat[.sensitiveDataProcessing] = Array(repeating: .consent, count: 16)
        usnat[.gpc] = true
        #expect(usnat["SaleOptOut"] == .int(1))
        #expect(usnat["SensitiveDataProcessing"] == .list(Array(repeating: 2, count: 16)))
        #expect(usnat.gpc == true)
        #expect(usnat[.saleOptOut] == .optedOut && usnat[.saleOptOutNotice] == .notApplicable)

        var virginia = try #require(USSection(id: 9))
        let before = virginia
        virginia[.sharingOptOut] = .optedOut  // Virginia has no SharingOptOut
        virginia[.sensitiveDataProcessingOptOuts] = [.optedOut]  // its categories are consents
        virginia[.gpc] = true  // and it has no GPC sub-section
        #expect(virginia == before && virginia[.sharingOptOut] == nil)
        // Virginia's one child consent reads and writes as a list of one.
        virginia[.knownChildSensitiveDataConsents] = [.noConsent]
        #expect(virginia["KnownChildSensitiveDataConsents"] == .int(1))
        #expect(virginia[.knownChildSensitiveDataConsents] == [.noConsent])

        var california = try #require(USSection(id: 8))
        california[.sensitiveDataProcessingOptOuts] = Array(repeating: .optedOut, count: 9)
        #expect(california[.sensitiveDataProcessing] == nil)
        #expect(california["SensitiveDataProcessing"] == .list(Array(repeating: 1, count: 9)))
        var maryland = try #require(USSection(id: 24))
        maryland[.mspaMode] = .serviceProvider
        #expect(maryland["MspaMode"] == .int(2) && maryland[.mspaServiceProviderMode] == nil)
    }

    /// The enums own the value words `explain` prints: each Int(2) row's meanings are its enum's.
    @Test func theEnumsOwnTheValueWords() throws {
        #expect(USOptOut.meanings == [0: "Not Applicable", 1: "Opted Out", 2: "Did Not Opt Out", 3: "reserved"])
        #expect(USNotice.meanings == [0: "Not Applicable", 1: "Yes", 2: "No", 3: "reserved"])
        #expect(USConsent.meanings == [0: "Not Applicable", 1: "No Consent", 2: "Consent", 3: "reserved"])
        #expect(USMspaCoveredTransaction.meanings[0] == "not a value")
        #expect(USMspaMode.meanings[2] == "Service Provider Mode")
        let gpp = try GPPString(encoded: "DBABLA~BVQVAAAAAWA.QA")
        let rows = try #require(gpp.sections[0].fieldRows)
        let saleOptOut = try #require(rows.first { $0.name == "SaleOptOut" })
        #expect(saleOptOut.meaning(sectionId: 7) == "1 = Opted Out")
    }
}
