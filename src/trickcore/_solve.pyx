# cython: language_level=3, binding=True, embedsignature=True
"""Exact double-dummy solvers (compiled): Spitzer card points or score, Spidge tricks.

The search is alpha-beta over the tricks still to play, with a
transposition table at trick boundaries keyed on the live cards by their
order and (Spitzer) points -- DDS's relative ranks -- with the leader and
the rule state beside it, equivalent-card reduction (cards of one hand that
no other live card separates, and that are worth the same points, are one
move), move ordering, the remaining-points and sure-trump bounds, the last
Spitzer trick evaluated without search, Spidge partition search (an entry
keeps only the ranks that mattered: DDS's winning ranks), and null-window
searches on the value (MTD(f) steps, then bisection; for the Spitzer
score, the scoring columns tested from the last one found).
docs/solver_notes.rst records what each buys.  The searches live in
``_solve_spitzer`` and ``_solve_spidge``, on the table of ``_solve_table``;
this module is their Python boundary.  The naive twin is
``trickcore._reference._solve`` (plain minimax); both give the same values,
card by card.

Values (docs/solving.rst says the same for users):

* Spitzer, ``SOLVE_POINTS``: the declaring side's card points at the end
  of the deal, points already taken included; ``SOLVE_SCORE``: the signed
  scoring-table entry (RULES.md 1.8), +N when each declarer scores N, -N
  when each opponent does.  The seats of the declaring side *as settled by
  the cards played so far* (``SpitzerState.declarers``) maximise, the
  others minimise.  When the hands do not fix the sides (a first-trick call
  before its partner is known, a first-void-player void call before the
  caller's first lead is complete), a seat plays against the caller until a
  rule binds it to him, and for him from then on; the value counts the
  declaring side as it stands at the end of the deal.
* Spidge: the tricks of one hand (the dealer's counted with the dummy's) at
  the end of the deal.  ``SOLVE_MOST``: that hand (with the dummy, when it is
  the dealer) maximises and every other hand minimises; ``SOLVE_FEWEST``:
  the roles are reversed.
"""

# This module is the Python face of the solvers: the searches themselves are
# trickcore._solve_spitzer and trickcore._solve_spidge (C level only), each on
# the table and solver object of trickcore._solve_table.

import os
import threading

from trickcore._arguments import check_threads, not_initialised
from trickcore._threads import run_chunks
from trickcore.errors import InvalidArgumentError, PytrickError

from libc.stdint cimport uint8_t, uint32_t, uint64_t
from libc.string cimport memset
from cpython.exc cimport PyErr_Occurred

from trickcore._cards cimport mask_t
from trickcore._spitzer cimport (
    SpitzerDeal, SpitzerState, spitzer_card, spitzer_phase, SP_PLAY,
)
from trickcore._spidge cimport spidge_state, SpidgeState, spidge_legal, spidge_to_move
from trickcore._solve_table cimport (
    _MIN_TABLE_BITS, _MAX_TABLE_BITS, _MEASURE_POINTS, _shrink,
    _SURE_TRUMPS, _RELATIVE_KEY, _LAST_TRICK, _BISECTION, _ONE_SLOT, _COLUMN_GUESS, _SUIT_SKIP,
    _GROWING_TABLE, _SIBLING_GUESS, _RUN_KEY, _SURE_TRICK_CARDS, _RANK_WALK, _PARTITION, _SIGNATURES,
    _SPOILED_SURE, _RANKED_SURE, _CROSS_QUICK, _CASH_THEN_TRUMPS, _DIRECT_BISECTION, _TRICK_GUESS,
    _Z_TRICK_GUESS, _Z_LAST_TWO, _Z_DOMINATED, _G_JOKER_PARTNER, _G_JOKERS_KEPT, _G_FAST_MOVES,
    _G_TOP_SPADE_LHO, _G_SURE_MEMO, _G_LATE_GUESS, _G_WON_ENOUGH, _G_TRICK_HELD,
)
from trickcore._solve_spitzer cimport (
    _z_pv, _z_setup, _z_side, _z_test_moves, _z_counted, _z_by_rank, _z_mask_points, _z_rank_hands,
    _z_sure, _z_sure_measure, _z_run_key,
)
from trickcore._solve_spidge cimport (
    _g_trick, _K_SHIFT, G_FAST_PEXT, _g_pext_fast_on, _g_solve_moves, _g_pv, _g_setup, _g_moves,
    _g_trick_of, _g_legal, _g_live, _g_lengths, _g_key, _g_key_loop, _g_above, _g_rel_mask,
    _g_entry_rel, _g_entry_rel_loop, _g_sure_tricks, _g_spoiled_sure_tricks, _g_joker_partner_tricks,
    _g_top_spade_trick, _g_cash_tricks, _g_draw_tricks,
)
from trickcore import _solve_messages as _msg
from trickcore._solve_spitzer import _spitzer_runs  # the tests of the run key read it here

