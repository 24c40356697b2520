#!/usr/bin/env bash
# Batch throughput of `tcstring decode -` with --jobs 1 and --jobs 2 against Python's orjson merely
# parsing the same output, in one run: the corpus lines repeated to LINES lines (default 200,000),
# release build, output to /dev/null, best of ROUNDS (default 3) for each. Also checks that every
# --jobs gives the same bytes. Needs Python's orjson: with --install it is pip-installed when
# missing; without, the script says so and stops.
#
#   scripts/batch-throughput.sh [--install] [LINES] [ROUNDS]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
lines=${1:-200000}
rounds=${2:-3}
needs_pip python3 "the comparison" orjson orjson
swift build -c release --product tcstring >/dev/null
bin=$(swift build -c release --show-bin-path)/tcstring
work=.build/batch
mkdir -p "$work"
corpus=Fixtures/corpus/corpus.txt
per=$(grep -c . "$corpus")
for _ in $(seq 1 $(( lines / per + 1 ))); do cat "$corpus"; done | head -n "$lines" > "$work/in.txt"
"$bin" decode --jobs 1 - < "$work/in.txt" > "$work/out1.txt"
"$bin" decode --jobs 2 - < "$work/in.txt" | cmp -s - "$work/out1.txt" || { echo "--jobs 2 output differs" >&2; exit 1; }
while IFS= read -r s; do "$bin" decode "$s"; done < "$corpus" > "$work/single.txt"
head -n "$per" "$work/out1.txt" | cmp -s - "$work/single.txt" || { echo "batch output differs from per-string output" >&2; exit 1; }

best() {  # best wall-clock seconds of $rounds runs of "$@" < in.txt > /dev/null
    local best=999
    for _ in $(seq 1 "$rounds"); do
        local start end
        start=$(date +%s.%N)
        "$@" < "$work/in.txt" > /dev/null
        end=$(date +%s.%N)
        best=$(python3 -c "print(min($best, $end - $start))")
    done
    echo "$best"
}
jobs1=$(best "$bin" decode --jobs 1 -)
jobs2=$(best "$bin" decode --jobs 2 -)
orjson=$(python3 - "$work/out1.txt" "$rounds" <<'PY'
import orjson, sys, time
path, rounds = sys.argv[1], int(sys.argv[2])
with open(path, "rb") as f:
    lines = f.read().splitlines()
best = float("inf")
for _ in range(rounds):
    start = time.perf_counter()
    for line in lines:
        orjson.loads(line)
    best = min(best, time.perf_counter() - start)
print(best)
PY
)
bytes=$(wc -c < "$work/out1.txt")
python3 - "$lines" "$bytes" "$jobs1" "$jobs2" "$orjson" <<'PY'
import sys
lines, size = int(sys.argv[1]), int(sys.argv[2])
j1, j2, oj = map(float, sys.argv[3:6])
for name, t in (("orjson (parsing only)", oj), ("tcstring decode --jobs 1", j1), ("tcstring decode --jobs 2", j2)):
    print(f"{name:26} {lines / t:>10,.0f} lines/s  {size / t / 1e6:>6,.0f} MB/s  ({t:.3f} s)")
print(f"--jobs 1 / orjson: {oj / j1:.2f}x   --jobs 2 / --jobs 1: {j1 / j2:.2f}x")
PY
