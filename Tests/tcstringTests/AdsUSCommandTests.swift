import Foundation
import IABGPP
import IABTCF
import TCFJSON
import TestSupport
import Testing

/// `tcstring ads` for a person in the US: the GPP string's US sections in force, `--us-privacy`
/// and `--gad-rdp`.
@Suite struct AdsUSCommandTests {
    /// A GPP string with one US section, "Did Not Opt Out" (2) everywhere but `fields`.
    static func gpp(_ id: Int, _ fields: [String: GPPValue] = [:], gpc: Bool? = nil) throws -> String {
        var section = try #require(USSection(id: id))
        for field in ["SaleOptOut", "SharingOptOut", "TargetedAdvertisingOptOut"] where section[field] != nil {
            section[field] = .int(2)
        }
        for (name, value) in fields { section[name] = value }
        section.gpc = gpc
        return try GPPString(sections: [.us(section)]).encoded()
    }

    static func ads(_ arguments: [String]) throws -> (status: Int32, json: JSON?) {
        let output = try CommandLineTool.run(["ads", "--today", "2026-11-26"] + arguments)
        return (output.status, try? JSON(parsing: output.stdout))
    }

    static func optOut(_ id: Int, _ name: String, _ field: String, google: Bool) -> JSON {
        .object([
            ("reason", .string("usOptOut")), ("sectionId", .int(id)), ("section", .string(name)),
            ("field", .string(field)), ("readByGoogle", .bool(google)),
        ])
    }

    static func reason(_ name: String, _ sectionId: Int) -> JSON {
        .object([("reason", .string(name)), ("sectionId", .int(sectionId))])
    }

    static func answer(_ mode: String, _ reasons: [JSON]) -> JSON {
        .object([
            ("vendor", .int(755)), ("mode", .string(mode)),
            ("reasons", .array([.object([("reason", .string("gdprDoesNotApply"))])] + reasons)),
        ])
    }

    /// The issue's example: a US National string no longer exits with `missingTCFSection`.
    @Test func aUSNationalStringIsAnswered() throws {
        let accepted = try Self.ads(["--gdpr-applies", "false", try Self.gpp(7)])
        #expect(accepted.status == 0 && accepted.json == Self.answer("personalized", []))
        // US National "SaleOptOut … 1 Opted Out": Google's restricted data processing, but "AdMob
        // will not accept US National … as part of GPP support", so the app sets gad_rdp itself.
        // A US section that does not decode is an error (exit 1), never "no opt-out": the answer
        // fails safe and names the section, the decoder's code and the character.
        let unreadable = try Self.ads(["--gdpr-applies", "false", "DBABL~BV"])
        #expect(unreadable.status == 1)
        let reason = JSON.object([
            ("reason", .string("gppSectionUnreadable")), ("sectionId", .int(7)), ("code", .string("truncated")),
            ("position", .int(8)),
        ])
        #expect(unreadable.json == Self.answer("nonPersonalized", [reason]))
        #expect(try Self.ads(["--gdpr-applies", "false", "DBABL~BVQqAAAAAgZZZ"]).status == 1)
        let optedOut = try Self.ads([try Self.gpp(7, ["SaleOptOut": .int(1)])])
        #expect(optedOut.json == Self.answer("nonPersonalized", [Self.optOut(7, "usnat", "SaleOptOut", google: false)]))
    }

