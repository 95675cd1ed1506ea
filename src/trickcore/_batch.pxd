# Batched random deals at C level: seeding, shuffling and dealing a random deal
# from a tc_rng, and random announcements / playouts, all noexcept nogil.
from libc.stdint cimport uint64_t
from trickcore._rng cimport tc_rng
from trickcore._spitzer cimport SpitzerDeal
from trickcore._spidge cimport spidge_state

# The per-deal generator of deal *index* of a run seeded with *seed*:
# tc_rng_seed(rng, splitmix64(seed) + index).
cdef void batch_seed(tc_rng* rng, uint64_t seed, uint64_t index) noexcept nogil
# A uniformly shuffled 32-card pack dealt 3-2-3 from the dealer's left.
cdef void batch_spitzer_deal(SpitzerDeal* d, tc_rng* rng, int dealer,
                             int options) noexcept nogil
# (Random Spitzer announcements and plays are the core's own kernels,
# spitzer_random_auction and spitzer_random_playout in trickcore._spitzer.)
# A uniformly shuffled pack dealt one card at a time from the dealer's left.
cdef void batch_spidge_deal(spidge_state* s, tc_rng* rng, int flags,
                            int slam_tricks, int spidge_tricks) noexcept nogil
cdef void batch_spidge_playout(spidge_state* s, tc_rng* rng) noexcept nogil
