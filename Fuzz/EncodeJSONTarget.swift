// The `encode-json` target: `tcstring encode`'s JSON input (the CLI's JSON reader and model
// builder, Sources/tcstring, compiled into the fuzz binary).
//
// Any bytes: never a trap. A document that gives a model: the model encodes, the string decodes to
// an equal model, and the model's `decode` JSON, serialised and read back, gives the model again.

import IABTCF
import TCFJSON

func fuzzEncodeJSON(_ bytes: UnsafeBufferPointer<UInt8>) {
    guard let text = String(validating: bytes, as: UTF8.self) else { return }
    guard let json = try? JSON(parsing: text) else { return }
    // A fixed day, so a run is reproducible (the CLI takes the clock).
    let today = Timestamp(deciseconds: 17_000_000_000)
    guard let model = try? TCString(json: json, today: today) else { return }
    let unlimited = TCString.DecodingOptions(maximumLength: .max)
    do {
        let encoded = try model.encoded(maximumLength: .max)
        let decoded = try TCString(encoded: encoded, options: unlimited)
        require(decoded == model, "the encoding of an accepted model decodes to another value: \(encoded)")
    } catch {
        fatalError("an accepted model fails to encode or decode: \(error)\n\(text)")
    }
    let written = model.json.serialized()
    do {
        let again = try TCString(json: try JSON(parsing: written), today: today)
        require(again == model, "the model's JSON reads back to another value: \(written)")
    } catch {
        fatalError("the model's JSON does not read back: \(error)\n\(written)")
    }
}
