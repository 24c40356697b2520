import IABTCF
import TCFJSON
import TestSupport
import Testing

/// The ATT walkthrough (`WalkthroughTests` in IABTCFAppTrackingTests) through `tcstring att`.
@Suite struct WalkthroughCommandTests {
    @Test func commandLine() throws {
        let accept = try TrackingFixtures.acceptAll().encoded()
        let output = try CommandLineTool.run([
            "att", "--status", "denied", "--strategy", "attFirstRejectTracking", "--tc-string", accept, "--today",
            "2026-11-22",
        ])
        #expect(output.status == 0)
        let json = try JSON(parsing: output.stdout)
        #expect(json["next"] == .string("done") && json["reject"] == .string("trackingScope"))
        #expect(json["idfaAllowed"] == .bool(false) && json["reapplyAfterCMP"] == .bool(true))
        #expect(json["warnings"] == .array([]))
        guard case .string(let rewritten)? = json["tcString"] else {
            Issue.record("no tcString")
            return
        }
        let after = try TCString(encoded: rewritten)
        // The rejection keeps the dates of the person's choice (issue 46, item 1).
        let before = try TCString(encoded: accept)
        #expect(after.purposeConsents == [1, 2, 5, 6, 8, 10, 11] && after.lastUpdated == before.lastUpdated)
        let raw = try JSON(
            parsing: CommandLineTool.run(["att", "--status", "9", "--strategy", "attFirstCMPUnaffected"]).stdout
        )
        #expect(raw["next"] == .string("showCMP") && raw["warnings"] == .array([.string("appReviewRisk")]))
        #expect(raw["tcString"] == nil)
        #expect(try CommandLineTool.run(["att", "--status", "denied"]).status == 2)
        #expect(try CommandLineTool.run(["att", "--status", "nope", "--strategy", "cmpFirst"]).status == 2)
    }
}
