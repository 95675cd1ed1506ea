"""What the built-in bots of both games share: the check of what they are
asked, a seeded random source, and the settings of the search bots."""

from __future__ import annotations

import importlib
import math
import numbers
import random
import warnings
from typing import Literal

from trickcore._arguments import _is_bool, check_seed, int_in_range
from trickcore.errors import ArgumentTypeError, IllegalMoveError, InvalidArgumentError

__all__ = ["SearchBot", "SeededBot", "check_turn", "load_search_modules", "time_budget"]


def load_search_modules() -> None:
    """Import now what a search bot's decisions import on first use.

    Made when the bot is made, not at its first decision in the middle of a
    game: Python drops a Ctrl-C that lands in an import's lock clean-up
    ("Exception ignored in ..."), so a game whose first decision imported
    could play on after it.  (Imported here rather than at the top of the
    bot modules, which ``pytrick.search`` itself imports.)"""
    for name in ("pytrick._worlds", "pytrick.inference.spidge", "pytrick.inference.spitzer", "pytrick.search"):
        importlib.import_module(name)


def check_turn(
    bot: object, observation: object, game: Literal["spitzer", "spidge"], decision: Literal["announce", "play"]
) -> None:
    """Check that a built-in bot of *game* may make *decision* (``"announce"``
    or ``"play"``) from *observation*: an observation of that game
    (:class:`~pytrick.ArgumentTypeError` otherwise, a deal included), in the
    phase of the decision and with the observer to move
    (:class:`~pytrick.IllegalMoveError` with reason ``wrong_phase``,
    ``not_your_turn`` or ``deal_over``, as the deal itself would answer the
    move).  The messages name seats and phases, never a card."""
    from pytrick.spidge.observation import SpidgeObservation
    from pytrick.spitzer.observation import SpitzerObservation
    from pytrick.spitzer.phase import Phase

    asked = f"{type(bot).__name__}.{decision}"
    if game == "spitzer":
        if not isinstance(observation, SpitzerObservation):
            raise ArgumentTypeError(
                f"{asked} needs a SpitzerObservation (deal.observation(seat)), "
                f"not {type(observation).__name__}"
            )
        phase = observation.phase
        if phase == Phase.OVER:
            raise IllegalMoveError(f"{asked}: the deal is over, there is nothing to decide", "deal_over", "1.6")
        auction = phase == Phase.AUCTION
        if auction and decision == "play":
            raise IllegalMoveError(
                f"{asked}: the announcements are not over, ask announce() first", "wrong_phase", "1.5"
            )
        if not auction and decision == "announce":
            raise IllegalMoveError(
                f"{asked}: the announcements are over, ask play() for a card", "wrong_phase", "1.5"
            )
        if observation.to_move != observation.seat:
            verb = "speak" if auction else "play"
            raise IllegalMoveError(
                f"{asked}: seat {observation.seat} is not to {verb}, seat {observation.to_move} is",
                "not_your_turn",
                "1.5" if auction else "1.6",
            )
        return
    if not isinstance(observation, SpidgeObservation):
        raise ArgumentTypeError(
            f"{asked} needs a SpidgeObservation (deal.observation(player)), "
            f"not {type(observation).__name__}"
        )
    turn = observation.to_move
    if turn is None:
        raise IllegalMoveError(f"{asked}: the deal is over, there is nothing to decide", "deal_over", "2.5")
    if turn.player != observation.player:
        raise IllegalMoveError(
            f"{asked}: player {observation.player} is not to play, {turn} is", "not_your_turn", "2.5"
        )


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
        self.rng = random.Random(None if seed is None else check_seed(seed))


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
            # A float or a bool is a wrong type, as PIMC's worlds= says it.
            wrong_type = _is_bool(iterations) or not hasattr(type(iterations), "__index__")
            raise (ArgumentTypeError if wrong_type else InvalidArgumentError)(
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
            raise (InvalidArgumentError if isinstance(rollout, str) else ArgumentTypeError)(
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
        self.rng = random.Random(None if seed is None else check_seed(seed))
        #: ``(move, visits, mean reward)`` of each root move of the last search.
        self.last_stats: list[tuple[int, int, float]] = []
        load_search_modules()


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
