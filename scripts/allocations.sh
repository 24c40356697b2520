#!/usr/bin/env bash
# Heap allocations per operation for each corpus line: valgrind's heap summary for 2,000 minus
# 1,000 iterations of `tcstring bench`, divided by 1,000 (deterministic).
#
#   scripts/allocations.sh [decode|query|full] [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
workload=${1:-decode}
file=${2:-Fixtures/corpus/corpus.txt}
swift build -c release --product tcstring >/dev/null
bin=$(swift build -c release --show-bin-path)/tcstring
count() {
    TCSTRING_BENCH_ITERATIONS=$1 valgrind --tool=memcheck "$bin" bench --workload "$workload" "$2" 2>&1 |
        sed -n 's/.*total heap usage: \([0-9,]*\) allocs.*/\1/p' | tr -d ,
}
line=0
while IFS= read -r text; do
    [ -n "$text" ] || continue
    line=$((line + 1))
    printf '%s\n' "$text" > .build/allocations-line.txt
    a=$(count 1000 .build/allocations-line.txt)
    b=$(count 2000 .build/allocations-line.txt)
    echo "line $line (${#text} chars): $(( (b - a) / 1000 )) allocations per $workload"
done < "$file"
