package import Foundation
package import TCFJSON
import Testing

/// Loads the JSON Lines files in the repository's top-level `Fixtures/` folder.
package enum Fixtures {
    /// `Fixtures/`, found from this file's path (Tests/TestSupport/Fixtures.swift).
    package static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    /// Each non-empty line of `file`, parsed.
    package static func lines(_ file: String) throws -> [JSON] {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSON(parsing: String($0)) }
    }

    /// The non-empty lines of `Fixtures/corpus/corpus.txt`: nine real TC strings.
    package static func corpusLines() throws -> [String] {
        let text = try String(contentsOf: directory.appendingPathComponent("corpus/corpus.txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    package static func string(_ json: JSON, _ key: String) -> String {
        guard case .string(let value)? = json[key] else { fatalError("fixture without \(key)") }
        return value
    }

    package static let validDecodeVectors: [DecodeVector] =
        (try? lines("decode-valid.jsonl").map(DecodeVector.init)) ?? []
    package static let invalidDecodeVectors: [InvalidVector] =
        (try? lines("decode-invalid.jsonl").map(InvalidVector.init)) ?? []
    package static let canonicalVectors: [CanonicalVector] =
        (try? lines("encode-canonical.jsonl").map(CanonicalVector.init)) ?? []
}

/// A valid string and the decoded model it must give (`decode-valid.jsonl`).
package struct DecodeVector: Sendable, CustomTestStringConvertible {
    package let name: String
    package let source: String
    package let tcString: String
    /// The expected model, serialised (JSON is not Sendable across test cases otherwise).
    package let expectedText: String
    package var expected: JSON { try! JSON(parsing: expectedText) }
    package var testDescription: String { name }

    package init(_ json: JSON) {
        name = Fixtures.string(json, "name")
        source = Fixtures.string(json, "source")
        tcString = Fixtures.string(json, "tcString")
        expectedText = json["expected"]!.serialized()
    }
}

/// A string every v2 decoder must reject (`decode-invalid.jsonl`).
package struct InvalidVector: Sendable, CustomTestStringConvertible {
    package let name: String
    package let tcString: String
    package let category: String
    package var testDescription: String { name }

    package init(_ json: JSON) {
        name = Fixtures.string(json, "name")
        tcString = Fixtures.string(json, "tcString")
        category = Fixtures.string(json, "category")
    }
}

/// A model and its canonical encoding (`encode-canonical.jsonl`).
package struct CanonicalVector: Sendable, CustomTestStringConvertible {
    package let name: String
    package let tcString: String
    package let modelText: String
    package var model: JSON { try! JSON(parsing: modelText) }
    package var testDescription: String { name }

    package init(_ json: JSON) {
        name = Fixtures.string(json, "name")
        tcString = Fixtures.string(json, "tcString")
        modelText = json["model"]!.serialized()
    }
}
