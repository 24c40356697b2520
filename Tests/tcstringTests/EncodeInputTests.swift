import Foundation
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// `tcstring encode`'s JSON input: strict about keys, types and ranges (each error names the key),
/// `cmpId` and `vendorListVersion` required, defaults that `validate()` accepts, and every
/// `decode` output accepted.
@Suite struct EncodeInputTests {
    static let today = Timestamp(iso8601: "2026-11-02T15:30:00Z")!

    func model(_ text: String) throws -> TCString {
        try TCString(json: JSON(parsing: text), today: Self.today)
    }

    /// Where and what for `text` (`path: problem`, or the problem alone for the whole document),
    /// or `nil` when it encodes.
    func failure(_ text: String) throws -> String? {
        do {
            _ = try TCString(json: JSON(parsing: text), today: Self.today)
            return nil
        } catch let error as ModelError {
            return error.path.isEmpty ? error.problem : "\(error.path): \(error.problem)"
        }
    }

    static let required = #""cmpId": 7, "vendorListVersion": 150"#

    /// The description reads like every error of the package: what, then the key, then the code.
    @Test func errorsSayWhatThenWhereThenTheCode() throws {
        let error = #expect(throws: ModelError.self) {
            try TCString(json: JSON(parsing: #"{\#(Self.required), "publisherTC": {"x": 1}}"#), today: Self.today)
        }
        #expect(error?.code == .unknownKey && error?.path == "publisherTC")
        #expect(error?.description == #"unknown key "x" (key publisherTC) [unknownKey]"#)
        let top = #expect(throws: ModelError.self) { try TCString(json: JSON(parsing: "{}"), today: Self.today) }
        #expect(top?.description == #"missing key "cmpId" (required: cmpId, vendorListVersion) [missingKey]"#)
    }

    @Test func unknownKeysAreErrorsNamingTheKey() throws {
        #expect(
            try failure(#"{"cmpid": 7, "vendorListVersion": 150}"#) == #"unknown key "cmpid" (did you mean "cmpId"?)"#
        )
        #expect(try failure(#"{\#(Self.required), "xyzzy": 1}"#) == #"unknown key "xyzzy""#)
        #expect(
            try failure(#"{\#(Self.required), "vendorConsent": [1]}"#)
                == #"unknown key "vendorConsent" (did you mean "vendorConsents"?)"#
        )
        #expect(
            try failure(#"{\#(Self.required), "publisherTC": {"purposeConsent": [1]}}"#)
                == #"publisherTC: unknown key "purposeConsent" (did you mean "purposeConsents"?)"#
        )
        #expect(
            try failure(
                #"{\#(Self.required), "publisherRestrictions": [{"purposeId": 2, "restrictionType": 1, "Vendors": [5]}]}"#
            ) == #"publisherRestrictions[0]: unknown key "Vendors" (did you mean "vendors"?)"#
        )
        #expect(try failure(#"{\#(Self.required), "cmpId": 8}"#) == #"duplicate key "cmpId""#)
    }

    @Test func missingRequiredKeysAreErrors() throws {
        #expect(
            try failure(#"{"cmpId": 7}"#) == #"missing key "vendorListVersion" (required: cmpId, vendorListVersion)"#
        )
        #expect(
            try failure(#"{"vendorListVersion": 150}"#) == #"missing key "cmpId" (required: cmpId, vendorListVersion)"#
        )
        #expect(try failure("{}") == #"missing key "cmpId" (required: cmpId, vendorListVersion)"#)
        #expect(
            try failure(#"{\#(Self.required), "publisherRestrictions": [{"purposeId": 2}]}"#)
                == #"publisherRestrictions[0]: missing key "restrictionType" (required: purposeId, restrictionType)"#
        )
    }

    @Test func wrongTypesAreErrorsNamingTheKey() throws {
        #expect(try failure(#"{"cmpId": "7", "vendorListVersion": 150}"#) == #"cmpId: "7" is not an integer"#)
        #expect(try failure(#"{"cmpId": null, "vendorListVersion": 150}"#) == "cmpId: null is not an integer")
        #expect(
            try failure(#"{\#(Self.required), "vendorConsents": [1, 2, 3, "x"]}"#)
                == #"vendorConsents[3]: "x" is not an integer"#
        )
        #expect(try failure(#"{\#(Self.required), "vendorConsents": 3}"#) == "vendorConsents: 3 is not a list of ids")
        #expect(
            try failure(#"{\#(Self.required), "isServiceSpecific": 1}"#) == "isServiceSpecific: 1 is not true or false"
        )
        #expect(try failure(#"{\#(Self.required), "cmpVersion": null}"#) == "cmpVersion: null is not an integer")
        #expect(
            try failure(#"{\#(Self.required), "consentLanguage": "ENG"}"#)
                == #"consentLanguage: "ENG" is not two letters A-Z"#
        )
        #expect(
            try failure(#"{\#(Self.required), "created": "yesterday"}"#)
                == #"created: "yesterday" is not an ISO-8601 UTC time (YYYY-MM-DD or YYYY-MM-DDTHH:MM:SS[.fff]Z)"#
        )
        #expect(try failure(#"{\#(Self.required), "publisherTC": []}"#) == "publisherTC: [] is not an object")
        #expect(
            try failure(#"{\#(Self.required), "publisherRestrictions": [7]}"#)
                == "publisherRestrictions[0]: 7 is not an object"
        )
        #expect(try failure("[1]") == "[1] is not an object")
        // Long values are cut short.
        let long = try #require(
            try failure(#"{\#(Self.required), "created": "\#(String(repeating: "9", count: 60))"}"#)
        )
        #expect(long.hasPrefix("created: \"" + String(repeating: "9", count: 36) + "... is not"))
    }

