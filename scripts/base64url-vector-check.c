// Checks Sources/CBase64URL against an obvious reference, on every vector path the machine
// running it has (AVX2 and, where the CPU has it, AVX-512 VBMI on x86-64; NEON on arm64): every
// byte value at every position of two blocks, then 200,000 seeded random strings of 0-299
// characters with rare bytes outside the alphabet. Run by scripts/check-vector-base64.sh natively and under qemu-aarch64. On a machine with
// no vector path (path 0) the step decodes nothing, and the reference expects exactly that.
#include "CBase64URL.h"
#include <stdio.h>
#include <string.h>

static const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static int value(uint8_t c) {
    const char *p = c ? strchr(alphabet, c) : NULL;
    return p ? (int)(p - alphabet) : -1;
}

// Whole blocks of `block` characters while every character of the block is in the alphabet (the
// least the step decodes); none for a block size of 0 (no vector path).
static size_t reference(const uint8_t *in, size_t n, uint8_t *out, size_t block) {
    size_t i = 0;
    if (block == 0) return 0;
    for (; i + block <= n; i += block) {
        for (size_t k = 0; k < block; k++)
            if (value(in[i + k]) < 0) return i;
        for (size_t k = 0; k < block; k += 4) {
            uint32_t v = (uint32_t)value(in[i + k]) << 18 | (uint32_t)value(in[i + k + 1]) << 12 |
                         (uint32_t)value(in[i + k + 2]) << 6 | (uint32_t)value(in[i + k + 3]);
            uint8_t *o = out + (i + k) / 4 * 3;
            o[0] = (uint8_t)(v >> 16), o[1] = (uint8_t)(v >> 8), o[2] = (uint8_t)v;
        }
    }
    return i;
}

static uint64_t state = 42;
static uint32_t next(void) {
    state = state * 6364136223846793005u + 1442695040888963407u;
    return (uint32_t)(state >> 33);
}

static long checks, failures;

static void check(int path, const uint8_t *in, size_t n, size_t block) {
    static uint8_t a[512], b[512];
    memset(a, 0, sizeof a);
    memset(b, 0, sizeof b);
    // The step may decode more than the whole blocks (a last, overlapping block), but only whole
    // groups of characters in the alphabet, and exactly as the reference does.
    size_t y = reference(in, n, b, block), x = tcf_base64url_decode_blocks_on(path, in, n, a);
    size_t valid = 0;
    while (valid < n && value(in[valid]) >= 0) valid++;
    if (block != 0) reference(in, valid / 4 * 4, b, 4);
    checks++;
    // With AVX2 the count is exact: every whole group before the first bad byte, from 32 on; with
    // AVX-512 VBMI at every length. Neither writes past the bytes of the groups it decoded.
    int exact = path == 1 ? x == (valid >= 32 ? valid / 4 * 4 : 0) : path == 3 ? x == valid / 4 * 4 : 1;
    if (path == 3)
        for (size_t k = x / 4 * 3; k < sizeof a; k++) exact &= a[k] == 0;
    if (!exact || x < y || x % 4 != 0 || x > valid || memcmp(a, b, x / 4 * 3) != 0) {
        if (++failures <= 5) printf("FAIL: path %d, %zu characters: decoded %zu, reference %zu\n", path, n, x, y);
    }
}

static const char *names[] = {"none", "AVX2", "NEON", "AVX-512 VBMI"};

// Every check above on vector path `path`, decoding `block` characters a block (0: none).
static void check_path(int path, size_t block) {
    const long checks_before = checks, failures_before = failures;
    uint8_t in[320];
    const size_t span = block ? 2 * block : 64;
    for (size_t position = 0; position < span; position++) {
        for (int byte = 0; byte < 256; byte++) {
            for (size_t k = 0; k < span; k++) in[k] = (uint8_t)alphabet[next() % 64];
            in[position] = (uint8_t)byte;
            check(path, in, span, block);
        }
    }
    for (int round = 0; round < 200000; round++) {
        size_t n = next() % 300;
        for (size_t k = 0; k < n; k++) in[k] = next() % 500 == 0 ? (uint8_t)next() : (uint8_t)alphabet[next() % 64];
        check(path, in, n, block);
    }
    printf("vector path %d (%s): %ld checks, %ld failures\n", path, names[path], checks - checks_before,
           failures - failures_before);
}

int main(void) {
    const int path = tcf_base64url_vector_path();
    // A machine on AVX-512 VBMI has AVX2 as well: both are checked.
    if (path == 3) check_path(1, 32);
    check_path(path, path == 0 ? 0 : path == 1 ? 32 : 64);
    return failures != 0;
}
