"""Double-dummy solvers, the naive twin: plain minimax over every legal card.

The values are defined as in the compiled ``trickcore._solve`` (see its
docstring): it explores the whole tree, with no table, no pruning and no
card merging, so it is only for endings and small cases, and it is the
oracle the compiled solver is tested against.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from trickcore import _solve_messages as _msg
from trickcore._arguments import check_threads
from trickcore._reference._spidge import SpidgeState
from trickcore._reference._spitzer import AUCTION, PLAY, SCORING_TABLE, SpitzerState, scoring_column
from trickcore._threads import run_chunks
from trickcore.errors import PytrickError

__all__ = [
    "DEFAULT_TT_BITS",
    "FEWEST",
    "MOST",
    "POINTS",
    "SCORE",
    "solve_spidge",
    "solve_spidge_many",
    "solve_spitzer",
    "solve_spitzer_many",
]

POINTS = 0
SCORE = 1
MOST = 0
FEWEST = 1
#: The compiled solver's table size (log2 of entries); unused here.
DEFAULT_TT_BITS = 18

Solution = tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]


def _spitzer_end_value(state: SpitzerState, objective: int) -> int:
    game, _side, points, tricks, column, _scores = state.raw_result()
    if objective == POINTS:
        return points
    assert column == scoring_column(points, tricks)
    return SCORING_TABLE[game][column]


def _spitzer_value(state: SpitzerState, objective: int) -> int:
    if state.is_over:
        return _spitzer_end_value(state, objective)
    maximise = bool(state.declarers >> state.to_move & 1)
    values = []
    for card in list(state.legal_moves):
        state.play(card)
        values.append(_spitzer_value(state, objective))
        state.undo()
    return max(values) if maximise else min(values)


def _spidge_side(hand: int) -> set[int]:
    # The dealer (3) plays the dummy (1) for himself.
    return {1, 3} if hand == 3 else {hand}


def _spidge_value(state: SpidgeState, side: set[int], maximisers: set[int]) -> int:
    if state.is_over:
        return sum(t for h, t in enumerate(state.tricks_won) if h in side)
    mover = state.hand_to_move
    values = []
    for card in list(state.legal_moves):
        state.play(card)
        values.append(_spidge_value(state, side, maximisers))
        state.undo()
    return max(values) if mover in maximisers else min(values)


def _solution(state: Any, value_of: Callable[[Any], int], maximise: Callable[[Any], bool],
              want_pv: bool) -> Solution:
    work = state.copy()
    moves = []
    for card in list(work.legal_moves):
        work.play(card)
        moves.append((int(card), value_of(work)))
        work.undo()
    values = [v for _, v in moves]
    value = max(values) if maximise(work) else min(values)
    pv: list[int] = []
    while want_pv and not work.is_over:
        for card in list(work.legal_moves):
            work.play(card)
            if value_of(work) == value:
                pv.append(int(card))
                break
            work.undo()
    return value, tuple(sorted(moves)), tuple(pv)


# The solvers read a copy of the deal, as the compiled ones do (they run
# without the GIL, while another thread may play on the original).

def _spitzer_state(state: object) -> SpitzerState:
    if not isinstance(state, SpitzerState):
        raise _msg.not_a_deal("Spitzer", state)
    copy = state.copy()
    if copy.phase != PLAY:
        raise _msg.not_in_play(copy.phase == AUCTION)
    return copy


def _spidge_state(state: object) -> SpidgeState:
    if not isinstance(state, SpidgeState):
        raise _msg.not_a_deal("Spidge", state)
    copy = state.copy()
    if copy.is_over:
        raise _msg.not_in_play(False)
    return copy


def solve_spitzer(state: SpitzerState, objective: int = POINTS, pv: bool = True) -> Solution:
    """Solve a Spitzer deal in its play phase: ``(value, moves, pv)``."""
    checked = _spitzer_state(state)
    obj = _msg.objective(objective, _msg.SPITZER_OBJECTIVES)
    return _solution(checked, lambda s: _spitzer_value(s, obj),
                     lambda s: bool(s.declarers >> s.to_move & 1), bool(pv))


def solve_spidge(state: SpidgeState, hand: int, objective: int = MOST, pv: bool = True) -> Solution:
    """Solve a Spidge deal for *hand* (0 left, 2 right, 3 dealer): ``(value, moves, pv)``."""
    checked = _spidge_state(state)
    h = _msg.hand(hand)
    obj = _msg.objective(objective, _msg.SPIDGE_OBJECTIVES)
    side = _spidge_side(h)
    maximisers = side if obj == MOST else {0, 1, 2, 3} - side
    return _solution(checked, lambda s: _spidge_value(s, side, maximisers),
                     lambda s: s.hand_to_move in maximisers, bool(pv))


def solve_spitzer_many(states: Iterable[SpitzerState], objective: int = POINTS, threads: int = 1,
                       pv: bool = True) -> list[Solution]:
    """:func:`solve_spitzer` on each deal, on *threads* threads; a list in order."""
    deals = list(states)
    obj = _msg.objective(objective, _msg.SPITZER_OBJECTIVES)
    nthreads = check_threads(threads)
    for i, deal in enumerate(deals):
        try:
            deals[i] = _spitzer_state(deal)
        except PytrickError as error:
            raise _msg.in_batch(i, error) from None
    results: list[Solution] = [((), (), ())] * len(deals)  # type: ignore[list-item]

    def work(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            results[i] = solve_spitzer(deals[i], obj, pv)

    run_chunks(work, len(deals), nthreads, 1)
    return results


def solve_spidge_many(states: Iterable[SpidgeState], hands: Iterable[int], objective: int = MOST,
                      threads: int = 1, pv: bool = True) -> list[Solution]:
    """:func:`solve_spidge` on each deal for the hand in *hands* (one per deal)."""
    deals = list(states)
    checked_hands = [_msg.hand(h) for h in hands]
    if len(checked_hands) != len(deals):
        raise _msg.hands_count(len(checked_hands), len(deals))
    obj = _msg.objective(objective, _msg.SPIDGE_OBJECTIVES)
    nthreads = check_threads(threads)
    for i, deal in enumerate(deals):
        try:
            deals[i] = _spidge_state(deal)
        except PytrickError as error:
            raise _msg.in_batch(i, error) from None
    results: list[Solution] = [((), (), ())] * len(deals)  # type: ignore[list-item]

    def work(lo: int, hi: int) -> None:
        for i in range(lo, hi):
            results[i] = solve_spidge(deals[i], checked_hands[i], obj, pv)

    run_chunks(work, len(deals), nthreads, 1)
    return results
