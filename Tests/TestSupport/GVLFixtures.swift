package import Foundation
package import IABTCF
package import IABTCFVendorList

/// The vendor lists in `Fixtures/gvl/`, as bytes and parsed.
package enum GVLFixtures {
    package static let directory = Fixtures.directory.appendingPathComponent("gvl")

    package static func bytes(_ name: String) -> [UInt8] {
        // swift-format-ignore: NeverUseForceTry
        [UInt8](try! Data(contentsOf: directory.appendingPathComponent(name)))
    }

    package static func text(_ name: String) -> String { String(decoding: bytes(name), as: UTF8.self) }

    package static let v17Name = "vendor-list-v17-spec3.json"
    package static let v51Name = "vendor-list-v51-spec2.json"
    package static let restrictionName = "purpose-restriction-vendor-list-spec2.json"

    /// vendorListVersion 17, specification 3, 692 vendors.
    package static let v17 = try! GlobalVendorList(jsonBytes: bytes(v17Name))
    /// vendorListVersion 51, specification 2, 496 vendors.
    package static let v51 = try! GlobalVendorList(jsonBytes: bytes(v51Name))
    /// The IAB's small test list with flexible purposes and special features (12 vendors).
    package static let restriction = try! GlobalVendorList(jsonBytes: bytes(restrictionName))

    /// The corpus strings (`Fixtures/corpus/corpus.txt`) and the valid decode vectors, decoded.
    package static let corpus: [TCString] = {
        let lines = (try? Fixtures.corpusLines()) ?? []
        let vectors = Fixtures.validDecodeVectors.map(\.tcString)
        return (lines + vectors).compactMap { try? TCString(encoded: $0) }
    }()
}
