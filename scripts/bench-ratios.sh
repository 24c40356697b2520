#!/usr/bin/env bash
# Measures the floor (scripts/floor.c) and `tcstring bench` for each workload in one run, and prints
# per-line ratios (ours / floor) with their geometric means.
#
#   scripts/bench-ratios.sh [FILE] [SECONDS]     (defaults: Fixtures/corpus/corpus.txt, 0.5 s per line)
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-Fixtures/corpus/corpus.txt}
seconds=${2:-0.5}
mkdir -p .build
gcc -O2 -o .build/floor scripts/floor.c
swift build -c release --product tcstring >/dev/null
bin=$(swift build -c release --show-bin-path)/tcstring
{
    .build/floor "$file" "$seconds"
    for workload in decode query full; do "$bin" bench --workload "$workload" --seconds "$seconds" "$file"; done
} > .build/bench-ratios.jsonl
python3 - .build/bench-ratios.jsonl <<'PY'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
floor = {r["line"]: r for r in rows if r["workload"] == "floor"}
workloads = ["decode", "query", "full"]
ns = {(r["workload"], r["line"]): r["nsPerOp"] for r in rows}
print(f"{'line':>4} {'chars':>6} {'floor ns':>9} " + " ".join(f"{w + ' ns':>10} {w + ' ×':>9}" for w in workloads))
for line, f in sorted(floor.items()):
    cells = " ".join(f"{ns[(w, line)]:>10} {ns[(w, line)] / f['nsPerOp']:>9.2f}" for w in workloads)
    print(f"{line:>4} {f['chars']:>6} {f['nsPerOp']:>9} {cells}")
for w in workloads:
    ratios = [ns[(w, l)] / f["nsPerOp"] for l, f in floor.items()]
    print(f"geometric mean {w}: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f}×")
PY
