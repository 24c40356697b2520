import Benchmark
import Foundation
import IABGPP
import IABTCF
import IABTCFVendorList

/// Decode, query (of a decoded value and in place), full read and encode for each line of the shared corpus, plus VendorSet operations
/// and a GPP decode of each line of `Fixtures/gpp/bench.txt`.
///
/// By default every benchmark reports wall-clock time per operation, throughput and heap
/// allocations. `BENCHMARK_CI=1` (what scripts/check-benchmarks.sh sets) measures allocations only:
/// they are deterministic, so their committed thresholds can gate CI, which never judges time.
let benchmarks: @Sendable () -> Void = {
    let ci = ProcessInfo.processInfo.environment["BENCHMARK_CI"] != nil
    Benchmark.defaultConfiguration = .init(
        metrics: ci ? [.mallocCountTotal] : [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        scalingFactor: .one,
        maxDuration: .seconds(ci ? 1 : 2),
        maxIterations: ci ? 1_000 : 1_000_000
    )

    let corpus = Corpus.lines
    let queriedVendors = [1, 2, 10, 32, 52, 91, 128, 755, 804, 1126]
    for (index, line) in corpus.enumerated() {
        let name = "line\(index + 1)-\(line.utf8.count)chars"
        Benchmark("Decode.\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try TCString(encoded: line)) }
        }
        Benchmark("Query.\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let tc = try TCString(encoded: line)
                var yes = 0
                for purpose in 1...10 where tc.purposeConsents.contains(purpose) { yes += 1 }
                for vendor in queriedVendors {
                    if tc.vendorConsents.contains(vendor) { yes += 1 }
                    if tc.vendorLegitimateInterests.contains(vendor) { yes += 1 }
                }
                blackHole(yes)
            }
        }
        // The same 30 questions answered by TCString.query, which builds no value.
        Benchmark("QueryInPlace.\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let yes = try TCString.query(encoded: line) { tc in
                    var yes = 0
                    for purpose in 1...10 where tc.purposeConsents.contains(purpose) { yes += 1 }
                    for vendor in queriedVendors {
                        if tc.vendorConsents.contains(vendor) { yes += 1 }
                        if tc.vendorLegitimateInterests.contains(vendor) { yes += 1 }
                    }
                    return yes
                }
                blackHole(yes)
            }
        }
        Benchmark("Full.\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let tc = try TCString(encoded: line)
                var sum = tc.cmpId + tc.cmpVersion + tc.consentScreen + tc.vendorListVersion + tc.policyVersion
                for id in tc.vendorConsents { sum &+= id }
                for id in tc.vendorLegitimateInterests { sum &+= id }
                for restriction in tc.publisherRestrictions { for id in restriction.vendors { sum &+= id } }
                for id in tc.disclosedVendors ?? [] { sum &+= id }
                for id in tc.allowedVendors ?? [] { sum &+= id }
                for id in tc.purposeConsents { sum &+= id }
                for id in tc.purposeLegitimateInterests { sum &+= id }
                for id in tc.specialFeatureOptIns { sum &+= id }
                blackHole(sum)
            }
        }
        let decoded = try! TCString(encoded: line)
        Benchmark("Encode.canonical.\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try decoded.encoded()) }
        }
        Benchmark("Encode.preservingLayout.\(name)") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try decoded.encoded(.preservingLayout)) }
        }
    }

    // The real v17 vendor list (504 KB): parsing it, and each corpus string's full permission matrix.
    let gvlBytes = Corpus.gvlBytes
    Benchmark("GVL.parse.v17") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try GlobalVendorList(jsonBytes: gvlBytes)) }
    }
    let gvl = try! GlobalVendorList(jsonBytes: gvlBytes)
    for (index, line) in corpus.enumerated() {
        let decoded = try! TCString(encoded: line)
        Benchmark("Permissions.matrix.line\(index + 1)-\(line.utf8.count)chars") { benchmark in
            for _ in benchmark.scaledIterations {
                let matrix = decoded.permissions(in: gvl)
                var allowed = 0
                for purpose in matrix.purposeIds { allowed &+= matrix.allowedVendors(purpose: purpose).count }
                blackHole(allowed)
            }
        }
    }

    let dense = try! VendorSet((1...1300).filter { $0 % 3 != 0 })
    Benchmark("VendorSet.contains") { benchmark in
        for _ in benchmark.scaledIterations {
            var hits = 0
            for id in stride(from: 1, through: 1300, by: 7) where dense.contains(id) { hits += 1 }
            blackHole(hits)
        }
    }
    Benchmark("VendorSet.iterate") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(dense.reduce(0, &+)) }
    }
    Benchmark("VendorSet.insertFullRange") { benchmark in
        for _ in benchmark.scaledIterations {
            var set = VendorSet()
            try set.insert(contentsOf: 1...65535)
            blackHole(set)
        }
    }

    // GPP: a usnat-only string, a six-section US string (ids 7-12), TCF EU with TCF Canada,
    // iabgpp-rs's 1,413-character TCF EU plus TCF Canada string, and its TCF Canada section alone.
    for (index, line) in Corpus.gppLines.enumerated() {
        Benchmark("GPP.decode.line\(index + 1)-\(line.utf8.count)chars") { benchmark in
            for _ in benchmark.scaledIterations { blackHole(try GPPString(encoded: line)) }
        }
    }
}

/// The benchmark corpus, read from the repository's Fixtures folder.
enum Corpus {
    static let lines: [String] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/corpus/corpus.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }()

    /// `Fixtures/gpp/bench.txt`: the five GPP lines.
    static let gppLines: [String] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/gpp/bench.txt")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }()

    /// `Fixtures/gvl/vendor-list-v17-spec3.json`.
    static let gvlBytes: [UInt8] = {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/gvl/vendor-list-v17-spec3.json")
        return (try? Data(contentsOf: url)).map { [UInt8]($0) } ?? []
    }()
}
