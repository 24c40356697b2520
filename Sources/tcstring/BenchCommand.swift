import IABGPP
import IABTCF
import IABTCFVendorList
import TCFJSON

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `tcstring bench [--workload decode|scan|query|query-value|full|permissions|gvl|gpp] [--gvl FILE] [--seconds S] FILE`
///
/// For each line of FILE: warm up, then time batches of the workload for S seconds and print the
/// median ns per operation with a checksum of one operation, as one JSON object per line.
enum BenchCommand {
    enum Workload: String, CaseIterable {
        /// A fully decoded value.
        case decode
        /// Pass 1 alone: every field validated, no value built (``TCString/query(encoded:options:_:)``
        /// reading CmpId). What a decoder that builds its sets later would cost at least.
        case scan
        /// Purposes 1-10 and vendor consent and LI for ten vendors, 30 questions, answered by
        /// ``TCString/query(encoded:options:_:)`` (no value built).
        case query
        /// The same 30 questions of a decoded ``TCString``.
        case queryValue = "query-value"
        /// Decode, read every field and iterate every id set.
        case full
        /// The full permission matrix of a decoded string over every vendor of `--gvl`
        /// (``TCString/permissions(in:)`` plus reading each purpose's allowed vendors).
        case permissions
        /// Parse FILE as a vendor list (one output line for the file).
        case gvl
        /// A fully decoded ``GPPString`` (header and every section) per line of GPP strings.
        case gpp
    }

    static let queriedVendors = [1, 2, 10, 32, 52, 91, 128, 755, 804, 1126]

    struct Values {
        var workload = Workload.decode
        var seconds = 0.5
        var gvlPath: String?
    }

    /// The options, declared once (see ``OptionRow``).
    static var options: [OptionRow<Values>] {
        let workloads = Workload.allCases.map(\.rawValue)
        return [
            .value(["--workload"], "W", "what to time: \(workloads.joined(separator: ", ")) (default decode)") {
                values,
                arguments,
                name in
                values.workload = arguments.value(of: name, workloads.joined(separator: ", ")) {
                    Workload(rawValue: $0)
                }
            },
            .value(["--gvl"], "FILE", "the vendor list of the permissions workload") { values, arguments, name in
                values.gvlPath = arguments.value(of: name)
            },
            .value(["--seconds"], "S", "how long to time each line (default 0.5)") { values, arguments, name in
                values.seconds = arguments.value(of: name, "a positive number") {
                    Double($0).flatMap { $0 > 0 ? $0 : nil }
                }
            },
        ]
    }

    static func run(_ arguments: [String]) -> Int32 {
        var values = Values()
        var file: String?
        var arguments = Arguments(arguments, command: "bench")
        arguments.parse(options, into: &values) { operand, arguments in
            guard file == nil else { arguments.fail("unexpected \(operand)") }
            file = operand
        }
        guard let file else { arguments.fail("needs a FILE of TC strings, one per line") }
        let (workload, seconds, gvlPath) = (values.workload, values.seconds, values.gvlPath)
        let text = Terminal.contents(of: file)
        if workload == .gvl {
            let bytes = Array(text.utf8)
            let operation = { () -> Int? in (try? GlobalVendorList(jsonBytes: bytes))?.vendors.count }
            guard let checksum = operation() else {
                Terminal.err("tcstring: \(file) is not a vendor list")
                return Terminal.failure
            }
            let nanoseconds = medianNanoseconds(seconds: seconds, operation)
            Terminal.out(
                JSON.object([
                    ("file", .string(file)), ("bytes", .int(bytes.count)), ("workload", .string("gvl")),
                    ("nsPerOp", .int(Int(nanoseconds.rounded()))), ("checksum", .int(checksum)),
                ]).serialized()
            )
            return 0
        }
        var gvl: GlobalVendorList?
        if workload == .permissions {
            guard let gvlPath else { arguments.fail("--workload permissions needs --gvl FILE") }
            gvl = VendorListFile.load(gvlPath)
        }
        let lines = text.split(separator: "\n").map { String(String($0).trimmedASCII) }.filter { !$0.isEmpty }
        for (number, line) in lines.enumerated() {
            let operation = self.operation(workload, line, gvl: gvl)
            guard let checksum = operation() else {
                Terminal.err("tcstring: line \(number + 1) does not decode")
                return Terminal.failure
            }
            // A fixed iteration count (no clock) gives repeatable instruction counts under callgrind.
            if let fixed = getenv("TCSTRING_BENCH_ITERATIONS").flatMap({ Int(String(cString: $0)) }) {
                var sink = 0
                for _ in 0..<fixed { sink &+= operation() ?? 0 }
                blackHole = sink
                continue
            }
            let nanoseconds = medianNanoseconds(seconds: seconds, operation)
            Terminal.out(
                JSON.object([
                    ("line", .int(number + 1)), ("chars", .int(line.utf8.count)),
                    ("workload", .string(workload.rawValue)),
                    ("nsPerOp", .int(Int(nanoseconds.rounded()))), ("checksum", .int(checksum)),
                ]).serialized()
            )
        }
        return 0
    }

