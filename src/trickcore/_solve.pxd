# Exact double-dummy solvers at C level (all hands known).  A tc_solver holds
# a transposition table; give each thread its own.  Kernels never validate:
# the deal must be in its play phase, the hand/objective in range.
#
#     cdef tc_solver* s = tc_solver_new(SOLVE_DEFAULT_TT_BITS)
#     value = spitzer_solve(s, &state.deal, SOLVE_POINTS)
#     tc_solver_free(s)
from libc.stdint cimport int16_t, uint8_t, uint32_t, uint64_t
from trickcore._spitzer cimport SpitzerDeal
from trickcore._spidge cimport spidge_state

cdef enum:
    # Spitzer objectives: the declaring side's card points at the end of the
    # deal, or the signed scoring-table entry (RULES.md 1.8).
    SOLVE_POINTS = 0
    SOLVE_SCORE = 1
    # Spidge objectives (paranoid): the most tricks a hand can make sure of,
    # the fewest it can hold itself to.
    SOLVE_MOST = 0
    SOLVE_FEWEST = 1
    SOLVE_DEFAULT_TT_BITS = 18
    # Value of a card that is not a legal move in *_solve_moves' output.
    SOLVE_NOT_LEGAL = -32768

ctypedef struct tc_tt_entry:
    uint64_t key[4]         # the four hands (a Spidge partition entry: the suit lengths,
                            # then the holders of the ranks that mattered and how many)
    uint32_t extra          # leader, sides, measure and rule state
    uint32_t stamp          # the search that wrote the entry
    int16_t lower           # bounds on the value of the tricks still to play
    int16_t upper
    uint8_t move            # the best (or refuting) card found there, tried first
    uint8_t played          # cards played at the position (replacement keeps the fewer)

ctypedef struct tc_solver:
    tc_tt_entry* table
    uint64_t size_mask      # entries - 1
    uint64_t base_mask      # entries - 1 as made (a long Spidge solve grows the table for itself)
    uint32_t stamp
    uint64_t nodes          # positions visited, over the solver's life
    # The current search (set by the kernels).
    int measure             # 0 card points, 1 tricks
    int count_side          # seats whose tricks count (-1: the declaring side so far)
    int max_side            # seats that maximise (-1: as count_side)
    int dynamic             # Spitzer sides not fixed by the hands yet
    int options
    int guess               # first guess of the value, for MTD(f)
    int disabled            # techniques switched off (benchmark only; 0 normally)
    int guess_column        # SOLVE_SCORE: the last scoring column found (-1 none)
    uint64_t node_limit     # Spidge, benchmark only: give up past this many positions (0: never)
    uint64_t grow_at        # Spidge: the table grows when nodes reaches this
    # Stopping a search from Python (0 in a solver made by tc_solver_new):
    int check_signals       # every 2**20 positions, take the GIL and run Python's signal handlers
    int abandon             # set from another thread: stop at the next such check
    int stopped             # the search stopped early (a signal or abandon): its values are void
    uint8_t* sig            # Spidge partition table: a byte a slot hashed from its entry's suit
                            # lengths, rule state and stamp, scanned before the entries; then
                            # (from sig + entries, a grown table) a byte a slot of its stamp and age

# A solver with a table of 2**bits entries (48 bytes each, a signature byte and an age byte),
# for bits from 4 to 30; NULL for bits outside that range, or when the memory cannot be had.
# (A Spitzer search uses at most the first 2**15 entries; a Spidge solve, all of them.)
cdef tc_solver* tc_solver_new(int bits) noexcept nogil
cdef void tc_solver_free(tc_solver* s) noexcept nogil

# The exact value of the deal; *_moves also fills values[a] for every dense
# action / card number a (SOLVE_NOT_LEGAL for the cards that cannot be played)
# and returns the value.
cdef int spitzer_solve(tc_solver* s, const SpitzerDeal* d,
                       int objective) noexcept nogil
cdef int spitzer_solve_moves(tc_solver* s, const SpitzerDeal* d, int objective,
                             int* values) noexcept nogil
cdef int spidge_solve(tc_solver* s, const spidge_state* d, int hand,
                      int objective) noexcept nogil
cdef int spidge_solve_moves(tc_solver* s, const spidge_state* d, int hand,
                            int objective, int* values) noexcept nogil
