# The transposition table and the solver object the double-dummy searches
# share (_solve_table.pyx), beneath each game's search (_solve_spitzer,
# _solve_spidge) and the Python solvers (_solve).  _solve.pxd re-exports the
# public part, which comes first, and says what it promises.
from libc.stdint cimport int16_t, uint8_t, uint32_t, uint64_t

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

cdef tc_solver* tc_solver_new(int bits) noexcept nogil
cdef void tc_solver_free(tc_solver* s) noexcept nogil

# -- for the searches, not the C API ------------------------------------------------

cdef enum:
    _INF = 10000
    _MEASURE_POINTS = 0
    _MEASURE_TRICKS = 1

# Techniques that tc_solver.disabled can switch off, so the benchmark can
# measure what each buys (the values never change).
cdef enum:
    _SURE_TRUMPS = 1        # sure trumps bound the value at trick starts
    _RELATIVE_KEY = 2       # Spitzer table key by live order and points
    _LAST_TRICK = 4         # the last trick evaluated without search
    _BISECTION = 8          # bisection after two MTD(f) steps (off: MTD(f) only)
    _ONE_SLOT = 16          # off: two slots a position in the table, the deeper kept
    _COLUMN_GUESS = 32      # Spitzer score: the columns tested from the last one found
    _SUIT_SKIP = 64         # move generators: only the suits with legal cards scanned
    _GROWING_TABLE = 128    # Spidge: a long solve moves to a larger table (off: the default size)
    _SIBLING_GUESS = 256    # Spidge, every card's value: MTD(f) starts from the last card's value
    _RUN_KEY = 1024         # Spitzer table key: equal-point runs packed up (off: by live order)
    _SURE_TRICK_CARDS = 2048  # Spitzer points: the other seats' cheapest cards in the sure tricks
    _RANK_WALK = 4096       # Spitzer moves: the legal cards read off bits in suit order (off, or with
                            # the suit skip off: each suit walked card by card)
    _PARTITION = 8192       # Spidge table: an entry keeps only the ranks that mattered (off: exact key)
    _SIGNATURES = 16384     # Spidge partition lookups scan a byte a slot first (off: every entry)
    _SPOILED_SURE = 32768   # Spidge sure trumps: the other side's jokers spoil one trick each (off: none
                            # while it holds one; off also switches the ranked sure trumps off)
    _RANKED_SURE = 65536    # Spidge sure trumps: a hand's top trumps count below the other side's higher
                            # spades, each of which spoils one trick (off: only those above them all)
    _CROSS_QUICK = 512      # Spidge, the dealer's solve, cashing: also the partner's top runs,
                            # reached by a lead to his winners (off: the leader's own runs only)
    _CASH_THEN_TRUMPS = 524288  # Spidge, the dealer's solve: the tricks cashed, then the side's sure
                                # trumps, or the trumps drawn first (off: the cashing bound alone)
    _DIRECT_BISECTION = 262144  # Spitzer points without a first guess: bisection from the first test
                                # (off: two MTD(f) steps from the middle first)
    _TRICK_GUESS = 131072   # Spidge moves ordered by the trick each card is likely to bring (off:
                            # masters first on lead, cheapest winner or lowest card following)
    _Z_TRICK_GUESS = 4194304  # Spitzer moves ordered by who takes the trick after the later hands'
                              # best replies (off: by the cards already in the trick only)
    _Z_LAST_TWO = 16777216  # Spitzer: the last two tricks by plain alpha-beta on the hands (off: the
                            # search, table and all, down to the last trick; off with the last trick)
    _Z_DOMINATED = 8388608  # Spitzer: of a hand's cards that no other hand's card separates, only the
                            # one that places its points best (off: every points class searched)
    _G_JOKER_PARTNER = 1048576  # Spidge, the dealer's solve: one hand's jokers and its partner's top
                                # spades counted together as sure tricks (off: each hand alone)
    _G_JOKERS_KEPT = 2097152  # Spidge, a single player's solve ("most"): the three hands' joker leads
                              # tried after their other leads (off: as the trick guess ranks them)
    _G_FAST_MOVES = 33554432  # Spidge moves: each class's highest card by PEXT, the trick guess from
                               # the replies' powers (off: card by card; the same moves, the same order)
    _G_TOP_SPADE_LHO = 67108864  # Spidge, the dealer's solve ("most"): the top spade's side takes a trick
                                 # against jokers all in its holder's left-hand opponent, by length (off:
                                 # not counted)
    _G_SURE_MEMO = 268435456  # Spidge sure trumps: a side's count kept by the spades' and jokers'
                              # holders and the count asked for, and taken from there when they recur
                              # (off: counted every time; the same positions, pure speed)
    _G_LATE_GUESS = 536870912  # Spidge moves: the trick guess after a trick's first card worked out
                               # without the general replies loop (off: by it; the same moves, the
                               # same order, pure speed)
    _G_WON_ENOUGH = 134217728  # Spidge: a trick's last card that gives the counted side all the window
                               # asks for is not played (off: played, and the trick start after it
                               # returns at once; the same positions, pure speed)
    _G_TRICK_HELD = 1073741824  # Spidge: inside a trick, a card after which the counted side surely
                                # takes the trick ends the search of that card where one trick is
                                # all the window asks for (off: the trick played out)

