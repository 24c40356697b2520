#!/usr/bin/env bash
# Builds each library module's symbol graph, fails on any public symbol declared in Sources/
# without a /// summary, and runs `docc convert --analyze --warnings-as-errors` on its catalog.
# No docc plugin is needed: docc ships with the toolchain.
set -euo pipefail
cd "$(dirname "$0")/.."
modules=$(sed -n 's/.*\.library(name: "\([A-Za-z]*\)".*/\1/p' Package.swift)
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
