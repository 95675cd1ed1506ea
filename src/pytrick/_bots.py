"""What the built-in bots of both games share: a seeded random source, and the
settings of the search bots."""

from __future__ import annotations

import math
import numbers
import random
import warnings

from trickcore._arguments import as_int, int_in_range
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

__all__ = ["SearchBot", "SeededBot", "time_budget"]


class SeededBot:
    """A bot with its own ``random.Random``, seeded by the keyword *seed*
    (None: from the system).  ``HeuristicBot(0)`` read like "the bot of seat
    0", so the seed is keyword-only: the positional form still works for one
    release, with a :class:`DeprecationWarning`."""

    def __init__(self, _positional_seed: int | None = None, /, *, seed: int | None = None) -> None:
        if _positional_seed is not None:
            if seed is not None:
                raise ArgumentTypeError(f"{type(self).__name__}: give the seed once, as seed=")
            warnings.warn(
                f"{type(self).__name__}({_positional_seed}): the seed is keyword-only now, "
                f"write {type(self).__name__}(seed={_positional_seed})",
                DeprecationWarning,
                stacklevel=2,
            )
            seed = _positional_seed
        #: The bot's random source; a bot uses nothing else, so a seed replays it.
        self.rng = random.Random(None if seed is None else as_int(seed, "seed"))


class SearchBot:
    """The settings every search bot takes, checked when it is made: a budget
    of *iterations* and/or *seconds*, a *rollout* policy (``'random'`` or
    ``'heuristic'``), an *exploration* constant and a *seed*."""

    ROLLOUTS = ("random", "heuristic")

    def __init__(
        self,
        iterations: int,
        seconds: float | None,
        rollout: str,
        exploration: float,
        seed: int | None,
    ) -> None:
        count = int_in_range(iterations, 0, 2**63 - 1)
        if count is None:
            raise InvalidArgumentError(
                f"iterations = {iterations!r}: must be a whole number, 0 or more"
            )
        seconds = time_budget(seconds)
        if count == 0 and seconds is None:
            raise InvalidArgumentError("iterations = 0 needs a time budget (seconds)")
        exploration = _real(exploration, "exploration", "a number")
        if not (exploration >= 0 and math.isfinite(exploration)):
            raise InvalidArgumentError(
                f"exploration = {exploration!r}: the UCB constant must be finite and 0 or more"
            )
        if rollout not in self.ROLLOUTS:
            raise InvalidArgumentError(
                f"rollout = {rollout!r}: the rollout policies are 'random' and 'heuristic'"
            )
        #: The most iterations a search runs (0: only the time budget stops it).
        self.iterations = count
        #: The time budget of a search in seconds (None: the iterations alone).
        self.seconds = seconds
        #: The rollout policy, ``'random'`` or ``'heuristic'``.
        self.rollout = rollout
        #: The UCB exploration constant.
        self.exploration = exploration
        #: The bot's random source: each search is seeded from it.
        self.rng = random.Random(None if seed is None else as_int(seed, "seed"))
        #: ``(move, visits, mean reward)`` of each root move of the last search.
        self.last_stats: list[tuple[int, int, float]] = []


def time_budget(seconds: object) -> float | None:
    """A search bot's *seconds*: None (no budget) or a positive finite number."""
    if seconds is None:
        return None
    budget = _real(seconds, "seconds", "a number of seconds or None")
    if not (budget > 0 and math.isfinite(budget)):
        raise InvalidArgumentError(
            f"invalid seconds {budget!r}: a time budget must be positive and finite (None for no budget)"
        )
    return budget


def _real(value: object, name: str, what: str) -> float:
    """*value* as a float if it is a real number (not a bool), else ArgumentTypeError."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise ArgumentTypeError(f"{name} must be {what}, not {type(value).__name__} ({value!r:.40})")
    return float(value)
