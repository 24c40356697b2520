#!/usr/bin/env bash
# Proves README.md's Install section and its Swift snippets, and those of the DocC articles in
# ARTICLES below, on what a user has: a git clone.
#
# 1. Makes a file:// clone of this checkout whose `main` branch is the checkout's HEAD (whatever
#    branch is checked out; uncommitted changes are not in it).
# 2. Creates a package in a temporary directory whose Package.swift is the Install section's
#    manifest, with `<git URL of your clone>` replaced by the clone's file:// URL.
# 3. Gives its executable target the README's other ```swift blocks and every ```swift block of
#    the ARTICLES as code, each as written, in a function of its own (`import` lines move to the
#    file's top), plus a prelude that defines what the snippets take from their surroundings
#    (`string`, `tc`, `defaults`, ...). Compiler errors point at the documents' lines.
# 4. Builds it (SwiftPM resolves the dependency from the clone) and runs every snippet in document
#    order; a snippet that observes changes (`for await`) is cancelled after two seconds.
#
# Usage: scripts/check-consumer.sh [--keep]   (--keep leaves the temporary directory for inspection)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d "${TMPDIR:-/tmp}/swift-tcf-consumer.XXXXXX")
if [ "${1:-}" = --keep ]; then
    echo "keeping $work"
else
    trap 'rm -rf "$work"' EXIT
fi

if ! git diff --quiet HEAD 2>/dev/null; then
    echo "note: the clone has HEAD ($(git rev-parse --short HEAD)); uncommitted changes are not in it"
fi
clone=$work/swift-tcf
git clone -q --no-checkout "file://$root" "$clone"
# HEAD may be a branch other than main, or detached: fetch it by name and make it main.
git -C "$clone" fetch -q origin HEAD
git -C "$clone" checkout -q -B main FETCH_HEAD
echo "clone: file://$clone, main at $(git -C "$clone" rev-parse --short main)"

cd "$root"
python3 - README.md "$work/consumer" "file://$clone" <<'PY'
import os, re, sys

readme, package, url = sys.argv[1:]

# The DocC articles whose Swift snippets build and run too (GettingStarted's package fragment and
# the App Tracking articles' app-side samples are not self-contained code).
ARTICLES = [
    "Sources/IABTCF/Docs.docc/IABTCF.md",
    "Sources/IABTCF/Docs.docc/DecodingTCStrings.md",
    "Sources/IABTCF/Docs.docc/EncodingTCStrings.md",
    "Sources/IABTCF/Docs.docc/MobileAndPolicy.md",
    "Sources/IABTCFVendorList/Docs.docc/IABTCFVendorList.md",
    "Sources/IABTCFVendorList/Docs.docc/VendorPermissions.md",
    "Sources/IABTCFStorage/Docs.docc/IABTCFStorage.md",
]

def fail(message):
    print(f"FAIL {message}")
    sys.exit(1)

def swift_blocks(document):
    """Every ```swift block: (line of its first code line, code lines, section heading)."""
    lines = open(document, encoding="utf-8").read().split("\n")
    blocks, section, i = [], "", 0
    while i < len(lines):
        if lines[i].startswith("## "):
            section = lines[i][3:].strip()
        if lines[i].strip() == "```swift":
            end = i + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            blocks.append((i + 2, lines[i + 1:end], section))
            i = end
        i += 1
    return blocks

blocks = swift_blocks(readme)

manifests = [b for b in blocks if b[2] == "Install" and any("swift-tools-version" in l for l in b[1])]
if len(manifests) != 1:
    fail(f"{readme}: expected one ```swift block with a swift-tools-version line in ## Install, found {len(manifests)}")
manifest_line, manifest, _ = manifests[0]
manifest_text = "\n".join(manifest) + "\n"
placeholder = '"<git URL of your clone>"'
if manifest_text.count(placeholder) != 1:
    fail(f"{readme}:{manifest_line}: the Install manifest must name the dependency as .package(url: {placeholder}, ...)")
targets = re.findall(r'\.executableTarget\(\s*name:\s*"([^"]+)"', manifest_text)
if len(targets) != 1:
    fail(f"{readme}:{manifest_line}: the Install manifest must declare one .executableTarget to run the snippets in")
target = targets[0]

sources = os.path.join(package, "Sources", target)
os.makedirs(sources)
open(os.path.join(package, "Package.swift"), "w").write(manifest_text.replace(placeholder, f'"{url}"'))

