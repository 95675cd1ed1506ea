# The Spidge double-dummy search (_solve_spidge.pyx) on the table of
# _solve_table.pxd.  _solve.pxd re-exports the public part, which comes
# first, and says what it promises.
from libc.stdint cimport uint8_t, uint64_t
from trickcore._cards cimport mask_t
from trickcore._spidge cimport spidge_state
from trickcore._solve_table cimport tc_solver, tc_tt_entry

cdef int spidge_solve(tc_solver* s, const spidge_state* d, int hand,
                      int objective) noexcept nogil
cdef int spidge_solve_moves(tc_solver* s, const spidge_state* d, int hand,
                            int objective, int* values) noexcept nogil

# -- for trickcore._solve, not the C API: its principal variations and test hooks ---

# The trick as the trick guess plays it out: what decides its winner under
# RULES.md 2.5, kept card by card (the same winner as spidge_trick_winner
# on the same cards, without a scan of the trick for each card guessed).  Each
# card but a joker has a power -- a spade 50 and its number, a card of the
# suit led (that of the first card that is not a joker) 20 and its number,
# any other card 0 -- and the highest power wins unless one joker alone is
# in the trick.
ctypedef struct _g_trick:
    int jokers          # jokers in the trick
    int joker           # the hand of the last joker
    int led             # the suit led (-1: none yet)
    int best            # the highest power so far (-1: none) and its hand (the leader's at first)
    int best_hand

cdef enum:
    _BUCKET = 32  # partition entries a bucket (neighbouring slots)
    _K_SHIFT = 52  # where an entry's k of each suit is kept in its key words

cdef bint G_FAST_PEXT  # PEXT and PDEP are fast here (_g_pext_fast_on)
cdef bint _g_pext_fast_on(bint bmi2, bint intel, bint amd, unsigned int family) noexcept nogil

cdef int _g_solve_moves(tc_solver* s, const spidge_state* d, int hand, int objective,
                        int* values) noexcept nogil
cdef int _g_pv(tc_solver* s, spidge_state* d, int value, uint8_t* out) noexcept nogil
cdef void _g_setup(tc_solver* s, const spidge_state* d, int hand, int objective) noexcept nogil
cdef int _g_moves(tc_solver* s, const spidge_state* d, mask_t legal, mask_t alive, const _g_trick* t0,
                  int pos, int hand, int side, int* out) noexcept nogil
cdef void _g_trick_of(const spidge_state* d, _g_trick* t) noexcept nogil
cdef mask_t _g_legal(const spidge_state* d, int hand, int pos, int trick) noexcept nogil
cdef mask_t _g_live(const spidge_state* d) noexcept nogil
cdef uint64_t _g_lengths(const spidge_state* d) noexcept nogil
cdef void _g_key(const spidge_state* d, uint64_t* key) noexcept nogil
cdef void _g_key_loop(const spidge_state* d, uint64_t* key) noexcept nogil
cdef mask_t _g_above(const int* total, int* top) noexcept nogil
cdef mask_t _g_rel_mask(const tc_tt_entry* e, const int* top, mask_t above) noexcept nogil
cdef mask_t _g_entry_rel(mask_t alive, mask_t m) noexcept nogil
cdef mask_t _g_entry_rel_loop(mask_t alive, mask_t m) noexcept nogil
cdef int _g_sure_tricks(const spidge_state* d, int team, mask_t* rel) noexcept nogil
cdef int _g_spoiled_sure_tricks(const spidge_state* d, int team, bint ranked, mask_t* rel) noexcept nogil
cdef int _g_joker_partner_tricks(const spidge_state* d, int team, int floor, mask_t* rel) noexcept nogil
cdef int _g_top_spade_trick(const spidge_state* d, int team, int leader, mask_t* rel) noexcept nogil
cdef int _g_cash_tricks(const spidge_state* d, int leader, int side, bint across, int need,
                        mask_t* rel, mask_t trumps=*, int spent=*, const int* capped=*) noexcept nogil
cdef int _g_draw_tricks(const spidge_state* d, int leader, int side, bint across, int need,
                        mask_t* rel) noexcept nogil
