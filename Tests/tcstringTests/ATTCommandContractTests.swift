import IABTCF
import IABTCFAppTracking
import TCFJSON
import TestSupport
import Testing

/// The `tcstring att` contract of issue 4, which tools outside the repository parse: the exact
/// keys in order, `tcString` only with `--tc-string`, consent derived from the string without `--consent`.
@Suite struct ATTCommandContractTests {
    static let contractKeys = ["next", "reject", "idfaAllowed", "trackersAllowed", "reapplyAfterCMP", "warnings"]
    /// The keys issue 14 added after them (and after `tcString`), then issue 38's `attRequestableFrom`
    /// and issue 46's `adServing`.
    static let flowKeys = [
        "statusChanged", "rejectPurposes", "rejectSpecialFeatures", "rejectVendors", "attRequestableFrom",
        "adServing",
    ]

    func run(_ arguments: [String]) throws -> (status: Int32, json: JSON?) {
        let output = try CommandLineTool.run(["att"] + arguments)
        return (output.status, output.status == 0 ? try JSON(parsing: output.stdout) : nil)
    }

    func keys(_ json: JSON?) -> [String] {
        guard case .object(let members)? = json else { return [] }
        return members.map(\.0)
    }

    @Test func keysWithoutATCString() throws {
        let result = try run(["--status", "notDetermined", "--strategy", "cmpFirst"])
        #expect(result.status == 0)
        #expect(keys(result.json) == Self.contractKeys + Self.flowKeys)
        #expect(result.json?["next"] == .string("showCMP"))
    }

    @Test func keysWithATCString() throws {
        let accept = try TrackingFixtures.acceptAll().encoded()
        let result = try run(["--status", "denied", "--strategy", "cmpFirst", "--tc-string", accept])
        #expect(keys(result.json) == Self.contractKeys + ["tcString"] + Self.flowKeys)
    }

    @Test func consentIsDerivedFromTheString() throws {
        let accept = try TrackingFixtures.acceptAll().encoded()
        let refuse = try TrackingFixtures.refuseAll().encoded()
        // CMP first, ATT not asked yet: tracking consent in the string asks ATT; a refusal never does (G5).
        let granted = try run(["--status", "notDetermined", "--strategy", "cmpFirst", "--tc-string", accept])
        #expect(granted.json?["next"] == .string("requestATT"))
        let refused = try run(["--status", "notDetermined", "--strategy", "cmpFirst", "--tc-string", refuse])
        #expect(refused.json?["next"] == .string("done"))
        // An explicit --consent wins over the string.
        let explicit = try run([
            "--status", "notDetermined", "--strategy", "cmpFirst", "--tc-string", refuse, "--consent", "none",
        ])
        #expect(explicit.json?["next"] == .string("showCMP"))
        // The scope decides what counts as tracking consent: purposes 7 and 9 alone are outside personalisedAdsOnly.
        var measurementOnly = try TrackingFixtures.refuseAll()
        measurementOnly.purposeConsents = [1, 7, 9]
        measurementOnly.vendorConsents = [8]
        let text = try measurementOnly.encoded()
        let apple = try run(["--status", "notDetermined", "--strategy", "cmpFirst", "--tc-string", text])
        #expect(apple.json?["next"] == .string("requestATT"))
        let minimal = try run([
            "--status", "notDetermined", "--strategy", "cmpFirst", "--tc-string", text, "--scope",
            "personalisedAdsOnly",
        ])
        #expect(minimal.json?["next"] == .string("done"))
    }

    @Test func aStringThatNeedsNoChangeComesBackByteIdentical() throws {
        let refuse = try TrackingFixtures.refuseAll().encoded()
        let result = try run(["--status", "denied", "--strategy", "attFirstRejectTracking", "--tc-string", refuse])
        #expect(result.json?["reject"] == .string("trackingScope"))
        #expect(result.json?["tcString"] == .string(refuse))
    }

    @Test func rejectAllClearsEverything() throws {
        let accept = try TrackingFixtures.acceptAll().encoded()
        let result = try run([
            "--status", "denied", "--flow", "didomi-att-first", "--tc-string", accept, "--today", "2026-11-20",
        ])
        #expect(result.json?["reject"] == .string("all"))
        guard case .string(let text)? = result.json?["tcString"] else {
            Issue.record("no tcString")
            return
        }
        let after = try TCString(encoded: text)
        #expect(after.purposeConsents.isEmpty && after.purposeLegitimateInterests.isEmpty)
        #expect(after.specialFeatureOptIns.isEmpty && after.vendorConsents.isEmpty)
        #expect(after.vendorLegitimateInterests.isEmpty)
        // The dates stay those of the person's choice (issue 46, item 1).
        let accepted = try TrackingFixtures.acceptAll()
        #expect(after.lastUpdated == accepted.lastUpdated && after.created == accepted.created)
    }