# (document, line, code) of every snippet, README first.
snippets = [(readme, line, code) for line, code, _ in blocks if (line, code) != (manifest_line, manifest)]
for article in ARTICLES:
    found = swift_blocks(article)
    if not found:
        fail(f"{article}: no ```swift block (remove it from ARTICLES in this script)")
    snippets += [(article, line, code) for line, code, _ in found]
imports = "import Foundation\nimport IABTCF\nimport IABTCFAppTracking\nimport IABTCFStorage\nimport IABTCFVendorList\n"
calls = []
for document, line, code in snippets:
    hoisted = [l for l in code if re.match(r"\s*import\s+\w+\s*$", l)]
    stem = re.sub(r"\W", "", os.path.splitext(os.path.basename(document))[0])
    name = f"{stem}Line{line}"
    with open(os.path.join(sources, f"{stem}-line-{line}.swift"), "w") as out:
        out.write(imports + "".join(l.strip() + "\n" for l in hoisted))
        out.write(f"\nfunc {name}() async throws {{\n")
        out.write(f'#sourceLocation(file: "{document}", line: {line})\n')
        # Import lines become blank lines, so every line keeps its line number in the document.
        out.write("".join(("" if l in hoisted else l) + "\n" for l in code))
        out.write("#sourceLocation()\n}\n")
    observes = "true" if any(re.search(r"\bfor\s+await\b", l) for l in code) else "false"
    calls.append(f'    ("{document}:{line}", {observes}, {name}),')

clone = url[len("file://"):]
with open(os.path.join(sources, "Prelude.swift"), "w") as out:
    out.write(imports + f'''
// What the snippets take from their surroundings.

/// A TC string: the README's first example.
let string =
    "CQtDjkAQtDjkAEsACBENCMFoAPLAAELAAAYgF5wBgABAAGAAQABUAEAC8wLzgBgACAAqAvMAEJABABAA.IGMwBwABAAGAAQABUAEAC8wGMgAA"
/// The articles' names for a TC string at hand.
let text = string, input = string, fromAnotherCMP = string, tcStringFromServer = string
/// A moment for markUpdated(at:).
let now = Timestamp(iso8601: "2026-03-02T09:30:00Z")!
/// Its value.
let tc = try! TCString(encoded: string)
/// The app's defaults (a suite of their own).
nonisolated(unsafe) let defaults = UserDefaults(suiteName: "swift-tcf-readme-snippets")!
/// ATT flow state the app keeps.
let requestedThisRun = false
let lastSeen: ATTStatus? = nil
/// A Global Vendor List as downloaded (the repository's v17 fixture).
let vendorListText = try! String(contentsOfFile: "{clone}/Fixtures/gvl/vendor-list-v17-spec3.json", encoding: .utf8)

func startTrackers() {{ print("    startTrackers()") }}
func requestAds(_ mode: AdServingMode) {{ print("    requestAds(\\(mode))") }}
func disableStorage() {{ print("    disableStorage()") }}
func configureAds(for consent: InAppConsent) {{ print("    configureAds(for:)") }}
''')

with open(os.path.join(sources, "main.swift"), "w") as out:
    out.write(imports + f'''
let snippets: [(place: String, observes: Bool, run: @Sendable () async throws -> Void)] = [
{chr(10).join(calls)}
]
var failures = 0
for snippet in snippets {{
    print("\\(snippet.place): running")
    let task = Task {{ try await snippet.run() }}
    if snippet.observes {{
        // An observation loop runs until its task is cancelled.
        try? await Task.sleep(nanoseconds: 2_000_000_000)
        task.cancel()
    }}
    do {{
        try await task.value
    }} catch {{
        print("FAIL \\(snippet.place): the snippet threw \\(error)")
        failures += 1
    }}
}}
print("\\(snippets.count) documented snippets run, \\(failures) failed")
exit(failures == 0 ? 0 : 1)
''')
print(f"consumer: {package}, target {target}, {len(snippets)} snippets from {readme} and {len(ARTICLES)} articles")
PY

cd "$work/consumer"
# The build compiles the snippets: a compiler error names the document and the line.
if ! swift build >"$work/build.log" 2>&1; then
    cat "$work/build.log" >&2
    grep -E "\.md:[0-9]+:[0-9]+: error" "$work/build.log" | sort -u | sed 's/^/FAIL /' >&2 || true
    echo "FAIL the consumer package does not build: the README's Install manifest or a snippet (log above)" >&2
    exit 1
fi
# Defaults and caches the snippets write stay in the temporary directory.
mkdir -p "$work/home"
HOME="$work/home" XDG_CONFIG_HOME="$work/home/.config" "$(swift build --show-bin-path)/$(ls Sources)"
