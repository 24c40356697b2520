#!/usr/bin/env bash
# Differential test against Python's iab-tcf (PyPI): N random valid strings from our encoder,
# decoded by both, every field compared. Exits non-zero on any disagreement.
#
#   scripts/differential.sh [COUNT] [SEED]      (defaults: 10000, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
count=${1:-10000}
seed=${2:-1}
venv=.build-diff/venv
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv"
fi
"$venv/bin/pip" install --quiet iab-tcf==0.2.2
swift build -c release --product tcstring >/dev/null
"$venv/bin/python" scripts/differential.py "$(swift build -c release --show-bin-path)/tcstring" "$count" "$seed"
