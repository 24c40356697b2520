import Foundation
import IABGPP
import IABTCF
import IABTCFStorage
import Testing

/// `IABTCF_EnableAdvertiserConsentMode`, stored, read and written like every other key.
@Suite struct AdvertiserConsentModeTests {
    @Test func theKeyIsWrittenReadAndKeptByTheStringsWriters() async throws {
        try await withFreshDefaults { defaults in
            #expect(defaults.readAdvertiserConsentMode() == nil)
            defaults.writeAdvertiserConsentMode(true)
            #expect(defaults.inAppValue(forKey: "IABTCF_EnableAdvertiserConsentMode") == .int(1))
            #expect(defaults.readAdvertiserConsentMode() == true)
            #expect(defaults.readConsentKeys()[InAppKeys.enableAdvertiserConsentMode] == .int(1))
            // Writing a choice leaves the CMP's setting alone.
            let tc = try TCString(encoded: try #require(ValidFixture.all.first).tcString)
            try defaults.writeInAppKeys(for: tc, gdprApplies: true)
            #expect(defaults.readAdvertiserConsentMode() == true)
            defaults.writeAdvertiserConsentMode(false)
            #expect(defaults.inAppValue(forKey: InAppKeys.enableAdvertiserConsentMode) == .int(0))
            #expect(defaults.readAdvertiserConsentMode() == false)
            defaults.set("1", forKey: InAppKeys.enableAdvertiserConsentMode)
            #expect(defaults.readAdvertiserConsentMode() == true)
            defaults.set("maybe", forKey: InAppKeys.enableAdvertiserConsentMode)
            #expect(defaults.readAdvertiserConsentMode() == nil)
            defaults.writeAdvertiserConsentMode(nil)
            #expect(defaults.inAppValue(forKey: InAppKeys.enableAdvertiserConsentMode) == nil)
            #expect(defaults.readConsentKeys()[InAppKeys.enableAdvertiserConsentMode] == nil)
        }
    }
}

/// The web view script for a store's current keys.
@Suite struct WebViewScriptStoreTests {
    @Test func theScriptFollowsTheStoredKeys() async throws {
        try await withFreshDefaults { defaults in
            let before = defaults.webViewScript()
            #expect(before == InAppWebViewScript.script(inAppKeys: [:]))
            let text = try #require(ValidFixture.all.first).tcString
            try defaults.writeInAppKeys(for: try TCString(encoded: text), gdprApplies: true)
            let after = defaults.webViewScript()
            #expect(after == InAppWebViewScript.script(inAppKeys: defaults.readConsentKeys()))
            #expect(after != before && after.contains("\"tcString\":\"\(text)\""))
        }
    }
}
