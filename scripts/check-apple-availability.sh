#!/usr/bin/env bash
# Fails when a module in Sources/ uses a standard-library declaration (Swift, _Concurrency, _StringProcessing,
# Synchronization, Observation) newer than the Apple platforms Package.swift declares, outside a matching #available or
# @available. Only an Apple build checks that; this proves it on Linux from the index store SwiftPM writes
# and the standard library's symbol graphs (see apple_availability.py).
# Usage: scripts/check-apple-availability.sh [PACKAGE_DIR]   (default: this package)
#        scripts/check-apple-availability.sh --self-test    (the check must flag a known-bad snippet)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"

if [ "${1:-}" = --self-test ]; then
    package="$(mktemp -d)"
    trap 'rm -rf "$package"' EXIT
    mkdir -p "$package/Sources/Snippet"
    cat >"$package/Package.swift" <<'EOF'
// swift-tools-version:6.1
import PackageDescription
let package = Package(
    name: "Snippet",
    platforms: [.iOS(.v13), .macOS(.v10_15)],
    targets: [.target(name: "Snippet")]
)
EOF
    cat >"$package/Sources/Snippet/Snippet.swift" <<'EOF'
public func unguarded(_ n: Int) -> String { String(unsafeUninitializedCapacity: n) { _ in 0 } }
public func guarded(_ n: Int) -> String {
    if #available(macOS 11, iOS 14, *) { return String(unsafeUninitializedCapacity: n) { _ in 0 } }
    return ""
}
public func guardedByGuard(_ n: Int) -> String {
    guard #available(macOS 11, iOS 14, *) else { return "" }
    return String(unsafeUninitializedCapacity: n) { _ in 0 }
}
@available(macOS 11, iOS 14, *)
public func annotated(_ n: Int) -> String { String(unsafeUninitializedCapacity: n) { _ in 0 } }
public func macOSOnlyGuard(_ n: Int) -> String {
    if #available(macOS 11, *) { return String(unsafeUninitializedCapacity: n) { _ in 0 } }
    return ""
}
public func olderDefault(_ n: Int) -> Int { n &* 3 }
public func pause() async throws { try await Task.sleep(for: .seconds(1)) }
public func hasInfix(_ s: String) -> Bool { s.contains("bc") }
EOF
    expected="Snippet: String.init(unsafeUninitializedCapacity:initializingUTF8With:) (needs iOS 14, macOS 11) above declared iOS 13, macOS 10.15, visionOS 1 at Sources/Snippet/Snippet.swift:1:45
Snippet: String.init(unsafeUninitializedCapacity:initializingUTF8With:) (needs iOS 14, macOS 11) above guarded iOS 13, macOS 11, visionOS 1 at Sources/Snippet/Snippet.swift:13:41
Snippet: Task.sleep(for:tolerance:clock:) (needs iOS 16, macOS 13) above declared iOS 13, macOS 10.15, visionOS 1 at Sources/Snippet/Snippet.swift:17:51
Snippet: Duration.seconds(_:) (needs iOS 16, macOS 13) above declared iOS 13, macOS 10.15, visionOS 1 at Sources/Snippet/Snippet.swift:17:63
Snippet: StringProtocol.contains(_:) (needs iOS 16, macOS 13) above declared iOS 13, macOS 10.15, visionOS 1 at Sources/Snippet/Snippet.swift:18:47
error: 5 reference(s) need newer Apple releases than Package.swift declares (iOS 13, macOS 10.15, visionOS 1)"
    if actual="$("$0" "$package")"; then
        echo "self-test: FAILED, the check passed a snippet it must flag:"; echo "$actual"; exit 1
    elif [ "$actual" != "$expected" ]; then
        echo "self-test: FAILED, expected:"; echo "$expected"; echo "got:"; echo "$actual"; exit 1
    fi
    echo "self-test: the check flags exactly the unguarded uses (Swift, _Concurrency, _StringProcessing) in a known-bad snippet"
    exit 0
fi

root="$(cd "${1:-$here/..}" && pwd)"
symbols="$(mktemp -d)"
trap 'rm -rf "$symbols"' EXIT
# A debug build writes the index store: which declaration (by USR) every reference in Sources/ resolves to.
swift build --package-path "$root" -q >&2
store="$(swift build --package-path "$root" --show-bin-path)/index/store"
# The symbol graphs give each standard-library declaration's Apple availability, by the same USR.
for module in Swift _Concurrency _StringProcessing Synchronization Observation; do
    swift-symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
        -output-dir "$symbols" -minimum-access-level public
done
toolchain="$(dirname "$(readlink -f "$(command -v swift)")")/.."
python3 "$here/apple_availability.py" "$root" "$store" "$toolchain/lib/libIndexStore.so" "$symbols"