__all__ = [
    "POINTS", "SCORE", "MOST", "FEWEST", "DEFAULT_TT_BITS",
    "solve_spitzer", "solve_spidge", "solve_spitzer_many", "solve_spidge_many",
]

POINTS = SOLVE_POINTS
SCORE = SOLVE_SCORE
MOST = SOLVE_MOST
FEWEST = SOLVE_FEWEST
DEFAULT_TT_BITS = SOLVE_DEFAULT_TT_BITS

_TECHNIQUES = {"sure trumps": _SURE_TRUMPS, "relative key": _RELATIVE_KEY,
              "last trick": _LAST_TRICK, "bisection": _BISECTION,
               "two-slot table": _ONE_SLOT, "column guess": _COLUMN_GUESS,
               "suit skip": _SUIT_SKIP, "run key": _RUN_KEY,
               "cards in sure tricks": _SURE_TRICK_CARDS, "rank walk": _RANK_WALK,
               "growing table": _GROWING_TABLE,
               "sibling guess": _SIBLING_GUESS, "partition search": _PARTITION,
               "bucket signatures": _SIGNATURES, "spoiled sure trumps": _SPOILED_SURE,
               "ranked sure trumps": _RANKED_SURE, "direct bisection": _DIRECT_BISECTION,
               "trick guess": _TRICK_GUESS, "spitzer trick guess": _Z_TRICK_GUESS,
               "quick tricks across": _CROSS_QUICK, "quick tricks and sure trumps": _CASH_THEN_TRUMPS,
               "last two tricks": _Z_LAST_TWO, "dominated cards": _Z_DOMINATED,
               "jokers kept": _G_JOKERS_KEPT, "fast spidge moves": _G_FAST_MOVES,
               "jokers and partner's spades": _G_JOKER_PARTNER,
               "top spade against the jokers": _G_TOP_SPADE_LHO,
               "sure trumps remembered": _G_SURE_MEMO, "late trick guess": _G_LATE_GUESS,
               "trick won enough": _G_WON_ENOUGH,
               "trick held": _G_TRICK_HELD}

# -- the Python boundary ------------------------------------------------------------------

cdef class _Solver:
    """A transposition table owned by Python code (one per thread)."""
    cdef tc_solver* s

    def __cinit__(self, int bits=SOLVE_DEFAULT_TT_BITS):
        if not _MIN_TABLE_BITS <= bits <= _MAX_TABLE_BITS:
            raise InvalidArgumentError(f"invalid table bits {bits}: it must be from "
                                       f"{_MIN_TABLE_BITS} to {_MAX_TABLE_BITS}")
        self.s = tc_solver_new(bits)
        if self.s == NULL:
            raise MemoryError(f"no memory for a solver table of 2**{bits} entries")
        self.s.check_signals = 1  # Ctrl-C stops a long solve (see _raise_stop)

    def __dealloc__(self):
        tc_solver_free(self.s)


_local = threading.local()


cdef _Solver _thread_solver(str name="solver"):
    """This thread's solver: the table is allocated once per thread, not per
    solve.  The benchmark's runs without the growing table have their own
    (*name* "fixed"): a table of the default size that never grew."""
    solver = getattr(_local, name, None)
    if solver is None:
        solver = _Solver()
        setattr(_local, name, solver)
    return solver


def _use_table_bits(int bits):
    """Give this thread a solver whose table has 2**bits entries (tests and
    tuning: a tiny table makes the Spidge table grow within a small solve)."""
    _local.solver = _Solver(bits)


def _table_entries():
    """(entries the last search used, entries the table was made with) of
    this thread's solver (tests: a Spitzer search uses a corner of it)."""
    cdef _Solver solver = _thread_solver()
    return solver.s.size_mask + 1, solver.s.base_mask + 1