    @Test func statusSpellings() throws {
        // Raw numbers are Apple's values; unknown ones fail closed as denied.
        for (raw, name) in [
            ("0", "notDetermined"), ("1", "restricted"), ("2", "denied"), ("3", "authorized"),
            ("42", "denied"), ("123456789012345678901234567890", "denied"), ("-1", "denied"),
        ] {
            let byNumber = try run(["--status", raw, "--strategy", "attFirstRejectTracking"])
            let byName = try run(["--status", name, "--strategy", "attFirstRejectTracking"])
            #expect(byNumber.json == byName.json, "\(raw)")
        }
        // Without ATT the IDFA needs Purpose 1 consent where the GDPR applies: none before the CMP.
        let unavailable = try run(["--status", "unavailable", "--strategy", "attFirstDenyAll"])
        #expect(unavailable.json?["idfaAllowed"] == .bool(false) && unavailable.json?["next"] == .string("showCMP"))
        let granted = try run(["--status", "unavailable", "--strategy", "attFirstDenyAll", "--consent", "granted"])
        #expect(granted.json?["idfaAllowed"] == .bool(true) && granted.json?["next"] == .string("done"))
    }

    @Test func gdprDoesNotApply() throws {
        let result = try run(["--status", "authorized", "--strategy", "cmpFirst", "--gdpr-applies", "false"])
        #expect(result.json?["next"] == .string("done") && result.json?["trackersAllowed"] == .bool(true))
    }

