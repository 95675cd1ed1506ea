/* trickcore's seeded pseudo-random numbers: xoshiro256** 1.0 (Blackman and
 * Vigna, 2018, public domain), seeded by splitmix64.
 *
 * Why this one: fast (a few cycles a number), 256 bits of state that a struct
 * copy duplicates, a jump function for independent per-thread streams, and
 * only 64-bit unsigned integer arithmetic, so a seed gives the same stream on
 * every platform, compiler and word order.  Not for cryptography.
 *
 * Use from Cython: `from trickcore._rng cimport tc_rng, tc_rng_seed, tc_rng_next`.
 * Every function is inline, never fails and needs no GIL.
 */
#ifndef TRICKCORE_RNG_H
#define TRICKCORE_RNG_H
#include <stdint.h>
#include "_bits.h"

#if defined(_MSC_VER) && !defined(__cplusplus)
#define TC_RNG_INLINE static __inline
#else
#define TC_RNG_INLINE static inline
#endif

typedef struct {
    uint64_t s[4];
} tc_rng;

/* One step of splitmix64 on *x: the seeding generator. */
TC_RNG_INLINE uint64_t tc_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Seed from any 64-bit value: four splitmix64 outputs (never all zero). */
TC_RNG_INLINE void tc_rng_seed(tc_rng *rng, uint64_t seed) {
    uint64_t x = seed;
    rng->s[0] = tc_splitmix64(&x);
    rng->s[1] = tc_splitmix64(&x);
    rng->s[2] = tc_splitmix64(&x);
    rng->s[3] = tc_splitmix64(&x);
}

TC_RNG_INLINE uint64_t tc_rotl64(uint64_t x, int k) {
    return (x << k) | (x >> (64 - k));
}

/* The next 64 uniformly random bits. */
TC_RNG_INLINE uint64_t tc_rng_next(tc_rng *rng) {
    uint64_t *s = rng->s;
    const uint64_t result = tc_rotl64(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = tc_rotl64(s[3], 45);
    return result;
}

/* Exactly uniform in [0, bound) for bound >= 1: rejects the low
 * 2**64 mod bound values so that every residue is equally likely. */
TC_RNG_INLINE uint64_t tc_rng_below(tc_rng *rng, uint64_t bound) {
    const uint64_t threshold = (0 - bound) % bound;
    uint64_t r;
    do {
        r = tc_rng_next(rng);
    } while (r < threshold);
    return r % bound;
}

/* Exactly uniform in [0, bound) for 1 <= bound < 2**32, from the high 32 bits
 * of one draw (Lemire's multiply-and-reject: a division only when the low
 * product falls below bound).  Cheaper than tc_rng_below for small bounds. */
TC_RNG_INLINE uint32_t tc_rng_below32(tc_rng *rng, uint32_t bound) {
    uint64_t m = (tc_rng_next(rng) >> 32) * bound;
    uint32_t low = (uint32_t)m, threshold;
    if (low < bound) {
        threshold = (uint32_t)(0 - bound) % bound;
        while (low < threshold) {
            m = (tc_rng_next(rng) >> 32) * bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* A uniformly random member (bit index) of a non-empty mask: the
 * tc_rng_below32(count)-th lowest; a single member draws nothing.  The batch
 * playouts and their pure-Python twin make exactly these draws. */
TC_RNG_INLINE int tc_rng_pick(tc_rng *rng, uint64_t mask) {
    uint64_t c = mask - ((mask >> 1) & 0x5555555555555555ULL);
    uint32_t k;
    c = (c & 0x3333333333333333ULL) + ((c >> 2) & 0x3333333333333333ULL);
    c = (((c + (c >> 4)) & 0x0F0F0F0F0F0F0F0FULL) * 0x0101010101010101ULL) >> 56;
    if (c > 1) {
        for (k = tc_rng_below32(rng, (uint32_t)c); k > 0; k--)
            mask &= mask - 1;
    }
    return tc_lowest64(mask);
}

/* Uniform in [0, 1) with 53 random bits (every value a multiple of 2**-53). */
TC_RNG_INLINE double tc_rng_double(tc_rng *rng) {
    return (double)(tc_rng_next(rng) >> 11) * (1.0 / 9007199254740992.0);
}

/* Advance by 2**128 steps: call it i times on copies of one seeded state to
 * get i non-overlapping streams (one per thread or batch lane). */
TC_RNG_INLINE void tc_rng_jump(tc_rng *rng) {
    static const uint64_t JUMP[4] = {0x180EC6D33CFD0ABAULL, 0xD5A61266F0C9392CULL,
                                     0xA9582618E03FC9AAULL, 0x39ABDC4529B1661CULL};
    uint64_t s0 = 0, s1 = 0, s2 = 0, s3 = 0;
    int i, b;
    for (i = 0; i < 4; i++) {
        for (b = 0; b < 64; b++) {
            if (JUMP[i] & ((uint64_t)1 << b)) {
                s0 ^= rng->s[0];
                s1 ^= rng->s[1];
                s2 ^= rng->s[2];
                s3 ^= rng->s[3];
            }
            tc_rng_next(rng);
        }
    }
    rng->s[0] = s0;
    rng->s[1] = s1;
    rng->s[2] = s2;
    rng->s[3] = s3;
}

#endif
