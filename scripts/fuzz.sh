#!/usr/bin/env bash
# Fuzzes the decoder and both encoders with libFuzzer + AddressSanitizer.
#
#   scripts/fuzz.sh [SECONDS]     (default 60)
#
# Seeds come from every string in Fixtures/. The run fails (non-zero exit) on any crash, sanitizer
# report, round-trip mismatch, timeout (> 2 s for one input) or out-of-memory (> 2 GB); the
# offending input is kept in fuzz-out/artifacts/. FUZZ_CORPUS=dir keeps the evolving corpus there.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
out=fuzz-out
build=.build-fuzz
mkdir -p "$build" "$out/artifacts"
corpus=${FUZZ_CORPUS:-$out/corpus}
mkdir -p "$corpus"

# The library and the entry point in one module: libFuzzer needs the instrumented code in one binary.
# The codec's C step (Sources/CBase64URL) is compiled with the same sanitizers by the toolchain's clang.
clang=$(dirname "$(command -v swiftc)")/clang
"$clang" -fsanitize=fuzzer-no-link,address -O2 -g -I Sources/CBase64URL/include \
    -c Sources/CBase64URL/base64url.c -o "$build/base64url.o"
swiftc -sanitize=fuzzer,address -parse-as-library -O -g -module-name IABTCF -package-name swift_tcf \
    -I Sources/CBase64URL/include "$build/base64url.o" \
    $(find Sources/IABTCF -name '*.swift' | sort) Fuzz/FuzzTarget.swift -o "$build/tcf-fuzz" 2>&1 |
    { grep -v 'Cannot export local symbol' || true; }

# Seeds: every TC string in the fixtures, one file each (plain shell: CI has only the toolchain).
# The fixtures' tcString values contain no JSON escapes (checked here), so grep reads them exactly.
seeds="$out/seeds"
rm -rf "$seeds" && mkdir -p "$seeds"
if grep -q '"tcString": *"[^"]*\\' Fixtures/*.jsonl; then
    echo "fuzz: a fixture tcString contains a JSON escape; extend the seed extraction" >&2
    exit 2
fi
n=0
{
    grep -ho '"tcString": *"[^"]*"' Fixtures/*.jsonl | sed -e 's/^"tcString": *"//' -e 's/"$//'
    grep -v '^$' Fixtures/corpus/corpus.txt
} | while IFS= read -r line; do
    n=$((n + 1))
    printf '%s' "$line" >"$seeds/seed-$n"
done

set +e
"$build/tcf-fuzz" "$corpus" "$seeds" -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 \
    -max_len=16384 -print_final_stats=1 -artifact_prefix="$out/artifacts/" 2>&1 | tee "$out/last-run.log" | \
    grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE|pulse)|stat::|==[0-9]+==|SUMMARY|Fatal error|artifact_prefix)|ERROR'
status=${PIPESTATUS[0]}
set -e
if [ "$status" -ne 0 ] || ls "$out"/artifacts/{crash,leak,timeout,oom,slow-unit}-* >/dev/null 2>&1; then
    echo "fuzz: FAILED (exit $status); inputs in $out/artifacts/, log in $out/last-run.log" >&2
    exit 1
fi
echo "fuzz: no findings in ${seconds}s"
