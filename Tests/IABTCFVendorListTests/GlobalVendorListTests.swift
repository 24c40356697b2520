import Foundation
import IABTCF
import IABTCFVendorList
import TCFJSON
import TestSupport
import Testing

/// Parsing real vendor lists (checked against Foundation's JSONSerialization as an independent
/// reader) and hostile ones (never a trap: a typed error with a byte offset).
@Suite struct GlobalVendorListTests {
    @Test func parsesSpecification3() throws {
        let gvl = GVLFixtures.v17
        #expect(gvl.specificationVersion == 3 && gvl.vendorListVersion == 17 && gvl.tcfPolicyVersion == 4)
        #expect(gvl.lastUpdated == "2023-09-07T16:07:28Z")
        #expect(gvl.vendors.count == 692 && gvl.vendorIds.count == 692)
        #expect(gvl.purposes.count == 11 && gvl.specialPurposes.count == 2 && gvl.features.count == 3)
        #expect(gvl.specialFeatures.count == 2 && gvl.stacks.count == 43 && gvl.dataCategories.count == 11)
        #expect(Array(gvl.deletedVendorIds) == [468])
        #expect(gvl.stacks[2]?.purposes == [2, 7])
        let google = try #require(gvl.vendors[755])
        #expect(google.name == "Google Advertising Products")
        #expect(google.purposes == [1, 3, 4] && google.legIntPurposes == [2, 7, 9, 10])
        #expect(google.flexiblePurposes == [2, 7, 9, 10] && google.specialPurposes == [1, 2])
        #expect(google.features == [1, 2] && google.specialFeatures.isEmpty)
        #expect(google.cookieMaxAgeSeconds == 34_190_000 && google.usesCookies == true)
        #expect(google.cookieRefresh == false && google.usesNonCookieAccess == true)
        #expect(
            google.dataRetention
                == GlobalVendorList.DataRetention(
                    standard: 548,
                    purposes: [3: 180, 4: 180],
                    specialPurposes: [1: 1096]
                )
        )
        #expect(
            google.urls.first
                == GlobalVendorList.URLs(
                    language: "en",
                    privacy: "https://business.safety.google/privacy/",
                    legitimateInterestClaim: "https://policies.google.com/privacy#europeanrequirements"
                )
        )
        #expect(gvl.vendors[15]?.cookieMaxAgeSeconds == nil)
        #expect(gvl.vendors[468]?.deletedDate == "2023-09-04T00:00:00Z" && gvl.vendors[468]?.isDeleted == true)
        #expect(gvl.vendors(declaring: 2, on: .legitimateInterest).contains(755))
        #expect(!gvl.vendors(declaring: 2, on: .consent).contains(755))
        #expect(gvl.purposes[1]?.illustrations.isEmpty == false)
    }

    @Test func parsesSpecification2() throws {
        let gvl = GVLFixtures.v51
        #expect(gvl.specificationVersion == 2 && gvl.vendorListVersion == 51 && gvl.tcfPolicyVersion == 2)
        #expect(gvl.vendors.count == 496 && Array(gvl.deletedVendorIds) == [9, 653])
        #expect(gvl.dataCategories.isEmpty && gvl.purposes.count == 10)
        #expect(gvl.purposes[1]?.descriptionLegal?.hasPrefix("Vendors can:") == true)
        #expect(gvl.vendors[8]?.policyUrl == "https://www.emerse.com/privacy-policy/")
        let test = GVLFixtures.restriction
        #expect(
            test.vendors.count == 12 && test.specialFeatures.count == 3 && test.stacks[1]?.specialPurposes == [1, 2, 3]
        )
    }

    /// Every vendor's declarations and every per-purpose set agree with Foundation's reading.
    @Test(arguments: [GVLFixtures.v17Name, GVLFixtures.v51Name, GVLFixtures.restrictionName])
    func agreesWithJSONSerialization(file: String) throws {
        let gvl = try GlobalVendorList(jsonBytes: GVLFixtures.bytes(file))
        let root = try #require(JSONSerialization.jsonObject(with: Data(GVLFixtures.bytes(file))) as? [String: Any])
        let vendors = try #require(root["vendors"] as? [String: [String: Any]])
        #expect(gvl.vendors.count == vendors.count)
        var expected: [String: [Int: Set<Int>]] = [:]
        for (key, entry) in vendors {
            let id = try #require(Int(key))
            let vendor = try #require(gvl.vendors[id])
            #expect(vendor.name == entry["name"] as? String)
            #expect(vendor.isDeleted == (entry["deletedDate"] != nil))
            for (field, ours) in [
                ("purposes", Array(vendor.purposes)), ("legIntPurposes", Array(vendor.legIntPurposes)),
                ("flexiblePurposes", Array(vendor.flexiblePurposes)),
                ("specialPurposes", Array(vendor.specialPurposes)),
                ("specialFeatures", Array(vendor.specialFeatures)), ("features", vendor.features),
            ] {
                let theirs = (entry[field] as? [Int]) ?? []
                #expect(Set(ours) == Set(theirs), "vendor \(id) \(field)")
                for purpose in theirs { expected[field, default: [:]][purpose, default: []].insert(id) }
            }
        }
        for purpose in 1...24 {
            #expect(Set(gvl.vendors(declaring: purpose, on: .consent)) == expected["purposes"]?[purpose] ?? [])
            #expect(
                Set(gvl.vendors(declaring: purpose, on: .legitimateInterest)) == expected["legIntPurposes"]?[purpose]
                    ?? []
            )
            #expect(Set(gvl.vendors(declaring: purpose, on: .flexible)) == expected["flexiblePurposes"]?[purpose] ?? [])
            #expect(Set(gvl.vendors(declaringSpecialPurpose: purpose)) == expected["specialPurposes"]?[purpose] ?? [])
        }
        for feature in 1...12 {
            #expect(Set(gvl.vendors(declaringSpecialFeature: feature)) == expected["specialFeatures"]?[feature] ?? [])
        }
    }

    @Test func translations() throws {
        let french = try GlobalVendorListTranslation(json: GVLFixtures.text("purposes-fr.json"))
        #expect(french.purposes.count == 11 && french.vendorListVersion == 17)
        let gvl = GVLFixtures.v17.translated(french)
        #expect(gvl.purposes[1]?.name == "Stocker et/ou accéder à des informations sur un appareil")
        #expect(gvl.features[2]?.name == GVLFixtures.v17.features[2]?.name)  // not translated: kept
        #expect(gvl.vendors[755] == GVLFixtures.v17.vendors[755])
        #expect(gvl.vendors(declaring: 2, on: .flexible) == GVLFixtures.v17.vendors(declaring: 2, on: .flexible))
    }

    // MARK: - Hostile input

    func failure(_ text: String, maxBytes: Int = 16 << 20) -> JSONInputError? {
        do {
            _ = try GlobalVendorList(json: text, maxBytes: maxBytes)
            return nil
        } catch {
            return error
        }
    }

    @Test func schemaErrorsNameTheMember() {
        let error = failure(#"{"vendorListVersion": 1, "vendors": {"7": {"id": 7, "name": "x", "purposes": [1, 25]}}}"#)
        #expect(error?.code == .schema && error?.position == 82)
        #expect(error?.message == "at vendors.7.purposes: id 25 is outside 1...24")
        #expect(failure(#"{"vendorListVersion": 1, "vendors": {"7": {"id": 8, "name": "x"}}}"#)?.code == .schema)
        #expect(failure(#"{"vendorListVersion": 1, "vendors": {"0": {"id": 0, "name": "x"}}}"#)?.code == .schema)
        #expect(
            failure(#"{"vendorListVersion": 1, "vendors": {"7": {"id": 7}}}"#)?.message == "at vendors.7: missing name"
        )
        #expect(failure(#"{"vendorListVersion": 1}"#)?.message == "missing vendors")
        #expect(failure(#"{"vendorListVersion": "1", "vendors": {}}"#)?.code == .schema)
        #expect(failure("[]")?.code == .schema)
        #expect(failure(#"{"vendorListVersion": 1, "vendors": {}}"#) == nil)
    }

    @Test func deepNesting() {
        for opener in ["[", "{\"a\":"] {
            let text = "{\"vendorListVersion\": 1, \"vendors\": {}, \"x\": " + String(repeating: opener, count: 200_000)
            let error = failure(text)
            #expect(error?.code == .tooDeep)
        }
    }

    @Test func hugeNumbers() {
        for number in ["1e400", "99999999999999999999999999", "-99999999999999999999999999", "1.5", "-0.0"] {
            let error = failure(#"{"vendorListVersion": \#(number), "vendors": {}}"#)
            #expect(error?.code == .invalidNumber && error?.position == 23, "\(number)")
        }
        // A huge number in a member we skip is checked and skipped.
        let digits = String(repeating: "9", count: 1_000_000)
        #expect(failure(#"{"vendorListVersion": 1, "vendors": {}, "x": \#(digits).5e+99999}"#) == nil)
    }

    @Test func tenMegabyteStrings() throws {
        let long = String(repeating: "é", count: 5_000_000)  // 10 MB of UTF-8
        let gvl = try GlobalVendorList(
            json: #"{"vendorListVersion": 1, "vendors": {"1": {"id": 1, "name": "\#(long)"}}, "x": "\#(long)"}"#,
            maxBytes: 32 << 20
        )
        #expect(gvl.vendors[1]?.name.utf8.count == 10_000_000)
        let unterminated = #"{"vendorListVersion": 1, "vendors": {"1": {"id": 1, "name": "\#(long)"#
        #expect(failure(unterminated, maxBytes: 32 << 20)?.code == .unexpectedEnd)
        #expect(failure(unterminated + long)?.code == .tooLarge)  // 20 MB: over the 16 MiB default
    }

    /// Every prefix of a real list is an error (or, past the last `}`, the list itself).
    @Test func truncationAtEveryByte() {
        let bytes = GVLFixtures.bytes(GVLFixtures.restrictionName)
        let full = GVLFixtures.restriction
        let end = bytes.lastIndex(of: UInt8(ascii: "}"))!
        bytes.withUnsafeBufferPointer { buffer in
            for length in 0..<bytes.count {
                do throws(JSONInputError) {
                    let list = try GlobalVendorList(jsonBytes: UnsafeBufferPointer(rebasing: buffer[0..<length]))
                    #expect(length > end && list.vendors == full.vendors, "prefix of \(length) bytes parsed")
                } catch {
                    #expect(error.position <= length + 1 && error.code != .schema || length == 0, "\(length): \(error)")
                }
            }
        }
    }

    /// Truncations spread over the large real list and every byte of its first vendor entry.
    @Test func truncationOfTheLargeList() {
        let bytes = GVLFixtures.bytes(GVLFixtures.v17Name)
        let firstVendor = bytes.firstRange(of: Array(#""vendors""#.utf8))!.lowerBound
        let lengths = Array(stride(from: 0, to: bytes.count - 2, by: 1_237)) + Array(firstVendor..<firstVendor + 3_000)
        bytes.withUnsafeBufferPointer { buffer in
            for length in lengths {
                #expect(throws: JSONInputError.self) {
                    try GlobalVendorList(jsonBytes: UnsafeBufferPointer(rebasing: buffer[0..<length]))
                }
            }
        }
    }

    /// Seeded random byte changes of a real list: never a trap; a rejection is a `JSONInputError`
    /// that stops inside the input and says why; an accepted list is what a second parse gives
    /// (the original list when the change left the bytes as they were); and the changes produce
    /// both outcomes, so neither path goes unchecked.
    @Test func mutations() throws {
        let original = GVLFixtures.bytes(GVLFixtures.restrictionName)
        let parsedOriginal = try GlobalVendorList(jsonBytes: original)
        var rng = SplitMix64(seed: 0x9E37_79B9_7F4A_7C15)
        let interesting: [UInt8] = Array("{}[]\",:0123456789-+.eE\\tfnu ".utf8) + [0, 0x80, 0xC0, 0xED, 0xF4, 0xFF]
        var accepted = 0
        var rejected = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0...Int.random(in: 0..<3, using: &rng) {
                bytes[Int.random(in: 0..<bytes.count, using: &rng)] = interesting.randomElement(using: &rng)!
            }
            do throws(JSONInputError) {
                let list = try GlobalVendorList(jsonBytes: bytes)
                let again = try GlobalVendorList(jsonBytes: bytes)
                accepted += 1
                #expect(again == list)
                if bytes == original { #expect(list == parsedOriginal) }
            } catch {
                rejected += 1
                #expect((1...bytes.count + 1).contains(error.position), "\(error)")
                #expect(!error.message.isEmpty)
            }
        }
        #expect(accepted > 0 && rejected > 0, "accepted \(accepted), rejected \(rejected)")
    }
}
