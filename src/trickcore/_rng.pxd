# trickcore's seeded pseudo-random numbers for Cython code: xoshiro256**
# seeded by splitmix64 (see _rng.h).  Integer-only, so a seed gives the same
# stream on every platform.  All functions are inline, noexcept and nogil.
#
#     from trickcore._rng cimport tc_rng, tc_rng_seed, tc_rng_below
#     cdef tc_rng rng
#     tc_rng_seed(&rng, 42)
#     card = tc_rng_below(&rng, 52)
from libc.stdint cimport uint32_t, uint64_t

cdef extern from "_rng.h" nogil:
    ctypedef struct tc_rng:
        uint64_t s[4]
    # One splitmix64 step on *x (advances *x).
    uint64_t tc_splitmix64(uint64_t* x) noexcept
    void tc_rng_seed(tc_rng* rng, uint64_t seed) noexcept
    # 64 uniformly random bits.
    uint64_t tc_rng_next(tc_rng* rng) noexcept
    # Exactly uniform in [0, bound); bound must be >= 1.
    uint64_t tc_rng_below(tc_rng* rng, uint64_t bound) noexcept
    # Exactly uniform in [0, bound) for 1 <= bound < 2**32 (one draw, usually).
    uint32_t tc_rng_below32(tc_rng* rng, uint32_t bound) noexcept
    # A uniformly random member (bit index) of a non-empty mask.
    int tc_rng_pick(tc_rng* rng, uint64_t mask) noexcept
    # Uniform in [0, 1), 53 bits.
    double tc_rng_double(tc_rng* rng) noexcept
    # Advance by 2**128 steps (independent streams).
    void tc_rng_jump(tc_rng* rng) noexcept
