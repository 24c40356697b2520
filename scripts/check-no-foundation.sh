#!/usr/bin/env bash
# The codec, GPP, its JSON module and the vendor list must build with the standard library alone: fail if
# Sources/IABTCF, Sources/IABGPP, Sources/TCFJSON or Sources/IABTCFVendorList imports Foundation (or the C library).
set -euo pipefail
cd "$(dirname "$0")/.."
modules="Sources/IABTCF Sources/IABGPP Sources/TCFJSON Sources/IABTCFVendorList"
if grep -rnE '^\s*(@[A-Za-z_]+ )*(public |internal |package |private |fileprivate )?import (Foundation|FoundationEssentials|Glibc|Darwin)\b' $modules; then
    echo "error: $modules must import nothing but the Swift standard library (and the codec)" >&2
    exit 1
fi
echo "$modules import no Foundation"
