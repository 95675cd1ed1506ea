"""Batched random playouts and vectorised environments for search and RL.

:func:`random_playouts` plays many complete random deals in one call, in
compiled code with the GIL released, optionally on several threads; the
result is a small object of numpy arrays and does not depend on the number
of threads.

>>> from pytrick.batch import SpidgeBatch, random_playouts
>>> result = random_playouts("spitzer", 200, seed=7)
>>> result.scores.shape
(200, 4)
>>> bool((result.scores >= 0).all())
True
>>> same = random_playouts("spitzer", 200, seed=7, threads=2)
>>> bool((same.scores == result.scores).all())
True

:class:`SpitzerBatch` and :class:`SpidgeBatch` hold *k* deals side by side
for reinforcement learning: legal-action masks, one action per deal,
observation tensors (see :mod:`pytrick.tensors`), all as numpy arrays.

>>> env = SpidgeBatch(4, seed=1)
>>> masks = env.legal_masks()
>>> masks.shape
(4, 54)
>>> env.step(masks.argmax(axis=1))
>>> env.observations().shape
(4, 682)
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
from typing import TYPE_CHECKING, Any, Literal, Protocol, overload

import numpy as np
import numpy.typing as npt

import trickcore

if TYPE_CHECKING:
    from trickcore import _batch as _core
else:
    _core = importlib.import_module(
        "trickcore._batch" if trickcore.BACKEND == "cython" else "trickcore._reference._batch")

__all__ = [
    "SPIDGE_ACTIONS",
    "SPITZER_ACTIONS",
    "SPITZER_ANNOUNCE_OFFSET",
    "SpidgeBatch",
    "SpidgePlayouts",
    "SpitzerBatch",
    "SpitzerPlayouts",
    "random_playouts",
]

#: The vectorised Spitzer environment (the chosen backend's class): actions
#: 0..31 play a card (its dense action number), ``SPITZER_ANNOUNCE_OFFSET +
#: code`` makes an announcement; ``announcements='random'`` or ``'pass'``
#: makes them automatically so that only cards are asked for.
SpitzerBatch = _core.SpitzerBatch
#: The vectorised Spidge environment (the chosen backend's class): actions
#: are card numbers 0..53; the dummy's turn is observed by the dealer.
SpidgeBatch = _core.SpidgeBatch
#: Size of the SpitzerBatch action space (32 cards + 13 announcements).
SPITZER_ACTIONS: int = _core.SPITZER_BATCH_ACTIONS
#: The first announcement action of SpitzerBatch (PASS).
SPITZER_ANNOUNCE_OFFSET: int = _core.SPITZER_ANNOUNCE_OFFSET
#: Size of the SpidgeBatch action space (card numbers).
SPIDGE_ACTIONS: int = _core.SPIDGE_BATCH_ACTIONS

_CHUNK = 50_000


class _HasFlags(Protocol):
    @property
    def flags(self) -> int: ...


@dataclasses.dataclass(frozen=True)
class SpitzerPlayouts:
    """The outcome of *n* random Spitzer deals, one row per deal.

    Deal *i* had dealer ``i % 4``; seats are absolute (0..3).
    """

    #: (n, 4) int32: game points per seat.
    scores: npt.NDArray[np.int32]
    #: (n,) int8: the game type (``trickcore.spitzer.GAME_*``).
    game_type: npt.NDArray[np.int8]
    #: (n,) uint8: the declaring side as a mask of seats.
    declarers: npt.NDArray[np.uint8]
    #: (n,) int16: the declaring side's card points.
    points: npt.NDArray[np.int16]
    #: (n,) int8: the declaring side's tricks.
    tricks: npt.NDArray[np.int8]
    #: (n,) int8: the announcement (``trickcore.spitzer.PASS`` if all passed).
    announcement: npt.NDArray[np.int8]
    #: (n,) int8: the dealer.
    dealer: npt.NDArray[np.int8]

    def __len__(self) -> int:
        return int(self.scores.shape[0])


@dataclasses.dataclass(frozen=True)
class SpidgePlayouts:
    """The outcome of *n* random Spidge deals, one row per deal; columns are
    the hands in play order from the dealer's left (left, dummy, right, dealer)."""

    #: (n, 4) int32: points per hand (the dummy: 0).
    scores: npt.NDArray[np.int32]
    #: (n, 4) int8: the category each hand scored (``trickcore.spidge.NILL`` …).
    categories: npt.NDArray[np.int8]
    #: (n, 4) int8: tricks won per hand (the dummy's separately).
    tricks: npt.NDArray[np.int8]

    def __len__(self) -> int:
        return int(self.scores.shape[0])


@overload
def random_playouts(game: Literal["spitzer"], n: int, *, seed: int, rules: Any = None,
                    threads: int = 1, progress: bool = False) -> SpitzerPlayouts: ...


@overload
def random_playouts(game: Literal["spidge"], n: int, *, seed: int, rules: Any = None,
                    threads: int = 1, progress: bool = False) -> SpidgePlayouts: ...


def random_playouts(game: Literal["spitzer", "spidge"], n: int, *, seed: int,
                    rules: Any = None, threads: int = 1,
                    progress: bool = False) -> SpitzerPlayouts | SpidgePlayouts:
    """Play *n* complete uniformly random deals of *game* and score them.

    Each deal is shuffled and dealt as the rules say (Spitzer 3-2-3, the
    deal passing left each deal; Spidge one card at a time); in Spitzer each
    seat in turn makes a uniformly random legal announcement (passes
    included), then every card is uniformly random among the legal ones.
    *rules* is a ``SpitzerRules`` / ``SpidgeRules`` (default rules when
    None).  Deal *i* draws from its own generator seeded from
    ``(seed, i)``, so the result is the same for any *threads*.  With
    *progress*, long runs report their progress on stderr.

    >>> from pytrick.batch import random_playouts
    >>> r = random_playouts("spidge", 100, seed=3)
    >>> bool((r.tricks.sum(axis=1) == 13).all())
    True
    """
    options, slam, spidge = _core_options(game, rules)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an int >= 0, not {n!r}")
    chunk = n if not progress else max(_CHUNK, n // 20)
    parts: list[dict[str, npt.NDArray[Any]]] = []
    done = 0
    while True:
        size = min(chunk, n - done)
        parts.append(_core.random_playouts(game, size, seed, options, threads, slam, spidge,
                                           done))
        done += size
        if progress:
            print(f"{game} random playouts: {done}/{n} ({100 * done // max(n, 1)}%)",
                  file=sys.stderr, flush=True)
        if done >= n:
            break
    arrays = parts[0] if len(parts) == 1 else {
        key: np.concatenate([p[key] for p in parts]) for key in parts[0]}
    if game == "spitzer":
        return SpitzerPlayouts(**arrays)
    return SpidgePlayouts(**arrays)


def _core_options(game: str, rules: Any) -> tuple[int | None, int, int]:
    """The core's (option flags, slam_tricks, spidge_tricks) for *rules*."""
    if game not in ("spitzer", "spidge"):
        raise ValueError(f"unknown game {game!r}: choose 'spitzer' or 'spidge'")
    if rules is None:
        return None, 13, 10
    expected = "SpitzerRules" if game == "spitzer" else "SpidgeRules"
    if type(rules).__name__ != expected:
        raise TypeError(f"{game} playouts take a {expected}, not {type(rules).__name__}")
    with_flags: _HasFlags = rules
    return (with_flags.flags, int(getattr(rules, "slam_tricks", 13)),
            int(getattr(rules, "spidge_tricks", 10)))
