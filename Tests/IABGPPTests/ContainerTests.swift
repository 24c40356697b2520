import IABGPP
import Testing

import struct IABTCF.TCString

@Suite struct ContainerTests {
    /// The header examples of the doc's A.3 (spec padding and compressed padding).
    @Test(arguments: [
        ("DBACNY", [2, 6]), ("DBACNYA", [2, 6]), ("DBABjw", [5, 6]), ("DBABL", [7]), ("DBABLA", [7]),
        ("DBABzw", [6, 7]), ("DBABTA", [6]), ("DBABBg", [8]), ("DBACLMA", [7, 9]), ("DBADLO8", [7, 9, 11, 12]),
        ("DBABrGA", Array(7...12)), ("DBACOYs", [2, 5, 6] + Array(7...23)), ("DBACOcGA", [2, 5, 6] + Array(7...27)),
        ("DBABM", [2]), ("DBABMA", [2]),
    ])
    func headers(_ header: String, _ ids: [Int]) throws {
        #expect(try GPPString.sectionIDs(inHeader: header) == ids)
    }

    /// `DBABM` and `DBABMA` both hold TCF EU v2, decoded by IABTCF unchanged; each comes back
    /// byte for byte, and canonical encoding writes the spec's `DBABM`.
    @Test func tcfEuV2() throws {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        for header in ["DBABM", "DBABMA"] {
            let gpp = try GPPString(encoded: header + "~" + tc)
            #expect(gpp.sections == [.tcfEuV2(try TCString(encoded: tc))])
            #expect(try gpp.encoded(.preservingLayout) == header + "~" + tc)
            #expect(try gpp.encoded() == "DBABM~" + tc)
        }
    }

    /// Unknown ids stay text and round-trip.
    @Test func unknownSections() throws {
        let text = "DBABng~anything.at~all"
        // [3, 4]: both outside what the module decodes.
        let gpp = try GPPString(encoded: text)
        #expect(gpp.sections == [.unknown(id: 3, text: "anything.at"), .unknown(id: 4, text: "all")])
        #expect(try gpp.encoded(.preservingLayout) == text)
        #expect(try GPPString(encoded: try gpp.encoded()) == gpp)
    }

    /// Strict everywhere else: a typed error with section, part, field and 1-based position.
    @Test(
        arguments: [
            ("DBABL~BVQq+AAAAg", GPPError.Code.invalidCharacter, 7, 11),
            ("DBABL~BVQq/AAAAg", .invalidCharacter, 7, 11),
            ("DBABL~BVQqAAAAAg=", .invalidCharacter, 7, 17),
            ("DBA=L~BVQqAAAAAg", .invalidCharacter, 3, 4),
            ("CBABL~BVQqAAAAAg", .invalidHeaderType, 3, 1),
            ("DCABL~BVQqAAAAAg", .unsupportedVersion, 3, 2),
            ("DBABL~DVQqAAAAAg", .unsupportedVersion, 7, 7),
            ("DBABL~CVQqAAAAAg", .truncated, 7, 16),
            ("DBABL", .sectionCountMismatch, 3, nil),
            ("DBABL~BVQqAAAAAg~1YNN", .sectionCountMismatch, 3, nil),
            ("DBABL~BVQqAAAAAg.gA", .invalidSubsection, 7, 18),
            ("DBABL~BVQqAAAAAgAAAAAAAAAA", .surplusData, 7, 18),
            ("DBABTA~2YNN", .unsupportedVersion, 6, 8),
            ("DBABTA~1YXN", .invalidUSPrivacy, 6, 10),
            ("DBABBg~BVQq", .truncated, 8, 11),
            ("DBABMA~CPX", .tcString, 2, nil),
            ("DBABRg~BVQqAAAA.QA", .invalidSubsection, 9, 17),
        ] as [(String, GPPError.Code, Int, Int?)]
    )
    func refuses(_ text: String, _ code: GPPError.Code, _ section: Int, _ position: Int?) {
        // Strict options refuse the whole string; without them a section's error stays with it.
        if section != 3 {
            let failure = (try? GPPString(encoded: text))?.failedSection(section)?.error
            #expect(failure?.code == code && (position == nil || failure?.position == position), "\(text)")
        }
        #expect {
            try GPPString(encoded: text, options: TCString.DecodingOptions(strict: true))
        } throws: { error in
            guard let error = error as? GPPError else { return false }
            return error.code == code && error.sectionId == section && (position == nil || error.position == position)
        }
    }

    /// The field named in an error is the specification's.
    @Test func errorNamesField() throws {
        let error = #expect(throws: GPPError.self) {
            try GPPString(encoded: "DBABL~BVQqAAAA", options: TCString.DecodingOptions(strict: true))
        }
        #expect(error?.field == "KnownChildSensitiveDataConsents")
        #expect(error?.code == .truncated)
        #expect(error?.subsection == 0)
    }

    /// An encoder never writes ids out of order.
    @Test func encodingRefusesUnsortedIDs() throws {
        let sections: [GPPSection] = [
            .unknown(id: 4, text: "x"), .usPrivacy(.init(notice: .yes, optOutSale: .no, lspaCovered: .yes)),
        ]
        #expect(throws: GPPError.self) { try GPPString(sections: sections.reversed()).encoded() }
        #expect(GPPString(sections: sections.reversed()).validate().map(\.rule) == [.sectionIDs])
        #expect(try GPPString(sections: sections).encoded() == "DBACWY~x~1YNY")
    }

    /// Values built in code with the wrong shape are encoding errors, never traps.
    @Test func malformedModelsThrow() throws {
        var usnat = try #require(USSection(id: 7))
        usnat.core = [.int(1)]
        usnat.subsections[1] = []
        #expect(usnat["SaleOptOut"] == nil)
        #expect(usnat.gpc == nil)
        _ = usnat.fieldsJSON
        #expect(throws: GPPError.self) { try usnat.encoded() }
        var list = try #require(USSection(id: 7))
        list["SensitiveDataProcessing"] = .list([1, 2])
        #expect(throws: GPPError.self) { try list.encoded() }
        list["SensitiveDataProcessing"] = .int(1)
        #expect(throws: GPPError.self) { try list.encoded() }
        var canada = TCFCanadaSection()
        canada.publisherPurposes = [.int(1)]
        _ = canada.fieldsJSON
        #expect(throws: GPPError.self) { try canada.encoded() }
        canada = TCFCanadaSection()
        canada["CmpId"] = .int(4096)
        #expect(throws: GPPError.self) { try canada.encoded() }
        canada["CmpId"] = .int(1)
        canada["ConsentLanguage"] = .string("e1")
        #expect(throws: GPPError.self) { try canada.encoded() }
    }
}
