import IABTCF
import Testing

@testable import IABTCF

@Suite struct TimestampTests {
    @Test func formatsKnownInstants() throws {
        #expect(Timestamp(deciseconds: 0).description == "1970-01-01T00:00:00.000Z")
        #expect(Timestamp(deciseconds: 15_800_580_600).description == "2020-01-26T17:01:00.000Z")
        #expect(Timestamp(deciseconds: 15_852_468_875).description == "2020-03-26T18:21:27.500Z")
        #expect(Timestamp(deciseconds: Timestamp.maxDeciseconds).description == "2187-10-06T10:21:13.500Z")
        #expect(try Timestamp(year: 2024, month: 2, day: 29).deciseconds == 17_091_648_000)
        #expect(throws: TCStringError.self) { try Timestamp(year: 2023, month: 2, day: 29) }
    }

    @Test func parsesWhatItFormats() throws {
        var rng = SplitMix64(seed: 36)
        for _ in 0..<5000 {
            let t = Timestamp(deciseconds: Int64.random(in: 0...Timestamp.maxDeciseconds, using: &rng))
            #expect(Timestamp(iso8601: t.description) == t)
            #expect(t.startOfDay.deciseconds % 864_000 == 0)
            #expect(t.startOfDay <= t && t.deciseconds - t.startOfDay.deciseconds < 864_000)
        }
        #expect(Timestamp(iso8601: "2026-03-01") == (try Timestamp(year: 2026, month: 3, day: 1)))
        #expect(Timestamp(iso8601: "2026-03-01T10:00:00Z")?.deciseconds == 17_723_592_000)
        for bad in ["", "2026-3-01", "2026-03-01T10:00:00", "2026-13-01", "2026-03-01T25:00:00Z", "x026-03-01"] {
            #expect(Timestamp(iso8601: bad) == nil, "\(bad)")
        }
    }

    /// Days counted one by one from 1970 agree with the closed-form calendar.
    @Test func agreesWithDayByDayCounting() throws {
        var days = 0
        for year in 1970...2200 {
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            for (month, length) in [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31].enumerated() {
                let t = try Timestamp(year: year, month: month + 1, day: 1)
                #expect(t.deciseconds == Int64(days) * 864_000)
                days += length
            }
        }
    }
}
