import IABGPP
import IABTCF
import Testing

/// A section built from its fields with every field left out (``GPPSection/init(id:fields:)``, what
/// `tcstring encode` builds) passes ``GPPString/validate()``, for every section the tables name,
/// and the tables' keys are the ones a schema reader knows.
@Suite struct SectionDefaultsTests {
    /// Every section id the tables name, but 2 (a TC string, built by the codec): no list of ids.
    static let ids = GPPSection.supportedIds.filter { $0 != 2 }

    @Test func everyNamedSectionIsCovered() {
        #expect(Self.ids.count >= 23)
        #expect(Self.ids.contains(7) && Self.ids.contains(5) && Self.ids.contains(6))
    }

    @Test(arguments: ids) func defaultsPassValidation(_ id: Int) throws {
        let section = try GPPSection(id: id, fields: [:])
        let string = GPPString(version: 1, sections: [section])
        #expect(string.validate() == [], "section \(id)")
        // And they encode, and decode to a string that validates too.
        let decoded = try GPPString(encoded: try string.encoded())
        #expect(decoded.sectionIds == [id])
        #expect(decoded.validate() == [], "section \(id)")
    }

    /// `MspaCoveredTransaction` defaults to 2 ("No"), its 0 not being a value.
    @Test func mspaCoveredTransactionDefaultsToNo() throws {
        for id in Self.ids {
            let section = try GPPSection(id: id, fields: [:])
            guard let value = section.fields?.first(where: { $0.key == "mspaCoveredTransaction" })?.value else {
                continue
            }
            #expect(value == .int(2), "section \(id)")
        }
        #expect(GPPField("MspaCoveredTransaction", .int(2)).defaultValue == .int(2))
        #expect(GPPField("SaleOptOut", .int(2)).defaultValue == .int(0))
    }

    /// ``GPPSection/fieldKeys(sectionId:)`` lists every key the section's fields have, each known
    /// to ``GPPSection/fieldType(key:sectionId:)``, and none for 2 or an unknown id.
    @Test(arguments: ids) func fieldKeysAreTheTablesKeys(_ id: Int) throws {
        let keys = GPPSection.fieldKeys(sectionId: id)
        #expect(Set(keys).count == keys.count)
        for key in keys { #expect(GPPSection.fieldType(key: key, sectionId: id) != nil, "\(id) \(key)") }
        for (key, _) in try GPPSection(id: id, fields: [:]).fields ?? [] {
            #expect(keys.contains(key), "\(id) \(key)")
        }
    }

    /// `Version` is a row of every section's tables, as every consumer of the tables reads them:
    /// the first of ``GPPSection/fieldRows``, the first key of
    /// ``GPPSection/fieldKeys(sectionId:)`` with ``GPPField/version``'s type, a pre-parsed in-app
    /// key, and the first of the field listing.
    @Test(arguments: ids) func versionIsTheFirstRow(_ id: Int) throws {
        let section = try GPPSection(id: id, fields: ["version": .int(1)])
        let rows = try #require(section.fieldRows)
        let first = try #require(rows.first)
        #expect(first.name == "Version" && first.type == .int(6) && first.subsection == 0 && first.value == .int(1))
        #expect(rows.dropFirst().allSatisfy { $0.name != "Version" })
        #expect(GPPSection.fieldKeys(sectionId: id).first == "version")
        #expect(GPPSection.fieldType(key: "version", sectionId: id) == .int(6))
        let prefix = try #require(GPPSection.inAppPrefix(of: id))
        #expect(try section.preParsedInAppKeys()["IABGPP_\(prefix)_Version"] == .int(1))
        #expect(section.fields?.first?.key == "version" && section.fields?.first?.value == .int(1))
    }

    @Test func noFieldKeysForTCFOrUnknownIds() {
        #expect(GPPSection.fieldKeys(sectionId: 2) == [])
        #expect(GPPSection.fieldKeys(sectionId: 4) == [])
        #expect(GPPSection.fieldKeys(sectionId: 63) == [])
    }
}
