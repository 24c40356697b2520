public import Foundation
public import IABTCF

extension Date {
    /// The instant of a TC string timestamp, to within a `Date`'s floating-point precision (microseconds
    /// or better up to the year 2187, the last the 36-bit fields hold); ``IABTCF/Timestamp/init(_:)``
    /// gives the timestamp back exactly.
    public init(_ timestamp: Timestamp) {
        self.init(timeIntervalSince1970: Double(timestamp.deciseconds) / 10)
    }
}

extension Timestamp {
    /// The timestamp of `date`, rounded down to a decisecond, as TC strings store it.
    ///
    /// A date within 10 microseconds of a decisecond boundary is taken to be on it, so that
    /// `Timestamp(Date(t)) == t` despite floating-point rounding.
    public init(_ date: Date) {
        let tenths = date.timeIntervalSince1970 * 10
        let nearest = tenths.rounded()
        let floor = abs(tenths - nearest) < 0.000_1 ? nearest : tenths.rounded(.down)
        // Dates beyond ±9.2e17 deciseconds (far outside what a TC string holds) are clamped.
        self.init(deciseconds: Int64(exactly: floor) ?? (floor < 0 ? Int64.min : Int64.max))
    }
}
