#!/usr/bin/env bash
# Times parsing the real v17 vendor list (504 KB) with GlobalVendorList against Foundation's
# JSONDecoder decoding the same file into equivalent Codable structs (compiled here, with -O, from
# the program below: the comparison lives in this script, never in the library), then the full
# permission matrix (692 vendors x 11 purposes) for every corpus string. Prints JSON lines and the ratio.
#
# Usage: scripts/gvl-bench.sh [GVL_FILE]   (release build of tcstring; about a minute)
set -euo pipefail
cd "$(dirname "$0")/.."
gvl=${1:-Fixtures/gvl/vendor-list-v17-spec3.json}
swift build -c release --product tcstring >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/main.swift" <<'SWIFT'
import Foundation

struct Definition: Codable { var id: Int; var name: String; var description: String?; var illustrations: [String]?; var descriptionLegal: String? }
struct Stack: Codable { var id: Int; var name: String; var description: String; var purposes: [Int]; var specialFeatures: [Int]; var specialPurposes: [Int]? }
struct Retention: Codable { var stdRetention: Int?; var purposes: [String: Int]?; var specialPurposes: [String: Int]? }
struct URLs: Codable { var langId: String; var privacy: String?; var legIntClaim: String? }
struct Vendor: Codable {
    var id: Int; var name: String; var purposes: [Int]; var legIntPurposes: [Int]; var flexiblePurposes: [Int]
    var specialPurposes: [Int]; var features: [Int]; var specialFeatures: [Int]; var deletedDate: String?
    var usesCookies: Bool?; var cookieMaxAgeSeconds: Int?; var cookieRefresh: Bool?; var usesNonCookieAccess: Bool?
    var dataRetention: Retention?; var urls: [URLs]?; var policyUrl: String?; var deviceStorageDisclosureUrl: String?
    var dataDeclaration: [Int]?
}
struct GVL: Codable {
    var gvlSpecificationVersion: Int; var vendorListVersion: Int; var tcfPolicyVersion: Int; var lastUpdated: String
    var purposes: [String: Definition]; var specialPurposes: [String: Definition]; var features: [String: Definition]
    var specialFeatures: [String: Definition]; var stacks: [String: Stack]; var dataCategories: [String: Definition]?
    var vendors: [String: Vendor]
}

let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
let decoder = JSONDecoder()
var samples: [Double] = []
var checksum = 0
let deadline = Date().addingTimeInterval(3)
while Date() < deadline || samples.count < 5 {
    let start = DispatchTime.now().uptimeNanoseconds
    let gvl = try decoder.decode(GVL.self, from: data)
    samples.append(Double(DispatchTime.now().uptimeNanoseconds - start))
    checksum = gvl.vendors.count
}
samples.sort()
print("{\"file\":\"\(CommandLine.arguments[1])\",\"bytes\":\(data.count),\"workload\":\"JSONDecoder\",\"nsPerOp\":\(Int(samples[samples.count / 2])),\"checksum\":\(checksum)}")
SWIFT
swiftc -O -parse-as-library -o "$work/jsondecoder" "$work/main.swift" 2>/dev/null || swiftc -O -o "$work/jsondecoder" "$work/main.swift"
foundation=$("$work/jsondecoder" "$gvl")
ours=$(.build/release/tcstring bench --workload gvl --seconds 3 "$gvl")
echo "$foundation"
echo "$ours"
python3 - "$foundation" "$ours" <<'PY'
import json, sys
f, o = json.loads(sys.argv[1]), json.loads(sys.argv[2])
print(json.dumps({"parseSpeedup": round(f["nsPerOp"] / o["nsPerOp"], 1), "ourParseMs": round(o["nsPerOp"] / 1e6, 3),
                  "jsonDecoderMs": round(f["nsPerOp"] / 1e6, 3)}))
PY
.build/release/tcstring bench --workload permissions --gvl "$gvl" --seconds 0.5 Fixtures/corpus/corpus.txt