# The solvers read a copy of the deal, taken and checked with the GIL held:
# they run without it, while another thread may play on the original.

cdef SpitzerState _spitzer_state(object state):
    if not isinstance(state, SpitzerState):
        raise _msg.not_a_deal("Spitzer", state)
    cdef SpitzerState st = SpitzerState.__new__(SpitzerState)
    st.deal = (<SpitzerState>state).deal
    if st.deal.n_played == 0 and not (st.deal.hands[0] | st.deal.hands[1] | st.deal.hands[2]
                                      | st.deal.hands[3]):  # its __init__ never ran
        raise not_initialised(state)
    if spitzer_phase(&st.deal) != SP_PLAY:
        raise _msg.not_in_play(st.deal.n_played < 32)
    return st


cdef SpidgeState _spidge_state(object state):
    if not isinstance(state, SpidgeState):
        raise _msg.not_a_deal("Spidge", state)
    cdef SpidgeState st = SpidgeState.__new__(SpidgeState)
    st.s = (<SpidgeState>state).s
    if st.s.n_played == 0 and not (st.s.hands[0] | st.s.hands[1] | st.s.hands[2]
                                   | st.s.hands[3]):  # its __init__ never ran
        raise not_initialised(state)
    if st.s.n_played == 52:
        raise _msg.not_in_play(False)
    return st


cdef int _raise_stop(tc_solver* s) except -1:
    """After a search that stopped early: raise what stopped it -- the
    KeyboardInterrupt a signal handler set, or (asked by another thread,
    which raises its own) an interrupt of this solve too."""
    s.stopped = 0
    s.abandon = 0
    if PyErr_Occurred() == NULL:
        raise KeyboardInterrupt("solve stopped")
    return -1


cdef tuple _z_result(tc_solver* s, const SpitzerDeal* d, int objective, bint want_pv):
    cdef int values[32]
    cdef uint8_t pv[32]
    cdef int value, a, n_pv = 0
    cdef SpitzerDeal work = d[0]
    with nogil:
        value = spitzer_solve_moves(s, d, objective, values)
        if want_pv and not s.stopped:
            n_pv = _z_pv(s, &work, objective, value, pv)
    if s.stopped:
        _raise_stop(s)
    moves = tuple((spitzer_card(a), values[a]) for a in range(32) if values[a] != SOLVE_NOT_LEGAL)
    return value, moves, tuple(spitzer_card(pv[a]) for a in range(n_pv))


cdef tuple _g_result(tc_solver* s, const spidge_state* d, int hand, int objective, bint want_pv):
    cdef int values[54]
    cdef uint8_t pv[52]
    cdef int value, a, n_pv = 0
    cdef spidge_state work = d[0]
    with nogil:
        value = _g_solve_moves(s, d, hand, objective, values)
        if want_pv and not s.stopped:
            n_pv = _g_pv(s, &work, value, pv)  # on the solve's table, then back to its size
        else:
            _shrink(s)
    if s.stopped:
        _raise_stop(s)
    moves = tuple((a, values[a]) for a in range(54) if values[a] != SOLVE_NOT_LEGAL)
    return value, moves, tuple(pv[a] for a in range(n_pv))


def solve_spitzer(state, objective=SOLVE_POINTS, pv=True):
    """Solve a Spitzer deal in its play phase: ``(value, moves, pv)``.

    *moves* is a tuple of ``(card, value)`` for every legal card, in card
    order; *pv* the cards of a principal variation to the end of the deal
    (empty when *pv* is false).  See the module docstring for the values.
    """
    cdef SpitzerState st = _spitzer_state(state)
    cdef int obj = _msg.objective(objective, _msg.SPITZER_OBJECTIVES)
    cdef _Solver solver = _thread_solver()
    return _z_result(solver.s, &st.deal, obj, bool(pv))


def solve_spidge(state, hand, objective=SOLVE_MOST, pv=True):
    """Solve a Spidge deal for *hand* (0 left, 2 right, 3 dealer): ``(value, moves, pv)``."""
    cdef SpidgeState st = _spidge_state(state)
    cdef int h = _msg.hand(hand)
    cdef int obj = _msg.objective(objective, _msg.SPIDGE_OBJECTIVES)
    cdef _Solver solver = _thread_solver()
    return _g_result(solver.s, &st.s, h, obj, bool(pv))


