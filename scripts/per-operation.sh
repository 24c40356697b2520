#!/usr/bin/env bash
# Deterministic per-operation counts for each line of a file of TC strings, measured by valgrind on
# `tcstring bench` (release build): the count for 2,000 iterations minus that for 1,000, divided by 1,000.
#
#   scripts/per-operation.sh instructions [decode|query|query-value|full|gpp] [FILE]   # callgrind instruction count
#   scripts/per-operation.sh allocations  [decode|query|query-value|full|gpp] [FILE]   # heap allocations (memcheck)
#
# gpp decodes a GPPString per line: scripts/per-operation.sh instructions gpp Fixtures/gpp/bench.txt
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:?instructions or allocations}
workload=${2:-decode}
file=${3:-Fixtures/corpus/corpus.txt}
swift build -c release --product tcstring >/dev/null
bin=$(swift build -c release --show-bin-path)/tcstring
count() {
    case "$what" in
    instructions)
        TCSTRING_BENCH_ITERATIONS=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" bench \
            --workload "$workload" "$2" 2>&1 | sed -n 's/.*refs: *//p' | tr -d , ;;
    allocations)
        TCSTRING_BENCH_ITERATIONS=$1 valgrind --tool=memcheck "$bin" bench --workload "$workload" "$2" 2>&1 |
            sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d , ;;
    *) echo "usage: $0 instructions|allocations [workload] [file]" >&2; exit 2 ;;
    esac
}
line=0
mkdir -p .build
while IFS= read -r text; do
    [ -n "$text" ] || continue
    line=$((line + 1))
    printf '%s\n' "$text" > .build/per-operation-line.txt
    a=$(count 1000 .build/per-operation-line.txt)
    b=$(count 2000 .build/per-operation-line.txt)
    echo "line $line (${#text} chars): $(( (b - a) / 1000 )) $what per $workload"
done < "$file"