    /// The three `att` commands of the DocC article on the tool (CommandLineTool.md) print exactly what it shows.
    @Test func readmeExamples() throws {
        let consentmanager = try CommandLineTool.run(["att", "--flow", "consentmanager", "--status", "denied"])
        #expect(
            consentmanager.stdout
                == #"{"next":"showCMPWithoutTracking","reject":"trackingScope","idfaAllowed":false,"trackersAllowed":false,"reapplyAfterCMP":true,"warnings":[],"statusChanged":false,"rejectPurposes":[2,3,4,7],"rejectSpecialFeatures":[1,2],"rejectVendors":"all","attRequestableFrom":null,"adServing":null}"#
                + "\n"
        )
        let denyAll = try CommandLineTool.run(["att", "--status", "denied", "--strategy", "attFirstDenyAll"])
        #expect(
            denyAll.stdout
                == #"{"next":"done","reject":"all","idfaAllowed":false,"trackersAllowed":false,"reapplyAfterCMP":true,"warnings":[],"statusChanged":false,"rejectPurposes":[1,2,3,4,5,6,7,8,9,10,11],"rejectSpecialFeatures":[1,2],"rejectVendors":"all","attRequestableFrom":null,"adServing":null}"#
                + "\n"
        )
        let applied = try CommandLineTool.run([
            "att", "--status", "denied", "--strategy", "cmpFirst", "--today", "2026-11-22", "--tc-string",
            "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA",
        ])
        #expect(
            applied.stdout
                == #"{"next":"showCMPWithoutTracking","reject":"trackingScope","idfaAllowed":false,"trackersAllowed":false,"reapplyAfterCMP":true,"warnings":[],"tcString":"COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA","statusChanged":false,"rejectPurposes":[3,4,7,9],"rejectSpecialFeatures":[1,2],"rejectVendors":[],"attRequestableFrom":null,"adServing":{"vendor":755,"mode":"none","reasons":[{"reason":"expired","lastUpdated":"2021-02-02T17:01:00.000Z","ageDays":2119,"maxAgeDays":395}]}}"#
                + "\n"
        )
        // The string dates from 2021: expired, it stays as stored and the CMP asks first (issue 46,
        // item 1). A rejection of a current choice loses purpose 9's legitimate interest and special
        // feature 1, keeps the rest, and is stable when applied again on another day.
        let after = try TCString(encoded: "COtybn4QuFeUAKjACBENAPCAAEBAAEAAAIAAAAAAAAAA")
        #expect(after.purposeConsents == [2, 10] && after.purposeLegitimateInterests == [2])
        #expect(after.specialFeatureOptIns.isEmpty)
        let before = try TCString(encoded: "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA")
        #expect(before.purposeLegitimateInterests == [2, 9] && before.specialFeatureOptIns == [1])
        #expect(after.created == before.created)
        #expect(after.cmpId == before.cmpId && after.vendorListVersion == before.vendorListVersion)
        let again = try run([
            "--status", "denied", "--strategy", "cmpFirst", "--today", "2026-12-01", "--tc-string",
            "COtybn4QuFeUAKjACBENAPCAAEBAAEAAAIAAAAAAAAAA",
        ])
        #expect(again.json?["tcString"] == .string("COtybn4QuFeUAKjACBENAPCAAEBAAEAAAIAAAAAAAAAA"))
    }

    /// Issue 14's contract: `--flow` with each guide's defaults, flow state in, rejection lists out.
    @Test func guideFlows() throws {
        let accept = try TrackingFixtures.acceptAll().encoded()
        let cm = try run(["--flow", "consentmanager", "--status", "denied", "--consent", "none"])
        #expect(cm.json?["next"] == .string("showCMPWithoutTracking") && cm.json?["rejectVendors"] == .string("all"))
        #expect(cm.json?["rejectPurposes"] == .ids([2, 3, 4, 7]) && cm.json?["rejectSpecialFeatures"] == .ids([1, 2]))
        // With a string and no --consent, the flow's trigger reads the consent: PubConsent's CMP-first
        // option asks ATT whatever the answer, Didomi's only after consent to a purpose.
        let refuse = try TrackingFixtures.refuseAll().encoded()
        let pub = try run(["--flow", "pubconsent-cmp-first", "--status", "0", "--tc-string", refuse])
        #expect(pub.json?["next"] == .string("requestATT"))
        #expect(pub.json?["warnings"] == .array([.string("attAfterCMPRefusal")]))
        let didomi = try run(["--flow", "didomi-cmp-first", "--status", "0", "--tc-string", refuse])
        #expect(didomi.json?["next"] == .string("done"))
        let always = try run(["--flow=didomi-cmp-first", "--status=0", "--trigger=always", "--tc-string", refuse])
        #expect(always.json?["next"] == .string("requestATT"))
        // The rejection reaches the string: consentmanager removes the ad purposes; the vendors the
        // CMP recorded keep their consent (issue 27).
        let applied = try run([
            "--flow", "consentmanager", "--status", "2", "--tc-string", accept, "--today", "2026-11-24",
        ])
        guard case .string(let text)? = applied.json?["tcString"] else {
            Issue.record("no tcString")
            return
        }
        let after = try TCString(encoded: text)
        let everyVendor = try VendorSet(1...50)
        #expect(after.purposeConsents == [1, 5, 6, 8, 9, 10, 11] && after.vendorConsents == everyVendor)
        #expect(keys(applied.json) == Self.contractKeys + ["tcString"] + Self.flowKeys)
        // A vendor list: only those vendors lose consent and legitimate interest.
        let some = try run([
            "--flow", "onesecondbefore-att-first", "--status", "denied", "--tc-string", accept, "--reject-vendors",
            "1,5-9",
        ])
        #expect(
            some.json?["rejectVendors"] == .ids([1, 5, 6, 7, 8, 9]) && some.json?["reject"] == .string("trackingScope")
        )
        guard case .string(let partly)? = some.json?["tcString"] else {
            Issue.record("no tcString")
            return
        }
        let vendors = try TCString(encoded: partly).vendorConsents
        #expect(!vendors.contains(1) && !vendors.contains(7) && vendors.contains(2) && vendors.contains(10))
        // Flow state: a repeated notDetermined falls through to the CMP; a status change is reported.
        let fallThrough = try run(["--flow", "didomi-att-first", "--status", "notDetermined", "--att-requested"])
        #expect(fallThrough.json?["next"] == .string("showCMP"))
        let changed = try run([
            "--flow", "adjust", "--status", "authorized", "--previous-status", "notDetermined", "--gdpr-applies",
            "false",
        ])
        #expect(changed.json?["statusChanged"] == .bool(true) && changed.json?["idfaAllowed"] == .bool(true))
        // The issue's compliance bug: authorized before the CMP answered allows no tracker, in every strategy.
        for strategy in ATTStrategy.allCases {
            let early = try run(["--status", "authorized", "--strategy", strategy.rawValue])
            #expect(early.json?["trackersAllowed"] == .bool(false) && early.json?["next"] == .string("showCMP"))
        }
    }

    @Test func helpPrintsTheUsage() throws {
        let help = try CommandLineTool.run(["att", "--help"])
        #expect(help.status == 0 && help.stdout.hasPrefix("usage: tcstring att") && help.stderr.isEmpty)
        #expect(ATTFlow.allCases.allSatisfy { help.stdout.contains($0.rawValue) })
    }

    @Test func errors() throws {
        #expect(
            try run(["--status", "denied", "--strategy", "cmpFirst", "--tc-string", "not a tc string"]).status == 1
        )
        #expect(try run(["--status", "denied-ish", "--strategy", "cmpFirst"]).status == 2)
        #expect(try run(["--status", "denied", "--strategy", "cmpFirst", "--flow", "adjust"]).status == 2)
        #expect(try run(["--status", "denied"]).status == 2)
        #expect(try run(["--status", "denied", "--flow", "didomi"]).status == 2)
        #expect(try run(["--status", "denied", "--flow", "adjust", "--reject-vendors", "5-1"]).status == 2)
        #expect(try run(["--status", "denied", "--flow", "adjust", "--trigger", "some"]).status == 2)
        #expect(try run(["--status", "denied", "--strategy", "S1"]).status == 2)
        #expect(try run(["--status", "denied", "--strategy", "cmpFirst", "--consent", "maybe"]).status == 2)
        #expect(try run(["--status", "denied", "--strategy", "cmpFirst", "--gdpr-applies", "yes"]).status == 2)
        #expect(try run(["--status", "denied", "--strategy", "cmpFirst", "--scope", "everything"]).status == 2)
    }
}
