"""The score of a finished Spidge deal (RULES.md 2.6)."""

from __future__ import annotations

import dataclasses
import enum
import warnings
from typing import Any, NamedTuple

import trickcore

__all__ = ["Category", "SpidgeResult", "SpidgeScore"]

_core = trickcore.spidge


class Category(enum.IntEnum):
    """What a player scores for a deal: at most one category, the highest that applies."""

    NONE = _core.NO_CATEGORY
    NILL = _core.NILL
    SPIDGE = _core.SPIDGE
    SLAM = _core.SLAM
    GRAND_SLAM = _core.GRAND_SLAM

    @property
    def points(self) -> int:
        """Grand slam 4, slam 2, spidge 1, nill 1, none 0."""
        return int(_core.CATEGORY_POINTS[self])

    def __str__(self) -> str:
        return ("no score", "nill", "spidge", "slam", "grand slam")[self]


class SpidgeScore(NamedTuple):
    """What :meth:`SpidgeRules.score` returns: by player 0, 1, 2."""

    points: tuple[int, int, int]
    categories: tuple[Category, Category, Category]


@dataclasses.dataclass(frozen=True)
class SpidgeResult:
    """The result of a deal, by player (0, 1, 2), except ``tricks_by_hand``.

    ``tricks`` counts the dealer's tricks with the dummy's; ``tricks_by_hand``
    gives the four hands separately, by :class:`Hand` (left, dummy, right,
    dealer).
    """

    dealer: int
    #: Tricks by hand: ``tricks_by_hand[Hand.DUMMY]`` is the dummy's.
    tricks_by_hand: tuple[int, int, int, int]
    #: Tricks by player, the dealer's counted with the dummy's.
    tricks: tuple[int, int, int]
    categories: tuple[Category, Category, Category]
    points: tuple[int, int, int]

    @property
    def hand_tricks(self) -> tuple[int, int, int, int]:
        """Deprecated: :attr:`tricks_by_hand`."""
        warnings.warn(
            "SpidgeResult.hand_tricks is deprecated: use tricks_by_hand",
            DeprecationWarning,
            stacklevel=2,
        )
        return self.tricks_by_hand

    @property
    def grand_slam(self) -> bool:
        """True if the dealer scored a grand slam, which wins the game at once (2.7)."""
        return self.categories[self.dealer] == Category.GRAND_SLAM

    def describe(self) -> str:
        """One line for people."""
        parts = []
        for player in range(3):
            role = " (dealer, with dummy)" if player == self.dealer else ""
            parts.append(
                f"player {player}{role}: {_tricks(self.tricks[player])}, "
                f"{self.categories[player]} +{self.points[player]}"
            )
        return "; ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready dict (also written into records)."""
        return {
            "hand_tricks": list(self.tricks_by_hand),
            "tricks": list(self.tricks),
            "categories": [c.name.lower() for c in self.categories],
            "points": list(self.points),
        }


def _tricks(n: int) -> str:
    return f"{n} trick" if n == 1 else f"{n} tricks"
