#!/usr/bin/env bash
# Checks the deterministic per-operation counts of `tcstring bench` on the corpus against
# Benchmarks/per-operation.tsv: instructions (callgrind) of decode, query, query-value and full, and
# heap allocations (memcheck) of decode, query and full, each per line (scripts/per-operation.sh
# measures them); and both counts of the gpp workload (a full GPPString) on Fixtures/gpp/bench.txt.
# Allocations must not exceed the recorded count; instructions may exceed it by at most 3% (the
# counts move slightly with the toolchain, glibc and valgrind). Fails on a line over its count and
# says so; a count 3% or more under its record is reported, so that the record can be lowered.
# Time is never checked. Needs valgrind (Debian package valgrind): without it the script says so
# and stops with status 2; --install installs it with apt-get (as root; CI passes it).
#
#   scripts/check-per-operation.sh [--install]            # check (CI)
#   scripts/check-per-operation.sh [--install] --update   # measure and rewrite Benchmarks/per-operation.tsv
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
record=Benchmarks/per-operation.tsv
# The record is of x86-64 with AVX2, which valgrind passes through (it has no AVX-512): elsewhere the
# base64 step and the C library take other paths, with other counts.
if [ "$(uname -m)" != x86_64 ] || ! grep -qw avx2 /proc/cpuinfo 2>/dev/null; then
    echo "per-operation counts skipped: the record is of x86-64 with AVX2"
    exit 0
fi
needs_apt "callgrind and memcheck" valgrind -- valgrind
measured=$(mktemp)
trap 'rm -f "$measured"' EXIT
{
    printf 'what\tworkload\tline\tcount\n'
    # what:workload:file; the gpp workload runs on the five GPP lines of Fixtures/gpp/bench.txt.
    for spec in instructions:decode:Fixtures/corpus/corpus.txt instructions:query:Fixtures/corpus/corpus.txt \
        instructions:query-value:Fixtures/corpus/corpus.txt instructions:full:Fixtures/corpus/corpus.txt \
        instructions:gpp:Fixtures/gpp/bench.txt allocations:decode:Fixtures/corpus/corpus.txt \
        allocations:query:Fixtures/corpus/corpus.txt allocations:full:Fixtures/corpus/corpus.txt \
        allocations:gpp:Fixtures/gpp/bench.txt; do
        what=${spec%%:*}
        rest=${spec#*:}
        workload=${rest%%:*}
        file=${rest#*:}
        # "line N (C chars): COUNT instructions per decode"
        scripts/per-operation.sh "$what" "$workload" "$file" |
            sed -n "s/^line \([0-9]*\) .*: \([0-9-]*\) $what per $workload\$/$what\t$workload\t\1\t\2/p"
    done
} > "$measured"
if [ "${1:-}" = --update ]; then
    cp "$measured" "$record"
    echo "wrote $record"
    exit 0
fi
python3 - "$record" "$measured" <<'PY'
import sys
def load(path):
    rows = [line.rstrip("\n").split("\t") for line in open(path)][1:]
    return {(what, workload, int(line)): int(count) for what, workload, line, count in rows}
record, measured = load(sys.argv[1]), load(sys.argv[2])
failures, lower = [], []
for key, allowed in sorted(record.items()):
    what, workload, line = key
    if key not in measured:
        failures.append(f"{what} per {workload}, line {line}: not measured")
        continue
    count = measured[key]
    limit = allowed if what == "allocations" else allowed * 1.03
    label = f"{what} per {workload}, line {line}: {count} (recorded {allowed})"
    if count > limit:
        failures.append(label)
    elif what == "instructions" and count <= allowed * 0.97:
        lower.append(label)
for label in lower:
    print(f"lower than recorded, update with --update: {label}")
for label in failures:
    print(f"over the record: {label}", file=sys.stderr)
if failures:
    sys.exit(1)
print(f"{len(record)} per-operation counts within their records ({sys.argv[1]})")
PY
