"""The rule options of Spidge (RULES.md §2), as one frozen dataclass."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Literal, get_args

import trickcore
from trickcore.errors import RulesError

__all__ = ["GrandSlam", "JokerSuit", "SpidgeRules"]

#: Where the jokers belong: the trump suit (the default) or no suit at all (RULES.md 2.3).
JokerSuit = Literal["trump", "wild"]
#: What the dealer's grand slam is: he and the dummy take no trick (the
#: default, the seed's wording) or all 13 (RULES.md 2.6).
GrandSlam = Literal["no_tricks", "all_tricks"]

_core = trickcore.spidge


@dataclasses.dataclass(frozen=True)
class SpidgeRules:
    """Every rule option of Spidge, with the defaults of RULES.md §2.

    >>> import trickcore
    >>> from pytrick.spidge import SpidgeRules
    >>> rules = SpidgeRules()
    >>> rules.target, rules.jokers, rules.joker_suit, rules.slam_tricks, rules.spidge_tricks
    (3, True, 'trump', 13, 10)
    >>> SpidgeRules(joker_suit="wild").flags == trickcore.spidge.OPT_JOKERS | trickcore.spidge.OPT_WILD_JOKERS
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