# The solvers of solve_*_many's worker threads, kept between calls: the
# threads live for one call, and a solver's table (12 MB) costs more to make
# than a small batch takes to solve.  At most _MAX_IDLE are kept (one a core:
# more threads solve no faster), so a call with threads=64 does not hold 64
# tables for the life of the process; the rest are freed when handed back.
# A grown Spidge table is back to its size as made after every solve (_shrink).
_MAX_IDLE = os.cpu_count() or 1
_idle = []
_idle_lock = threading.Lock()


class _WorkerSolvers:
    """The solvers of one solve_*_many call: the caller's own when the call
    runs on its thread alone, else one for each worker thread, taken from
    the idle ones (or made) and handed back when the call ends."""

    def __init__(self, int workers):
        self.workers = workers    # 0: the call runs on the caller's thread
        self.taken = {}           # thread id -> the worker's solver
        self.stopping = False
        with _idle_lock:
            k = min(workers, len(_idle))
            self.spare = _idle[len(_idle) - k:]
            del _idle[len(_idle) - k:]

    def solver(self):
        """The calling thread's solver for this call."""
        cdef _Solver solver
        if not self.workers:
            return _thread_solver()
        ident = threading.get_ident()
        solver = self.taken.get(ident)
        if solver is None:
            solver = self.spare.pop() if self.spare else _Solver()
            self.taken[ident] = solver
            if self.stopping:  # the call was interrupted while this worker started
                solver.s.abandon = 1
        return solver

    def abandon(self):
        """Tell the workers' searches to stop at their next check (the
        caller was interrupted)."""
        cdef _Solver solver
        self.stopping = True
        for solver in list(self.taken.values()):
            solver.s.abandon = 1

    def release(self):
        """Hand the workers' solvers back, ready for the next call (every
        worker has finished)."""
        cdef _Solver solver
        if not self.workers:
            return
        for solver in self.taken.values():
            solver.s.abandon = 0
            solver.s.stopped = 0
        with _idle_lock:
            _idle.extend(self.taken.values())
            _idle.extend(self.spare)
            del _idle[_MAX_IDLE:]


def _idle_solvers():
    """How many worker solvers wait for the next solve_*_many call (tests:
    at most _MAX_IDLE)."""
    with _idle_lock:
        return len(_idle)


def solve_spitzer_many(states, objective=SOLVE_POINTS, threads=1, pv=True):
    """:func:`solve_spitzer` on each deal of *states*, on *threads* threads
    (the GIL is released while solving); a list in the same order."""
    states = list(states)
    cdef int obj = _msg.objective(objective, _msg.SPITZER_OBJECTIVES)
    cdef int nthreads = check_threads(threads)
    for i, st in enumerate(states):
        try:
            states[i] = _spitzer_state(st)
        except PytrickError as error:
            raise _msg.in_batch(i, error) from None
    results = [None] * len(states)
    want = bool(pv)

    solvers = _WorkerSolvers(nthreads if min(nthreads, len(states)) > 1 else 0)

    def work(lo, hi):
        cdef _Solver solver = solvers.solver()
        cdef SpitzerState st
        for i in range(lo, hi):
            st = states[i]
            results[i] = _z_result(solver.s, &st.deal, obj, want)

    try:
        run_chunks(work, len(states), nthreads, 1, solvers.abandon)
    finally:
        solvers.release()
    return results


def solve_spidge_many(states, hands, objective=SOLVE_MOST, threads=1, pv=True):
    """:func:`solve_spidge` on each deal of *states* for the hand in *hands*
    (one per deal), on *threads* threads; a list in the same order."""
    states = list(states)
    hands = [_msg.hand(h) for h in hands]
    if len(hands) != len(states):
        raise _msg.hands_count(len(hands), len(states))
    cdef int obj = _msg.objective(objective, _msg.SPIDGE_OBJECTIVES)
    cdef int nthreads = check_threads(threads)
    for i, st in enumerate(states):
        try:
            states[i] = _spidge_state(st)
        except PytrickError as error:
            raise _msg.in_batch(i, error) from None
    results = [None] * len(states)
    want = bool(pv)

    solvers = _WorkerSolvers(nthreads if min(nthreads, len(states)) > 1 else 0)

    def work(lo, hi):
        cdef _Solver solver = solvers.solver()
        cdef SpidgeState st
        for i in range(lo, hi):
            st = states[i]
            results[i] = _g_result(solver.s, &st.s, hands[i], obj, want)

    try:
        run_chunks(work, len(states), nthreads, 1, solvers.abandon)
    finally:
        solvers.release()
    return results


