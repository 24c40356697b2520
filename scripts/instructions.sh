#!/usr/bin/env bash
# Instructions per operation for each corpus line, counted by callgrind (deterministic, unlike time):
# the difference between 2,000 and 1,000 iterations of `tcstring bench`, divided by 1,000.
#
#   scripts/instructions.sh [decode|query|full] [FILE]
set -euo pipefail
cd "$(dirname "$0")/.."
workload=${1:-decode}
file=${2:-Fixtures/corpus/corpus.txt}
swift build -c release --product tcstring >/dev/null
bin=$(swift build -c release --show-bin-path)/tcstring
count() {
    TCSTRING_BENCH_ITERATIONS=$1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" bench \
        --workload "$workload" "$2" 2>&1 | sed -n 's/.*refs: *//p' | tr -d ,
}
line=0
while IFS= read -r text; do
    [ -n "$text" ] || continue
    line=$((line + 1))
    printf '%s\n' "$text" > .build/instructions-line.txt
    a=$(count 1000 .build/instructions-line.txt)
    b=$(count 2000 .build/instructions-line.txt)
    echo "line $line (${#text} chars): $(( (b - a) / 1000 )) instructions per $workload"
done < "$file"
