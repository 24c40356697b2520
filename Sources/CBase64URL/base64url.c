// Vectorised base64url decoding: see include/CBase64URL.h for the contract.
//
// Each character is classified by its high and low nibble with two 16-entry byte lookups: a
// class bit from the high nibble, and from the low nibble the classes in which that low nibble
// is not a base64url character. Their AND is zero exactly for the 64 characters
//   '-' 0x2D, '0'-'9' 0x30-0x39, 'A'-'Z' 0x41-0x5A, '_' 0x5F, 'a'-'z' 0x61-0x7A.
// The 6-bit value is the character plus an offset looked up by high nibble ('_', which shares
// its high nibble with 'P'-'Z', gets slot 13 of its own).
#include "CBase64URL.h"

// Classes by high nibble: 2 -> 1, 3 -> 2, 4 and 6 -> 4, 5 -> 8, 7 -> 16, any other -> 32.
#define TCF_HIGH_CLASSES 32, 32, 1, 2, 4, 8, 4, 16, 32, 32, 32, 32, 32, 32, 32, 32
// Per low nibble, the classes it is invalid in: class 1 allows only D ('-'), class 2 only 0-9,
// class 4 all but 0, class 8 0-A and F ('_'), class 16 0-A; class 32 nothing.
#define TCF_LOW_INVALID 37, 33, 33, 33, 33, 33, 33, 33, 33, 33, 35, 59, 59, 58, 59, 51
// Offsets by high nibble (13: '_'): '-' +17, digits +4, 'A'-'Z' -65, 'a'-'z' -71, '_' -32.
#define TCF_OFFSETS 0, 0, 17, 4, -65, -65, -71, -71, 0, 0, 0, 0, 0, -32, 0, 0

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>

// Decodes the 32 characters at `input` into 24 bytes at `output` (storing 32); returns 0, or
// when a character is outside the alphabet, a mask of those characters (bit k: character k)
// and stores nothing.
__attribute__((target("avx2"))) static inline uint32_t block_avx2(const uint8_t *input, uint8_t *output) {
    const __m256i high_classes = _mm256_setr_epi8(TCF_HIGH_CLASSES, TCF_HIGH_CLASSES);
    const __m256i low_invalid = _mm256_setr_epi8(TCF_LOW_INVALID, TCF_LOW_INVALID);
    const __m256i offsets = _mm256_setr_epi8(TCF_OFFSETS, TCF_OFFSETS);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    // Each 128-bit lane's four 24-bit groups, little-endian in their 32-bit words, as 12 bytes
    // in big-endian order at the start of the lane; then the two lanes' 12 bytes side by side.
    const __m256i to_bytes = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1, 2, 1, 0, 6, 5,
                                              4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1);
    const __m256i join_lanes = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7);
    const __m256i text = _mm256_loadu_si256((const __m256i *)input);
    const __m256i high = _mm256_and_si256(_mm256_srli_epi32(text, 4), nibble);
    const __m256i low = _mm256_and_si256(text, nibble);
    const __m256i bad = _mm256_and_si256(_mm256_shuffle_epi8(high_classes, high), _mm256_shuffle_epi8(low_invalid, low));
    if (!_mm256_testz_si256(bad, bad)) {
        return ~(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bad, _mm256_setzero_si256()));
    }
    const __m256i underscore = _mm256_cmpeq_epi8(text, _mm256_set1_epi8(0x5F));
    const __m256i slot = _mm256_or_si256(high, _mm256_and_si256(underscore, _mm256_set1_epi8(8)));
    const __m256i values = _mm256_add_epi8(text, _mm256_shuffle_epi8(offsets, slot));
    // [a b c d] per 32-bit word: a * 64 + b and c * 64 + d, then (a b) * 4096 + (c d).
    const __m256i pairs = _mm256_maddubs_epi16(values, _mm256_set1_epi32(0x01400140));
    const __m256i groups = _mm256_madd_epi16(pairs, _mm256_set1_epi32(0x00011000));
    const __m256i bytes = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(groups, to_bytes), join_lanes);
    _mm256_storeu_si256((__m256i *)output, bytes);
    return 0;
}

