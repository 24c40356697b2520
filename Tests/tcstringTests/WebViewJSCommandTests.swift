import Foundation
import IABGPP
import IABTCF
import TestSupport
import Testing

/// `tcstring webview-js --read FILE`: the library's script for the key file `inapp --read` reads.
@Suite struct WebViewJSCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/webview")

    @Test(arguments: ["accept-all", "reject-all", "us-gpp-only", "no-consent"])
    func printsTheLibrarysScript(name: String) throws {
        let path = Self.fixtures.appendingPathComponent(name + ".json").path
        let output = try CommandLineTool.run(["webview-js", "--read", path])
        #expect(output.status == 0)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        )
        var keys: [String: InAppValue] = [:]
        for (key, value) in object {
            if let text = value as? String {
                keys[key] = .string(text)
            } else if let number = value as? Int {
                keys[key] = .int(number)
            }
        }
        #expect(output.stdout == InAppWebViewScript.script(inAppKeys: keys))
        #expect(!output.stdout.lowercased().contains("</script"))
    }

    @Test func needsAKeyFile() throws {
        #expect(try CommandLineTool.run(["webview-js"]).status == 2)
        #expect(try CommandLineTool.run(["webview-js", "--read", "/nonexistent/keys.json"]).status != 0)
    }
}
