"""Observation tensors: what one seat may know, as a fixed-size float32 vector.

Each game has a documented, versioned layout of named planes (see
:doc:`batch`).  Seats in the planes are *relative to the observer* (0 is the
observer, 1 the seat on his left, …).  Only the observer's own hand and
public facts (RULES.md 1.7; the Spidge dummy is face up) are encoded, so two
deals differing only in cards hidden from the observer give the same tensor.
Two other views use the same seats: :func:`encode_public_observation`, what
every seat knows (the observation with its :data:`PRIVATE_PLANES` zero), and
:func:`encode_hands`, every hand's cards (perfect information, for oracle or
privileged training: no seat may see it).

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

import warnings
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

import numpy as np
import numpy.typing as npt

import trickcore
from trickcore._arguments import check_range, check_seat
from trickcore._reference import _observe as _reference_observe
from trickcore.errors import ArgumentTypeError, InvalidArgumentError

if TYPE_CHECKING:
    from trickcore import _observe as _core
else:
    _core = trickcore._modules["_observe"]  # the chosen backend's

__all__ = [
    "HANDS_SHAPE",
    "OBS_SIZE",
    "OBS_VERSION",
    "PRIVATE_PLANES",
    "Plane",
    "encode_hands",
    "encode_observation",
    "encode_public_observation",
    "layout",
    "plane",
]

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

#: The planes of each game's observation that only the observer knows; every
#: other plane is public (RULES.md 1.7; the Spidge dummy is face up).
PRIVATE_PLANES: dict[str, tuple[str, ...]] = {"spitzer": ("own_hand",), "spidge": ("own_hand",)}
#: The shape of :func:`encode_hands`' array: a row per hand, relative to the
#: observer, a column per card (as in ``own_hand``).
HANDS_SHAPE: dict[str, tuple[int, int]] = {"spitzer": (4, 32), "spidge": (4, 54)}

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
    except (KeyError, TypeError):  # TypeError: an unhashable game, such as a list
        raise InvalidArgumentError(f"unknown game {game!r}: choose 'spitzer' or 'spidge'") from None


def plane(vector: npt.NDArray[np.float32], game: Game, name: str) -> npt.NDArray[np.float32]:
    """The part of an observation *vector* (or the last axis of a batch) that is plane *name*.

    >>> import numpy as np
    >>> from pytrick.tensors import plane
    >>> plane(np.zeros(682, dtype=np.float32), "spidge", "voids").shape
    (16,)
    """
    planes = layout(game)
    # A vector of another size (the other game's, a wrong slice) would give a
    # plausible but meaningless slice: refuse it.
    shape = np.shape(vector)
    if not shape or shape[-1] != OBS_SIZE[game]:
        raise InvalidArgumentError(
            f"a {game} observation has {OBS_SIZE[game]} floats on its last axis, not shape "
            f"{shape}")
    for p in planes:
        if p.name == name:
            return np.asarray(vector)[..., p.offset:p.offset + p.size]
    raise InvalidArgumentError(f"{game} observations have no plane {name!r}: "
                               f"choose from {[p.name for p in layout(game)]}")


def encode_observation(
    deal: Any, seat: int | None = None, *, player: int | None = None, hand: int | None = None
) -> npt.NDArray[np.float32]:
    """The observation tensor of one observer of a Spitzer or Spidge deal.

    *deal* is a deal of either game (a ``SpitzerDeal`` / ``SpidgeDeal`` of
    pytrick, or a core state).  The observer is named as the game names it:
    in Spitzer the *seat* (0..3); in Spidge the *player* (0, 1, 2, as
    ``deal.observation(player)`` takes him; a ``SpidgeDeal`` only, a core
    state knows no players) or the table *hand* (``hand=0`` the dealer's
    left, 2 his right, 3 the dealer; 1, the dummy, is seen as the dealer
    sees it).  ``encode_observation(spidge_deal, k)`` without a keyword reads
    *k* as the hand, which is not the player ``deal.observation(k)`` takes: it
    still works this release, with a :class:`DeprecationWarning`.

    >>> from pytrick.spidge import SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(3)
    >>> import numpy as np
    >>> np.array_equal(encode_observation(deal, player=1), deal.observation(1).to_numpy())
    True
    """
    if _is_state(deal, "SpitzerState"):
        if player is not None or hand is not None:
            raise InvalidArgumentError(
                "Spitzer observers are seats: give seat (0..3), not player= or hand=")
        if seat is None:
            raise ArgumentTypeError("encode_observation(spitzer_deal, seat): give the seat (0..3)")
        return _encode(deal, seat, "spitzer_observation")
    if _is_state(deal, "SpidgeState"):
        return _encode(deal, _spidge_hand(deal, seat, player, hand), "spidge_observation")
    raise ArgumentTypeError(f"expected a Spitzer or Spidge deal, not {type(deal).__name__}")


def _is_state(deal: Any, name: str) -> bool:
    """Is *deal* a core state of *name* (of either backend: the tests mix them)?"""
    return any(cls.__name__ == name for cls in type(deal).__mro__)


def _encode(deal: Any, observer: int, encoder: str) -> npt.NDArray[np.float32]:
    if isinstance(deal, (trickcore.spitzer.SpitzerState, trickcore.spidge.SpidgeState)):
        return getattr(_core, encoder)(deal, observer)  # type: ignore[no-any-return]
    # A core state of the other backend (tests): the reference encoder reads
    # only public methods, which both backends share.
    return getattr(_reference_observe, encoder)(deal, observer)  # type: ignore[no-any-return]


def _spidge_hand(deal: Any, seat: int | None, player: int | None, hand: int | None) -> int:
    """The table hand whose view of a Spidge *deal* is asked, however it was named."""
    from pytrick.spidge.deal import SpidgeDeal

    given = [name for name, value in (("seat", seat), ("player", player), ("hand", hand))
             if value is not None]
    if len(given) != 1:
        raise InvalidArgumentError(
            "a Spidge observer is given once, as player= (0, 1, 2, as deal.observation "
            f"takes) or hand= (0..3, the table hand); got {' and '.join(given) or 'none'}")
    if player is not None:
        if not isinstance(deal, SpidgeDeal):
            raise InvalidArgumentError(
                f"a core {type(deal).__name__} has no dealer, so no players: give hand= (0..3)")
        return int(deal.hand_of(player))
    if seat is not None:
        warnings.warn(
            f"encode_observation(spidge_deal, {seat}): the number is the table hand, not the "
            f"player deal.observation({seat}) takes; write hand={seat} (or player=)",
            DeprecationWarning,
            stacklevel=3,
        )
        hand = seat
    return check_range(hand, "hand", 0, 3, "hands are 0 (the dealer's left), 1 (the dummy), "
                       "2 (his right) and 3 (the dealer)")


def encode_public_observation(
    deal: Any, seat: int | None = None, *, player: int | None = None, hand: int | None = None
) -> npt.NDArray[np.float32]:
    """What everyone at the table knows of *deal*, seen from one observer's seat.

    It is :func:`encode_observation` with the :data:`PRIVATE_PLANES` (the
    observer's own hand) zero: the same layout, so :func:`plane` reads it, and
    the same for every two deals that differ only in cards nobody has seen.
    The observer is named as :func:`encode_observation` takes him, except that
    a Spidge observer is always ``player=`` or ``hand=``.

    >>> from pytrick.spidge import SpidgeDeal
    >>> from pytrick.tensors import encode_public_observation, plane
    >>> deal = SpidgeDeal.from_seed(3)
    >>> public = encode_public_observation(deal, player=1)
    >>> [int(plane(public, "spidge", name).sum()) for name in ("own_hand", "dummy_hand")]
    [0, 13]
    """
    game, observer = _observer(deal, seat, player, hand)
    vector = _encode(deal, observer, f"{game}_observation")
    for name in PRIVATE_PLANES[game]:
        plane(vector, game, name)[:] = 0
    return vector


def encode_hands(
    deal: Any, seat: int | None = None, *, player: int | None = None, hand: int | None = None,
    dealt: bool = False,
) -> npt.NDArray[np.float32]:
    """Every hand's cards now (*dealt*: as dealt): perfect information, never
    what a seat may see.

    An array of :data:`HANDS_SHAPE`, one-hot over cards as ``own_hand`` is; row
    *r* is the hand *r* places to the observer's left (row 0 his own), as the
    seats of his observation are.  In Spidge the rows are the four table
    hands, the dummy's among them, and the dummy's observer is the dealer.
    The observer is named as in :func:`encode_public_observation`.  With the
    history in the observation this gives every starting hand: it is the
    privileged input of oracle training.  ``dealt=True`` gives the hands as
    they were dealt (the cards played since put back).

    >>> from pytrick.spitzer import SpitzerDeal
    >>> from pytrick.tensors import encode_hands, encode_observation, plane
    >>> deal = SpitzerDeal.from_seed(3)
    >>> hands = encode_hands(deal, 1)
    >>> hands.shape, hands.sum(axis=1).tolist()
    ((4, 32), [8.0, 8.0, 8.0, 8.0])
    >>> own = plane(encode_observation(deal, 1), "spitzer", "own_hand")
    >>> bool((hands[0] == own).all())
    True
    """
    game, observer = _observer(deal, seat, player, hand)
    out = np.zeros(HANDS_SHAPE[game], dtype=np.float32)
    if game == "spitzer":
        for row in range(4):
            seat = (observer + row) % 4
            cards = deal.original_hand(seat) if dealt else deal.hand(seat)
            out[row, [trickcore.spitzer.action_index(int(c)) for c in cards]] = 1
    else:
        observer = 3 if observer == 1 else observer  # the dealer sees for the dummy
        for row in range(4):
            at = (observer + row) % 4
            cards = deal.initial_hands[at] if dealt else deal.hand(at)
            out[row, [int(c) for c in cards]] = 1
    return out


def _observer(deal: Any, seat: int | None, player: int | None,
              hand: int | None) -> tuple[Game, int]:
    """The game of *deal* and its observer's seat (Spitzer) or table hand (Spidge)."""
    if _is_state(deal, "SpitzerState"):
        if player is not None or hand is not None:
            raise InvalidArgumentError(
                "Spitzer observers are seats: give seat (0..3), not player= or hand=")
        if seat is None:
            raise ArgumentTypeError("a Spitzer observer is a seat (0..3): give it")
        return "spitzer", check_seat(seat)
    if _is_state(deal, "SpidgeState"):
        if seat is not None:
            raise InvalidArgumentError(
                f"a Spidge observer is player= (0, 1, 2) or hand= (0..3), not a bare {seat}")
        return "spidge", _spidge_hand(deal, None, player, hand)
    raise ArgumentTypeError(f"expected a Spitzer or Spidge deal, not {type(deal).__name__}")
