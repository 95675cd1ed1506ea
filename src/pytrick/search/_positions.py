"""The positions the search functions take, checked alike by all of them.

A Spitzer position is any :class:`~trickcore.spitzer.SpitzerState` (a
:class:`~pytrick.spitzer.SpitzerDeal` included): the core's seats are the
deal's.  A Spidge position must be a :class:`~pytrick.spidge.SpidgeDeal`:
the core's state counts hands and knows no dealer, so it cannot say which
hand a player holds.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import TypeAlias

import trickcore
from pytrick.spidge.deal import SpidgeDeal
from trickcore._solve_messages import in_batch
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, PytrickError

SpitzerPosition: TypeAlias = trickcore.spitzer.SpitzerState


def game_of(position: object, function: str) -> str:
    """``"spitzer"`` or ``"spidge"``; ArgumentTypeError for anything else."""
    if isinstance(position, SpidgeDeal):
        return "spidge"
    if isinstance(position, trickcore.spitzer.SpitzerState):
        return "spitzer"
    if isinstance(position, trickcore.spidge.SpidgeState):
        raise ArgumentTypeError(
            f"{function} takes a SpidgeDeal, not a core SpidgeState: the core's state "
            "counts hands and knows no dealer, so it cannot say which hand a player holds")
    raise ArgumentTypeError(
        f"{function} takes a SpitzerDeal or a SpidgeDeal, not {type(position).__name__}")


def positions_of(deals: object, function: str, *, allow_empty: bool) -> tuple[list[object], str]:
    """The positions of a batch call and their game, all of one game."""
    if isinstance(deals, (trickcore.spitzer.SpitzerState, trickcore.spidge.SpidgeState)):
        raise ArgumentTypeError(
            f"{function} takes a sequence of deals, not one deal (wrap it in a list)")
    if not isinstance(deals, Iterable):
        raise ArgumentTypeError(
            f"{function} takes a sequence of deals, not {type(deals).__name__}")
    positions = list(deals)
    if not positions:
        if allow_empty:
            return positions, ""
        raise InvalidArgumentError(f"{function} needs at least one deal")
    games = []
    for k, position in enumerate(positions):
        try:
            games.append(game_of(position, function))
        except ArgumentTypeError as error:
            raise ArgumentTypeError(f"deals[{k}]: {error}") from None
        if games[k] != games[0]:
            raise ArgumentTypeError(
                f"deals[{k}] is a {type(position).__name__}, deals[0] a "
                f"{type(positions[0]).__name__}: all deals must be of one game")
        try:  # a deal whose __init__ never ran is refused here, naming it
            _ = position.to_move
        except PytrickError as error:
            raise in_batch(k, error) from None
    return positions, games[0]


def per_deal(value: object, count: int, name: str) -> Sequence[object]:
    """*value* once per deal: a sequence (a list, a numpy array) of *count*
    values, or one value for every deal.  A mapping or a set is refused:
    its order is not the deals' (a dict would give its keys)."""
    if value is None or isinstance(value, (str, bytes)):
        return [value] * count
    if isinstance(value, (Mapping, Set)):
        raise ArgumentTypeError(
            f"{name} must be one {name} or a sequence of one per deal (a list, a tuple, a numpy "
            f"array), not a {type(value).__name__}: its order is not the deals'")
    try:
        values: list[object] = list(value)  # type: ignore[call-overload]
    except TypeError:  # one number (a numpy 0-d array too)
        return [value] * count
    if len(values) != count:
        raise InvalidArgumentError(
            f"{len(values)} {name}s for {count} deals: give one {name} per deal, or one for all")
    return values
