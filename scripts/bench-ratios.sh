#!/usr/bin/env bash
# Measures the floor (scripts/floor.c) and `tcstring bench` for each workload in one run, and prints
# per-line ratios (ours / floor) with their geometric means. scan validates every field and builds
# nothing (pass 1 alone); query answers 30 questions with TCString.query (no value built);
# query-value asks them of a decoded TCString.
#
#   scripts/bench-ratios.sh [FILE] [SECONDS] [ROUNDS]
#
# Defaults: Fixtures/corpus/corpus.txt, 0.5 s per line, 3 rounds. Each round measures the floor and
# every workload once; each cell keeps its fastest round, because on a shared virtual machine the
# noise only ever adds time (a lone round can be off by 2x).
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-Fixtures/corpus/corpus.txt}
seconds=${2:-0.5}
rounds=${3:-3}
mkdir -p .build
gcc -O2 -o .build/floor scripts/floor.c
swift build -c release --product tcstring >/dev/null
bin=$(swift build -c release --show-bin-path)/tcstring
for _ in $(seq "$rounds"); do
    .build/floor "$file" "$seconds"
    for workload in decode scan query query-value full; do "$bin" bench --workload "$workload" --seconds "$seconds" "$file"; done
done > .build/bench-ratios.jsonl
python3 - .build/bench-ratios.jsonl <<'PY'
import json, math, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
ns = {}
for r in rows:
    key = (r["workload"], r["line"])
    ns[key] = min(ns.get(key, r["nsPerOp"]), r["nsPerOp"])
floor = {r["line"]: {"chars": r["chars"], "nsPerOp": ns[("floor", r["line"])]} for r in rows if r["workload"] == "floor"}
workloads = ["decode", "scan", "query", "query-value", "full"]
print(f"{'line':>4} {'chars':>6} {'floor ns':>9} " + " ".join(f"{w + ' ns':>10} {w + ' ×':>9}" for w in workloads))
for line, f in sorted(floor.items()):
    cells = " ".join(f"{ns[(w, line)]:>10} {ns[(w, line)] / f['nsPerOp']:>9.2f}" for w in workloads)
    print(f"{line:>4} {f['chars']:>6} {f['nsPerOp']:>9} {cells}")
for w in workloads:
    ratios = [ns[(w, l)] / f["nsPerOp"] for l, f in floor.items()]
    print(f"geometric mean {w}: {math.exp(sum(map(math.log, ratios)) / len(ratios)):.2f}×")
PY
