// The "floor" for the benchmark ratios: for each line, base64url-decode every '.'-separated segment
// into bytes and sum them, nothing else, as fast as a scalar C decoder goes: the modp_b64 kind, four
// pre-shifted 32-bit tables OR-ed per four characters, one 4-byte store per three bytes, one test
// per group for a bad character, memchr for the '.'. Prints {"line","chars","workload":"floor",
// "nsPerOp","checksum"} per line, timed the same way as `tcstring bench` (batches of about 1 ms,
// median). The checksum (the bytes' sum) is the same as the first, simpler floor's.
//
// A second row per line, "floor-full", is the floor for enumerating every id (`tcstring bench
// --workload full`): the same decode, then every id of every set of the line (vendor consents and
// legitimate interests, each publisher restriction's vendors per (purpose, type), disclosed and
// allowed vendors, and the purpose, special feature and publisher purpose sets) produced from
// 64-bit words built beforehand, untimed, with a count-trailing-zeros loop. Its checksum is the
// sum of those ids. Compile it for the baseline instruction set (no -march=native): on x86-64 the
// count-trailing-zeros is then `bsf`, not BMI's `tzcnt`.
//
// A third row, "floor-query", is the floor for the query workloads (`tcstring bench --workload
// query` and `query-value`): the same decode, then the workloads' 30 questions (purposes 1-10,
// then consent and legitimate interest of each of 10 vendors) answered by one bit test each in
// the same prebuilt words. Its checksum is the number of yes answers, as the workloads' is.
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

// The sets of one line as LSB-first 64-bit words: bit k of word i is id 64 i + k + 1.
#define MAX_SETS (4 + 256 + 7)
static uint64_t pool[MAX_SETS * 1024];
static size_t set_start[MAX_SETS], set_words[MAX_SETS], set_count, pool_used;
// Which sets are the core's purpose consents, vendor consents and vendor legitimate interests.
static size_t purpose_consents, vendor_consents, vendor_interests;

static uint64_t *new_set(size_t words) {
    uint64_t *w = pool + pool_used;
    memset(w, 0, words * sizeof *w);
    set_start[set_count] = pool_used;
    set_words[set_count++] = words;
    pool_used += words;
    return w;
}

static void set_id(uint64_t *w, unsigned id) { w[(id - 1) >> 6] |= 1ull << ((id - 1) & 63); }

// One segment's characters as MSB-first bits, read a field at a time (untimed, so kept simple).
typedef struct { const uint8_t *u; size_t n, pos; } bits_t;

static uint64_t read_bits(bits_t *b, int width) {
    uint64_t v = 0;
    for (int k = 0; k < width; k++, b->pos++) {
        size_t c = b->pos / 6;
        unsigned bit = c < b->n ? table[b->u[c]] >> (5 - b->pos % 6) & 1 : 0;
        v = v << 1 | bit;
    }
    return v;
}

static void small_set(uint64_t bits, int width) {
    uint64_t *w = new_set(1);
    for (int k = 0; k < width; k++)
        if (bits >> (width - 1 - k) & 1) set_id(w, (unsigned)k + 1);
}

// Range entries into `w`, or (w == NULL) only the highest id.
static unsigned range_entries(bits_t *b, unsigned count, uint64_t *w) {
    unsigned highest = 0;
    for (unsigned e = 0; e < count; e++) {
        unsigned is_range = (unsigned)read_bits(b, 1), start = (unsigned)read_bits(b, 16);
        unsigned end = is_range ? (unsigned)read_bits(b, 16) : start;
        for (unsigned id = start; w && id >= 1 && id <= end; id++) set_id(w, id);
        if (end > highest) highest = end;
    }
    return highest;
}

static void vendor_section(bits_t *b) {
    unsigned max = (unsigned)read_bits(b, 16);
    if (!read_bits(b, 1)) {
        uint64_t *w = new_set((max + 63) / 64);
        for (unsigned id = 1; id <= max; id++)
            if (read_bits(b, 1)) set_id(w, id);
        return;
    }
    unsigned count = (unsigned)read_bits(b, 12);
    bits_t probe = *b;
    unsigned highest = range_entries(&probe, count, NULL);
    range_entries(b, count, new_set((highest + 63) / 64));
}

