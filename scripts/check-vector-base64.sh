#!/usr/bin/env bash
# The codec's C step (Sources/CBase64URL) on every architecture it has a path for:
# 1. it compiles without warnings for each Apple platform the package declares (the toolchain's
#    clang, freestanding: no SDK on Linux), so the arm64 and x86-64 paths build there;
# 2. scripts/base64url-vector-check.c passes natively (on x86-64 AVX2, and AVX-512 VBMI where the CPU
#    has it) and, built for arm64 Linux, under qemu-aarch64 (the NEON path iPhones, iPads and Apple
#    silicon Macs run).
#    The cross compiler and qemu come from Debian's packages (gcc-aarch64-linux-gnu,
#    libc6-dev-arm64-cross, qemu-user): without them the script says so and stops with status 2;
#    --install installs them with apt-get (as root; CI passes it).
#
#   scripts/check-vector-base64.sh [--install]
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/packages.sh
clang=$(dirname "$(command -v swiftc)")/clang
source=Sources/CBase64URL/base64url.c
include=Sources/CBase64URL/include
out=.build/vector-check
mkdir -p "$out"
for target in arm64-apple-ios13 x86_64-apple-ios13-simulator x86_64-apple-macos10.15 arm64-apple-macos11 \
    arm64-apple-tvos13 arm64-apple-watchos6 arm64_32-apple-watchos6 armv7k-apple-watchos6 arm64-apple-xros1; do
    "$clang" --target="$target" -ffreestanding -O2 -Wall -Wextra -Werror -I "$include" -c "$source" -o "$out/$target.o"
done
echo "compiles for every declared Apple platform"
"$clang" -O2 -Wall -Wextra -Werror -I "$include" scripts/base64url-vector-check.c "$source" -o "$out/native"
"$out/native"
needs_apt "the NEON check under qemu" gcc-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user -- \
    aarch64-linux-gnu-gcc qemu-aarch64
aarch64-linux-gnu-gcc -O2 -Wall -Wextra -Werror -static -I "$include" scripts/base64url-vector-check.c "$source" \
    -o "$out/arm64"
qemu-aarch64 "$out/arm64"
