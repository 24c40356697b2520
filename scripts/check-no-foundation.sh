#!/usr/bin/env bash
# The codec must build with the standard library alone: fail if Sources/IABTCF imports Foundation.
set -euo pipefail
cd "$(dirname "$0")/.."
if grep -rnE '^\s*(@[A-Za-z_]+ )*(public |internal |package |private |fileprivate )?import (Foundation|FoundationEssentials|Glibc|Darwin)\b' Sources/IABTCF; then
    echo "error: Sources/IABTCF must import nothing but the Swift standard library" >&2
    exit 1
fi
echo "Sources/IABTCF imports no Foundation"