    /// California: "User opted out of Sharing of the Consumer's Personal Information" triggers RDP.
    @Test func aCaliforniaOptOutAndGPCAndSectionsInForce() throws {
        let usca = try Self.gpp(8, ["SharingOptOut": .int(1)])
        let answer = Self.answer("nonPersonalized", [Self.optOut(8, "usca", "SharingOptOut", google: true)])
        #expect(try Self.ads([usca]).json == answer)
        #expect(try Self.ads(["--gpp-sid", "8", usca]).json == answer)
        // Sections 7 and 9 in force, which the string lacks: never looser than the choice, each an
        // opt-out naming it; section 8, not in force, is named and does not decide.
        let missing = Self.answer(
            "nonPersonalized",
            [
                Self.reason("gppSectionMissing", 7), Self.reason("gppSectionMissing", 9),
                Self.reason("gppSectionNotInForce", 8),
            ]
        )
        #expect(try Self.ads(["--gpp-sid", "7_9", usca]).json == missing)
        #expect(try Self.ads(["--gpp-sid", "7,9", usca]).json == missing)
        #expect(try Self.ads(["--gpp-sid", "7;9", usca]).status == 2)
        let gpc = try Self.gpp(12, gpc: true)
        #expect(
            try Self.ads([gpc]).json == Self.answer("nonPersonalized", [Self.optOut(12, "usct", "Gpc", google: true)])
        )
    }

    /// Google: "setting either the `gad_rdp` key to `true` or providing a compliant
    /// `IABUSPrivacy_String`" restricts processing, non-personalized ads only.
    @Test func usPrivacyAndGadRDP() throws {
        let usnat = try Self.gpp(7)
        let usp = try Self.ads(["--us-privacy", "1YYN", usnat])
        let uspReason = JSON.object([("reason", .string("usPrivacyOptOut")), ("usPrivacy", .string("1YYN"))])
        #expect(usp.json == Self.answer("nonPersonalized", [uspReason]))
        #expect(try Self.ads(["--us-privacy", "1YNN", usnat]).json == Self.answer("personalized", []))
        let rdp = try Self.ads(["--gad-rdp", usnat])
        #expect(
            rdp.json == Self.answer("nonPersonalized", [.object([("reason", .string("restrictedDataProcessing"))])])
        )
    }

    /// "TCF strings sent through the GPP will not be accepted" (AdMob help).
    @Test func aTCFSectionInsideGPPIsNotReadByGoogle() throws {
        let tcf = "DBABM~CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let notRead = JSON.object([
            ("vendor", .int(755)), ("mode", .string("none")),
            ("reasons", .array([.object([("reason", .string("tcfOnlyInGPP"))])])),
        ])
        #expect(try Self.ads([tcf]).json == notRead)
        #expect(try Self.ads(["--gdpr-applies", "true", tcf]).json == notRead)
        #expect(try Self.ads(["--gdpr-applies", "false", tcf]).json == Self.answer("personalized", []))
    }

    /// `att --gpp-string --gpp-sid`: where the GDPR does not apply, trackers need ATT's permission
    /// and no opt-out in a US section in force (usnat "SaleOptOut … 1 Opted Out").
    @Test func attStopsTrackersAfterAUSOptOut() throws {
        let base = ["att", "--strategy", "cmpFirst", "--status", "authorized", "--gdpr-applies", "false"]
        func trackers(_ extra: [String]) throws -> JSON? {
            let output = try CommandLineTool.run(base + extra)
            #expect(output.status == 0, "\(output.stderr)")
            return try JSON(parsing: output.stdout)["trackersAllowed"]
        }
        let optedOut = try Self.gpp(7, ["SaleOptOut": .int(1)])
        #expect(try trackers([]) == .bool(true))
        #expect(try trackers(["--gpp-string", try Self.gpp(7)]) == .bool(true))
        #expect(try trackers(["--gpp-string", optedOut]) == .bool(false))
        #expect(try trackers(["--gpp-string", optedOut, "--gpp-sid", "7"]) == .bool(false))
        // Section 8 in force and missing: an opt-out, so no tracker (it used to fail open).
        #expect(try trackers(["--gpp-string", optedOut, "--gpp-sid", "8"]) == .bool(false))
        #expect(try trackers(["--gpp-string", try Self.gpp(7), "--gpp-sid", "7_2"]) == .bool(true))
    }

    /// `inapp --read FILE`: the keys as UserDefaults holds them give the stored consent, the
    /// problems, and the same ad answer `ads` prints for the GPP string they hold.
    @Test func inAppReadAgreesWithAds() throws {
        let gpp = try Self.gpp(8, ["SaleOptOut": .int(1)])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inapp-read-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let keys = #"{"IABTCF_gdprApplies": 0, "IABGPP_HDR_GppString": "\#(gpp)", "IABGPP_GppSID": 8, "gad_rdp": 1}"#
        try keys.write(to: file, atomically: true, encoding: .utf8)
        let output = try CommandLineTool.run(["inapp", "--read", file.path, "--today", "2026-11-26"])
        #expect(output.status == 0, "\(output.stderr)")
        let json = try JSON(parsing: output.stdout)
        #expect(json["problems"] == .array([]))
        #expect(json["storedConsent"]?["gppSectionIds"] == .array([.int(8)]))
        let ads = try Self.ads(["--gpp-sid", "8", "--gad-rdp", gpp])
        #expect(json["adServing"] == ads.json)
        #expect(ads.json?["mode"] == .string("nonPersonalized"))
    }

    /// `inapp --read` lists the problems of both readings (IABTCF's `InAppConsent`, IABGPP's
    /// `GPPInAppConsent`) in one order: values that do not read, then keys out of step, the GPP
    /// keys' before the derived `IABTCF_` keys', as when one reader read them all.
    @Test func inAppReadListsEveryProblemInOneOrder() throws {
        let tc = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"
        let own = try CommandLineTool.run(["inapp", tc])
        #expect(own.status == 0, "\(own.stderr)")
        guard case .object(var members) = try JSON(parsing: own.stdout) else {
            Issue.record("inapp prints an object")
            return
        }
        members.removeAll { $0.0 == "IABTCF_CmpSdkID" }
        members += [
            ("IABTCF_CmpSdkID", .int(999)), ("IABTCF_gdprApplies", .string("maybe")),
            ("IABGPP_GppSID", .string("x")), ("IABGPP_HDR_GppString", .string("DBABL~BVQqAAAAAg")),
            ("IABGPP_7_String", .string("BAAAAAAAAg")),
            ("IABGPP_2_String", .string("CPc7TgPPc7TgPAGABCENCpCgAP_AAAAAAAAAAAAAAAAA")),
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("inapp-problems-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try JSON.object(members).serialized().write(to: file, atomically: true, encoding: .utf8)
        let output = try CommandLineTool.run(["inapp", "--read", file.path, "--today", "2026-11-26"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            try JSON(parsing: output.stdout)["problems"]
                == .array(
                    [
                        "malformed IABTCF_gdprApplies: \"maybe\"", "malformed IABGPP_GppSID: \"x\"",
                        "IABGPP_7_String differs from IABGPP_HDR_GppString",
                        "IABGPP_2_String differs from IABTCF_TCString", "IABTCF_CmpSdkID differs from IABTCF_TCString",
                    ].map(JSON.string)
                )
        )
    }
}
