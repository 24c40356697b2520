import Foundation
import IABTCF
import IABTCFAppTracking
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

/// `tcstring att` at its edges (issue 27): the vendors consentmanager's rejection removes, with
/// and without `--gvl`; options that do not apply to the chosen flow or strategy; `--scope` on a
/// flow that rejects nothing.
@Suite struct ATTCommandEdgeTests {
    static let gvl = CommandLineTests.gvl
    /// Issue 27's repro: what the CMP saved after an ATT denial.
    static let repro =
        #"{"cmpId":300,"vendorListVersion":17,"purposeConsents":[1,8,9,10],"vendorConsents":[2,755],"vendorLegitimateInterests":[755]}"#
    /// The same with vendor 131 (ID5), which declares purpose 1 only.
    static let reproWith131 =
        #"{"cmpId":300,"vendorListVersion":17,"purposeConsents":[1,8,9,10],"vendorConsents":[2,131,755],"vendorLegitimateInterests":[755]}"#

    func encode(_ json: String) throws -> String {
        let encoded = try CommandLineTool.run(["encode", "-"], stdin: json)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        return encoded.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func att(_ arguments: [String]) throws -> JSON {
        let output = try CommandLineTool.run(["att"] + arguments)
        #expect(output.status == 0, "\(arguments) \(output.stderr)")
        return try JSON(parsing: output.stdout)
    }

    /// `permissions` for one vendor and purpose 1: `allowed` and `reason`.
    func purposeOne(_ tcString: String, vendor: Int) throws -> (allowed: JSON?, reason: JSON?) {
        let output = try CommandLineTool.run([
            "permissions", "--gvl", Self.gvl, "--vendor", String(vendor), "--purpose", "1", tcString,
        ])
        let purpose = try JSON(parsing: output.stdout)["purposes"]?["1"]
        return (purpose?["allowed"], purpose?["reason"])
    }

    func string(_ json: JSON, _ key: String) -> String {
        guard case .string(let text)? = json[key] else {
            Issue.record("no \(key) in \(json.serialized(pretty: false))")
            return ""
        }
        return text
    }

    /// Without `--gvl`: once the CMP has recorded a choice, the denial rejects the ad purposes and
    /// special features only, so vendor 755 keeps consent to purpose 1; before that, every vendor.
    @Test func consentmanagerWithoutAVendorList() throws {
        let saved = try encode(Self.repro)
        let after = try att(["--flow", "consentmanager", "--status", "denied", "--tc-string", saved])
        #expect(after["next"] == .string("done") && after["rejectVendors"] == .ids([]))
        #expect(after["rejectPurposes"] == .ids([2, 3, 4, 7]))
        #expect(string(after, "tcString") == saved)
        let permission = try purposeOne(string(after, "tcString"), vendor: 755)
        #expect(permission.allowed == .bool(true) && permission.reason == .string("consent"))
        // While the CMP has a choice to collect, every vendor goes.
        let before = try att([
            "--flow", "consentmanager", "--status", "denied", "--consent", "none", "--tc-string", saved,
        ])
        #expect(before["next"] == .string("showCMPWithoutTracking") && before["rejectVendors"] == .string("all"))
        // No current choice (--consent none): the string stays as stored until the CMP asks (issue 46).
        #expect(string(before, "tcString") == saved)
    }

    /// With `--gvl`: the vendors of the list that declare a rejected purpose or special feature, at
    /// every evaluation. Google (755) declares purposes 3 and 4 and loses its consent; ID5 (131)
    /// declares purpose 1 only and keeps it.
    @Test func consentmanagerWithAVendorList() throws {
        let saved = try encode(Self.reproWith131)
        var related: [Int] = []
        for (id, vendor) in GVLFixtures.v17.vendors {
            let declared = vendor.purposes.union(vendor.legIntPurposes).union(vendor.flexiblePurposes)
            if !declared.intersection([2, 3, 4, 7]).isEmpty || !vendor.specialFeatures.isEmpty { related.append(id) }
        }
        for consent in ["none", "refused"] {
            let result = try att([
                "--flow", "consentmanager", "--status", "denied", "--tc-string", saved, "--gvl", Self.gvl,
                "--consent", consent,
            ])
            #expect(result["rejectVendors"] == .ids(try VendorSet(related)), "\(consent)")
            let rewritten = string(result, "tcString")
            // No current choice (--consent none): the string stays as stored until the CMP asks (issue 46).
            guard consent != "none" else {
                #expect(rewritten == saved)
                continue
            }
            #expect(try TCString(encoded: rewritten).vendorConsents == [131], "\(consent)")
            #expect(try purposeOne(rewritten, vendor: 755).reason == .string("noVendorConsent"))
            #expect(try purposeOne(rewritten, vendor: 131).allowed == .bool(true))
        }
        // A strategy takes the list with --reject-vendors all.
        let strategy = try att([
            "--strategy", "attFirstRejectTracking", "--status", "denied", "--reject-vendors", "all", "--gvl", Self.gvl,
        ])
        guard case .array(let ids)? = strategy["rejectVendors"] else {
            Issue.record("rejectVendors is not a list")
            return
        }
        #expect(ids.contains(.int(755)) && !ids.contains(.int(131)))
    }

    /// Each option that does not apply to the chosen flow or strategy is a usage error naming it.
    @Test(arguments: [
        (["--strategy", "cmpFirst", "--restricted-as-denied"], "--restricted-as-denied"),
        (["--flow", "consentmanager", "--restricted-as-denied"], "--restricted-as-denied"),
        (["--flow", "adjust", "--restricted-as-unavailable"], "--restricted-as-unavailable"),
        (["--flow", "didomi-att-first", "--no-enforce"], "--no-enforce"),
        (["--flow", "consentmanager", "--cmp-cannot-hide-tracking"], "--cmp-cannot-hide-tracking"),
        (["--strategy", "attFirstDenyAll", "--cmp-cannot-hide-tracking"], "--cmp-cannot-hide-tracking"),
        (["--strategy", "cmpFirst", "--no-enforce"], "--no-enforce"),
        (["--flow", "adjust", "--trigger", "always"], "--trigger"),
        (["--flow", "adjust", "--consent", "granted"], "--consent"),
        (["--flow", "didomi-att-first", "--reject-vendors", "1-5"], "--reject-vendors"),
        (["--flow", "didomi-cmp-first", "--gvl", "vendor-list.json"], "--gvl"),
        (["--flow", "pubconsent-att-first", "--gvl", "vendor-list.json"], "--gvl"),
        (["--strategy", "cmpFirst", "--gvl", "vendor-list.json"], "--gvl"),
        (["--flow", "consentmanager", "--reject-vendors", "1-5", "--gvl", "vendor-list.json"], "--gvl"),
        (["--flow", "didomi-cmp-first", "--cmp-shown"], "--cmp-shown"),
        (["--strategy", "cmpFirst", "--cmp-shown"], "--cmp-shown"),
        (["--flow", "google-ump", "--restricted-as-denied"], "--restricted-as-denied"),
    ])
    func optionThatDoesNotApply(_ arguments: [String], _ option: String) throws {
        let output = try CommandLineTool.run(["att", "--status", "denied"] + arguments)
        #expect(output.status == 2 && output.stdout.isEmpty)
        let message = output.stderr.split(separator: "\n").first ?? ""
        #expect(message.hasPrefix("tcstring: att: \(option)"), "\(message)")
    }

    /// The same options where they apply.
    @Test(arguments: [
        ["--strategy", "cmpFirst", "--restricted-as-unavailable"],
        ["--strategy", "cmpFirst", "--cmp-cannot-hide-tracking"],
        ["--strategy", "attFirstRejectTracking", "--cmp-cannot-hide-tracking"],
        ["--strategy", "attFirstCMPUnaffected", "--no-enforce"],
        ["--flow", "didomi-att-first", "--restricted-as-denied"],
        ["--flow", "pubconsent-cmp-first", "--restricted-as-denied"],
        ["--flow", "didomi-att-first", "--scope", "appleDefault", "--reject-vendors", "1-5"],
        ["--flow", "consentmanager", "--gvl", ATTCommandEdgeTests.gvl],
        ["--flow", "adjust", "--scope", "denyAll", "--gvl", ATTCommandEdgeTests.gvl],
        ["--flow", "google-ump", "--cmp-shown"],
    ])
    func optionThatApplies(_ arguments: [String]) throws {
        let output = try CommandLineTool.run(["att", "--status", "restricted"] + arguments)
        #expect(output.status == 0 && output.stderr.isEmpty, "\(output.stderr)")
    }

    @Test func strategyAndFlowExcludeEachOther() throws {
        let output = try CommandLineTool.run([
            "att", "--status", "denied", "--flow", "adjust", "--strategy", "cmpFirst",
        ])
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix(
                "tcstring: att: --strategy and --flow exclude each other; see `tcstring help att`\n"
            )
        )
    }

