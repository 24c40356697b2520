import TCFJSON

/// A TC string timestamp: deciseconds since 1970-01-01T00:00:00Z, as the 36-bit Created and
/// LastUpdated fields store it. Foundation-free; convert with ``secondsSince1970`` or read the
/// calendar fields directly.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The largest value the 36-bit fields hold (about the year 2187).
    public static let maxDeciseconds: Int64 = (1 << 36) - 1

    /// Deciseconds since 1970-01-01T00:00:00Z.
    public var deciseconds: Int64

    /// Creates a timestamp from deciseconds since 1970.
    public init(deciseconds: Int64) { self.deciseconds = deciseconds }

    /// Creates a timestamp from seconds since 1970, rounded down to a decisecond.
    public init(secondsSince1970 seconds: Double) {
        // Truncate, then step down for negative fractions: a floor without libm, which the codec does not link.
        let truncated = Int64(seconds * 10)
        deciseconds = Double(truncated) > seconds * 10 ? truncated - 1 : truncated
    }

    /// Creates the timestamp of midnight UTC on a calendar day.
    ///
    /// - Throws: ``TCStringError/Code/valueOutOfRange`` for a month or day that does not exist.
    public init(
        year: Int,
        month: Int,
        day: Int,
        hour: Int = 0,
        minute: Int = 0,
        second: Int = 0,
        decisecond: Int = 0
    )
        throws(TCStringError)
    {
        guard (1...12).contains(month), (1...Self.daysIn(month, year)).contains(day), (0..<24).contains(hour),
            (0..<60).contains(minute), (0..<60).contains(second), (0..<10).contains(decisecond)
        else { throw TCStringError(.valueOutOfRange, field: "Created/LastUpdated") }
        let days = Self.daysSince1970(year: year, month: month, day: day)
        deciseconds = Int64(((days * 24 + hour) * 60 + minute) * 60 + second) * 10 + Int64(decisecond)
    }

    /// Seconds since 1970.
    public var secondsSince1970: Double { Double(deciseconds) / 10 }

    /// Midnight UTC of the same day. TCF requires Created = LastUpdated = the day of the last update.
    public var startOfDay: Timestamp {
        let day: Int64 = 864_000
        return Timestamp(deciseconds: deciseconds - ((deciseconds % day) + day) % day)
    }

    /// Whether the value fits the 36-bit fields.
    public var isEncodable: Bool { deciseconds >= 0 && deciseconds <= Self.maxDeciseconds }

    /// The UTC calendar fields.
    public var components: (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        let day: Int64 = 864_000
        let days = Int((deciseconds - ((deciseconds % day) + day) % day) / day)
        let rest = Int(((deciseconds % day) + day) % day)
        let (y, m, d) = Self.civil(fromDays: days)
        return (y, m, d, rest / 36_000, rest / 600 % 60, rest / 10 % 60, rest % 10 * 100)
    }

    /// ISO-8601 UTC with exactly three fractional digits, e.g. `2020-01-26T17:01:00.000Z`: the
    /// decode schema's format, which `Codable` and the `tcstring` tool write too.
    public var description: String { OutputBuffer.text { $0.appendISO8601(components) } }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff]Z` (UTC) or a bare `YYYY-MM-DD`; fractions below a decisecond are dropped.
    public init?(iso8601 text: String) {
        let b = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count else { return nil }
            var value = 0
            for i in range {
                guard b[i] >= 48, b[i] <= 57 else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        guard let year = number(0..<4), b.count >= 10, b[4] == 45, let month = number(5..<7), b[7] == 45,
            let day = number(8..<10)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var tenths = 0
        if b.count > 10 {
            guard b.count >= 20, b[10] == 84 || b[10] == 116, let h = number(11..<13), b[13] == 58,
                let mi = number(14..<16), b[16] == 58, let s = number(17..<19), b.last == 90 || b.last == 122
            else { return nil }
            (hour, minute, second) = (h, mi, s)
            if b.count >= 22 && b[19] == 46 {  // '.' then at least one digit before 'Z'
                // Only the first digit counts, however many follow.
                guard b[20..<(b.count - 1)].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
                tenths = Int(b[20] - 48)
            } else if b.count != 20 {
                return nil
            }
        }
        guard
            let value = try? Timestamp(
                year: year,
                month: month,
                day: day,
                hour: hour,
                minute: minute,
                second: second,
                decisecond: tenths
            )
        else { return nil }
        self = value
    }

    /// Whether `lhs` is earlier than `rhs`.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.deciseconds < rhs.deciseconds }

    // MARK: - Civil calendar (proleptic Gregorian), after Howard Hinnant's days_from_civil

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