    @Test func outOfRangeValuesAreErrorsNamingTheKey() throws {
        #expect(try failure(#"{"cmpId": 4096, "vendorListVersion": 150}"#) == "cmpId: 4096 is out of range 0-4095")
        #expect(try failure(#"{"cmpId": -1, "vendorListVersion": 150}"#) == "cmpId: -1 is out of range 0-4095")
        #expect(
            try failure(#"{"cmpId": 7, "vendorListVersion": 5000}"#) == "vendorListVersion: 5000 is out of range 0-4095"
        )
        #expect(try failure(#"{\#(Self.required), "consentScreen": 64}"#) == "consentScreen: 64 is out of range 0-63")
        #expect(try failure(#"{\#(Self.required), "policyVersion": 64}"#) == "policyVersion: 64 is out of range 0-63")
        #expect(
            try failure(#"{\#(Self.required), "purposeConsents": [1, 25]}"#)
                == "purposeConsents[1]: 25 is out of range 1-24"
        )
        #expect(
            try failure(#"{\#(Self.required), "specialFeatureOptIns": [13]}"#)
                == "specialFeatureOptIns[0]: 13 is out of range 1-12"
        )
        #expect(
            try failure(#"{\#(Self.required), "vendorConsents": [0]}"#)
                == "vendorConsents[0]: 0 is out of range 1-65535"
        )
        #expect(
            try failure(#"{\#(Self.required), "disclosedVendors": [65536]}"#)
                == "disclosedVendors[0]: 65536 is out of range 1-65535"
        )
        #expect(
            try failure(#"{\#(Self.required), "publisherRestrictions": [{"purposeId": 25, "restrictionType": 1}]}"#)
                == "publisherRestrictions[0].purposeId: 25 is out of range 1-24"
        )
        #expect(
            try failure(#"{\#(Self.required), "publisherRestrictions": [{"purposeId": 2, "restrictionType": 4}]}"#)
                == "publisherRestrictions[0].restrictionType: 4 is out of range 0-3"
        )
        #expect(
            try failure(
                #"{\#(Self.required), "publisherTC": {"numCustomPurposes": 2, "customPurposeConsents": [1, 3]}}"#
            )
                == "publisherTC.customPurposeConsents[1]: 3 is above numCustomPurposes 2"
        )
        #expect(
            try failure(#"{\#(Self.required), "publisherTC": {"customPurposeLegitimateInterests": [64]}}"#)
                == "publisherTC.customPurposeLegitimateInterests[0]: 64 is out of range 1-63"
        )
        #expect(
            try failure(#"{\#(Self.required), "created": "1969-12-31"}"#)
                == #"created: "1969-12-31" is out of range 1970-01-01T00:00:00.000Z to 2187-10-06T10:21:13.500Z"#
        )
        #expect(
            try failure(#"{\#(Self.required), "version": 1}"#)
                == "version: 1 is not supported; only version 2 can be encoded"
        )
    }

    /// Absent, Disclosed Vendors is every vendor with consent or legitimate interest; `null` means no
    /// segment; a list is taken as given.
    @Test func disclosedVendorsDefaultsToTheVendorsOfTheString() throws {
        let vendors = #""vendorConsents": [1, 3], "vendorLegitimateInterests": [3, 8]"#
        #expect(try model(#"{\#(Self.required), \#(vendors)}"#).disclosedVendors == [1, 3, 8])
        #expect(try model(#"{\#(Self.required), \#(vendors), "disclosedVendors": null}"#).disclosedVendors == nil)
        #expect(try model(#"{\#(Self.required), \#(vendors), "disclosedVendors": [2]}"#).disclosedVendors == [2])
        #expect(try model(#"{\#(Self.required), \#(vendors), "disclosedVendors": []}"#).disclosedVendors == [])
        #expect(try model("{\(Self.required)}").disclosedVendors == [])
    }

    @Test func numCustomPurposesDefaultsToTheHighestCustomPurpose() throws {
        let tc = try model(
            #"{\#(Self.required), "publisherTC": {"customPurposeConsents": [1, 3], "customPurposeLegitimateInterests": [5]}}"#
        )
        #expect(tc.publisherTC?.numCustomPurposes == 5)
        #expect(try TCString(encoded: tc.encoded()) == tc)
        #expect(try model(#"{\#(Self.required), "publisherTC": {}}"#).publisherTC == PublisherTC())
    }

    /// The documented defaults give a string `validate()` accepts at policy version 5.
    @Test func defaultsMakeAStringWithNoFindings() throws {
        let minimal = try model("{\(Self.required)}")
        #expect(minimal.policyVersion == 5 && minimal.isServiceSpecific)
        #expect(minimal.created == Timestamp(iso8601: "2026-11-02")! && minimal.lastUpdated == minimal.created)
        #expect(minimal.validate() == [])
        let withVendors = try model(
            #"{\#(Self.required), "purposeConsents": [1, 2], "vendorConsents": [1, 3], "vendorLegitimateInterests": [8]}"#
        )
        #expect(withVendors.validate() == [])
        #expect(try TCString(encoded: withVendors.encoded()).validate() == [])
        // What the defaults cannot know is flagged when given wrong.
        let unregistered = try model(#"{"cmpId": 1, "vendorListVersion": 0}"#)
        #expect(unregistered.validate().map(\.rule) == [.cmpIdInvalid, .vendorListVersionInvalid])
    }

    /// Every `decode` output reads back to the same model, whatever the string holds.
    @Test(arguments: Fixtures.validDecodeVectors)
    func decodeOutputIsAccepted(_ vector: DecodeVector) throws {
        guard !vector.tcString.contains("~") else { return }
        let value = try TCString(encoded: vector.tcString)
        #expect(try TCString(json: JSON(parsing: value.json.serialized()), today: Self.today) == value)
    }

    @Test func decodeOutputOfRandomModelsIsAccepted() throws {
        var rng = SplitMix64(seed: 16)
        for _ in 0..<500 {
            let value = RandomModels.model(&rng)
            #expect(try TCString(json: JSON(parsing: value.json.serialized()), today: Self.today) == value)
        }
    }

    /// `tcstring encode --help` names every key in its key table, and the DocC article on the tool
    /// (CommandLineTool.md) shows the table word for word.
    @Test func keysHelpListsEveryKeyAndIsInTheReadme() throws {
        let printed = try CommandLineTool.run(["encode", "--help"])
        #expect(printed.status == 0)
        // The table runs from its heading to the usage of `encode --gvl`, which follows it.
        let start = printed.stdout.range(of: "  Keys (the decode schema")
        let end = printed.stdout.range(of: "\nusage: tcstring encode --gvl")
        guard let start, let end, start.lowerBound < end.lowerBound else {
            Issue.record("encode --help has no key table: \(printed.stdout)")
            return
        }
        let help = String(printed.stdout[start.lowerBound..<end.lowerBound])
        let keys =
            TCString.SchemaKey.allCases.map(\.rawValue) + PublisherRestriction.SchemaKey.allCases.map(\.rawValue)
            + PublisherTC.SchemaKey.allCases.map(\.rawValue)
        for key in keys {
            #expect(help.contains(key), "the key table does not mention \(key)")
        }
        for key in TCString.requiredJSONKeys {
            #expect(help.components(separatedBy: "optional")[0].contains(key.rawValue))
        }
        let article = try String(
            contentsOf: Fixtures.directory.deletingLastPathComponent()
                .appendingPathComponent("Sources/IABTCF/Docs.docc/CommandLineTool.md"),
            encoding: .utf8
        )
        #expect(article.contains(help))
    }

    @Test func commandLineErrorsNameTheKey() throws {
        let unknown = try CommandLineTool.run(["encode"], stdin: #"{"cmpid": 7}"#)
        #expect(unknown.status == 1 && unknown.stdout.isEmpty)
        #expect(unknown.stderr == "tcstring: unknown key \"cmpid\" (did you mean \"cmpId\"?) [unknownKey]\n")
        let readme = try CommandLineTool.run(
            ["encode"],
            stdin: #"{"created": "2026-03-01", "cmpId": 7, "vendorListVersion": 150, "vendorConsents": [1, 3]}"#
        )
        #expect(readme.stdout == "CQgYw8AQgYw8AAHAAAENCWFgAAAAAAAAAAAAABqAAAAA.IABq\n")
        let validated = try CommandLineTool.run(["validate", String(readme.stdout.dropLast())])
        #expect(validated.status == 0 && validated.stdout == "valid: no policy findings\n")
    }
}
