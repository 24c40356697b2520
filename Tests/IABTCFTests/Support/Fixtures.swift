import Foundation
import Testing

@testable import tcstring

/// Loads the JSON Lines files in the repository's top-level `Fixtures/` folder.
enum Fixtures {
    /// `Fixtures/`, found from this file's path (Tests/IABTCFTests/Support/Fixtures.swift).
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Each non-empty line of `file`, parsed.
    static func lines(_ file: String) throws -> [JSON] {
        let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSON(parsing: String($0)) }
    }

    /// The non-empty lines of `Fixtures/corpus/corpus.txt`: nine real TC strings.
    static func corpusLines() throws -> [String] {
        let text = try String(contentsOf: directory.appendingPathComponent("corpus/corpus.txt"), encoding: .utf8)
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    static func string(_ json: JSON, _ key: String) -> String {
        guard case .string(let value)? = json[key] else { fatalError("fixture without \(key)") }
        return value
    }

    static let validDecodeVectors: [DecodeVector] = (try? lines("decode-valid.jsonl").map(DecodeVector.init)) ?? []
    static let invalidDecodeVectors: [InvalidVector] =
        (try? lines("decode-invalid.jsonl").map(InvalidVector.init)) ?? []
    static let canonicalVectors: [CanonicalVector] =
        (try? lines("encode-canonical.jsonl").map(CanonicalVector.init)) ?? []
}

/// A valid string and the decoded model it must give (`decode-valid.jsonl`).
struct DecodeVector: Sendable, CustomTestStringConvertible {
    let name: String
    let source: String
    let tcString: String
    /// The expected model, serialised (JSON is not Sendable across test cases otherwise).
    let expectedText: String
    var expected: JSON { try! JSON(parsing: expectedText) }
    var testDescription: String { name }

    init(_ json: JSON) {
        name = Fixtures.string(json, "name")
        source = Fixtures.string(json, "source")
        tcString = Fixtures.string(json, "tcString")
        expectedText = json["expected"]!.serialized()
    }
}

/// A string every v2 decoder must reject (`decode-invalid.jsonl`).
struct InvalidVector: Sendable, CustomTestStringConvertible {
    let name: String
    let tcString: String
    let category: String
    var testDescription: String { name }

    init(_ json: JSON) {
        name = Fixtures.string(json, "name")
        tcString = Fixtures.string(json, "tcString")
        category = Fixtures.string(json, "category")
    }
}

/// A model and its canonical encoding (`encode-canonical.jsonl`).
struct CanonicalVector: Sendable, CustomTestStringConvertible {
    let name: String
    let tcString: String
    let modelText: String
    var model: JSON { try! JSON(parsing: modelText) }
    var testDescription: String { name }

    init(_ json: JSON) {
        name = Fixtures.string(json, "name")
        tcString = Fixtures.string(json, "tcString")
        modelText = json["model"]!.serialized()
    }
}
