#!/usr/bin/env bash
# Measures the floor (scripts/floor.c) and `tcstring bench` for each workload in one run, and prints
# per-line ratios (ours / floor) with their geometric means. scan validates every field and builds
# nothing (pass 1 alone); query answers 30 questions with TCString.query (no value built);
# query-value asks them of a decoded TCString; full decodes and enumerates every id of every set.
# full is also given against the enumeration floor (floor-full in scripts/floor.c: the same decode,
# then every id of the line's sets from prebuilt words by a count-trailing-zeros loop), since the
# base64 floor enumerates nothing and full's ratio to it mostly measures the id count. query and
# query-value are also given against the query floor (floor-query: the same decode, then the 30
# questions by one bit test each in prebuilt words).
#
#   scripts/bench-ratios.sh [FILE] [SECONDS] [ROUNDS]
#
# Defaults: Fixtures/corpus/corpus.txt, 0.5 s per line, 3 rounds. Each round measures the floor and
# every workload once; each cell keeps its fastest round, because on a shared virtual machine the
# noise only ever adds time (a lone round can be off by a large factor).
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-Fixtures/corpus/corpus.txt}
seconds=${2:-0.5}
rounds=${3:-3}
mkdir -p .build
# The baseline instruction set the package targets: no -march=native.
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
lines = sorted({r["line"]: r["chars"] for r in rows if r["workload"] == "floor"}.items())
workloads = ["decode", "scan", "query", "query-value", "full"]
def ratio(w, line, floor="floor"):
    return ns[(w, line)] / ns[(floor, line)]
def geomean(values):
    return math.exp(sum(map(math.log, values)) / len(values))
# The ratios against the other floors: (label, workload, floor).
others = [("query × q", "query", "floor-query"), ("query-value × q", "query-value", "floor-query"),
          ("full × enum", "full", "floor-full")]
print(f"{'line':>4} {'chars':>6} {'floor ns':>9} {'query ns':>9} {'enum ns':>8} "
      + " ".join(f"{w + ' ns':>10} {w + ' ×':>9}" for w in workloads)
      + "".join(f" {label:>15}" for label, _, _ in others))
for line, chars in lines:
    cells = " ".join(f"{ns[(w, line)]:>10} {ratio(w, line):>9.2f}" for w in workloads)
    print(f"{line:>4} {chars:>6} {ns[('floor', line)]:>9} {ns[('floor-query', line)]:>9} {ns[('floor-full', line)]:>8}"
          f" {cells}" + "".join(f" {ratio(w, line, floor):>15.2f}" for _, w, floor in others))
for w in workloads:
    print(f"geometric mean {w}: {geomean([ratio(w, l) for l, _ in lines]):.2f}×")
print(f"geometric mean query against the query floor: "
      f"{geomean([ratio('query', l, 'floor-query') for l, _ in lines]):.2f}×")
print(f"geometric mean query-value against the query floor: "
      f"{geomean([ratio('query-value', l, 'floor-query') for l, _ in lines]):.2f}×")
print(f"geometric mean full against the enumeration floor: "
      f"{geomean([ratio('full', l, 'floor-full') for l, _ in lines]):.2f}×")
for w in ["decode", "query-value"]:
    print(f"highest line {w}: {max(ratio(w, l) for l, _ in lines):.2f}×")
print(f"highest line query-value against the query floor: "
      f"{max(ratio('query-value', l, 'floor-query') for l, _ in lines):.2f}×")
PY
