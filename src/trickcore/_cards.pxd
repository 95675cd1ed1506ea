# The C-level card-set API: 64-bit masks, bit n = card n (see trickcore.card).
from libc.stdint cimport uint64_t

ctypedef uint64_t mask_t

cdef extern from "_bits.h" nogil:
    int tc_popcount64(uint64_t m)
    # Undefined for m == 0: callers check first.
    int tc_lowest64(uint64_t m)
    int tc_highest64(uint64_t m)

cdef enum:
    N_CARDS = 54

cdef extern from *:
    """
    #define TC_FULL_MASK 0x3FFFFFFFFFFFFFULL
    """
    # All 54 cards.
    const mask_t TC_FULL_MASK

cdef inline int card_count(mask_t m) noexcept nogil:
    return tc_popcount64(m)

cdef inline int lowest_card(mask_t m) noexcept nogil:
    """The lowest card number in a non-empty mask."""
    return tc_lowest64(m)

cdef inline int highest_card(mask_t m) noexcept nogil:
    """The highest card number in a non-empty mask."""
    return tc_highest64(m)

cdef inline int nth_card(mask_t m, int n) noexcept nogil:
    """The n-th lowest card (from 0) of a mask holding more than n cards."""
    while n > 0:
        m &= m - 1
        n -= 1
    return tc_lowest64(m)

cdef class CardSet:
    cdef readonly mask_t mask

cdef CardSet cardset_from_mask(mask_t mask)
# The set bits of a mask, lowest first, as a tuple of Python ints.
cdef tuple bits_tuple(mask_t mask)
cdef mask_t to_mask(object cards) except? 0xFFFFFFFFFFFFFFFF
# rng.random() checked to be in [0, 1) (random_move's draw; the shared messages otherwise).
cdef double random_draw(object rng) except -1.0
