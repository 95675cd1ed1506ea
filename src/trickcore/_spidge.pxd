# Spidge at C level: card tables over card numbers (see trickcore.card); the
# dense action number of a card is its card number (0..53).
from trickcore._cards cimport mask_t

cdef enum:
    SPIDGE_SPADES = 3
    SPIDGE_NO_SUIT = 4          # effective suit of a wild joker
    SPIDGE_N_ACTIONS = 54
    SPIDGE_JOKER_1 = 52
    SPIDGE_JOKER_2 = 53

cdef extern from *:
    """
    #define SPIDGE_JOKER_MASK (3ULL << 52)
    #define SPIDGE_REPLACED_MASK ((1ULL << 13) | (1ULL << 26))  /* 2D, 2H */
    #define SPIDGE_SUIT_MASK(s) (0x1FFFULL << (13 * (s)))
    """
    const mask_t SPIDGE_JOKER_MASK
    const mask_t SPIDGE_REPLACED_MASK
    mask_t SPIDGE_SUIT_MASK(int suit) nogil

cdef inline mask_t spidge_pack_mask(bint jokers) noexcept nogil:
    if jokers:
        return (((<mask_t>1) << 52) - 1) & ~SPIDGE_REPLACED_MASK | SPIDGE_JOKER_MASK
    return ((<mask_t>1) << 52) - 1

cdef inline int spidge_strength(int card) noexcept nogil:
    """2 is 1 ... A is 13; both jokers 14."""
    return 14 if card >= 52 else card % 13 + 1

cdef inline int spidge_suit(int card, bint wild_jokers) noexcept nogil:
    """The printed suit; a joker is a spade, or SPIDGE_NO_SUIT when wild."""
    if card >= 52:
        return SPIDGE_NO_SUIT if wild_jokers else SPIDGE_SPADES
    return card // 13
