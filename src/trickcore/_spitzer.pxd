# Spitzer at C level: card tables over card numbers (see trickcore.card) and
# the dense action numbers 0..31 (8 per printed suit, 7 to A), the deal state
# struct and its noexcept nogil kernels.  Kernels never validate: the Python
# boundary (SpitzerState) does, once.
from libc.stdint cimport uint8_t, uint16_t, uint32_t
from trickcore._cards cimport mask_t
from trickcore._rng cimport tc_rng, tc_rng_pick

cdef extern from "_spitzer_tables.h" nogil:
    enum:
        SPITZER_TRUMPS      # effective suit of the 14 trumps
        SPITZER_N_ACTIONS
        SPITZER_D_QC        # dense action numbers of single cards
        SPITZER_D_QS
        SPITZER_D_AC
        SPITZER_D_AH
        SPITZER_D_AS
    const uint32_t SPITZER_D_FAIL_ACES
    # Per card number (0..53); cards outside the pack have effective suit -1.
    const signed char SPITZER_SUIT[54]
    const signed char SPITZER_STRENGTH[54]
    const signed char SPITZER_POINTS[54]
    # Effective-suit masks, indexed 0..4 (index 1, diamonds, is empty).
    const mask_t SPITZER_SUIT_MASK[5]
    const mask_t SPITZER_PACK_MASK
    const uint32_t SPITZER_DENSE_SUIT_MASK[5]
    # RULES.md 1.8: [game type][column], +N declarers, -N opponents, 0 impossible.
    const signed char SPITZER_SCORING[9][6]

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

# Phases, announcement codes, game types, option bits: the same numbers as the
# module constants of trickcore._spitzer (see there).
cdef enum:
    SP_AUCTION = 0
    SP_PLAY = 1
    SP_OVER = 2
    SP_PASS = 0
    SP_ZOLA = 1
    SP_ZOLA_SCHNEIDER = 2
    SP_ZOLA_SCHNEIDER_SCHWARZ = 3
    SP_ACE_CALL_CLUBS = 4
    SP_ACE_CALL_SPADES = 5
    SP_ACE_CALL_HEARTS = 6
    SP_VOID_CALL_CLUBS = 7
    SP_VOID_CALL_SPADES = 8
    SP_VOID_CALL_HEARTS = 9
    SP_VOID_CALL = 10
    SP_FIRST_TRICK_CALL = 11
    SP_SCHNEIDER = 12
    SP_N_ANNOUNCEMENTS = 13
    SP_GAME_NORMAL = 0
    SP_GAME_SNEAKER = 1
    SP_GAME_ZOLA = 2
    SP_GAME_ZOLA_SCHNEIDER = 3
    SP_GAME_ZOLA_SCHNEIDER_SCHWARZ = 4
    SP_GAME_ACE_CALL = 5
    SP_GAME_VOID_CALL = 6
    SP_GAME_FIRST_TRICK_CALL = 7
    SP_GAME_SCHNEIDER = 8
    SP_OPT_ZOLA_REQUIRES_BOTH_QUEENS = 1
    SP_OPT_VOID_CALL_FIRST_VOID_PLAYER = 2
    SP_OPT_FIRST_TRICK_WON_BY_OTHER = 4
    SP_OPT_CALL_REQUIRES_LEAD = 8
    SP_OPT_SCHNEIDER_ANNOUNCEMENT = 16
    SP_ALL_OPTIONS = 31

# One deal, 56 bytes.  The whole history is kept so undo needs nothing else:
# the seat of play i is (leader of trick i/4 + i%4) % 4.  Bytes past the
# history are kept zero so two equal deals are equal as memory.
ctypedef struct SpitzerDeal:
    uint32_t hands[4]       # dense masks of the cards each seat holds now
    uint8_t plays[32]       # dense action of every card played, in order
    uint16_t leaders        # 2 bits per trick: the seat that leads it
    uint8_t n_played        # cards played, 0..32
    uint8_t dealer
    uint8_t n_spoken        # announcements made, passes included
    uint8_t announcement    # SP_PASS until someone announces (ends the round)
    uint8_t options         # SP_OPT_* bits
    uint8_t reserved        # zero

ctypedef struct SpitzerResult:
    int game_type
    int declarers           # mask of seats
    int points              # declaring side's card points
    int tricks              # declaring side's tricks
    int column              # 0 no tricks .. 5 all tricks
    int scores[4]           # game points per seat

cdef void spitzer_init(SpitzerDeal* d, const uint32_t* hands, int dealer,
                       int options) noexcept nogil
cdef int spitzer_phase(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_to_move(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_leader(const SpitzerDeal* d, int trick) noexcept nogil
cdef int spitzer_seat_of_play(const SpitzerDeal* d, int i) noexcept nogil
cdef int spitzer_announcer(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_holder(const SpitzerDeal* d, int action) noexcept nogil
cdef uint32_t spitzer_original_hand(const SpitzerDeal* d, int seat) noexcept nogil
cdef int spitzer_game_type(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_called_ace(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_announcement_fault(const SpitzerDeal* d, int seat, int code,
                                    uint32_t* cards) noexcept nogil
cdef uint32_t spitzer_legal_announcements(const SpitzerDeal* d) noexcept nogil
cdef void spitzer_announce(SpitzerDeal* d, int code) noexcept nogil
cdef int spitzer_lead_duty(const SpitzerDeal* d, int seat,
                           uint32_t* cards) noexcept nogil
cdef uint32_t spitzer_legal(const SpitzerDeal* d) noexcept nogil
cdef void spitzer_play(SpitzerDeal* d, int action) noexcept nogil
# Take back the last card played, or in the auction the last announcement:
# 1, or 0 (and nothing changed) when nothing has been played or announced.
cdef int spitzer_undo(SpitzerDeal* d) noexcept nogil
cdef int spitzer_trick_winner(const SpitzerDeal* d, int trick) noexcept nogil
cdef int spitzer_trick_points(const SpitzerDeal* d, int trick) noexcept nogil
cdef int spitzer_partner(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_declarers(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_revealed(const SpitzerDeal* d) noexcept nogil
cdef int spitzer_scoring_column(int points, int tricks) noexcept nogil
cdef int spitzer_result(const SpitzerDeal* d, SpitzerResult* r) noexcept nogil
# Finish the auction / the play with uniformly random legal moves (tc_rng_pick).
cdef void spitzer_random_auction(SpitzerDeal* d, tc_rng* rng) noexcept nogil
cdef void spitzer_random_playout(SpitzerDeal* d, tc_rng* rng) noexcept nogil

cdef class SpitzerState:
    cdef SpitzerDeal deal
    # What the API adds to the rules-level state (pytrick keeps a game target here).
    cdef public object context