def _spitzer_sure_bounds(state, disabled=0):
    """(lower, upper, taken): the bounds the sure trumps put on the card
    points the declaring side takes from the current trick on, at a trick
    start whose sides are fixed (None elsewhere), and the points it took
    before, with the techniques of *disabled* off -- for the tests, which
    check them against the exact value."""
    cdef _Solver solver = _thread_solver()
    cdef SpitzerState z = _spitzer_state(state)
    cdef const SpitzerDeal* d = &z.deal
    cdef uint32_t mine = 0, theirs = 0
    cdef uint32_t rh[4]
    cdef int side, t, hi
    _z_setup(solver.s, d)
    if solver.s.dynamic or d.n_played & 3:
        return None
    solver.s.measure = _MEASURE_POINTS
    side = _z_side(solver.s, d)
    solver.s.disabled = disabled
    for t in range(4):
        if (side >> t) & 1:
            mine |= d.hands[t]
        else:
            theirs |= d.hands[t]
    hi = _z_mask_points(mine | theirs)
    _z_rank_hands(d, rh)
    mine = _z_by_rank(mine)
    theirs = _z_by_rank(theirs)
    try:
        return (_z_sure_measure(solver.s, d, rh, side, _z_sure(mine, theirs)),
                hi - _z_sure_measure(solver.s, d, rh, 15 & ~side, _z_sure(theirs, mine)),
                _z_counted(solver.s, d, side, d.n_played >> 2))
    finally:
        solver.s.disabled = 0


def _spitzer_run_key(state):
    """(the table key _z_run_key makes at *state*, the hands it was made of):
    four dense masks each (for the key tests)."""
    cdef SpitzerState z = _spitzer_state(state)
    cdef uint64_t key[4]
    cdef uint32_t rh[4]
    _z_rank_hands(&z.deal, rh)
    _z_run_key(&z.deal, rh, key)
    return tuple(key[i] for i in range(4)), tuple(z.deal.hands[i] for i in range(4))


def _spitzer_moves(state, disabled=0):
    """The moves the Spitzer search tries first to last at *state* (one card
    per class of equivalent cards), with the techniques of *disabled*
    switched off (for the move-ordering tests)."""
    cdef _Solver solver = _thread_solver()
    cdef SpitzerState z = _spitzer_state(state)
    cdef const SpitzerDeal* d = &z.deal
    cdef int moves[8]
    cdef int nm
    _z_setup(solver.s, d)
    solver.s.disabled = disabled
    try:
        nm = _z_test_moves(solver.s, d, moves)
    finally:
        solver.s.disabled = 0
    return [moves[i] for i in range(nm)]


cdef int _g_test_team(const spidge_state* d, int hand, int* taken) noexcept nogil:
    """The side of *hand* (the dealer's with the dummy's) as a team mask, and
    the tricks it took before (*taken*) -- for the test accessors below."""
    cdef int team = (1 << 3) | (1 << 1) if hand == 3 else 1 << hand, t
    taken[0] = 0
    for t in range(4):
        if (team >> t) & 1:
            taken[0] += d.tricks[t]
    return team


def _spidge_sure_bounds(state, hand, disabled=0):
    """(lower, upper, taken): the bounds the sure trumps put on the tricks
    *hand* (with the dummy's, for the dealer) takes from the current trick
    on, at a trick start (None elsewhere), and the tricks it took before,
    with the techniques of *disabled* off -- for the tests, which check
    them against the exact value."""
    cdef SpidgeState st = _spidge_state(state)
    cdef const spidge_state* d = &st.s
    cdef int team, hi, taken
    cdef mask_t rel = 0
    cdef bint ranked
    if d.n_played & 3 or d.n_played == 52:
        return None
    team = _g_test_team(d, hand, &taken)
    hi = 13 - (d.n_played >> 2)
    if disabled & _SPOILED_SURE:
        return (_g_sure_tricks(d, team, &rel), hi - _g_sure_tricks(d, 15 & ~team, &rel), taken)
    ranked = not disabled & _RANKED_SURE
    return (_g_spoiled_sure_tricks(d, team, ranked, &rel),
            hi - _g_spoiled_sure_tricks(d, 15 & ~team, ranked, &rel), taken)


