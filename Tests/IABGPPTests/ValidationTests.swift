import IABGPP
import Testing

@Suite struct ValidationTests {
    @Test func googleUMPStringIsValid() throws {
        #expect(try GPPString(encoded: "DBABL~BVQqAAAAAg").validate() == [])
    }

    @Test func gppSIDSectionsTheStringLacks() throws {
        let gpp = try GPPString(encoded: "DBABL~BVQqAAAAAg")
        #expect(gpp.validate(gppSID: "7") == [])
        #expect(
            gpp.validate(gppSID: "2_7, 8_2") == [
                GPPFinding(sectionId: 2, field: "IABGPP_GppSID", rule: .gppSIDSectionMissing),
                GPPFinding(sectionId: 8, field: "IABGPP_GppSID", rule: .gppSIDSectionMissing),
            ]
        )
    }

    @Test func flaggedCompatibilityReading() throws {
        let findings = try GPPString(encoded: "DBABLA~BVQVAAAAAAGA.YA").validate()
        #expect(findings == [GPPFinding(sectionId: 7, field: "Version", rule: .compatibilityReading)])
        #expect(findings[0].sectionName == "usnat")
    }

    /// A finding says where it is in words: a section by id and name, the header as the header.
    @Test func findingsSayWhereInWords() throws {
        let findings = try GPPString(encoded: "DBABLA~BVQVAAAAAAGA.YA").validate()
        #expect(
            findings.map(\.message) == [
                "section 7 (usnat), field Version: Version 1 with Version 2's widths, read under the compatibility "
                    + "rule usnatVersion1WithVersion2Widths; re-encode it with Version 2"
            ]
        )
        let header = GPPFinding(sectionId: 3, field: "Sections", rule: .sectionIDs)
        #expect(header.message == "header, field Sections: the header's section ids are not ascending and unique")
    }

    @Test func mspaCoveredTransactionZero() throws {
        // Every field 0: MspaCoveredTransaction 0 is not a value.
        let findings = try GPPString(encoded: "DBABL~BAAAAAAAAA").validate()
        #expect(findings == [GPPFinding(sectionId: 7, field: "MspaCoveredTransaction", rule: .mspaCoveredTransaction)])
    }

    @Test func rulesOnAModel() throws {
        var usca = try #require(USSection(id: 8))
        usca["MspaCoveredTransaction"] = .int(1)
        #expect(usca.validate() == [])
        usca["SaleOptOut"] = .int(1)  // opted out, notice 0 (not applicable)
        usca["SharingOptOutNotice"] = .int(2)
        usca["SharingOptOut"] = .int(2)  // did not opt out, no notice given
        usca["MspaOptOutOptionMode"] = .int(1)
        usca["MspaServiceProviderMode"] = .int(1)
        usca["SensitiveDataProcessing"] = .list([0, 0, 3, 0, 0, 0, 0, 0, 0])
        usca["PersonalDataConsents"] = .int(3)
        #expect(
            usca.validate() == [
                GPPFinding(sectionId: 8, field: "SensitiveDataProcessing", rule: .reservedValue),
                GPPFinding(sectionId: 8, field: "PersonalDataConsents", rule: .reservedValue),
                GPPFinding(sectionId: 8, field: "MspaServiceProviderMode", rule: .mspaModes),
                GPPFinding(sectionId: 8, field: "SaleOptOut", rule: .optOutWithoutNotice),
                GPPFinding(sectionId: 8, field: "SharingOptOut", rule: .optOutWithoutNotice),
            ]
        )
        // The value still encodes and decodes as it is: validation is its own step.
        let text = try usca.encoded()
        #expect(try USSection(id: 8, encoded: text) == usca)
    }

    @Test func canadaReservedRestrictionType() throws {
        var canada = TCFCanadaSection()
        canada["PubRestrictions"] = .records([GPPRangeRecord(key: 1, type: 3, ids: [4])])
        #expect(canada.validate() == [GPPFinding(sectionId: 5, field: "PubRestrictions", rule: .reservedValue)])
    }

    /// The ``mspa`` sections: the layout is read and reported; encoding takes the caller's, by default the
    /// specification's section header; what would read back differently is refused.
    @Test func mspaLayouts() throws {
        let es = try USSection(id: 25, encoded: "BVVV.kkk")
        #expect(es.layout == .noHeader)
        #expect(es["SensitiveDataProcessing"] == .list([2, 1, 0, 2, 1, 0, 2, 1]))
        var fresh = try #require(USSection(id: 25))
        #expect(fresh.layout == .sectionHeader)
        fresh["MspaVersion"] = .int(25)
        #expect(try USSection(id: 25, encoded: fresh.encoded()) == fresh)
        fresh.layout = .noHeader
        #expect(throws: GPPError.self) { try fresh.encoded() }
    }

    /// The GPC sub-section: absent is `nil`, not `false`.
    @Test func gpcAbsentIsNil() throws {
        guard case .us(let absent) = try GPPString(encoded: "DBABL~BVQqAAAAAg").sections[0],
            case .us(let present) = try GPPString(encoded: "DBABLA~BVQVAAAAAWA.QA").sections[0]
        else { throw GPPError(.invalidValue) }
        #expect(absent.gpc == nil)
        #expect(present.gpc == false)
    }
}