    /// One operation of `workload` on `line`, returning its checksum (`nil` when the line does not decode).
    static func operation(_ workload: Workload, _ line: String, gvl: GlobalVendorList? = nil) -> () -> Int? {
        switch workload {
        case .permissions:
            guard let gvl, let tc = try? TCString(encoded: line) else { return { nil } }
            return {
                let matrix = tc.permissions(in: gvl)
                var allowed = 0
                for purpose in matrix.purposeIds { allowed &+= matrix.allowedVendors(purpose: purpose).count }
                return allowed
            }
        case .gvl:
            return { nil }
        case .decode:
            return { (try? TCString(encoded: line))?.cmpId }
        case .gpp:
            return { (try? IABGPP.GPPString(encoded: line))?.sections.reduce(0) { $0 &+ $1.id } }
        case .scan:
            return { try? TCString.query(encoded: line) { $0.cmpId } }
        case .query:
            return {
                try? TCString.query(encoded: line) { tc in
                    answers(tc.purposeConsents, tc.vendorConsents.contains, tc.vendorLegitimateInterests.contains)
                }
            }
        case .queryValue:
            return {
                guard let tc = try? TCString(encoded: line) else { return nil }
                return answers(tc.purposeConsents, tc.vendorConsents.contains, tc.vendorLegitimateInterests.contains)
            }
        case .full:
            return {
                guard let tc = try? TCString(encoded: line) else { return nil }
                return fullChecksum(tc)
            }
        }
    }

    /// The 30 questions of the query workloads: purposes 1-10, then consent and legitimate interest
    /// of each of ``queriedVendors``; returns how many are answered yes. Always inlined, so that
    /// each workload's lookups are inlined too.
    @inline(__always)
    static func answers(_ purposes: PurposeSet, _ consent: (Int) -> Bool, _ interest: (Int) -> Bool) -> Int {
        var yes = 0
        for purpose in 1...10 where purposes.contains(purpose) { yes += 1 }
        for vendor in queriedVendors {
            if consent(vendor) { yes += 1 }
            if interest(vendor) { yes += 1 }
        }
        return yes
    }

    /// The sum of every id in every id set plus the scalar fields: reads everything once.
    static func fullChecksum(_ tc: TCString) -> Int {
        var sum = tc.cmpId + tc.cmpVersion + tc.consentScreen + tc.vendorListVersion + tc.policyVersion
        func add(_ ids: some Sequence<Int>) { for id in ids { sum &+= id } }
        add(tc.vendorConsents)
        add(tc.vendorLegitimateInterests)
        for restriction in tc.publisherRestrictions { add(restriction.vendors) }
        add(tc.disclosedVendors ?? [])
        add(tc.allowedVendors ?? [])
        add(tc.purposeConsents)
        add(tc.purposeLegitimateInterests)
        add(tc.specialFeatureOptIns)
        if let publisher = tc.publisherTC {
            add(publisher.purposeConsents)
            add(publisher.purposeLegitimateInterests)
            add(publisher.customPurposeConsents)
            add(publisher.customPurposeLegitimateInterests)
        }
        return sum
    }

    /// Median ns per operation over batches of about 1 ms each, after a warm-up of about 10% of the time.
    static func medianNanoseconds(seconds: Double, _ operation: @escaping () -> Int?) -> Double {
        var sink = 0
        var batch = 1
        // Grow the batch until it takes about a millisecond (this also warms up).
        while true {
            let start = now()
            for _ in 0..<batch { sink &+= operation() ?? 0 }
            if now() - start > 1_000_000 || batch >= 1 << 24 { break }
            batch *= 2
        }
        var samples: [Double] = []
        let deadline = now() + UInt64(seconds * 1e9)
        while now() < deadline || samples.count < 5 {
            let start = now()
            for _ in 0..<batch { sink &+= operation() ?? 0 }
            samples.append(Double(now() - start) / Double(batch))
        }
        blackHole = sink
        samples.sort()
        return samples[samples.count / 2]
    }

    nonisolated(unsafe) static var blackHole = 0

    static func now() -> UInt64 {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
    }
}
