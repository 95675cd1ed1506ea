# Exact uniform sampling of hidden hands: the C-level API (see _sampling.pyx).
#
# A HandSampler is built once per observation (hidden cards, hand sizes,
# allowed masks) and then draws deals without the GIL, e.g. for one
# determinization per ISMCTS iteration or a batch of PIMC worlds:
#
#     from trickcore._rng cimport tc_rng, tc_rng_seed
#     from trickcore._sampling cimport HandSampler, hand_sampler_init, ...
#     cdef HandSampler sampler
#     cdef mask_t hands[4]
#     if hand_sampler_init(&sampler, hidden, sizes, allowed, k) != 0:
#         raise MemoryError
#     if sampler.total.lo == 0 and sampler.total.hi == 0: ...  # no consistent deal
#     hand_sampler_draw(&sampler, &rng, hands)     # hands[i] = seat i's hidden cards
#     hand_sampler_free(&sampler)
#
# hand_sampler_init does NOT validate: the caller guarantees 0 <= k <= 4,
# sizes[i] >= 0 summing to popcount(hidden), allowed[i] a subset of hidden
# (the Python functions of trickcore._sampling check all that).
from libc.stdint cimport uint8_t, uint64_t

from trickcore._cards cimport mask_t
from trickcore._rng cimport tc_rng, tc_rng_below, tc_rng_next

cdef enum:
    SAMPLER_MAX_SEATS = 4

# An unsigned 128-bit integer, portable (MSVC has no __int128).  Deal counts
# never exceed 4**54 = 2**108, so every count and partial sum fits.
ctypedef struct tc_u128:
    uint64_t lo
    uint64_t hi

cdef inline bint u128_less(tc_u128 a, tc_u128 b) noexcept nogil:
    return a.hi < b.hi or (a.hi == b.hi and a.lo < b.lo)

cdef inline tc_u128 u128_add(tc_u128 a, tc_u128 b) noexcept nogil:
    cdef tc_u128 r
    r.lo = a.lo + b.lo
    r.hi = a.hi + b.hi + (r.lo < a.lo)
    return r

cdef inline tc_u128 u128_sub(tc_u128 a, tc_u128 b) noexcept nogil:
    cdef tc_u128 r
    r.lo = a.lo - b.lo
    r.hi = a.hi - b.hi - (a.lo < b.lo)
    return r

# A uniformly random rank 0 to total - 1 (total > 0): tc_rng_below when the
# total fits in 64 bits, else rejection from the smallest power of two above
# it (exact, and accepted at least half the time).
cdef inline tc_u128 u128_below(tc_rng* rng, tc_u128 total) noexcept nogil:
    cdef tc_u128 rank
    cdef uint64_t top = total.hi
    if top == 0:
        rank.hi = 0
        rank.lo = tc_rng_below(rng, total.lo)
        return rank
    top |= top >> 1
    top |= top >> 2
    top |= top >> 4
    top |= top >> 8
    top |= top >> 16
    top |= top >> 32
    while True:
        rank.hi = tc_rng_next(rng) & top
        rank.lo = tc_rng_next(rng)
        if u128_less(rank, total):
            return rank

ctypedef struct HandSampler:
    int k                       # unknown seats
    int n_cards                 # hidden cards
    int n_states                # states per layer of the count table
    int start                   # the state "every seat still needs all its cards"
    int derived                 # the seat whose need the others imply (-1 if k == 0)
    int sizes[SAMPLER_MAX_SEATS]
    int stride[SAMPLER_MAX_SEATS]    # of each seat's need in a state (0: `derived`)
    uint8_t card[54]            # hidden cards, in the order they are dealt
    uint8_t seats_of[54]        # bit i: seat i may hold card[j]
    tc_u128 total               # consistent deals (0: none)
    # ways[j * n_states + state]: deals of card[j:] that give each seat exactly
    # the number of cards it still needs in `state`.
    tc_u128* ways

# 0 on success, -1 if out of memory (then nothing needs freeing).
cdef int hand_sampler_init(HandSampler* sampler, mask_t hidden, const int* sizes,
                           const mask_t* allowed, int k) noexcept nogil
cdef void hand_sampler_free(HandSampler* sampler) noexcept nogil
# The deal of rank `rank` (0 <= rank < total): a bijection onto the deals.
cdef void hand_sampler_unrank(const HandSampler* sampler, tc_u128 rank,
                              mask_t* hands) noexcept nogil
# A deal drawn exactly uniformly (total must be > 0): one RNG word when total < 2**64,
# else two per try, fewer than four on average.
cdef void hand_sampler_draw(const HandSampler* sampler, tc_rng* rng,
                            mask_t* hands) noexcept nogil