def _spidge_joker_partner_bounds(state, hand):
    """(lower, upper, taken, lower's cards, upper's cards) like
    _spidge_sure_bounds, from the jokers of one hand and its partner's top
    spades alone (_g_joker_partner_tricks; a side of one hand counts 0),
    with the cards each bound relied on as masks -- for the tests."""
    cdef SpidgeState st = _spidge_state(state)
    cdef const spidge_state* d = &st.s
    cdef int team, hi, taken
    cdef mask_t rel = 0, rel2 = 0
    if d.n_played & 3 or d.n_played == 52:
        return None
    team = _g_test_team(d, hand, &taken)
    hi = 13 - (d.n_played >> 2)
    return (_g_joker_partner_tricks(d, team, 0, &rel), hi - _g_joker_partner_tricks(d, 15 & ~team, 0, &rel2),
            taken, rel, rel2)


def _spidge_top_spade_bounds(state, hand):
    """(lower, upper, taken, lower's cards, upper's cards) like
    _spidge_joker_partner_bounds, from the top spade against the jokers
    alone (_g_top_spade_trick: 1 or 0 tricks; a side of one or three hands
    counts 0) -- for the tests."""
    cdef SpidgeState st = _spidge_state(state)
    cdef const spidge_state* d = &st.s
    cdef int team, hi, taken, leader
    cdef mask_t rel = 0, rel2 = 0
    if d.n_played & 3 or d.n_played == 52:
        return None
    team = _g_test_team(d, hand, &taken)
    hi = 13 - (d.n_played >> 2)
    leader = d.leaders[d.n_played >> 2]
    return (_g_top_spade_trick(d, team, leader, &rel), hi - _g_top_spade_trick(d, 15 & ~team, leader, &rel2),
            taken, rel, rel2)


def _spidge_cash_bound(state, hand, disabled=0):
    """(bound, taken) at a trick start (None elsewhere): the tricks the side
    on lead surely takes from the current trick on by cashing top cards and
    then its sure trumps (_g_cash_tricks, with the techniques of *disabled*
    off), and the tricks *hand*'s side (with the dummy, for the dealer)
    took before -- for the tests, which check it against the exact value."""
    cdef SpidgeState st = _spidge_state(state)
    cdef const spidge_state* d = &st.s
    cdef int team, taken, leader, bound
    cdef mask_t rel = 0
    if d.n_played & 3 or d.n_played == 52:
        return None
    team = _g_test_team(d, hand, &taken)
    leader = d.leaders[d.n_played >> 2]
    bound = _g_cash_tricks(d, leader, team, not disabled & _CROSS_QUICK, 13, &rel)
    if bound and not disabled & _CASH_THEN_TRUMPS:
        bound += _g_spoiled_sure_tricks(d, team if (team >> leader) & 1 else 15 & ~team, True, &rel)
    if not disabled & _CASH_THEN_TRUMPS:
        bound = max(bound, _g_draw_tricks(d, leader, team, not disabled & _CROSS_QUICK, 13, &rel))
    return bound, taken


def _spidge_solve_with(state, hand, objective, disabled, pv=False):
    """solve_spidge with the techniques of *disabled* switched off (for the
    tests, which compare the variants card by card)."""
    cdef SpidgeState st = _spidge_state(state)
    cdef _Solver solver = _thread_solver()
    solver.s.disabled = disabled
    try:
        return _g_result(solver.s, &st.s, hand, objective, bool(pv))
    finally:
        solver.s.disabled = 0


def _spidge_moves(state, hand, objective=SOLVE_MOST, disabled=0):
    """The moves the Spidge search tries first to last at *state* in the
    solve for *hand* (one card per class of equivalent cards), with the
    techniques of *disabled* switched off (for the move-ordering tests)."""
    cdef SpidgeState st = _spidge_state(state)
    cdef int h = _msg.hand(hand)
    cdef int obj = _msg.objective(objective, _msg.SPIDGE_OBJECTIVES)
    cdef _Solver solver = _thread_solver()
    cdef int moves[16]
    cdef int nm
    cdef _g_trick t0
    _g_setup(solver.s, &st.s, h, obj)
    solver.s.disabled = disabled
    try:
        _g_trick_of(&st.s, &t0)
        nm = _g_moves(solver.s, &st.s, spidge_legal(&st.s), _g_live(&st.s), &t0, st.s.n_played & 3,
                      spidge_to_move(&st.s), solver.s.max_side, moves)
    finally:
        solver.s.disabled = 0
    return [moves[i] for i in range(nm)]


