import IABGPP
import Testing

/// What a field's value means, from its section's table (``GPPFieldRow/meaning(sectionId:)``).
@Suite struct ExplainTests {
    /// The row named `name` of the section decoded from `text` as section `id`.
    static func row(_ name: String, _ id: Int, _ text: String) throws -> GPPFieldRow {
        let rows = try #require(try GPPSection(id: id, encoded: text).fieldRows)
        return try #require(rows.first { $0.name == name })
    }

    @Test func usValuesInTheirTablesWords() throws {
        // Google UMP's usnat v1: notices 1, opt-outs 2, MspaCoveredTransaction 2, no GPC.
        #expect(try Self.row("SharingNotice", 7, "BVQqAAAAAg").meaning(sectionId: 7) == "1 = Yes")
        #expect(try Self.row("SaleOptOut", 7, "BVQqAAAAAg").meaning(sectionId: 7) == "2 = Did Not Opt Out")
        #expect(try Self.row("MspaCoveredTransaction", 7, "BVQqAAAAAg").meaning(sectionId: 7) == "2 = No")
        #expect(try Self.row("Gpc", 7, "BVQqAAAAAg").meaning(sectionId: 7) == nil)
        #expect(try Self.row("Version", 7, "BVQqAAAAAg").meaning(sectionId: 7) == nil)
        // SensitiveDataProcessing: an opt-out in California, a consent in Virginia; each value once.
        let usca = try Self.row("SensitiveDataProcessing", 8, "BkloWWhg.QA")
        #expect(usca.value == .list([1, 2, 2, 0, 1, 1, 2, 1, 1]))
        #expect(usca.meaning(sectionId: 8) == "1 = Opted Out, 2 = Did Not Opt Out, 0 = Not Applicable")
        #expect(usca.valueMeanings(sectionId: 9)?[1] == "No Consent")
        // The meaning is the table's: opt-outs in California and Utah (the states' specifications
        // name the values "Opted Out"), consents in every other section.
        let optOut = USSectionDefinition.all.values.filter { $0.sensitiveDataProcessing == .optOut }
        #expect(Set(optOut.map(\.name)) == ["usca", "usut"])
        #expect(usca.valueMeanings(sectionId: 11)?[1] == "Opted Out")
        // 0 is not a value of MspaCoveredTransaction; 3 is reserved everywhere.
        let covered = try Self.row("MspaCoveredTransaction", 7, "BVQqAAAAAg")
        #expect(covered.valueMeanings(sectionId: 7)?[0] == "not a value")
        #expect(covered.valueMeanings(sectionId: 7)?[3] == "reserved")
    }

    @Test func canadaAndUSPrivacy() throws {
        let canada = "BPXuQIAPXuQXoAfKABFRB-CYAPAAAAYAAAXnACuImIowAIFIAQSAE8AGmFhwADBQ"
        #expect(try Self.row("Created", 5, canada).meaning(sectionId: 5) == "2022-04-20T00:00:00.000Z")
        #expect(try Self.row("CmpId", 5, canada).meaning(sectionId: 5) == nil)
        let restrictions = try Self.row("PubRestrictions", 5, canada).meaning(sectionId: 5)
        #expect(restrictions?.hasPrefix("purpose ") == true)
        #expect(try Self.row("OptOutSale", 6, "1YN-").meaning(sectionId: 6) == "N = No")
        #expect(try Self.row("LspaCovered", 6, "1YN-").meaning(sectionId: 6) == "- = Not Applicable")
        #expect(try Self.row("Notice", 6, "1YN-").type == nil)
    }
}
