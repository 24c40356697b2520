// The vectorised step of the codec's base64url decoder (IABTCF's Base64URL.decodePrefix).
//
// C because Swift's SIMD types offer no byte shuffle (pshufb, tbl), and a vectorised decoder
// without one does not beat the scalar table loop. The scalar loop in Swift stays the reference,
// decodes every tail and finds the exact position of a bad character.
#ifndef CBASE64URL_H
#define CBASE64URL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Decodes whole blocks of base64url characters (32 with AVX2, 64 with NEON or AVX-512 VBMI) from
/// `input` into `output`, MSB first (3 bytes per 4 characters), and stops before the first block
/// that holds a byte outside the alphabet, or that `count` does not fill. Then, when at least one
/// group of four valid characters is left, one last block ends at the last whole group before the
/// first bad byte (NEON: before `count`, when no block held one), overlapping the blocks before it
/// (AVX-512 VBMI: a partial block, loaded and stored under a mask). With AVX2 the result is
/// therefore exact: every whole group before the first bad byte once there are at least 32
/// characters before it, else nothing; with AVX-512 VBMI it is every whole group before the first
/// bad byte at any length.
///
/// Returns the number of characters decoded: a multiple of 4, every one in the alphabet, and at
/// least every whole block before the first bad byte; 0 where no vector unit is available (the
/// caller then decodes everything itself). `output` must have room for 3 bytes per 4 characters
/// decoded plus 8: a 32-character AVX2 block is stored as 32 bytes, of which the last 8 are
/// overwritten by whatever the caller writes next.
size_t tcf_base64url_decode_blocks(const uint8_t *input, size_t count, uint8_t *output);

/// Which vector path ``tcf_base64url_decode_blocks`` takes on this machine: 0 none, 1 AVX2
/// (x86-64, chosen at run time), 2 NEON (arm64), 3 AVX-512 VBMI (x86-64, chosen at run time). For
/// tests and benchmarks.
int tcf_base64url_vector_path(void);

/// ``tcf_base64url_decode_blocks`` on vector path `path` (as numbered by
/// ``tcf_base64url_vector_path``) when this machine has it, else 0 characters decoded. A machine
/// on path 3 has path 1 too, so tests compare both paths with the scalar loop. For tests.
size_t tcf_base64url_decode_blocks_on(int path, const uint8_t *input, size_t count, uint8_t *output);

#ifdef __cplusplus
}
#endif

#endif
