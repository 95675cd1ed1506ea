"""Information sets: what an observation says about the hidden cards, and exact
uniform sampling of the complete deals consistent with it (for PIMC / ISMCTS).

Every function takes an observation (``deal.observation(seat)``) and nothing
else — never the real deal — and dispatches on its type:

>>> from pytrick.spitzer import SpitzerDeal
>>> from pytrick.inference import count_deals, possible_cards, sample_deals
>>> deal = SpitzerDeal.from_seed(7)
>>> for _ in range(4):
...     deal.announce("pass")
>>> for card in ("8D", "QC", "JD", "JC", "9C", "7C", "KC", "TD"):
...     deal.play(card)
>>> seen = deal.observation(2)
>>> possible_cards(seen)[1] & "7C 8C AC"   # seat 1 trumped a club lead
CardSet('')
>>> count_deals(seen)
7399392
>>> samples = sample_deals(seen, 3, seed=1)
>>> all(sample.observation(2) == seen for sample in samples)
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, NamedTuple, overload

from pytrick.inference.constraints import (
    Alternative,
    Fact,
    HiddenConstraints,
    SamplerBackend,
)
from pytrick.spidge import Hand, SpidgeDeal, SpidgeObservation
from pytrick.spitzer import SpitzerDeal, SpitzerObservation
from trickcore import CardSet
from trickcore.errors import ArgumentTypeError

__all__ = [
    "Alternative",
    "Fact",
    "HiddenConstraints",
    "SamplerBackend",
    "count_deals",
    "hidden_constraints",
    "possible_cards",
    "sample_deals",
]


def _game(observation: object) -> Any:
    """The inference module of the observation's game."""
    if isinstance(observation, SpitzerObservation):
        from pytrick.inference import spitzer

        return spitzer
    if isinstance(observation, SpidgeObservation):
        from pytrick.inference import spidge

        return spidge
    raise ArgumentTypeError(
        f"expected a SpitzerObservation or SpidgeObservation (deal.observation(seat)), "
        f"not {type(observation).__name__}"
    )


def hidden_constraints(observation: SpitzerObservation | SpidgeObservation) -> HiddenConstraints:
    """The hidden cards, how many each other hand holds, and every fact about them."""
    return _plan(observation).constraints


class _Plan(NamedTuple):
    """What sampling an observation needs, worked out once per observation."""

    constraints: HiddenConstraints
    replay: Callable[[dict[int, int]], Any]


def _plan(observation: SpitzerObservation | SpidgeObservation) -> _Plan:
    try:
        return _cached_plan(observation)
    except TypeError:  # an unhashable (hand-built) observation: no cache
        return _make_plan(observation)


def _make_plan(observation: SpitzerObservation | SpidgeObservation) -> _Plan:
    game = _game(observation)
    return _Plan(game.hidden_constraints(observation), game.prepare_replay(observation))


# Search loops sample the same observation again and again: derive its
# constraints (and, inside them, the cases and their counts) once.
_cached_plan = functools.lru_cache(maxsize=256)(_make_plan)


def possible_cards(observation: SpitzerObservation | SpidgeObservation) -> dict[int, CardSet]:
    """For every other hand, the cards it may hold now: exactly those it holds
    in at least one deal consistent with the observation.

    In Spidge the keys are :class:`~pytrick.spidge.Hand` values, and the dummy
    is among them with its (public) cards.
    """
    possible = hidden_constraints(observation).possible()
    if isinstance(observation, SpidgeObservation):
        possible[Hand.DUMMY] = observation.dummy
        return dict(sorted(possible.items()))
    return possible


def count_deals(
    observation: SpitzerObservation | SpidgeObservation, *, backend: SamplerBackend = None
) -> int:
    """The number of complete deals consistent with the observation (0 if the
    observation is impossible)."""
    return hidden_constraints(observation).count(backend)


@overload
def sample_deals(
    observation: SpitzerObservation,
    n: int,
    seed: int | None = None,
    *,
    backend: SamplerBackend = None,
) -> list[SpitzerDeal]: ...
@overload
def sample_deals(
    observation: SpidgeObservation,
    n: int,
    seed: int | None = None,
    *,
    backend: SamplerBackend = None,
) -> list[SpidgeDeal]: ...
def sample_deals(
    observation: SpitzerObservation | SpidgeObservation,
    n: int,
    seed: int | None = None,
    *,
    backend: SamplerBackend = None,
) -> list[SpitzerDeal] | list[SpidgeDeal]:
    """*n* complete deals drawn independently and exactly uniformly from those
    consistent with the observation, each replayed to the observed position.

    The same observation and *seed* give the same deals (per *backend*: the
    compiled and reference samplers draw differently); ``seed=None`` draws
    fresh entropy.  Raises :class:`~pytrick.errors.PytrickError` if no deal is
    consistent.
    """
    constraints, replay = _plan(observation)
    return [replay(hands) for hands in constraints.sample(n, seed, backend)]