__attribute__((target("avx2"))) static size_t decode_avx2(const uint8_t *input, size_t count, uint8_t *output) {
    size_t i = 0;
    // The characters before `limit` are in the alphabet, or not looked at yet.
    size_t limit = count;
    for (; i + 32 <= count; i += 32) {
        const uint32_t bad = block_avx2(input + i, output + i / 4 * 3);
        if (bad != 0) {
            limit = i + (size_t)__builtin_ctz(bad);
            break;
        }
    }
    // The tail: one more block ending at the last whole group before `limit`, overlapping the
    // blocks before it (it rewrites their last bytes with the same values). Strings are rarely a
    // multiple of 32 characters, and one block costs less than the scalar loop on the remainder.
    // When no block held a bad byte, the tail may: a segment's `.` is often there. The block then
    // ends before it instead, a second time at most (every byte before the new limit is valid).
    while (limit >= 32 && limit - i >= 4) {
        const size_t j = (limit - 32) & ~(size_t)3;
        const uint32_t bad = block_avx2(input + j, output + j / 4 * 3);
        if (bad == 0) return j + 32;
        limit = j + (size_t)__builtin_ctz(bad);
    }
    return i;
}

// The AVX-512 VBMI path (Mula and Lemire's published method): a 64-character block at a time, each
// character's 6-bit value by one two-register byte permute (vpermi2b) that reads a 128-entry table
// at the character's low 7 bits, the same two multiply-adds as AVX2, and one byte permute across
// the register (vpermb) that packs the 48 bytes. Masked loads and stores let the last block be
// partial, so this path decodes every whole group before the first bad byte or the end, at any
// length, and stores nothing past them.
//
// Compiled out on Apple platforms, which stay on AVX2: macOS turns on the AVX-512 state on a
// thread's first use, so XCR0 does not show it to the check below.
#if !defined(__APPLE__)
#define TCF_HAS_VBMI 1
#define TCF_V(c) ((c) >= 'A' && (c) <= 'Z'   ? (c) - 'A'      \
                  : (c) >= 'a' && (c) <= 'z' ? (c) - 'a' + 26 \
                  : (c) >= '0' && (c) <= '9' ? (c) - '0' + 52 \
                  : (c) == '-'               ? 62             \
                  : (c) == '_'               ? 63             \
                                             : 0x80)
#define TCF_V4(c) TCF_V(c), TCF_V((c) + 1), TCF_V((c) + 2), TCF_V((c) + 3)
#define TCF_V16(c) TCF_V4(c), TCF_V4((c) + 4), TCF_V4((c) + 8), TCF_V4((c) + 12)

// 6-bit value by character 0-127, 0x80 for a character outside the alphabet (bytes 128-255 are
// caught by their own top bit).
static const uint8_t vbmi_values[128] __attribute__((aligned(64))) = {TCF_V16(0),  TCF_V16(16), TCF_V16(32),
                                                                      TCF_V16(48), TCF_V16(64), TCF_V16(80),
                                                                      TCF_V16(96), TCF_V16(112)};

// Byte k of the packed block: the 24-bit groups of each 32-bit word, little-endian after the
// multiply-adds, in big-endian order (then 16 unused lanes).
#define TCF_G(g) 4 * (g) + 2, 4 * (g) + 1, 4 * (g)
static const uint8_t vbmi_pack[64] __attribute__((aligned(64))) = {
    TCF_G(0), TCF_G(1), TCF_G(2),  TCF_G(3),  TCF_G(4),  TCF_G(5),  TCF_G(6),  TCF_G(7),
    TCF_G(8), TCF_G(9), TCF_G(10), TCF_G(11), TCF_G(12), TCF_G(13), TCF_G(14), TCF_G(15)};

#define TCF_VBMI __attribute__((target("avx512f,avx512bw,avx512vbmi")))

