// swift-tools-version:6.1
import PackageDescription

// Every target gets the same upcoming-feature settings so the code is ready for the next language mode.
let settings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "swift-tcf",
    // The oldest Apple releases the code supports; scripts/check-apple-availability.sh proves it on Linux.
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6), .visionOS(.v1)],
    products: [
        .library(name: "IABTCF", targets: ["IABTCF"]),
        .library(name: "IABGPP", targets: ["IABGPP"]),
        .library(name: "IABTCFVendorList", targets: ["IABTCFVendorList"]),
        .library(name: "IABTCFAppTracking", targets: ["IABTCFAppTracking"]),
        .library(name: "IABTCFStorage", targets: ["IABTCFStorage"]),
        .library(name: "IABTCFConsentLifecycle", targets: ["IABTCFConsentLifecycle"]),
        .executable(name: "tcstring", targets: ["tcstring"]),
    ],
    targets: [
        // The codec: imports nothing but the Swift standard library (and the C step and JSON below).
        // Its `package` JSON forms of the TC string and seeded random TC strings serve the tool and tests.
        .target(name: "IABTCF", dependencies: ["CBase64URL", "TCFJSON"], swiftSettings: settings),
        // The codec's vectorised base64url step (AVX2 or AVX-512 VBMI chosen at run time, NEON): C for
        // the byte shuffles Swift's SIMD types do not offer. Internal to the codec, not a product.
        .target(name: "CBase64URL"),
        // JSON, one owner, not a product: the strict reader (and its public `JSONInputError`, which
        // `IABTCFVendorList` re-exports by name), the ordered JSON tree the tool and tests share, and
        // the one writer of JSON text and of the decode schema's value formats, which the codec's
        // descriptions, `Codable` and the tool delegate to.
        .target(name: "TCFJSON", swiftSettings: settings),
        // The Global Privacy Platform on top of the codec: the GPP container, its data types and
        // one field table per section; section 2 is the codec's TCString; its JSON text through
        // TCFJSON's one writer. No Foundation.
        .target(name: "IABGPP", dependencies: ["IABTCF", "TCFJSON"], swiftSettings: settings),
        // The Global Vendor List on top of the codec: the list and its translations (read with
        // TCFJSON's reader), vendor permissions, validation against the list, the notice's choice and renewal;
        // its answers (ad serving, renewal, permissions) write their own JSON through TCFJSON.
        .target(name: "IABTCFVendorList", dependencies: ["IABTCF", "TCFJSON"], swiftSettings: settings),
        // App Tracking Transparency decisions on top of the codec and the vendor list; builds and tests on Linux.
        // Reads GPP's US sections for what may run and which ads where the GDPR does not apply; its
        // answers write their own JSON through TCFJSON.
        .target(
            name: "IABTCFAppTracking",
            dependencies: ["IABTCF", "IABGPP", "IABTCFVendorList", "TCFJSON"],
            swiftSettings: settings
        ),
        // Reading and writing the IABTCF_ and IABGPP_ keys in UserDefaults; imports Foundation.
        .target(
            name: "IABTCFStorage",
            dependencies: ["IABTCF", "IABGPP"],
            resources: [.copy("PrivacyInfo.xcprivacy")],
            swiftSettings: settings
        ),
        // The app's consent lifecycle: the flow's rule engine driven through the stored keys and
        // the platform's prompts (injected), across launches.
        .target(
            name: "IABTCFConsentLifecycle",
            dependencies: ["IABTCF", "IABGPP", "IABTCFVendorList", "IABTCFAppTracking", "IABTCFStorage"],
            swiftSettings: settings
        ),
        // The command-line tool; may use Foundation.
        .executableTarget(
            name: "tcstring",
            dependencies: [
                "IABTCF", "IABGPP", "IABTCFVendorList", "IABTCFAppTracking", "IABTCFStorage", "TCFJSON",
            ],
            swiftSettings: settings
        ),
        // One test target per module, and the helpers they share (seeded random values come from
        // the codec's `package` RandomModels).
        .target(
            name: "TestSupport",
            dependencies: ["IABTCF", "IABTCFVendorList", "TCFJSON"],
            path: "Tests/TestSupport",
            swiftSettings: settings
        ),
        .testTarget(
            name: "IABTCFTests",
            dependencies: ["IABTCF", "CBase64URL", "TCFJSON", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "IABGPPTests",
            dependencies: ["IABGPP", "IABTCF", "TCFJSON", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(name: "TCFJSONTests", dependencies: ["TCFJSON"], swiftSettings: settings),
        .testTarget(
            name: "IABTCFVendorListTests",
            dependencies: ["IABTCF", "IABTCFVendorList", "TCFJSON", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "IABTCFAppTrackingTests",
            dependencies: ["IABTCF", "IABGPP", "IABTCFVendorList", "IABTCFAppTracking", "TCFJSON", "TestSupport"],
            swiftSettings: settings
        ),
        .testTarget(
            name: "IABTCFStorageTests",
            dependencies: ["IABTCF", "IABGPP", "IABTCFStorage"],
            swiftSettings: settings
        ),
        // The lifecycle simulator: a scripted person, OS and CMP across launches, days and years.
        .testTarget(
            name: "IABTCFConsentLifecycleTests",
            dependencies: [
                "IABTCF", "IABGPP", "IABTCFVendorList", "IABTCFAppTracking", "IABTCFStorage",
                "IABTCFConsentLifecycle",
            ],
            swiftSettings: settings
        ),
        // The command-line tool, through the built executable.
        .testTarget(
            name: "tcstringTests",
            dependencies: [
                "IABTCF", "IABGPP", "IABTCFVendorList", "IABTCFAppTracking", "IABTCFStorage", "TCFJSON",
                "TestSupport",
            ],
            swiftSettings: settings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The libFuzzer targets (Fuzz/, one executable, FUZZ_TARGET picks the target), declared only when
// scripts/fuzz.sh builds them with `--sanitize=fuzzer --sanitize=address`: a plain build or test of
// the package never compiles them. In this package, not a nested one, because the encode-json
// target reads the tool's JSON input, which the codec (IABTCF) shares at `package` level.
if Context.environment["SWIFT_TCF_FUZZ"] != nil {
    package.targets.append(
        .executableTarget(
            name: "tcf-fuzz",
            dependencies: [
                "IABTCF", "IABGPP", "IABTCFVendorList", "IABTCFAppTracking", "IABTCFStorage", "TCFJSON",
            ],
            path: "Fuzz",
            exclude: ["corpus"],
            swiftSettings: settings
        )
    )
}
