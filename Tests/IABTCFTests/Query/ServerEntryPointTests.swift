import IABTCF
import TestSupport
import Testing

@testable import IABTCF

/// Every `encoded:` entry point takes what a server holds: a `Substring` of a larger text (a line
/// of a file split in place), UTF-8 bytes (contiguous or not), with the same answers and the
/// same errors as for a `String`.
@Suite struct ServerEntryPointTests {
    /// Valid and invalid strings, each a slice of one text joined with newlines, as a server loop
    /// over `split` sees them.
    static let lines: [Substring] = {
        let strings =
            Fixtures.validDecodeVectors.map(\.tcString) + Fixtures.invalidDecodeVectors.map(\.tcString) + [
                "", " ", "é",
            ]
        return strings.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
    }()

    /// The outcome of one front: the value or the error.
    static func outcome<T>(_ body: () throws(TCStringError) -> T) -> Result<T, TCStringError> {
        Result { () throws(TCStringError) in try body() }
    }

    @Test func tcStringDecodesSubstringsAndBytesAsStrings() {
        #expect(Self.lines.count > 20)
        for line in Self.lines {
            let string = String(line)
            let expected = Self.outcome { () throws(TCStringError) in try TCString(encoded: string) }
            #expect(Self.outcome { () throws(TCStringError) in try TCString(encoded: line) } == expected, "\(line)")
            #expect(
                Self.outcome { () throws(TCStringError) in try TCString(encodedBytes: line.utf8) } == expected,
                "\(line)"
            )
        }
    }

    /// Each query front answers what the `String` front answers; the lazy byte collection takes
    /// the copying path.
    @Test func queryTakesSubstringsAndBytes() {
        func answers(_ query: TCString.Query) -> [Int] {
            [query.cmpId, query.vendorListVersion, query.vendorConsents.maxVendorId]
                + (1...300).filter { query.vendorConsents.contains($0) }
        }
        for line in Self.lines {
            let string = String(line)
            let expected = Self.outcome { () throws(TCStringError) in try TCString.query(encoded: string, answers) }
            let fronts: [(String, Result<[Int], TCStringError>)] = [
                ("Substring", Self.outcome { () throws(TCStringError) in try TCString.query(encoded: line, answers) }),
                (
                    "bytes",
                    Self.outcome { () throws(TCStringError) in
                        try TCString.query(encodedBytes: Array(line.utf8), answers)
                    }
                ),
                (
                    "lazy bytes",
                    Self.outcome { () throws(TCStringError) in
                        try TCString.query(encodedBytes: line.utf8.lazy.map { $0 }, answers)
                    }
                ),
            ]
            for (name, outcome) in fronts { #expect(outcome == expected, "\(name): \(line)") }
        }
    }

    /// Too long is refused before any copy, by every front alike.
    @Test func overLongInputIsRefusedByEveryFront() {
        let options = TCString.DecodingOptions(maximumLength: 10)
        let line = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA".dropFirst()
        let refused: [Result<Void, TCStringError>] = [
            Self.outcome { () throws(TCStringError) in _ = try TCString(encoded: line, options: options) },
            Self.outcome { () throws(TCStringError) in try TCString.query(encoded: line, options: options) { _ in } },
            Self.outcome { () throws(TCStringError) in
                try TCString.query(encodedBytes: line.utf8.lazy.map { $0 }, options: options) { _ in }
            },
        ]
        for result in refused {
            guard case .failure(let error) = result else {
                Issue.record("accepted")
                continue
            }
            #expect(error.code == .inputTooLong)
        }
    }
}