TCF_VBMI static size_t decode_vbmi(const uint8_t *input, size_t count, uint8_t *output) {
    const __m512i values_low = _mm512_load_si512((const void *)vbmi_values);
    const __m512i values_high = _mm512_load_si512((const void *)(vbmi_values + 64));
    const __m512i pack = _mm512_load_si512((const void *)vbmi_pack);
    for (size_t i = 0;; i += 64) {
        // Lanes past `count` load as 0, which is outside the alphabet: a partial block ends there.
        const size_t left = count - i;
        const __mmask64 lanes = left >= 64 ? ~(__mmask64)0 : ((__mmask64)1 << left) - 1;
        const __m512i text = _mm512_maskz_loadu_epi8(lanes, input + i);
        const __m512i values = _mm512_permutex2var_epi8(values_low, text, values_high);
        // Bit k: character k is outside the alphabet (its value or the byte itself has the top bit).
        const uint64_t bad = _mm512_movepi8_mask(_mm512_or_si512(values, text));
        const __m512i pairs = _mm512_maddubs_epi16(values, _mm512_set1_epi32(0x01400140));
        const __m512i groups = _mm512_madd_epi16(pairs, _mm512_set1_epi32(0x00011000));
        const __m512i bytes = _mm512_permutexvar_epi8(pack, groups);
        if (bad == 0) {
            _mm512_mask_storeu_epi8(output + i / 4 * 3, 0xFFFFFFFFFFFFull, bytes);
            continue;
        }
        // The whole groups before the first bad byte: 3 bytes each.
        const size_t groups_left = (size_t)__builtin_ctzll(bad) / 4;
        _mm512_mask_storeu_epi8(output + i / 4 * 3, ((__mmask64)1 << (groups_left * 3)) - 1, bytes);
        return i + groups_left * 4;
    }
}
#endif

// 1 when the CPU and the OS support AVX2 (the OS saves the YMM registers), 3 when they also support
// AVX-512 F, BW and VBMI (the OS saves the ZMM and mask registers), else 0.
static int detect_path(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 0;
    const unsigned osxsave = 1u << 27, avx = 1u << 28;
    if ((c & (osxsave | avx)) != (osxsave | avx)) return 0;
    unsigned xcr0_low, xcr0_high;
    __asm__("xgetbv" : "=a"(xcr0_low), "=d"(xcr0_high) : "c"(0));
    if ((xcr0_low & 6) != 6) return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d)) return 0;
    if ((b & (1u << 5)) == 0) return 0;
#ifdef TCF_HAS_VBMI
    // XCR0 bits 5-7: opmask, upper halves of ZMM0-15, ZMM16-31; CPUID.7 EBX 16 AVX512F, 30
    // AVX512BW, ECX 1 AVX512_VBMI.
    const unsigned avx512 = (1u << 16) | (1u << 30);
    if ((xcr0_low & 0xE0) == 0xE0 && (b & avx512) == avx512 && (c & (1u << 1)) != 0) return 3;
#endif
    return 1;
}

// -1 until the first call has asked the CPU; read and written atomically (threads may race to
// write the same answer).
static int path_state = -1;

static int vector_path(void) {
    int state = __atomic_load_n(&path_state, __ATOMIC_RELAXED);
    if (__builtin_expect(state < 0, 0)) {
        state = detect_path();
        __atomic_store_n(&path_state, state, __ATOMIC_RELAXED);
    }
    return state;
}

size_t tcf_base64url_decode_blocks(const uint8_t *input, size_t count, uint8_t *output) {
    const int path = vector_path();
#ifdef TCF_HAS_VBMI
    if (path == 3) return decode_vbmi(input, count, output);
#endif
    return path == 1 ? decode_avx2(input, count, output) : 0;
}

size_t tcf_base64url_decode_blocks_on(int path, const uint8_t *input, size_t count, uint8_t *output) {
    const int available = vector_path();
#ifdef TCF_HAS_VBMI
    if (path == 3 && available == 3) return decode_vbmi(input, count, output);
#endif
    return path == 1 && available >= 1 ? decode_avx2(input, count, output) : 0;
}

