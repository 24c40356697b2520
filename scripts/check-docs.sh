#!/usr/bin/env bash
# Checks the front door (README and Performance article lengths, the products the manifests of README
# and Getting started list), builds each library module's symbol graph, fails on any public symbol
# declared in Sources/ without a /// summary, and runs `docc convert --analyze --warnings-as-errors`
# on its catalog.
# No docc plugin is needed: docc ships with the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=$(sed -n 's/.*\.library(name: "\([A-Za-z]*\)".*/\1/p' Package.swift)
# The front door stays small and true: README.md at most 250 lines, the Performance article at most
# 220 (history belongs in Benchmarks/HISTORY.md), and the manifests of README's Install section and
# of Getting started list exactly Package.swift's library products, in an .executableTarget.
python3 - $modules <<'PY'
import re, sys
modules, failures = sys.argv[1:], []
for path, limit in (("README.md", 250), ("Sources/IABTCF/Docs.docc/Performance.md", 220)):
    count = len(open(path).read().splitlines())
    if count > limit:
        failures.append(f"{path}: {count} lines, at most {limit}")
for path in ("README.md", "Sources/IABTCF/Docs.docc/GettingStarted.md"):
    text = open(path).read()
    manifest = next((block for block in re.findall(r"```swift\n(.*?)```", text, re.S) if ".product(name:" in block), "")
    products = re.findall(r'\.product\(name: "(\w+)"', manifest)
    if products != modules:
        failures.append(f"{path}: its manifest lists {products}, Package.swift's products are {modules}")
    if ".executableTarget(" not in manifest or re.search(r"\.target\(", manifest):
        failures.append(f"{path}: its manifest's target is not an .executableTarget")
for failure in failures:
    print(f"front door: {failure}")
sys.exit(1 if failures else 0)
PY
# dump-symbol-graph rebuilds what it needs and writes one graph per module.
dumped=$(swift package dump-symbol-graph --minimum-access-level public --emit-extension-block-symbols | sed -n 's/^Files written to //p')
graphs=.build/doc-symbol-graphs
rm -rf "$graphs" .build/docs && mkdir -p .build/docs
for module in $modules; do
    mkdir -p "$graphs/$module" && cp "$dumped/$module.symbols.json" "$dumped/$module"@*.symbols.json "$graphs/$module/" 2>/dev/null || true
done
python3 - "$graphs" $modules <<'PY'
import json, sys, os
graphs, modules = sys.argv[1], sys.argv[2:]
missing = []
for module in modules:
    data = json.load(open(os.path.join(graphs, module, f"{module}.symbols.json")))
    for s in data["symbols"]:
        uri = s.get("location", {}).get("uri", "")
        # Symbols without a location in our sources are inherited or synthesised.
        if s["accessLevel"] == "public" and "docComment" not in s and "/Sources/" in uri:
            missing.append(f"{uri.split('/Sources/')[-1]}:{s['location']['position']['line'] + 1}: "
                           f"{'.'.join(s['pathComponents'])}")
for line in missing:
    print(f"undocumented public symbol: {line}")
sys.exit(1 if missing else 0)
PY
for module in $modules; do
    catalog="Sources/$module/Docs.docc"
    [ -d "$catalog" ] || { echo "error: $catalog is missing" >&2; exit 1; }
    out=$(docc convert "$catalog" --additional-symbol-graph-dir "$graphs/$module" --fallback-display-name "$module" \
        --fallback-bundle-identifier "$module" --analyze --warnings-as-errors \
        --output-path ".build/docs/$module.doccarchive" 2>&1) || { echo "$out" >&2; exit 1; }
    echo "$module: documentation builds without warnings"
done
