import Foundation
import IABGPP
import IABTCF
import IABTCFStorage
import Testing

@Suite struct BridgingTests {
    @Test func dateAndTimestampRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        var samples: [Int64] = [0, 1, 3, 7, 15_800_580_600, 17_723_592_000, Timestamp.maxDeciseconds, -1, -15]
        for _ in 0..<20_000 { samples.append(Int64.random(in: 0...Timestamp.maxDeciseconds, using: &generator)) }
        for deciseconds in samples {
            let timestamp = Timestamp(deciseconds: deciseconds)
            let date = Date(timestamp)
            #expect(Timestamp(date) == timestamp, "\(deciseconds)")
            #expect(abs(date.timeIntervalSince1970 - timestamp.secondsSince1970) < 0.000_01)
        }
        // Rounded down to a decisecond, before and after 1970.
        #expect(Timestamp(Date(timeIntervalSince1970: 1.25)).deciseconds == 12)
        #expect(Timestamp(Date(timeIntervalSince1970: 1.2999)).deciseconds == 12)
        #expect(Timestamp(Date(timeIntervalSince1970: -0.05)).deciseconds == -1)
        #expect(Timestamp(Date(timeIntervalSince1970: 1_772_359_200)) == Timestamp(iso8601: "2026-03-01T10:00:00Z"))
        #expect(Timestamp(Date.distantFuture).isEncodable == false)
        let components = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC")!,
            from: Date(Timestamp(iso8601: "2020-01-26T17:01:00.500Z")!)
        )
        #expect(components.year == 2020 && components.month == 1 && components.day == 26)
        #expect(components.hour == 17 && components.minute == 1 && components.nanosecond! / 100_000_000 == 5)
    }

    /// A GPP error bridges as a TC string error does: its own sentence, place and code.
    @Test func gppErrorsDescribeThemselvesLocalized() {
        do {
            _ = try GPPString(encoded: "DBABL~BV", options: TCString.DecodingOptions(strict: true))
            Issue.record("decoded a truncated string")
        } catch {
            let bridged: any Error = error
            #expect(bridged.localizedDescription == error.description)
            #expect(
                bridged.localizedDescription
                    == "the section ends before the field does (character 8; section 7 usnat, bit 12, field TargetedAdvertisingOptOutNotice) [truncated]"
            )
        }
    }

    @Test func errorsDescribeThemselvesLocalized() {
        do {
            _ = try TCString(encoded: "CPc7TgP")
            Issue.record("decoded a truncated string")
        } catch {
            #expect(error.localizedDescription == error.description)
            #expect(
                error.localizedDescription.hasPrefix(
                    "the segment ends before the field does (character 8; segment 0, bit 42"
                )
            )
            let bridged: any Error = error
            #expect(bridged.localizedDescription == error.description)
            #expect((bridged as? any LocalizedError)?.errorDescription == error.description)
        }
    }

    /// The privacy manifest is a property list declaring UserDefaults access with reason C56D.1.
    @Test func privacyManifest() throws {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/IABTCFStorage/PrivacyInfo.xcprivacy")
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: file), format: nil)
        let manifest = try #require(plist as? [String: Any])
        #expect(manifest["NSPrivacyTracking"] as? Bool == false)
        #expect((manifest["NSPrivacyCollectedDataTypes"] as? [Any])?.isEmpty == true)
        let accessed = try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]])
        #expect(accessed.count == 1)
        #expect(accessed.first?["NSPrivacyAccessedAPIType"] as? String == "NSPrivacyAccessedAPICategoryUserDefaults")
        #expect(accessed.first?["NSPrivacyAccessedAPITypeReasons"] as? [String] == ["C56D.1"])
    }
}
