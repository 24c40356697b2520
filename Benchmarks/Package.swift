// swift-tools-version:6.1
import PackageDescription

// A separate package so the library itself never resolves the benchmark tool.
let package = Package(
    name: "IABTCFBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        // `name:` because a path dependency's identity is otherwise the checkout's folder name.
        .package(name: "swift-tcf", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.0", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "IABTCFBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "IABTCF", package: "swift-tcf"),
                .product(name: "IABGPP", package: "swift-tcf"),
                .product(name: "IABTCFVendorList", package: "swift-tcf"),
            ],
            path: "Benchmarks/IABTCFBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ],
    swiftLanguageModes: [.v6]
)
