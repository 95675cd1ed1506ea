"""Observation tensors: what one seat may know, as a fixed-size float32 vector.

Each game has a documented, versioned layout of named planes (see
:doc:`batch`).  Seats in the planes are *relative to the observer* (0 is the
observer, 1 the seat on his left, …).  Only the observer's own hand and
public facts (RULES.md 1.7; the Spidge dummy is face up) are encoded, so two
deals differing only in cards hidden from the observer give the same tensor.

>>> import trickcore
>>> from pytrick.tensors import OBS_SIZE, OBS_VERSION, encode_observation, plane
>>> pack = trickcore.spitzer.deal_pack(trickcore.spitzer.PACK, 0)
>>> deal = trickcore.spitzer.SpitzerState(pack)
>>> vector = encode_observation(deal, 1)
>>> vector.shape, str(vector.dtype)
((418,), 'float32')
>>> int(plane(vector, "spitzer", "own_hand").sum())
8
>>> OBS_VERSION["spitzer"], OBS_SIZE["spidge"]
(1, 682)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

import trickcore
from trickcore._reference import _observe as _reference_observe
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

if TYPE_CHECKING:
    from trickcore import _observe as _core
else:
    _core = trickcore._modules["_observe"]  # the chosen backend's

__all__ = ["OBS_SIZE", "OBS_VERSION", "Plane", "encode_observation", "layout", "plane"]

Game = Literal["spitzer", "spidge"]


class Plane(NamedTuple):
    """One named block of an observation: ``vector[offset:offset + size]``."""

    name: str
    offset: int
    size: int


#: The layout version of each game; bumped whenever its layout changes.
OBS_VERSION: dict[str, int] = {
    "spitzer": _core.SPITZER_OBS_VERSION,
    "spidge": _core.SPIDGE_OBS_VERSION,
}
#: The length of an observation vector of each game.
OBS_SIZE: dict[str, int] = {"spitzer": _core.SPITZER_OBS_SIZE, "spidge": _core.SPIDGE_OBS_SIZE}

_LAYOUTS: dict[str, tuple[Plane, ...]] = {
    "spitzer": tuple(Plane(*p) for p in _core.SPITZER_OBS_LAYOUT),
    "spidge": tuple(Plane(*p) for p in _core.SPIDGE_OBS_LAYOUT),
}


def layout(game: Game) -> tuple[Plane, ...]:
    """The planes of *game*'s observation, in order.

    >>> from pytrick.tensors import layout
    >>> [p.name for p in layout("spidge")][:3]
    ['own_hand', 'dummy_hand', 'played_by']
    """
    try:
        return _LAYOUTS[game]
    except KeyError:
        raise InvalidArgumentError(f"unknown game {game!r}: choose 'spitzer' or 'spidge'") from None


def plane(vector: npt.NDArray[np.float32], game: Game, name: str) -> npt.NDArray[np.float32]:
    """The part of an observation *vector* (or the last axis of a batch) that is plane *name*.

    >>> import numpy as np
    >>> from pytrick.tensors import plane
    >>> plane(np.zeros(682, dtype=np.float32), "spidge", "voids").shape
    (16,)
    """
    for p in layout(game):
        if p.name == name:
            return vector[..., p.offset:p.offset + p.size]
    raise InvalidArgumentError(f"{game} observations have no plane {name!r}: "
                               f"choose from {[p.name for p in layout(game)]}")


def encode_observation(deal: Any, seat: int) -> npt.NDArray[np.float32]:
    """The observation tensor of *seat* in a Spitzer or Spidge deal.

    *deal* is a deal of either game (a ``SpitzerDeal`` / ``SpidgeDeal`` of
    pytrick, or a core state); for Spidge *seat* is the hand (0 left, 2 right,
    3 dealer; 1, the dummy, is seen by the dealer).
    """
    if isinstance(deal, trickcore.spitzer.SpitzerState):
        return _core.spitzer_observation(deal, seat)
    if isinstance(deal, trickcore.spidge.SpidgeState):
        return _core.spidge_observation(deal, seat)
    # A core state of the other backend (tests): the reference encoder reads
    # only public methods, which both backends share.
    for cls in type(deal).__mro__:
        if cls.__name__ == "SpitzerState":
            return _reference_observe.spitzer_observation(deal, seat)
        if cls.__name__ == "SpidgeState":
            return _reference_observe.spidge_observation(deal, seat)
    raise ArgumentTypeError(f"expected a Spitzer or Spidge deal, not {type(deal).__name__}")
