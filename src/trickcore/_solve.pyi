from collections.abc import Iterable

from trickcore._spidge import SpidgeState
from trickcore._spitzer import SpitzerState

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

POINTS: int
SCORE: int
MOST: int
FEWEST: int
DEFAULT_TT_BITS: int

def solve_spitzer(state: SpitzerState, objective: int = 0, pv: bool = True) -> tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]: ...
def solve_spidge(state: SpidgeState, hand: int, objective: int = 0, pv: bool = True) -> tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]: ...
def solve_spitzer_many(
    states: Iterable[SpitzerState], objective: int = 0, threads: int = 1, pv: bool = True
) -> list[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]]: ...
def solve_spidge_many(
    states: Iterable[SpidgeState],
    hands: Iterable[int],
    objective: int = 0,
    threads: int = 1,
    pv: bool = True,
) -> list[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]]: ...
