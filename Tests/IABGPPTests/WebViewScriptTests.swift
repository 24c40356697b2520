import IABTCF
import TCFJSON
import TestSupport
import Testing

@testable import IABGPP

/// The web view script's text and the data it embeds (a JavaScript engine runs it in
/// scripts/check-webview-js.sh; these tests need none).
@Suite struct WebViewScriptTests {
    /// The data the script calls its function with, parsed back.
    static func data(_ keys: [String: InAppValue]) throws -> JSON {
        let script = InAppWebViewScript.script(inAppKeys: keys)
        #expect(script.hasPrefix(InAppWebViewScript.template) && script.hasSuffix(");\n"))
        return try JSON(parsing: String(script.dropFirst(InAppWebViewScript.template.count).dropLast(3)))
    }

    static func member(_ json: JSON, _ path: String...) -> JSON? {
        path.reduce(json as JSON?) { current, name in
            guard case .object(let members)? = current else { return nil }
            return members.first { $0.0 == name }?.1
        }
    }

    static func acceptAll() throws -> [String: InAppValue] {
        var tc = try TrackingFixtures.acceptAll()
        tc.vendorConsents = try VendorSet([1, 755])
        tc.disclosedVendors = try VendorSet([1, 2, 755])
        var keys = try tc.inAppKeys(gdprApplies: true)
        keys[InAppKeys.cmpSdkVersion] = .int(7)
        return keys
    }

    /// A stored string cannot end the script or inject code: quotes, `</script>`, U+2028 and
    /// control characters are escaped, and the value reads back exactly.
    @Test func storedStringsAreEscapedForAScript() throws {
        let hostile = "\"</script><script>alert(1)</script>'\u{2028}\u{2029}&\\\n\u{1}"
        let keys: [String: InAppValue] = [
            InAppKeys.gdprApplies: .int(1), InAppKeys.publisherCC: .string(hostile),
            InAppKeys.tcString: .string(hostile), GPPInAppKeys.gppString: .string(hostile),
        ]
        let script = InAppWebViewScript.script(inAppKeys: keys)
        let data = String(script.dropFirst(InAppWebViewScript.template.count))
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}", "\n\u{1}", "'"] where forbidden != "'" {
            #expect(!data.contains(forbidden), "\(forbidden.unicodeScalars.map(\.value)) in the data")
        }
        #expect(!script.lowercased().contains("</script"))
        let json = try Self.data(keys)
        #expect(Self.member(json, "tcf", "publisherCC") == .string(hostile))
        // A TC string that does not decode is no choice: the script carries none.
        #expect(Self.member(json, "tcf", "tcString") == .string(""))
        #expect(Self.member(json, "gpp", "gppString") == .string(""))
    }

    /// A GPP string's TCF EU v2 section reads as `getSection` names its fields (the GPP documents'
    /// names): every core field and both vendor sections, in order, with their values; times in
    /// milliseconds and listed as dates.
    @Test func theTCFEuSectionHasTheGPPFieldNames() throws {
        var tc = try TrackingFixtures.acceptAll()
        tc.vendorConsents = [2, 5]
        tc.vendorLegitimateInterests = [9]
        tc.useNonStandardTexts = true
        tc.publisherCountryCode = try TwoLetterCode("DE")
        let json = try Self.data([GPPInAppKeys.gppString: .string("DBABMA~" + tc.encoded())])
        let section = Self.member(json, "gpp", "sections", "tcfeuv2")
        guard case .array(let subsections)? = section.flatMap({ Self.member($0, "subsections") }),
            subsections.count == 1, case .object(let fields) = subsections[0]
        else {
            Issue.record("no tcfeuv2 sub-section: \(String(describing: section))")
            return
        }
        let ids = { (set: [Int]) in JSON.array(set.map(JSON.int)) }
        let milliseconds = JSON.int(Int(tc.created.deciseconds) * 100)
        #expect(
            fields.map(\.0) == [
                "Version", "Created", "LastUpdated", "CmpId", "CmpVersion", "ConsentScreen", "ConsentLanguage",
                "VendorListVersion", "PolicyVersion", "IsServiceSpecific", "UseNonStandardStacks",
                "SpecialFeatureOptins", "PurposeConsents", "PurposeLegitimateInterests", "PurposeOneTreatment",
                "PublisherCountryCode", "VendorConsents", "VendorLegitimateInterests",
            ]
        )
        #expect(
            fields.map(\.1) == [
                .int(2), milliseconds, milliseconds, .int(tc.cmpId), .int(0), .int(0), .string("EN"),
                .int(tc.vendorListVersion), .int(tc.policyVersion), .bool(true), .bool(true),
                ids(Array(tc.specialFeatureOptIns)), ids(Array(tc.purposeConsents)),
                ids(Array(tc.purposeLegitimateInterests)), .bool(false), .string("DE"), ids([2, 5]), ids([9]),
            ]
        )
        #expect(Self.member(section!, "dates") == .array([.string("Created"), .string("LastUpdated")]))
    }

    @Test func acceptAllCarriesEveryConsent() throws {
        let keys = try Self.acceptAll()
        let json = try Self.data(keys)
        #expect(Self.member(json, "tcf", "gdprApplies") == .bool(true))
        #expect(Self.member(json, "tcf", "tcString") == keys[InAppKeys.tcString]?.stringValue.map(JSON.string))
        #expect(Self.member(json, "tcf", "cmpVersion") == .int(7))
        #expect(Self.member(json, "tcf", "purpose", "consents", "11") == .bool(true))
        #expect(Self.member(json, "tcf", "vendor", "consents", "755") == .bool(true))
        #expect(Self.member(json, "tcf", "vendor", "consents", "2") == .bool(false))
        #expect(Self.member(json, "tcf", "specialFeatureOptins", "2") == .bool(true))
        #expect(Self.member(json, "gpp", "applicableSections") == .array([.int(-1)]))
    }

    /// No key at all: whether the GDPR applies is unknown (the TCF callbacks wait) and GPP is not ready.
    @Test func noKeysIsNotReady() throws {
        let json = try Self.data([:])
        #expect(Self.member(json, "tcf", "gdprApplies") == .null)
        #expect(Self.member(json, "gpp", "ready") == .bool(false))
        #expect(Self.member(json, "tcf", "purpose", "consents", "1") == .bool(false))
    }

    /// A US person: the GPP string, its sections in force, each section by the specification's names.
    @Test func aUSPersonHasParsedSections() throws {
        var section = try #require(USSection(id: 7))
        section["SaleOptOut"] = .int(1)
        let gpp = GPPString(sections: [.us(section)])
        var keys = try gpp.gppInAppKeys()
        keys[InAppKeys.gdprApplies] = .int(0)
        let json = try Self.data(keys)
        #expect(Self.member(json, "gpp", "gppString") == .string(try gpp.encoded()))
        #expect(Self.member(json, "gpp", "ready") == .bool(true))
        #expect(Self.member(json, "gpp", "applicableSections") == .array([.int(7)]))
        #expect(Self.member(json, "gpp", "supportedAPIs") == .array([.string("usnat")]))
        guard case .array(let subsections)? = Self.member(json, "gpp", "sections", "usnat", "subsections") else {
            Issue.record("no usnat sub-sections")
            return
        }
        #expect(Self.member(subsections[0], "SaleOptOut") == .int(1))
    }
}
