"""The rule options of Spidge (RULES.md §2), as one frozen dataclass."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Literal, get_args

import trickcore
from pytrick.spidge.result import Category, SpidgeScore
from trickcore._arguments import as_int, int_in_range
from trickcore.errors import InvalidArgumentError, RulesError

__all__ = ["GrandSlam", "JokerSuit", "SpidgeRules"]

#: Where the jokers belong: the trump suit (the default) or no suit at all (RULES.md 2.3).
JokerSuit = Literal["trump", "wild"]
#: What the dealer's grand slam is: he and the dummy take no trick (the
#: default, the seed's wording) or all 13 (RULES.md 2.6).
GrandSlam = Literal["no_tricks", "all_tricks"]

_core = trickcore.spidge
#: Every option bit the core knows.
_ALL_FLAGS = (_core.OPT_JOKERS | _core.OPT_WILD_JOKERS | _core.OPT_SPADES_MUST_BE_BROKEN
              | _core.OPT_GRAND_SLAM_ALL_TRICKS)


@dataclasses.dataclass(frozen=True)
class SpidgeRules:
    """Every rule option of Spidge, with the defaults of RULES.md §2.

    >>> import trickcore
    >>> from pytrick.spidge import SpidgeRules
    >>> rules = SpidgeRules()
    >>> (rules.target, rules.jokers, rules.joker_suit, rules.slam_tricks,
    ...  rules.spidge_tricks)
    (3, True, 'trump', 13, 10)
    >>> wild = trickcore.spidge.OPT_JOKERS | trickcore.spidge.OPT_WILD_JOKERS
    >>> SpidgeRules(joker_suit="wild").flags == wild
    True
    >>> SpidgeRules(slam_tricks=14)
    Traceback (most recent call last):
    ...
    pytrick.RulesError: slam_tricks: 14 is not a number of tricks from 1 to 13
    """

    #: Points that win the game (§2.1, §2.7).
    target: int = 3
    #: Play with two jokers instead of 2♦ and 2♥ (§2.3).
    jokers: bool = True
    #: Jokers belong to the trump suit, or are wild (§2.3).
    joker_suit: JokerSuit = "trump"
    #: A trump may not be led until a trump has been played to an earlier trick (§2.5).
    spades_must_be_broken: bool = False
    #: The dealer's grand slam: no trick, or all 13 tricks, with the dummy (§2.6).
    grand_slam: GrandSlam = "no_tricks"
    #: Tricks a player needs for a slam (§2.6).
    slam_tricks: int = 13
    #: Tricks a player needs for a spidge (§2.6).  If it is not below
    #: ``slam_tricks`` a spidge never scores: the slam is the higher category.
    spidge_tricks: int = 10

    def __post_init__(self) -> None:
        for name in ("target", "slam_tricks", "spidge_tricks"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"{name}: expected a whole number, got {value!r}")
        if self.target < 1:
            raise RulesError(f"target: {self.target} is not a positive whole number of points")
        for name in ("slam_tricks", "spidge_tricks"):
            value = getattr(self, name)
            if not 1 <= value <= 13:
                raise RulesError(f"{name}: {value} is not a number of tricks from 1 to 13")
        for name in ("jokers", "spades_must_be_broken"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise RulesError(f"{name}: expected True or False, got {value!r}")
        for name, kind in (("joker_suit", JokerSuit), ("grand_slam", GrandSlam)):
            value = getattr(self, name)
            if value not in get_args(kind):
                allowed = " or ".join(repr(v) for v in get_args(kind))
                raise RulesError(f"{name}: {value!r} is not {allowed}")

    @property
    def flags(self) -> int:
        """The option bits of the core (``trickcore.spidge.OPT_*``).

        ``target``, ``slam_tricks`` and ``spidge_tricks`` are not bits: the
        core takes the two thresholds as numbers, and the target only matters
        to :class:`SpidgeGame`.
        """
        return (
            (_core.OPT_JOKERS if self.jokers else 0)
            | (_core.OPT_WILD_JOKERS if self.joker_suit == "wild" else 0)
            | (_core.OPT_SPADES_MUST_BE_BROKEN if self.spades_must_be_broken else 0)
            | (_core.OPT_GRAND_SLAM_ALL_TRICKS if self.grand_slam == "all_tricks" else 0)
        )

    @classmethod
    def from_flags(cls, flags: int, slam_tricks: int = 13, spidge_tricks: int = 10,
                   target: int = 3) -> SpidgeRules:
        """The rules whose core option bits are *flags*, with the two thresholds
        and the target given apart (they are numbers, not bits): the inverse
        of :attr:`flags`.  Unknown bits are refused with :class:`~pytrick.RulesError`.

        >>> from pytrick.spidge import SpidgeRules
        >>> rules = SpidgeRules(joker_suit="wild", spidge_tricks=9)
        >>> SpidgeRules.from_flags(rules.flags, spidge_tricks=9) == rules
        True
        >>> SpidgeRules.from_flags(64)
        Traceback (most recent call last):
        ...
        pytrick.RulesError: invalid Spidge option flags 64: only bits 0 to 3 are options
        """
        flags = as_int(flags, "flags")
        if flags < 0 or flags & ~_ALL_FLAGS:
            raise RulesError(f"invalid Spidge option flags {flags}: only bits 0 to 3 are options")
        return cls(
            target=target,
            jokers=bool(flags & _core.OPT_JOKERS),
            joker_suit="wild" if flags & _core.OPT_WILD_JOKERS else "trump",
            spades_must_be_broken=bool(flags & _core.OPT_SPADES_MUST_BE_BROKEN),
            grand_slam="all_tricks" if flags & _core.OPT_GRAND_SLAM_ALL_TRICKS else "no_tricks",
            slam_tricks=slam_tricks,
            spidge_tricks=spidge_tricks,
        )

    def score(self, tricks_by_player: Sequence[int], dealer: int) -> SpidgeScore:
        """The category and points of each player (0, 1, 2) for a deal in
        which they took *tricks_by_player* tricks, the dealer's counted with the
        dummy's, *dealer* dealing (RULES.md 2.6).

        This is the scoring every finished deal's :attr:`SpidgeDeal.result`
        uses.  Each player scores the highest category that applies:

        >>> from pytrick.spidge import SpidgeRules
        >>> SpidgeRules().score((10, 3, 0), dealer=2)
        SpidgeScore(points=(1, 0, 4), categories=(<Category.SPIDGE: 2>, <Category.NONE: 0>,
            <Category.GRAND_SLAM: 4>))
        >>> SpidgeRules().score((0, 13, 0), dealer=1).points   # a slam, and two nills
        (1, 2, 1)

        Bad figures raise :class:`~pytrick.InvalidArgumentError` naming the argument.
        """
        dealer_number = int_in_range(dealer, 0, 2)
        if dealer_number is None:
            raise InvalidArgumentError(f"dealer: {dealer!r} is not a player 0, 1 or 2")
        dealer = dealer_number
        given = tuple(tricks_by_player)
        counts = [int_in_range(t, 0, 13) for t in given]
        if len(given) != 3 or None in counts:
            raise InvalidArgumentError(
                f"tricks_by_player: {given!r} is not three numbers of tricks, by player 0, 1, 2"
            )
        tricks = tuple(t for t in counts if t is not None)
        if sum(tricks) != 13:
            raise InvalidArgumentError(
                f"tricks_by_player: {tricks!r} adds up to {sum(tricks)}, not the 13 tricks of a deal"
            )
        grand = 13 if self.grand_slam == "all_tricks" else 0
        categories = []
        for player, taken in enumerate(tricks):
            if player == dealer and taken == grand:
                categories.append(Category.GRAND_SLAM)
            elif taken >= self.slam_tricks:
                categories.append(Category.SLAM)
            elif taken >= self.spidge_tricks:
                categories.append(Category.SPIDGE)
            elif taken == 0:
                categories.append(Category.NILL)
            else:
                categories.append(Category.NONE)
        first, second, third = categories
        return SpidgeScore((first.points, second.points, third.points), (first, second, third))

    def to_dict(self) -> dict[str, Any]:
        """The options as a JSON-ready dict (the ``rules`` field of a record)."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SpidgeRules:
        """The rules from a dict; absent keys take their defaults, unknown keys are errors."""
        names = {field.name for field in dataclasses.fields(cls)}
        for key in data:
            if key not in names:
                raise RulesError(
                    f"{key}: unknown Spidge rule option (known: {', '.join(sorted(names))})"
                )
        return cls(**data)
