#!/usr/bin/env bash
# Lints every Swift file with the toolchain's swift-format and the committed .swift-format.
# Fix with: swift format format --in-place --recursive Package.swift Sources Tests Fuzz Benchmarks/Package.swift Benchmarks/Benchmarks
set -euo pipefail
cd "$(dirname "$0")/.."
swift format lint --strict --recursive --parallel Package.swift Sources Tests Fuzz Benchmarks/Package.swift Benchmarks/Benchmarks
echo "swift-format: no findings"
