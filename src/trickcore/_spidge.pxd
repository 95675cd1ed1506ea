# Spidge at C level: card tables over card numbers (see trickcore.card); the
# dense action number of a card is its card number (0..53).
from libc.stdint cimport uint64_t
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


# --- The deal state and its kernels --------------------------------------
#
# Hands are indexed in play order from the dealer's left: 0 left, 1 dummy,
# 2 right, 3 dealer.  Trick t holds history[4t .. 4t+3]; leaders[t] led it
# and leaders[t + 1] is its winner.  Kernels never validate: the Python
# boundary (SpidgeState) does.
from libc.stdint cimport uint8_t

cdef enum:
    SPIDGE_OPT_JOKERS = 1
    SPIDGE_OPT_WILD_JOKERS = 2
    SPIDGE_OPT_SPADES_MUST_BE_BROKEN = 4
    SPIDGE_OPT_GRAND_SLAM_ALL_TRICKS = 8
    SPIDGE_NO_TRICK = 13        # trumps_broken_at when no trump has been played

cdef enum:
    SPIDGE_NO_CATEGORY = 0
    SPIDGE_NILL = 1
    SPIDGE_SPIDGE = 2
    SPIDGE_SLAM = 3
    SPIDGE_GRAND_SLAM = 4

# Reason codes of spidge_check (the same numbers as trickcore._spidge_messages).
cdef enum:
    SPIDGE_OK = 0
    SPIDGE_GAME_OVER = 1
    SPIDGE_NOT_HELD = 2
    SPIDGE_OPENING_LEAD_TRUMP = 3
    SPIDGE_TRUMPS_NOT_BROKEN = 4
    SPIDGE_MUST_FOLLOW = 5

ctypedef struct spidge_state:
    mask_t hands[4]             # cards still held
    uint8_t history[52]         # cards in play order
    uint8_t leaders[14]         # leaders[t]: hand leading trick t
    uint8_t tricks[4]           # tricks won per hand
    uint8_t n_played
    uint8_t flags               # SPIDGE_OPT_*
    uint8_t slam_tricks
    uint8_t spidge_tricks
    uint8_t trumps_broken_at    # first trick with a trump, else SPIDGE_NO_TRICK

cdef void spidge_init(spidge_state* s, const mask_t* hands, int flags,
                      int slam_tricks, int spidge_tricks) noexcept nogil
cdef int spidge_to_move(const spidge_state* s) noexcept nogil
cdef mask_t spidge_legal(const spidge_state* s) noexcept nogil
cdef int spidge_check(const spidge_state* s, int card, mask_t* relevant,
                      int* suit) noexcept nogil
cdef void spidge_play(spidge_state* s, int card) noexcept nogil
# Take back the last card played; at the start of the deal, nothing.
cdef void spidge_undo(spidge_state* s) noexcept nogil
cdef int spidge_trick_winner(const uint8_t* cards) noexcept nogil
cdef int spidge_category(const spidge_state* s, int hand) noexcept nogil
cdef int spidge_points(const spidge_state* s, int hand) noexcept nogil
# Finish the play with uniformly random legal cards.  *rng is NOT a tc_rng but
# one xorshift64 state word, advanced in place (0 stands for a fixed seed);
# batch_spidge_playout (trickcore._batch) does the same from a tc_rng.
cdef void spidge_random_playout(spidge_state* s, uint64_t* rng) noexcept nogil

cdef inline bint spidge_is_over(const spidge_state* s) noexcept nogil:
    return s.n_played == 52

cdef class SpidgeState:
    cdef spidge_state s
    cdef public object context
    cdef int _card_number(self, object card) except -1
    cdef str _message(self, int reason, int number, mask_t relevant, int suit)
    cdef int _led_card(self)
    cdef int _need_over(self) except -1
    cdef bytes _bytes(self)