int tcf_base64url_vector_path(void) { return vector_path(); }

#elif defined(__aarch64__) || defined(__arm64__)
#include <arm_neon.h>

// Every character of `text` to its 6-bit value; sets `*bad` to non-zero lanes for bytes outside
// the alphabet.
static inline uint8x16_t values_of(uint8x16_t text, uint8x16_t *bad) {
    static const uint8_t high_classes[16] = {TCF_HIGH_CLASSES};
    static const uint8_t low_invalid[16] = {TCF_LOW_INVALID};
    static const int8_t offsets[16] = {TCF_OFFSETS};
    const uint8x16_t high = vshrq_n_u8(text, 4);
    const uint8x16_t low = vandq_u8(text, vdupq_n_u8(0x0F));
    *bad = vorrq_u8(*bad, vandq_u8(vqtbl1q_u8(vld1q_u8(high_classes), high), vqtbl1q_u8(vld1q_u8(low_invalid), low)));
    const uint8x16_t slot = vorrq_u8(high, vandq_u8(vceqq_u8(text, vdupq_n_u8(0x5F)), vdupq_n_u8(8)));
    return vaddq_u8(text, vqtbl1q_u8(vreinterpretq_u8_s8(vld1q_s8(offsets)), slot));
}

// Decodes the 64 characters at `input` into 48 bytes at `output`; returns 0, or non-zero and
// stores nothing when a character is outside the alphabet.
static inline int block_neon(const uint8_t *input, uint8_t *output) {
    // Characters 0, 4, 8, ... in val[0], 1, 5, 9, ... in val[1], and so on.
    const uint8x16x4_t text = vld4q_u8(input);
    uint8x16_t bad = vdupq_n_u8(0);
    const uint8x16_t a = values_of(text.val[0], &bad), b = values_of(text.val[1], &bad);
    const uint8x16_t c = values_of(text.val[2], &bad), d = values_of(text.val[3], &bad);
    if (vmaxvq_u8(bad) != 0) return 1;
    uint8x16x3_t bytes;
    bytes.val[0] = vorrq_u8(vshlq_n_u8(a, 2), vshrq_n_u8(b, 4));
    bytes.val[1] = vorrq_u8(vshlq_n_u8(b, 4), vshrq_n_u8(c, 2));
    bytes.val[2] = vorrq_u8(vshlq_n_u8(c, 6), d);
    vst3q_u8(output, bytes);
    return 0;
}

size_t tcf_base64url_decode_blocks(const uint8_t *input, size_t count, uint8_t *output) {
    size_t i = 0;
    for (; i + 64 <= count; i += 64) {
        if (block_neon(input + i, output + i / 4 * 3) != 0) return i;
    }
    // The tail, when every block was whole: one more block ending at the last whole group,
    // overlapping the blocks before it (it rewrites their last bytes with the same values).
    if (count >= 64 && count - i >= 4) {
        const size_t j = (count - 64) & ~(size_t)3;
        if (block_neon(input + j, output + j / 4 * 3) == 0) return j + 64;
    }
    return i;
}

size_t tcf_base64url_decode_blocks_on(int path, const uint8_t *input, size_t count, uint8_t *output) {
    return path == 2 ? tcf_base64url_decode_blocks(input, count, output) : 0;
}

int tcf_base64url_vector_path(void) { return 2; }

#else

size_t tcf_base64url_decode_blocks(const uint8_t *input, size_t count, uint8_t *output) {
    (void)input;
    (void)count;
    (void)output;
    return 0;
}

size_t tcf_base64url_decode_blocks_on(int path, const uint8_t *input, size_t count, uint8_t *output) {
    (void)path;
    return tcf_base64url_decode_blocks(input, count, output);
}

int tcf_base64url_vector_path(void) { return 0; }

#endif
