import IABTCF
import Testing

/// Issue 46, item 6: `validate(today:)` flags dates after the day after today and timestamps that
/// are not whole days; `isFutureDated(on:)` is the one rule the consent flows read.
@Suite struct DateValidationTests {
    static let today = Timestamp(iso8601: "2026-11-27T15:30:00Z")!

    static func string(created: String, lastUpdated: String? = nil) throws -> TCString {
        var tc = try ValidationTests.compliant()
        tc.created = Timestamp(iso8601: created)!
        tc.lastUpdated = Timestamp(iso8601: lastUpdated ?? created)!
        return tc
    }

    @Test func aStringOfTodayOrEarlierHasNoDateFinding() throws {
        for day in ["2026-03-02", "2026-11-27", "2026-11-28"] {
            let tc = try Self.string(created: day)
            #expect(tc.validate(today: Self.today) == tc.validate(), "\(day)")
            #expect(!tc.isFutureDated(on: Self.today), "\(day)")
        }
        #expect(try Self.string(created: "2026-03-02").validate(today: Self.today) == [])
    }

    /// One day of clock skew: tomorrow passes, the day after is the future, as is 2099.
    @Test(arguments: [
        ("2026-11-29", nil), ("2099-01-01", nil), ("2026-03-02", "2026-11-29"), ("2099-01-01", "2026-03-02"),
    ])
    func aDateAfterTomorrowIsInTheFuture(_ created: String, _ lastUpdated: String?) throws {
        let tc = try Self.string(created: created, lastUpdated: lastUpdated)
        #expect(tc.isFutureDated(on: Self.today))
        let findings = tc.validate(today: Self.today).filter { $0.rule == .dateInFuture }
        #expect(findings.count == 1)
        #expect(!tc.validate().contains { $0.rule == .dateInFuture })
    }

    /// IAB Europe's 2022 change: "hours, minutes and seconds will be zeroed out".
    @Test func aTimeOfDayIsFlagged() throws {
        let one = try Self.string(created: "2026-03-02", lastUpdated: "2026-03-02T10:00:00Z")
        #expect(one.validate(today: Self.today).map(\.rule) == [.timestampNotWholeDay])
        #expect(one.validate().isEmpty)
        let both = try Self.string(created: "2026-03-02T00:00:00.1Z", lastUpdated: "2026-03-02T23:59:59Z")
        let rules = both.validate(today: Self.today).map(\.rule)
        #expect(rules == [.timestampNotWholeDay, .timestampNotWholeDay])
        #expect(both.validate(today: Self.today).first?.message.contains("Created") == true)
    }
}