// Builds the words of every set of line `s`, as `tcstring bench --workload full` enumerates them.
static void prebuild(const char *s, size_t n) {
    const uint8_t *u = (const uint8_t *)s;
    set_count = pool_used = 0;
    size_t i = 0;
    for (int segment = 0; i <= n; segment++) {
        const uint8_t *dot = memchr(u + i, '.', n - i);
        size_t end = dot ? (size_t)(dot - u) : n;
        bits_t b = {u + i, end - i, 0};
        if (segment == 0) {
            b.pos = 140;  // Version and the fixed fields before SpecialFeatureOptIns
            small_set(read_bits(&b, 12), 12);
            purpose_consents = set_count;
            small_set(read_bits(&b, 24), 24);
            small_set(read_bits(&b, 24), 24);
            b.pos = 213;
            vendor_consents = set_count;
            vendor_section(&b);
            vendor_interests = set_count;
            vendor_section(&b);
            // Publisher restrictions: one set per (purpose, type), entries of a pair merged.
            unsigned restrictions = (unsigned)read_bits(&b, 12);
            unsigned highest[256] = {0};
            size_t where[256];
            int seen[256] = {0};
            bits_t first = b;
            for (unsigned r = 0; r < restrictions; r++) {
                unsigned key = (unsigned)read_bits(&b, 6) << 2;
                key |= (unsigned)read_bits(&b, 2);
                unsigned h = range_entries(&b, (unsigned)read_bits(&b, 12), NULL);
                seen[key] = 1;
                if (h > highest[key]) highest[key] = h;
            }
            for (unsigned key = 0; key < 256; key++)
                if (seen[key]) {
                    where[key] = set_count;
                    new_set((highest[key] + 63) / 64);
                }
            b = first;
            for (unsigned r = 0; r < restrictions; r++) {
                unsigned key = (unsigned)read_bits(&b, 6) << 2;
                key |= (unsigned)read_bits(&b, 2);
                range_entries(&b, (unsigned)read_bits(&b, 12), pool + set_start[where[key]]);
            }
        } else {
            unsigned type = (unsigned)read_bits(&b, 3);
            if (type == 1 || type == 2) vendor_section(&b);
            if (type == 3) {
                small_set(read_bits(&b, 24), 24);
                small_set(read_bits(&b, 24), 24);
                int custom = (int)read_bits(&b, 6);
                small_set(read_bits(&b, custom), custom);
                small_set(read_bits(&b, custom), custom);
            }
        }
        i = end + 1;
    }
}

// The floor's decode, then every id of the prebuilt sets by a count-trailing-zeros loop.
static uint64_t decode_and_enumerate(const char *s, size_t n) {
    uint64_t sum = decode_and_sum(s, n) == 0;  // keep the decode; its result is not the checksum
    for (size_t k = 0; k < set_count; k++) {
        const uint64_t *w = pool + set_start[k];
        for (size_t i = 0; i < set_words[k]; i++) {
            uint64_t x = w[i];
            uint64_t base = i * 64 + 1;
            while (x != 0) {
                sum += base + (uint64_t)__builtin_ctzll(x);
                x &= x - 1;
            }
        }
    }
    return sum;
}

// Whether prebuilt set `set` holds `id`: one bit test (ids past its words are not in it).
static inline uint64_t holds(size_t set, unsigned id) {
    const size_t i = (id - 1) >> 6;
    return i < set_words[set] ? pool[set_start[set] + i] >> ((id - 1) & 63) & 1 : 0;
}

// The vendors `tcstring bench --workload query` asks about.
static const unsigned queried_vendors[10] = {1, 2, 10, 32, 52, 91, 128, 755, 804, 1126};

// The floor's decode, then the query workloads' 30 questions by bit tests in the prebuilt sets.
static uint64_t decode_and_query(const char *s, size_t n) {
    uint64_t yes = decode_and_sum(s, n) == 0;  // keep the decode; its result is not the checksum
    for (unsigned purpose = 1; purpose <= 10; purpose++) yes += holds(purpose_consents, purpose);
    for (int k = 0; k < 10; k++) yes += holds(vendor_consents, queried_vendors[k]) + holds(vendor_interests, queried_vendors[k]);
    return yes;
}

static int compare(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// The median ns of `op` on line `s`, over batches of about 1 ms for `seconds`.
static double median_ns(uint64_t (*op)(const char *, size_t), const char *s, size_t n, double seconds) {
    static volatile uint64_t sink;
    uint64_t batch = 1;
    for (;;) {
        uint64_t start = now();
        for (uint64_t k = 0; k < batch; k++) sink += op(s, n);
        if (now() - start > 1000000 || batch >= (1u << 24)) break;
        batch *= 2;
    }
    size_t count = 0, capacity = 1024;
    double *samples = malloc(capacity * sizeof *samples);
    uint64_t deadline = now() + (uint64_t)(seconds * 1e9);
    while (now() < deadline || count < 5) {
        uint64_t start = now();
        for (uint64_t k = 0; k < batch; k++) sink += op(s, n);
        if (count == capacity) samples = realloc(samples, (capacity *= 2) * sizeof *samples);
        samples[count++] = (double)(now() - start) / (double)batch;
    }
    qsort(samples, count, sizeof *samples, compare);
    double median = samples[count / 2];
    free(samples);
    return median;
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
    while (fgets(line, sizeof line, f)) {
        size_t n = strcspn(line, "\r\n");
        if (n == 0) continue;
        number++;
        printf("{\"line\":%d,\"chars\":%zu,\"workload\":\"floor\",\"nsPerOp\":%.0f,\"checksum\":%llu}\n", number, n,
               median_ns(decode_and_sum, line, n, seconds), (unsigned long long)decode_and_sum(line, n));
        prebuild(line, n);
        printf("{\"line\":%d,\"chars\":%zu,\"workload\":\"floor-full\",\"nsPerOp\":%.0f,\"checksum\":%llu}\n", number,
               n, median_ns(decode_and_enumerate, line, n, seconds),
               (unsigned long long)decode_and_enumerate(line, n));
        printf("{\"line\":%d,\"chars\":%zu,\"workload\":\"floor-query\",\"nsPerOp\":%.0f,\"checksum\":%llu}\n",
               number, n, median_ns(decode_and_query, line, n, seconds), (unsigned long long)decode_and_query(line, n));
    }
    return 0;
}
