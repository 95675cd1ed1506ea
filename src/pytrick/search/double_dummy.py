"""Exact double-dummy solving: every hand known, both sides playing perfectly.

:func:`solve` takes a deal in its play phase — at any point, mid-trick
included — and returns a :class:`Solution`: the value, the value of every
legal card, and a principal variation.

Spitzer (``objective="points"`` or ``"score"``): the value is the declaring
side's card points at the end of the deal, points already taken included,
or the signed scoring-table entry of RULES.md §1.8 (+N when each declarer
scores N, −N when each opponent scores N).  The declaring side maximises and
the others minimise.  Where the hands do not fix the sides yet — a
first-trick call before its partner is known, a ``first_void_player`` void
call before the caller's first lead is complete — each seat plays for the
side it belongs to *so far*: a seat plays against the caller until a rule
binds it to him (it wins the deciding trick; it fails to follow the caller's
ace), and for him from then on, while the value counts the declaring side as
it stands at the end of the deal.

Spidge (``player=p``, ``objective="most"`` or ``"fewest"``): paranoid values
in tricks, the dealer's counted with the dummy's, tricks already taken
included.  ``"most"``: the most tricks *p* can make sure of against the
other two players together; ``"fewest"``: the fewest he can hold himself
to, the others trying to give him tricks (two different games: "fewest"
can exceed "most" when the others decide who wins).  When *p* deals he plays the
dummy for himself; otherwise the dealer plays it against *p*.

>>> import pytrick
>>> from pytrick.search import solve
>>> deal = pytrick.SpidgeDeal.from_seed(3)
>>> while deal.n_played < 44:
...     deal.play(deal.legal_moves.min())
>>> most = solve(deal, player=0)
>>> fewest = solve(deal, player=0, objective="fewest")
>>> most.value >= deal.tricks_won[deal.hand_of(0)]  # tricks already taken count
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Literal

import trickcore
from pytrick.search._positions import SpitzerPosition, game_of, per_deal, positions_of
from pytrick.spidge.deal import SpidgeDeal
from pytrick.spidge.table import Turn
from pytrick.spitzer.announcement import Announcement
from trickcore._arguments import check_flag, check_threads
from trickcore._solve_messages import in_batch
from trickcore.card import ALL_CARDS, Card
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, PytrickError

if TYPE_CHECKING:
    from trickcore import _solve as _core
else:
    _core = trickcore._modules["_solve"]  # the chosen backend's

__all__ = ["Objective", "Solution", "solve", "solve_announcements", "solve_many"]

#: What a solve computes: Spitzer ``"points"`` or ``"score"``, Spidge
#: ``"most"`` or ``"fewest"``.
Objective = Literal["points", "score", "most", "fewest"]

_SPITZER = {"points": _core.POINTS, "score": _core.SCORE}
_SPIDGE = {"most": _core.MOST, "fewest": _core.FEWEST}


class _Moves(Mapping[Card, int]):
    """A read-only card → value mapping that hashes (and pickles), so that a
    :class:`Solution` is a value like any other frozen dataclass."""

    __slots__ = ("_values",)

    def __init__(self, values: dict[Card, int]) -> None:
        self._values = values

    def __getitem__(self, card: Card) -> int:
        return self._values[card]

    def __iter__(self) -> Iterator[Card]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __hash__(self) -> int:
        return hash(frozenset(self._values.items()))  # equal mappings, in any order: one hash

    def __repr__(self) -> str:
        return repr(self._values)


@dataclasses.dataclass(frozen=True)
class Solution:
    """The double-dummy value of a position and of each legal card.

    The mover picks among :attr:`moves` the best card for his side: the
    highest value when he maximises, the lowest otherwise; :attr:`value` is
    that card's value.

    A solution is immutable and hashable: :attr:`moves` is a read-only
    mapping.
    """

    #: The value of the position (see :func:`solve`).
    value: int
    #: Each legal card and the value of the position after it.
    moves: Mapping[Card, int]
    #: A principal variation: optimal cards from here to the end of the deal
    #: (empty when not asked for).
    pv: tuple[Card, ...]
    #: The objective solved.
    objective: Objective

    @property
    def best_moves(self) -> tuple[Card, ...]:
        """The legal cards worth :attr:`value`, in card order."""
        return tuple(card for card, value in self.moves.items() if value == self.value)


def _solution(raw: tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]],
              objective: Objective) -> Solution:
    value, moves, pv = raw
    return Solution(value, _Moves({ALL_CARDS[c]: v for c, v in moves}),
                    tuple(ALL_CARDS[c] for c in pv), objective)


def _objective(deal: object, objective: str | None, function: str) -> tuple[bool, Objective]:
    """(is Spitzer, the objective) for a deal, checked."""
    spitzer = game_of(deal, function) == "spitzer"
    names: Mapping[str, int] = _SPITZER if spitzer else _SPIDGE
    if objective is None:
        return spitzer, "points" if spitzer else "most"
    if not isinstance(objective, str) or objective not in names:
        game = "Spitzer" if spitzer else "Spidge"
        raise InvalidArgumentError(
            f"invalid objective {objective!r} for {game}: choose "
            + " or ".join(repr(n) for n in names))
    return spitzer, objective  # type: ignore[return-value]


def _spidge_hand(deal: SpidgeDeal, player: object) -> int:
    if player is None:
        raise InvalidArgumentError("a Spidge solve needs player=: the player (0, 1 or 2) to solve for")
    return int(deal.hand_of(player))  # type: ignore[arg-type]


def solve(deal: SpitzerPosition | SpidgeDeal, *, objective: Objective | None = None, player: int | None = None,
          pv: bool = True) -> Solution:
    """Solve *deal* double-dummy from its current position.

    *objective* defaults to ``"points"`` (Spitzer) or ``"most"`` (Spidge);
    *player* (0, 1 or 2) is required for Spidge and refused for Spitzer.
    With ``pv=False`` the principal variation is not computed (faster).
    The deal itself is not changed.  Raises
    :class:`~pytrick.errors.InvalidArgumentError` for a Spitzer deal still in
    its auction or a deal that is over.

    >>> import pytrick
    >>> from pytrick.search import solve
    >>> deal = pytrick.SpitzerDeal.from_seed(1)
    >>> while deal.legal_announcements:
    ...     deal.announce("pass")
    >>> while deal.n_played < 23:
    ...     deal.play(deal.legal_moves.max())
    >>> s = solve(deal, objective="score")
    >>> sorted(s.moves) == sorted(deal.legal_moves)
    True
    >>> replay = deal.copy()
    >>> for card in s.pv:
    ...     replay.play(card)
    >>> replay.result.entry == s.value  # the principal variation scores the value
    True
    """
    pv = check_flag(pv, "pv")
    spitzer, chosen = _objective(deal, objective, "solve")
    if spitzer:
        if player is not None:
            raise InvalidArgumentError("player= is for Spidge; a Spitzer solve is for the declaring side")
        assert not isinstance(deal, SpidgeDeal)
        return _solution(_core.solve_spitzer(deal, _SPITZER[chosen], pv), chosen)
    assert isinstance(deal, SpidgeDeal)
    return _solution(_core.solve_spidge(deal, _spidge_hand(deal, player), _SPIDGE[chosen], pv),
                     chosen)


def solve_many(deals: Iterable[SpitzerPosition | SpidgeDeal], *, objective: Objective | None = None,
               player: int | Iterable[int] | None = None, threads: int = 1,
               pv: bool = False) -> list[Solution]:
    """:func:`solve` each deal of *deals* (all of one game), on *threads*
    threads with the GIL released; the results do not depend on *threads*.

    For Spidge *player* is one player for all deals or one per deal (a
    sequence or a numpy array).  Unlike :func:`solve`, the principal variations are skipped
    unless ``pv=True``.  Typical use: evaluate the worlds sampled from an
    observation.

    >>> import pytrick
    >>> from pytrick.search import solve_many
    >>> deal = pytrick.SpidgeDeal.from_seed(5)
    >>> while deal.n_played < 44:
    ...     deal.play(deal.legal_moves.min())
    >>> seat = deal.to_move.player
    >>> worlds = pytrick.sample_deals(deal.observation(seat), 8, seed=2)
    >>> solutions = solve_many(worlds, player=seat, threads=2)
    >>> [len(s.moves) for s in solutions] == [len(w.legal_moves) for w in worlds]
    True
    """
    pv = check_flag(pv, "pv")
    items, _game = positions_of(deals, "solve_many", allow_empty=True)
    if not items:  # nothing to solve, but the same arguments are refused as with deals
        check_threads(threads)
        if objective is not None and objective not in (*_SPITZER, *_SPIDGE):
            raise InvalidArgumentError(
                f"invalid objective {objective!r}: choose 'points' or 'score' (Spitzer), "
                "'most' or 'fewest' (Spidge)")
        return []
    spitzer, chosen = _objective(items[0], objective, "solve_many")
    if spitzer:
        if player is not None:
            raise InvalidArgumentError("player= is for Spidge; a Spitzer solve is for the declaring side")
        spitzer_deals = [d for d in items if isinstance(d, trickcore.spitzer.SpitzerState)]
        raw = _core.solve_spitzer_many(spitzer_deals, _SPITZER[chosen], threads, pv)
    else:
        if player is None:
            raise InvalidArgumentError(
                "a Spidge solve needs player=: the player (0, 1 or 2) to solve for, "
                "or one per deal")
        if isinstance(player, Turn):  # a tuple: it would pass as one player per deal
            raise ArgumentTypeError(
                f"player must be a player (0, 1 or 2) or one per deal, not a Turn ({player!r}): "
                "pass deal.to_move.player")
        spidge_deals = [d for d in items if isinstance(d, SpidgeDeal)]
        hands = []
        for i, (deal, one) in enumerate(zip(spidge_deals, per_deal(player, len(items), "player"),
                                            strict=True)):
            try:
                hands.append(_spidge_hand(deal, one))
            except PytrickError as error:
                raise in_batch(i, error) from None
        raw = _core.solve_spidge_many(spidge_deals, hands, _SPIDGE[chosen], threads, pv)
    return [_solution(r, chosen) for r in raw]


def after_announcement(deal: SpitzerPosition, code: Announcement | int) -> SpitzerPosition:
    """A copy of *deal* (in its auction) after *code* is announced and every
    later seat passes: the position whose solve values that announcement."""
    world = deal.copy()
    world.announce(code)
    while world.legal_announcements:
        world.announce(Announcement.PASS)
    return world


def solve_announcements(deal: SpitzerPosition, *, objective: Literal["score", "points"] = "score",
                        threads: int = 1) -> dict[Announcement, int]:
    """The double-dummy value of each legal announcement of the seat to speak,
    every later seat passing.

    With ``objective="score"`` the value is seen from the speaker: +N when
    he and his side score N each, −N when the other side does.  Every
    announcement but a pass puts the speaker on the declaring side; after a
    pass he is on it if he holds a black queen.  With ``"points"`` it is
    his side's card points at the end of the deal.

    Each value is a whole-deal solve, so this wants the compiled backend
    (the reference twin would take hours); see the Search page of the docs
    for an example.
    """
    if not isinstance(deal, trickcore.spitzer.SpitzerState):  # the auction is Spitzer's
        raise ArgumentTypeError(
            f"solve_announcements takes a SpitzerDeal, not {type(deal).__name__}")
    if objective not in _SPITZER:
        raise InvalidArgumentError(
            f"invalid objective {objective!r} for Spitzer: choose 'points' or 'score'")
    # One copy, read throughout: another thread may go on playing the deal
    # (the speaker and his announcements must come from one position).
    deal = deal.copy()
    codes = deal.legal_announcements
    if not codes:
        raise InvalidArgumentError(
            "solve_announcements needs a deal in its auction: the announcements are over")
    speaker = deal.to_move
    worlds = [after_announcement(deal, code) for code in codes]
    solutions = _core.solve_spitzer_many(worlds, _SPITZER[objective], threads, False)
    values: dict[Announcement, int] = {}
    for code, world, (value, _moves, _pv) in zip(codes, worlds, solutions, strict=True):
        declarer = code != Announcement.PASS or bool(
            world.declarers >> speaker & 1)
        if objective == "points":
            values[Announcement(code)] = value if declarer else 120 - value
        else:
            values[Announcement(code)] = value if declarer else -value
    return values
