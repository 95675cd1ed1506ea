"""Random rollouts from given positions (reference twin).

The same names, signatures and numbers as the compiled ``trickcore._rollouts``
(see there for the seeding), on top of the reference game classes and the
reference batch's generator and random choices.  Slow: for tests and small runs.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from trickcore._arguments import check_results, check_seed, check_threads
from trickcore._reference import _batch, _spidge, _spitzer
from trickcore.errors import ArgumentTypeError

__all__ = ["spidge_rollouts", "spitzer_rollouts"]


def _arguments(states: Iterable[Any], n: object, seed: object, threads: object,
               kind: type) -> tuple[list[Any], int, int]:
    if isinstance(states, kind):
        raise ArgumentTypeError(f"give a sequence of {kind.__name__} positions, not one position "
                        f"(wrap it in a list)")
    positions = list(states)
    for k, state in enumerate(positions):
        if not isinstance(state, kind):
            raise ArgumentTypeError(f"position {k} is a {type(state).__name__}, not a {kind.__name__}")
    check_threads(threads)
    return positions, check_results(n, len(positions)), check_seed(seed)


def spitzer_rollouts(states: Iterable[_spitzer.SpitzerState], n: int, seed: int,
                     threads: int = 1, same_streams: bool = False) -> npt.NDArray[np.int32]:
    """(len(states), n, 4) int32: game points per seat of *n* random rollouts
    from each position (*threads* is accepted and has no effect here)."""
    positions, count, useed = _arguments(states, n, seed, threads, _spitzer.SpitzerState)
    out = np.zeros((len(positions), count, 4), dtype=np.int32)
    for i, start in enumerate(positions):
        for j in range(count):
            rng = _batch._rng_for(useed, j if same_streams else i * count + j)
            state = start.copy()
            _batch._spitzer_announce(state, rng)
            _batch._spitzer_playout(state, rng)
            out[i, j] = state.scores()
    return out


def spidge_rollouts(states: Iterable[_spidge.SpidgeState], n: int, seed: int,
                    threads: int = 1, same_streams: bool = False) -> npt.NDArray[np.int32]:
    """(len(states), n, 4) int32: points per hand (left, dummy, right, dealer)
    of *n* random rollouts from each position."""
    positions, count, useed = _arguments(states, n, seed, threads, _spidge.SpidgeState)
    out = np.zeros((len(positions), count, 4), dtype=np.int32)
    for i, start in enumerate(positions):
        for j in range(count):
            rng = _batch._rng_for(useed, j if same_streams else i * count + j)
            state = start.copy()
            _batch._spidge_playout(state, rng)
            out[i, j] = state.points()
    return out
