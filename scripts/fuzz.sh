#!/usr/bin/env bash
# Fuzzes every way bytes enter the project with libFuzzer + AddressSanitizer.
#
#   scripts/fuzz.sh [SECONDS]            the TC string target (default 60 s)
#   scripts/fuzz.sh TARGET SECONDS       one target
#   scripts/fuzz.sh all SECONDS          every target, SECONDS each
#   scripts/fuzz.sh --list               the target names, one a line
#
# One instrumented binary holds every target (FUZZ_TARGET selects one): the SwiftPM executable
# `tcf-fuzz` (Fuzz/), built against the package's modules as they are, so whatever works only
# across modules is fuzzed too. Seeds: Fuzz/corpus/TARGET (the committed, minimised corpus) and,
# for `tcstring`, every string in Fixtures/. A run fails (non-zero exit) on
# any crash, sanitizer report, broken invariant, timeout (> 2 s for one input) or out-of-memory
# (> 2 GB); the offending input is kept in fuzz-out/artifacts/TARGET/. The evolving corpus is kept in
# fuzz-out/corpus/TARGET (FUZZ_CORPUS=dir puts it elsewhere).
set -euo pipefail
cd "$(dirname "$0")/.."
out=fuzz-out
build=.build-fuzz
binary="$build/release/tcf-fuzz"
# The target names, from the table in Fuzz/FuzzMain.swift.
read -r -a targets <<<"$(sed -n 's/^    ("\([a-z-]*\)", fuzz[A-Za-z]*),$/\1/p' Fuzz/FuzzMain.swift | tr '\n' ' ')"

case "${1:-}" in
--list)
    printf '%s\n' "${targets[@]}"
    exit 0
    ;;
'' | [0-9]*)
    target=tcstring
    seconds=${1:-60}
    ;;
*)
    target=$1
    seconds=${2:?"usage: scripts/fuzz.sh TARGET SECONDS (targets: scripts/fuzz.sh --list)"}
    ;;
esac
if [ "$target" = all ]; then
    for name in "${targets[@]}"; do "$0" "$name" "$seconds"; done
    exit 0
fi
if ! printf '%s\n' "${targets[@]}" | grep -qx -- "$target"; then
    echo "fuzz: unknown target $target (scripts/fuzz.sh --list)" >&2
    exit 2
fi

# SWIFT_TCF_FUZZ=1 declares the target (Package.swift); SwiftPM rebuilds only what changed.
# --sanitize=fuzzer links libFuzzer's main and instruments the C step, but swiftc keeps only the
# last of several -sanitize options (the Swift code would get no coverage), so the Swift code also
# gets the two as one -sanitize=fuzzer,address. -enable-testing lets the tcstring target compare the
# codec's two base64url steps.
SWIFT_TCF_FUZZ=1 swift build -c release --quiet --scratch-path "$build" --product tcf-fuzz \
    --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing 2>&1 |
    { grep -v 'Cannot export local symbol' || true; }

# Seeds: the committed corpus, and for the TC string target every TC string in the fixtures, one
# file each (plain shell: CI has only the toolchain). The fixtures' tcString values contain no JSON
# escapes (checked here), so grep reads them exactly.
seeds="$out/seeds/$target"
rm -rf "$seeds" && mkdir -p "$seeds"
if [ "$target" = tcstring ]; then
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
fi
corpus=${FUZZ_CORPUS:-$out/corpus/$target}
artifacts="$out/artifacts/$target"
mkdir -p "$corpus" "$artifacts" "Fuzz/corpus/$target"

marker="$out/run-started-$target"
touch "$marker"
set +e
# Swift's own crash handler is off: libFuzzer and AddressSanitizer report a crash, and the handler
# would keep the output pipe open long after the fuzzer died.
SWIFT_BACKTRACE=enable=no FUZZ_TARGET=$target "$binary" "$corpus" "Fuzz/corpus/$target" "$seeds" -max_total_time="$seconds" -timeout=2 \
    -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 -artifact_prefix="$artifacts/" 2>&1 |
    tee "$out/last-run-$target.log" |
    grep -E '^(#[0-9]+[[:space:]]+(INITED|DONE|pulse)|stat::|==[0-9]+==|SUMMARY|Fatal error|artifact_prefix)|ERROR'
status=${PIPESTATUS[0]}
set -e
findings=$(find "$artifacts" -newer "$marker" \( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' \
    -o -name 'oom-*' -o -name 'slow-unit-*' \) | head -1)
if [ "$status" -ne 0 ] || [ -n "$findings" ]; then
    echo "fuzz: $target FAILED (exit $status); inputs in $artifacts/, log in $out/last-run-$target.log" >&2
    exit 1
fi
echo "fuzz: $target: no findings in ${seconds}s"