def _spidge_keys(state):
    """The Spidge table key of *state* (the hands by relative rank, hands
    0-3) made by the loop, and by PEXT where this processor has it fast
    (else None), for the test that they agree."""
    cdef SpidgeState st = _spidge_state(state)
    cdef uint64_t key[4]
    cdef uint64_t fast[4]
    _g_key_loop(&st.s, key)
    if not G_FAST_PEXT:
        return tuple([key[i] for i in range(4)]), None
    _g_key(&st.s, fast)  # by tc_g_key_pext, in the module that holds it
    return tuple([key[i] for i in range(4)]), tuple([fast[i] for i in range(4)])


def _spidge_pext_fast_on(bmi2, intel, amd, family):
    """Whether the Spidge search takes PEXT and PDEP for fast on a processor
    with (or without) BMI2, of that maker (Intel, AMD) and family, for the
    test."""
    return _g_pext_fast_on(bmi2, intel, amd, family)


def _spidge_search_state(state):
    """(spidge_legal, _g_legal, _g_live, _g_lengths) of *state* (a deal in
    play), for the test that the search's own legal cards are the kernel's."""
    cdef SpidgeState st = _spidge_state(state)
    cdef int n = st.s.n_played
    cdef int hand = spidge_to_move(&st.s)
    return (spidge_legal(&st.s), _g_legal(&st.s, hand, n & 3, n >> 2), _g_live(&st.s),
            _g_lengths(&st.s))


def _spidge_entry_rel(totals, ks, alive):
    """(_g_rel_mask, _g_entry_rel's loop, its PDEP or None) of an entry that
    keeps the top ks[suit] of totals[suit] live cards (*alive*), for the test."""
    cdef tc_tt_entry e
    cdef int top[4]
    cdef int total[4]
    cdef mask_t above, m
    cdef int suit
    memset(&e, 0, sizeof(e))
    for suit in range(4):
        total[suit] = totals[suit]
    above = _g_above(total, top)
    e.key[1] = ((<uint64_t>ks[0]) << _K_SHIFT) | ((<uint64_t>ks[1]) << (_K_SHIFT + 4))
    e.key[2] = ((<uint64_t>ks[2]) << _K_SHIFT) | ((<uint64_t>ks[3]) << (_K_SHIFT + 4))
    m = _g_rel_mask(&e, top, above)
    # _g_entry_rel: by tc_g_spread, in the module that holds it.
    return m, _g_entry_rel_loop(alive, m), _g_entry_rel(alive, m) if G_FAST_PEXT else None


def _nodes(state, hand_or_objective=0, objective=0, disabled=0, every_card=False, limit=0):
    """(value, positions visited) of a value-only solve -- or, with
    *every_card*, of the value of every legal card (``solve(..., pv=False)``)
    -- with the techniques of *disabled* (_TECHNIQUES values) switched off
    (for the benchmark and tuning).  A Spidge solve that visits *limit*
    positions (0: no limit) gives up: its value is None."""
    cdef _Solver solver = _thread_solver("fixed" if disabled & _GROWING_TABLE else "solver")
    cdef uint64_t before = solver.s.nodes
    cdef SpitzerState z
    cdef SpidgeState g
    cdef int value
    cdef int values[54]
    solver.s.disabled = disabled
    solver.s.node_limit = before + limit if limit > 0 else 0
    try:
        if isinstance(state, SpitzerState):
            z = _spitzer_state(state)
            if every_card:
                value = spitzer_solve_moves(solver.s, &z.deal, hand_or_objective, values)
            else:
                value = spitzer_solve(solver.s, &z.deal, hand_or_objective)
        else:
            g = _spidge_state(state)
            if every_card:
                value = spidge_solve_moves(solver.s, &g.s, hand_or_objective, objective, values)
            else:
                value = spidge_solve(solver.s, &g.s, hand_or_objective, objective)
    finally:
        solver.s.disabled = 0
        solver.s.node_limit = 0
    if solver.s.stopped:
        _raise_stop(solver.s)
    if limit > 0 and solver.s.nodes - before >= limit:
        return None, solver.s.nodes - before
    return value, solver.s.nodes - before