    /// An operand is a usage error that names it as typed, as in every other command.
    @Test func operandIsNamedAsTyped() throws {
        let output = try CommandLineTool.run(["att", "--status", "denied", "stray"])
        #expect(output.status == 2)
        #expect(
            output.stderr.hasPrefix("tcstring: att: unexpected stray; see `tcstring help att`\n"),
            "\(output.stderr)"
        )
    }

    /// `--scope` turns a rejection on for every flow that rejects nothing, Adjust included: the
    /// scope's purposes and special features leave the stored string.
    @Test(arguments: ["didomi-cmp-first", "pubconsent-cmp-first", "onesecondbefore-att-first", "adjust", "google-ump"])
    func scopeTurnsARejectionOn(_ flow: String) throws {
        let accept = try TrackingFixtures.acceptAll().encoded()
        let literal = try att(["--flow", flow, "--status", "denied", "--tc-string", accept])
        #expect(literal["reject"] == .string("none") && (string(literal, "tcString")) == accept)
        let scoped = try att(["--flow", flow, "--status", "denied", "--scope", "denyAll", "--tc-string", accept])
        #expect(scoped["reject"] == .string("trackingScope"))
        #expect(scoped["rejectPurposes"] == .ids(try PurposeSet(1...11)))
        let after = try TCString(encoded: string(scoped, "tcString"))
        #expect(after.purposeConsents.isEmpty && after.specialFeatureOptIns.isEmpty)
        // Authorized rejects nothing, and without the GDPR there is no TC string to change.
        let authorized = try att(["--flow", flow, "--status", "authorized", "--scope", "denyAll"])
        #expect(authorized["reject"] == .string("none"))
        let noGDPR = try att(["--flow", flow, "--status", "denied", "--scope", "denyAll", "--gdpr-applies", "false"])
        #expect(noGDPR["reject"] == .string("none"))
    }

    @Test func helpSaysWhereEachOptionApplies() throws {
        let help = try CommandLineTool.run(["att", "--help"]).stdout
        #expect(help.contains("--gvl FILE") && help.contains("usage error"))
        let noEnforce = help.split(separator: "\n").first { $0.hasPrefix("  --no-enforce ") }
        #expect(noEnforce?.contains("attFirstCMPUnaffected") == true)
    }
}
