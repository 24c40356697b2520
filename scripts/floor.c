// The "floor" for the benchmark ratios: for each line, base64url-decode every '.'-separated segment
// into bytes and sum them, nothing else, as fast as a scalar C decoder goes: the modp_b64 kind, four
// pre-shifted 32-bit tables OR-ed per four characters, one 4-byte store per three bytes, one test
// per group for a bad character, memchr for the '.'. Prints {"line","chars","workload":"floor",
// "nsPerOp","checksum"} per line, timed the same way as `tcstring bench` (batches of about 1 ms,
// median). The checksum (the bytes' sum) is the same as the first, simpler floor's.
//
//   gcc -O2 -o floor scripts/floor.c && ./floor FILE [SECONDS]
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// d0..d3[c]: character c's six bits already in their place in a little-endian 24-bit group
// (byte 0 = first output byte); BAD in every table for characters outside the alphabet.
#define BAD 0x01FFFFFFu
static uint32_t d0[256], d1[256], d2[256], d3[256];
static uint8_t table[256];

static uint64_t now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static uint64_t decode_and_sum(const char *s, size_t n) {
    static uint8_t out[1 << 20];
    const uint8_t *u = (const uint8_t *)s;
    uint64_t sum = 0;
    size_t i = 0;
    while (i <= n) {
        const uint8_t *dot = memchr(u + i, '.', n - i);
        size_t end = dot ? (size_t)(dot - u) : n;
        size_t o = 0, k = i;
        for (; k + 4 <= end; k += 4) {
            uint32_t x = d0[u[k]] | d1[u[k + 1]] | d2[u[k + 2]] | d3[u[k + 3]];
            if (x >= BAD) return 0;
            memcpy(out + o, &x, 4);  // the fourth byte is overwritten by the next group
            o += 3;
        }
        // The tail: one to three characters, left-aligned like any base64 decoder's.
        uint32_t v = 0;
        int bits = 0;
        for (; k < end; k++, bits += 6) v = v << 6 | (uint32_t)table[u[k]];
        for (; bits >= 8; bits -= 8) out[o++] = (uint8_t)(v >> (bits - 8));
        for (size_t b = 0; b < o; b++) sum += out[b];
        i = end + 1;
    }
    return sum;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: floor FILE [SECONDS]\n"); return 2; }
    double seconds = argc > 2 ? atof(argv[2]) : 0.5;
    const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    for (int c = 0; c < 256; c++) d0[c] = d1[c] = d2[c] = d3[c] = BAD;
    for (uint32_t v = 0; v < 64; v++) {
        uint8_t c = (uint8_t)alphabet[v];
        table[c] = (uint8_t)v;
        d0[c] = v << 2;
        d1[c] = (v >> 4) | (v & 0x0F) << 12;
        d2[c] = (v >> 2) << 8 | (v & 0x03) << 22;
        d3[c] = v << 16;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 1; }
    static char line[1 << 20];
    int number = 0;
    volatile uint64_t sink = 0;
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\r\n");
        if (n == 0) continue;
        number++;
        uint64_t batch = 1;
        for (;;) {
            uint64_t start = now();
            for (uint64_t k = 0; k < batch; k++) sink += decode_and_sum(line, n);
            if (now() - start > 1000000 || batch >= (1u << 24)) break;
            batch *= 2;
        }
        size_t count = 0, capacity = 1024;
        double *samples = malloc(capacity * sizeof *samples);
        uint64_t deadline = now() + (uint64_t)(seconds * 1e9);
        while (now() < deadline || count < 5) {
            uint64_t start = now();
            for (uint64_t k = 0; k < batch; k++) sink += decode_and_sum(line, n);
            if (count == capacity) samples = realloc(samples, (capacity *= 2) * sizeof *samples);
            samples[count++] = (double)(now() - start) / (double)batch;
        }
        qsort(samples, count, sizeof *samples, compare);
        printf("{\"line\":%d,\"chars\":%zu,\"workload\":\"floor\",\"nsPerOp\":%.0f,\"checksum\":%llu}\n", number, n,
               samples[count / 2], (unsigned long long)decode_and_sum(line, n));
        free(samples);
    }
    return 0;
}
