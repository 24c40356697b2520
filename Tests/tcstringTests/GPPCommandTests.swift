import Foundation
import IABTCF
import TCStringToolSupport
import TestSupport
import Testing

/// `tcstring decode` on GPP strings.
@Suite struct GPPCommandTests {
    /// A TC string to wrap in GPP strings (the TCF EU v2 section of the codec's `GPPTests`).
    static let tcfSection = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    @Test func commandLineDecodesGPP() throws {
        let output = try CommandLineTool.run(["decode", "DBACNY~" + Self.tcfSection + "~1YNN"])
        #expect(output.status == 0)
        let json = try JSON(parsing: output.stdout)
        #expect(json["gppVersion"] == .int(1))
        #expect(json["sectionIds"] == .ids([2, 6]))
        #expect(json["tcfeuv2"]?["cmpId"] == .int(31))
        #expect(json["tcfeuv2"] == (try TCString(encoded: Self.tcfSection)).json)
        #expect(try JSON(parsing: CommandLineTool.run(["decode", "DBABjw~a~b"]).stdout)["tcfeuv2"] == .null)
        #expect(try CommandLineTool.run(["decode", "DBABM~"]).status == 1)
        #expect(try CommandLineTool.run(["decode", "DBABM"]).stderr.contains("unsupportedVersion"))
    }
}
