import Benchmark
import IABTCF

/// A minimal start; the performance work fills this in with the corpus, queries, encoding and thresholds.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(1))

    let accept = "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA"
    Benchmark("Decode.specE1") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(try TCString(encoded: accept)) }
    }
}
