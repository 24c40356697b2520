#!/usr/bin/env bash
# Runs the benchmarks and checks their deterministic metric (mallocCountTotal) against the committed
# thresholds in Benchmarks/Thresholds. Never checks wall-clock time. Slow the first time (the
# benchmark package builds in about two minutes), so .ci/run calls it only when BENCHMARK_CHECK=1.
#
# Record new thresholds after an intended change:
#   BENCHMARK_CI=1 swift package --package-path Benchmarks --allow-writing-to-package-directory benchmark \
#       thresholds update --path Benchmarks/Thresholds
set -euo pipefail
cd "$(dirname "$0")/.."
BENCHMARK_CI=1 swift package --package-path Benchmarks benchmark thresholds check --path Benchmarks/Thresholds
