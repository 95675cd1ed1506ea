# Spitzer at C level: card tables over card numbers (see trickcore.card) and
# the dense action numbers 0..31 (8 per printed suit, 7 to A).
from libc.stdint cimport uint32_t
from trickcore._cards cimport mask_t

cdef extern from "_spitzer_tables.h" nogil:
    enum:
        SPITZER_TRUMPS      # effective suit of the 14 trumps
        SPITZER_N_ACTIONS
    # Per card number (0..53); cards outside the pack have effective suit -1.
    const signed char SPITZER_SUIT[54]
    const signed char SPITZER_STRENGTH[54]
    const signed char SPITZER_POINTS[54]
    # Effective-suit masks, indexed 0..4 (index 1, diamonds, is empty).
    const mask_t SPITZER_SUIT_MASK[5]
    const mask_t SPITZER_PACK_MASK

cdef inline int spitzer_action(int card) noexcept nogil:
    return (card // 13) * 8 + card % 13 - 5

cdef inline int spitzer_card(int action) noexcept nogil:
    return (action // 8) * 13 + action % 8 + 5

cdef inline uint32_t spitzer_dense(mask_t m) noexcept nogil:
    """A card-number mask of Spitzer cards as a 32-bit action mask."""
    return <uint32_t>(((m >> 5) & 0xFF) | (((m >> 18) & 0xFF) << 8)
                      | (((m >> 31) & 0xFF) << 16) | (((m >> 44) & 0xFF) << 24))

cdef inline mask_t spitzer_sparse(uint32_t d) noexcept nogil:
    """A 32-bit action mask as a card-number mask."""
    cdef mask_t m = d
    return (((m & 0xFF) << 5) | (((m >> 8) & 0xFF) << 18)
            | (((m >> 16) & 0xFF) << 31) | (((m >> 24) & 0xFF) << 44))
