#!/usr/bin/env bash
# Differential test against Python's iab-tcf (PyPI): N random valid strings from our encoder,
# decoded by both, every field compared. Exits non-zero on any disagreement. iab-tcf 0.2.2 lives in
# a virtual environment of its own (.build-diff/venv): without it the script says so and stops with
# status 2; --install creates it and pip-installs iab-tcf there.
#
#   scripts/differential.sh [--install] [COUNT] [SEED]      (defaults: 10000, 1)
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
count=${1:-10000}
seed=${2:-1}
venv=.build-diff/venv
if [ ! -x "$venv/bin/python" ] && $install; then
    python3 -m venv "$venv"
fi
needs_pip "$venv/bin/python" "the reference decoder" iab_tcf iab-tcf==0.2.2
swift build -c release --product tcstring >/dev/null
"$venv/bin/python" scripts/differential.py "$(swift build -c release --show-bin-path)/tcstring" "$count" "$seed"
