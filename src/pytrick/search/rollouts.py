"""Random rollouts from any position: the Monte-Carlo primitive of a search.

A rollout finishes a copy of a deal with uniformly random legal moves (in
Spitzer the announcements still to be made first) and scores it.  The loop
runs in compiled code with the GIL released, on *threads* threads, and the
result does not depend on *threads*.

>>> from pytrick.spitzer import SpitzerDeal
>>> from pytrick.search import rollouts
>>> deal = SpitzerDeal.from_seed(2)
>>> scores = rollouts(deal, 1000, seed=1)
>>> scores.shape                    # game points per seat
(1000, 4)
>>> bool((scores == rollouts(deal, 1000, seed=1, threads=2)).all())
True

With ``per_move=True`` every legal move gets its own rollouts (flat
Monte-Carlo); they share their random numbers move by move (common random
numbers), so the comparison between moves is less noisy:

>>> by_move = rollouts(deal, 500, seed=1, per_move=True)
>>> list(by_move)[:2]               # the seat to speak may pass or call Zola...
[<Announcement.PASS: 0>, <Announcement.ZOLA: 1>]
>>> best = max(by_move, key=lambda move: by_move[move][:, deal.to_move].mean())
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeAlias, overload

import numpy as np
import numpy.typing as npt

import trickcore
from pytrick.batch import SPITZER_ANNOUNCE_OFFSET
from pytrick.search._positions import SpitzerPosition, game_of, positions_of
from pytrick.spidge import SpidgeDeal
from pytrick.spidge.table import hand_of
from pytrick.spitzer import Announcement
from trickcore._arguments import check_flag
from trickcore.card import ALL_CARDS, Card

if TYPE_CHECKING:
    from trickcore import _rollouts as _core
else:
    _core = trickcore._modules["_rollouts"]  # the chosen backend's

__all__ = ["rollouts", "rollouts_many"]

Scores: TypeAlias = npt.NDArray[np.int32]


def _seed(seed: int | None) -> int:
    return secrets.randbits(64) if seed is None else seed


def _by_player(points: Scores, deals: Sequence[SpidgeDeal]) -> Scores:
    """Points per hand (P, n, 4) as points per player (P, n, 3)."""
    columns = np.array([[hand_of(p, deal.dealer) for p in range(3)] for deal in deals],
                       dtype=np.intp)
    return np.ascontiguousarray(np.take_along_axis(points, columns[:, None, :], axis=2))


def _run(game: str, deals: Sequence[Any], n: int, seed: int, threads: int,
         same_streams: bool) -> Scores:
    if game == "spitzer":
        return _core.spitzer_rollouts(deals, n, seed, threads, same_streams)
    return _by_player(_core.spidge_rollouts(deals, n, seed, threads, same_streams), deals)


@overload
def rollouts(deal: SpitzerPosition | SpidgeDeal, n: int, *, seed: int | None = None,
             threads: int = 1, per_move: Literal[False] = False) -> Scores: ...
@overload
def rollouts(deal: SpitzerPosition, n: int, *, seed: int | None = None,
             threads: int = 1, per_move: Literal[True]) -> dict[Announcement | Card, Scores]: ...
@overload
def rollouts(deal: SpidgeDeal, n: int, *, seed: int | None = None,
             threads: int = 1, per_move: Literal[True]) -> dict[Card, Scores]: ...
def rollouts(deal: SpitzerPosition | SpidgeDeal, n: int, *, seed: int | None = None,
             threads: int = 1, per_move: bool = False
             ) -> Scores | dict[Announcement | Card, Scores] | dict[Card, Scores]:
    """Play *n* random continuations of *deal* and score each (the deal is not changed).

    Spitzer: an ``(n, 4)`` array of game points per seat; the announcements
    still to be made are random legal ones first.  Spidge: ``(n, 3)`` game
    points per player, as RULES.md §2.6 scores a hand (the dealer's tricks
    counted with the dummy's).  Most Spidge hands score 0 for everyone, so
    from early in a deal these columns tell moves apart only over many
    rollouts; :func:`solve` counts tricks.  A finished deal gives its own
    score *n* times.  A call returns at most 2**32 rows of scores in all
    (``InvalidArgumentError`` past it; with *per_move*, n for each move).

    Rollout *j* draws from the generator of deal *j* of
    :func:`pytrick.batch.random_playouts` seeded with *seed* (``None``: fresh
    entropy), so the same seed gives the same rollouts on both backends and
    for any *threads*.

    With *per_move*, a dict from each legal move (an
    :class:`~pytrick.spitzer.Announcement` during the Spitzer announcements,
    else a :class:`~pytrick.Card`) to the rollouts of the deal after that
    move; rollout *j* of every move uses the same generator, so
    ``rollouts(deal, n, seed=s, per_move=True)[move]`` equals ``rollouts(after,
    n, seed=s)`` for the deal *after* the move.  Empty for a finished deal.
    """
    game = game_of(deal, "rollouts")
    useed = _seed(seed)
    if not check_flag(per_move, "per_move"):
        scores: Scores = _run(game, [deal], n, useed, threads, False)[0]
        return scores
    # The moves and the positions after them come from one copy: another
    # thread may go on playing the deal meanwhile.
    deal = deal.copy()
    moves: list[Announcement | Card] = []
    children = []
    for action in deal.legal_actions:
        child = deal.copy()
        child.play_action(action)
        children.append(child)
        if game == "spitzer":
            announces = action >= SPITZER_ANNOUNCE_OFFSET
            moves.append(Announcement(action - SPITZER_ANNOUNCE_OFFSET) if announces
                         else ALL_CARDS[trickcore.spitzer.card_of_action(action)])
        else:
            moves.append(ALL_CARDS[action])
    if not children:
        _run(game, [deal], n, useed, threads, True)  # checks n and threads all the same
        return {}
    scores = _run(game, children, n, useed, threads, True)
    return dict(zip(moves, scores, strict=True))


def rollouts_many(deals: Sequence[SpitzerPosition] | Sequence[SpidgeDeal], n: int, *,
                  seed: int | None = None, threads: int = 1) -> Scores:
    """*n* random rollouts from each deal of one game, in one call: a
    ``(len(deals), n, 4)`` array for Spitzer, ``(len(deals), n, 3)`` for
    Spidge, as :func:`rollouts` gives for one deal.

    Rollout *j* of deal *i* draws from generator ``i * n + j``, so every
    rollout is independent of the others; no Python code runs per deal or
    per rollout.  For example, evaluating sampled worlds (see
    :func:`pytrick.inference.sample_deals`):

    >>> from pytrick.inference import sample_deals
    >>> from pytrick.search import rollouts_many
    >>> from pytrick.spidge import SpidgeDeal
    >>> deal = SpidgeDeal.from_seed(4)
    >>> worlds = sample_deals(deal.observation(deal.to_move.player), 8, seed=2)
    >>> rollouts_many(worlds, 100, seed=3).shape
    (8, 100, 3)
    """
    positions, game = positions_of(deals, "rollouts_many", allow_empty=False)
    return _run(game, positions, n, _seed(seed), threads, False)