cdef enum:
    _MIN_TABLE_BITS = 4     # tc_solver_new's table sizes (documented in _solve.pxd)
    _MAX_TABLE_BITS = 30

cdef enum:
    _CHECK_EVERY = (1 << 20) - 1   # positions between two looks for Ctrl-C (about 0.1 s)

cdef void _new_search(tc_solver* s) noexcept nogil
cdef void _shrink(tc_solver* s) noexcept nogil

# The table's lookups, inlined into each search (they are on its hot path).

cdef inline bint _matches(tc_solver* s, tc_tt_entry* e, const uint64_t* key, uint32_t extra) noexcept nogil:
    return (e.stamp == s.stamp and e.extra == extra and e.key[0] == key[0] and e.key[1] == key[1]
            and e.key[2] == key[2] and e.key[3] == key[3])


cdef inline uint64_t _hash(const uint64_t* key, uint32_t extra) noexcept nogil:
    """Where a position's key and rule state go in the table (masked by its size)."""
    cdef uint64_t h = (key[0] * <uint64_t>0x9E3779B97F4A7C15 ^ key[1] * <uint64_t>0xC2B2AE3D27D4EB4F
                       ^ key[2] * <uint64_t>0x165667B19E3779F9 ^ key[3] * <uint64_t>0xD6E8FEB86659FD93
                       ^ extra * <uint64_t>0xFF51AFD7ED558CCD)
    return h ^ (h >> 29)


cdef inline tc_tt_entry* _slot(tc_solver* s, const uint64_t* key, uint32_t extra,
                               int played) noexcept nogil:
    """The entry of a position: one of two neighbouring slots, the one that
    holds it, or else the one to overwrite -- a stale one, or the one nearer
    the end of the deal (its subtree was cheaper to search)."""
    cdef uint64_t h = _hash(key, extra)
    cdef tc_tt_entry* e0
    cdef tc_tt_entry* e1
    e0 = &s.table[h & s.size_mask]
    e1 = &s.table[(h ^ 1) & s.size_mask]
    if s.disabled & _ONE_SLOT or _matches(s, e0, key, extra):
        return e0
    if _matches(s, e1, key, extra) or e0.stamp == s.stamp and (
            e1.stamp != s.stamp or e1.played >= e0.played):
        return e1
    return e0


cdef inline bint _probe(tc_solver* s, tc_tt_entry* e, const uint64_t* key, uint32_t extra,
                        int* alpha, int* beta, int* tt_move) noexcept nogil:
    """Use the entry *e* if it is the position's: True when its bound decides
    the window (that bound, the fail-soft value, is then left in *alpha*);
    else the window narrowed to its bounds and its card to be tried first."""
    if not _matches(s, e, key, extra):
        return False
    if e.lower >= beta[0]:
        alpha[0] = e.lower
        return True
    if e.upper <= alpha[0]:
        alpha[0] = e.upper
        return True
    if e.lower > alpha[0]:
        alpha[0] = e.lower
    if e.upper < beta[0]:
        beta[0] = e.upper
    tt_move[0] = e.move
    return False


cdef inline void _store(tc_solver* s, tc_tt_entry* e, const uint64_t* key, uint32_t extra,
                        int best, int alpha, int beta, int hi, int move, int played) noexcept nogil:
    """Record what a fail-soft search with window (alpha, beta) proved."""
    cdef int lower = 0, upper = hi
    if _matches(s, e, key, extra):
        lower = e.lower
        upper = e.upper
    else:
        e.stamp = s.stamp
        e.extra = extra
        e.key[0] = key[0]
        e.key[1] = key[1]
        e.key[2] = key[2]
        e.key[3] = key[3]
    if best <= alpha:
        if best < upper:
            upper = best
    elif best >= beta:
        if best > lower:
            lower = best
    else:
        lower = best
        upper = best
    e.lower = <int16_t>lower
    e.upper = <int16_t>upper
    e.played = <uint8_t>played
    e.move = <uint8_t>move


cdef extern from "Python.h":
    # Declared without an exception value: the error a signal handler sets
    # (KeyboardInterrupt) is raised by _raise_stop once the search has returned.
    int PyErr_CheckSignals()


cdef inline bint _poll(tc_solver* s) noexcept nogil:
    """Whether the search must stop now: Python code owns the solver and a
    signal handler raised (Ctrl-C), or another thread asked it to stop.
    Inline here, as gcc made it when the searches and the table were one
    module: called in the table's module instead, it cost the Spitzer
    search 0.7 % more instructions (the registers saved around a call it
    cannot see into)."""
    if s.abandon:
        s.stopped = 1
    elif s.check_signals:
        with gil:
            if PyErr_CheckSignals() != 0:
                s.stopped = 1
    return s.stopped

cdef inline bint _must_stop(tc_solver* s) noexcept nogil:
    """Checked at every position: a stopped search unwinds at once (its
    values are void; the next search starts a new table stamp)."""
    return s.stopped or ((s.nodes & _CHECK_EVERY) == 0 and _poll(s))


cdef inline void _first(int* moves, int n, int move) noexcept nogil:
    """Move *move* (if present) to the front, keeping the others' order."""
    cdef int i, j
    for i in range(n):
        if moves[i] == move:
            for j in range(i, 0, -1):
                moves[j] = moves[j - 1]
            moves[0] = move
            return
