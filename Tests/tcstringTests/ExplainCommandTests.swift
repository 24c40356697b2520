import Foundation
import IABTCF
import TestSupport
import Testing

/// `tcstring explain`.
@Suite struct ExplainCommandTests {
    @Test func commandLineExplain() throws {
        let output = try CommandLineTool.run(["explain", Fixtures.validDecodeVectors[0].tcString])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("segment  bit  width  field") == true)
        #expect(lines.contains { $0.contains("PublisherCC") && $0.hasSuffix("DE") })
        #expect(lines.last == "Disclosed Vendors: ranges, 79 bits; a bitfield would take 404 bits (ranges are smaller)")
        #expect(try CommandLineTool.run(["explain", "CPc7"]).status == 1)
    }
}
