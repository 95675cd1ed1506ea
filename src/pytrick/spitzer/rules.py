"""The rule options of Spitzer (RULES.md §1), as one frozen dataclass."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any, Literal, get_args

import trickcore
from pytrick.spitzer.announcement import GameType
from trickcore._arguments import as_int, int_in_range
from trickcore.errors import InvalidArgumentError, RulesError

__all__ = ["FirstTrickCall", "SpitzerRules", "VoidCall"]

#: Who partners a void call: the holder of the named ace (the default), or the
#: first player not to follow the caller's first lead (the seed's wording).
VoidCall = Literal["called_ace_holder", "first_void_player"]
#: Who partners a first-trick call: the winner of trick 1 (the default), or the
#: winner of the first trick the caller does not win himself.
FirstTrickCall = Literal["first_trick_winner", "first_trick_won_by_other"]

_core = trickcore.spitzer


@dataclasses.dataclass(frozen=True)
class SpitzerRules:
    """Every rule option of Spitzer, with the defaults of RULES.md §1.

    >>> import trickcore
    >>> from pytrick.spitzer import SpitzerRules
    >>> rules = SpitzerRules()
    >>> rules.target, rules.void_call, rules.schneider_announcement
    (42, 'called_ace_holder', False)
    >>> first_void = trickcore.spitzer.OPT_VOID_CALL_FIRST_VOID_PLAYER
    >>> SpitzerRules(void_call="first_void_player").flags == first_void
    True
    >>> SpitzerRules(target=0)
    Traceback (most recent call last):
    ...
    pytrick.RulesError: target: 0 is not a positive whole number of game points
    """

    #: Game points that win the game (§1.1, §1.9).
    target: int = 42
    #: Only the holder of both black queens may announce a Zola (§1.5).
    zola_requires_both_queens: bool = False
    #: The partner of a void call (§1.5).
    void_call: VoidCall = "called_ace_holder"
    #: The partner of a first-trick call (§1.5).
    first_trick_call: FirstTrickCall = "first_trick_winner"
    #: The ace caller must lead the called suit the first time he leads (§1.5).
    call_requires_lead: bool = False
    #: The Schneider house-rule announcement is allowed (§1.5, §1.8).
    schneider_announcement: bool = False

    def __post_init__(self) -> None:
        target = self.target
        if isinstance(target, bool) or not isinstance(target, int) or target < 1:
            raise RulesError(f"target: {target!r} is not a positive whole number of game points")
        for name in ("zola_requires_both_queens", "call_requires_lead", "schneider_announcement"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(f"{name}: expected True or False, got {value!r}")
        for name, kind in (("void_call", VoidCall), ("first_trick_call", FirstTrickCall)):
            value = getattr(self, name)
            if value not in get_args(kind):
                allowed = " or ".join(repr(v) for v in get_args(kind))
                raise RulesError(f"{name}: {value!r} is not {allowed}")

    @property
    def flags(self) -> int:
        """The option bits of the core (``trickcore.spitzer.OPT_*``); 0 is all defaults.

        ``target`` is not a core option: it only matters to :class:`SpitzerGame`.
        """
        return (
            (_core.OPT_ZOLA_REQUIRES_BOTH_QUEENS if self.zola_requires_both_queens else 0)
            | (
                _core.OPT_VOID_CALL_FIRST_VOID_PLAYER
                if self.void_call == "first_void_player"
                else 0
            )
            | (
                _core.OPT_FIRST_TRICK_WON_BY_OTHER
                if self.first_trick_call == "first_trick_won_by_other"
                else 0
            )
            | (_core.OPT_CALL_REQUIRES_LEAD if self.call_requires_lead else 0)
            | (_core.OPT_SCHNEIDER_ANNOUNCEMENT if self.schneider_announcement else 0)
        )

    @classmethod
    def from_flags(cls, flags: int, target: int = 42) -> SpitzerRules:
        """The rules whose core option bits are *flags* (unknown bits are refused)."""
        flags = as_int(flags, "flags")
        if flags < 0 or flags & ~_core.ALL_OPTIONS:
            raise RulesError(
                f"invalid Spitzer option flags {flags}: only bits 0 to 4 are options")
        return cls(
            target=target,
            zola_requires_both_queens=bool(flags & _core.OPT_ZOLA_REQUIRES_BOTH_QUEENS),
            void_call=(
                "first_void_player"
                if flags & _core.OPT_VOID_CALL_FIRST_VOID_PLAYER
                else "called_ace_holder"
            ),
            first_trick_call=(
                "first_trick_won_by_other"
                if flags & _core.OPT_FIRST_TRICK_WON_BY_OTHER
                else "first_trick_winner"
            ),
            call_requires_lead=bool(flags & _core.OPT_CALL_REQUIRES_LEAD),
            schneider_announcement=bool(flags & _core.OPT_SCHNEIDER_ANNOUNCEMENT),
        )

    def score(
        self, game: GameType | int, declaring_side: Iterable[int], points: int, tricks: int
    ) -> tuple[int, int, int, int]:
        """Game points per seat for a deal of *game* in which *declaring_side*
        (its seats) took *points* card points in *tricks* tricks (RULES.md 1.8).

        This is the scoring every finished deal's :attr:`SpitzerDeal.result`
        uses.  A rules question, "what do we score with 61 points in 3 tricks
        after an ace call?":

        >>> from pytrick.spitzer import GameType, SpitzerRules
        >>> SpitzerRules().score(GameType.ACE_CALL, {0, 2}, points=61, tricks=3)
        (3, 0, 3, 0)
        >>> SpitzerRules().score(GameType.ZOLA, {1}, points=60, tricks=4)   # 60 loses
        (9, 0, 9, 9)

        No option changes the table; bad figures (among them card points the
        tricks cannot hold: one trick is 4 cards, at most 44 points) raise
        :class:`~pytrick.InvalidArgumentError` naming the argument, and the
        table's impossible cells (a Normal game or a call without a trick: the
        side holding Q♣ wins its trick) and sides no deal can have (a Zola or
        a Sneaker is one seat, a Normal game two)
        :class:`~pytrick.RulesError`:

        >>> SpitzerRules().score(GameType.SNEAKER, {0, 1}, points=70, tricks=4)
        Traceback (most recent call last):
        ...
        pytrick.RulesError: declaring_side: a Sneaker side is 1 seat, not 2 (RULES.md 1.8)
        """
        game = _check_game(game)
        side = _check_side(declaring_side)
        if len(side) not in _SIDE_SIZES[game]:
            sizes = " or ".join(str(n) for n in sorted(_SIDE_SIZES[game]))
            raise RulesError(
                f"declaring_side: a {GameType(game)} side is {sizes} "
                f"seat{'s' if sizes != '1' else ''}, not {len(side)} (RULES.md 1.8)"
            )
        if game == GameType.VOID_CALL and len(side) == 1 and self.void_call == "called_ace_holder":
            raise RulesError(
                "declaring_side: under void_call='called_ace_holder' the named ace's holder "
                "is always the caller's partner, so a Void call side is 2 seats, not 1 "
                "(RULES.md 1.5; alone only under 'first_void_player')"
            )
        number_of_tricks = int_in_range(tricks, 0, 8)
        if number_of_tricks is None:
            raise InvalidArgumentError(f"tricks: {tricks!r} is not a number of tricks from 0 to 8")
        card_points = int_in_range(points, 0, 120)
        if card_points is None:
            raise InvalidArgumentError(
                f"points: {points!r} is not a number of card points from 0 to 120"
            )
        tricks, points = number_of_tricks, card_points
        reachable = _REACHABLE[tricks]
        if points not in reachable:
            low, high = min(reachable), max(reachable)
            if tricks in (0, 8):
                why = "no trick is 0 card points, all 8 are the whole pack's 120"
            elif low <= points <= high:
                why = f"no {4 * tricks} cards of the pack hold exactly {points}"
            else:
                why = f"their {4 * tricks} cards hold {low} to {high}"
            raise InvalidArgumentError(
                f"points: {points} card points cannot be taken in {tricks} "
                f"trick{'' if tricks == 1 else 's'}: {why} "
                "(RULES.md 1.2: A 11, 10 10, K 4, Q 3, J 2, 9 8 7 nothing)"
            )
        entry = _core.SCORING_TABLE[game][_core.scoring_column(points, tricks)]
        if entry == 0:
            raise RulesError(
                f"tricks: a {GameType(game)} side always takes a trick, the one "
                "holding Q♣ (RULES.md 1.8: the cell is '—')"
            )
        scores = [0, 0, 0, 0]
        for seat in range(4):
            if (seat in side) == (entry > 0):
                scores[seat] = abs(entry)
        return (scores[0], scores[1], scores[2], scores[3])

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (the ``rules`` field of a record)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SpitzerRules:
        """The rules from a dict; absent keys take their defaults, unknown keys are errors."""
        names = {field.name for field in dataclasses.fields(cls)}
        for key in data:
            if key not in names:
                raise RulesError(
                    f"{key}: unknown Spitzer rule option (known: {', '.join(sorted(names))})"
                )
        return cls(**data)


def _reachable_points() -> tuple[frozenset[int], ...]:
    """By number of tricks (0 to 8), the card point totals a side taking them
    can hold: the sums of 4 cards a trick of the pack (RULES.md 1.2)."""
    sums: list[set[int]] = [{0}] + [set() for _ in range(32)]  # by number of cards
    for value in (_core.card_points(card) for card in _core.PACK):
        for count in range(31, -1, -1):
            sums[count + 1] |= {total + value for total in sums[count]}
    return tuple(frozenset(sums[4 * tricks]) for tricks in range(9))


#: The card point totals a side can take in 0 to 8 tricks.
_REACHABLE = _reachable_points()

# How many seats a declaring side of each game can have (RULES.md 1.4, 1.5,
# 1.8).  A void call under "first_void_player" and a first-trick call lose
# their partner when nobody qualifies; a Schneider announced by a player
# without a black queen is every such player: three when one seat holds both.
_SIDE_SIZES: dict[int, frozenset[int]] = {
    GameType.NORMAL: frozenset({2}),
    GameType.SNEAKER: frozenset({1}),
    GameType.ZOLA: frozenset({1}),
    GameType.ZOLA_SCHNEIDER: frozenset({1}),
    GameType.ZOLA_SCHNEIDER_SCHWARZ: frozenset({1}),
    GameType.ACE_CALL: frozenset({2}),
    GameType.VOID_CALL: frozenset({1, 2}),
    GameType.FIRST_TRICK_CALL: frozenset({1, 2}),
    GameType.SCHNEIDER: frozenset({1, 2, 3}),
}


def _check_game(game: GameType | int) -> int:
    number = int_in_range(game, 0, len(GameType) - 1)
    if number is None:
        raise InvalidArgumentError(f"game: {game!r} is not a GameType")
    return int(GameType(number))


def _check_side(declaring_side: Iterable[int]) -> frozenset[int]:
    given = frozenset(declaring_side)
    seats = frozenset(int_in_range(s, 0, 3) for s in given)
    if not given or len(given) > 3 or None in seats:
        raise InvalidArgumentError(
            f"declaring_side: {sorted(given, key=repr)!r} is not one to three seats from 0 to 3"
        )
    return frozenset(s for s in seats if s is not None)
