"""The score of a finished Spitzer deal (RULES.md 1.8)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

import trickcore
from pytrick.spitzer.announcement import GameType
from pytrick.spitzer.rules import SpitzerRules

__all__ = ["ScoringColumn", "SpitzerResult", "scoring_entry"]

_core = trickcore.spitzer


class ScoringColumn(enum.IntEnum):
    """The columns of the scoring table, taken in the order T = 8, T = 0, then by points."""

    NO_TRICKS = _core.COLUMN_NO_TRICKS
    POINTS_0_30 = _core.COLUMN_0_30
    POINTS_31_60 = _core.COLUMN_31_60
    POINTS_61_89 = _core.COLUMN_61_89
    POINTS_90_120 = _core.COLUMN_90_120
    ALL_TRICKS = _core.COLUMN_ALL_TRICKS

    def __str__(self) -> str:
        return ("no tricks", "0–30", "31–60", "61–89", "90–120", "all tricks")[self.value]


def scoring_entry(game_type: GameType | int, column: ScoringColumn | int) -> int | None:
    """The cell of RULES.md 1.8: ``+N`` every declarer scores N, ``-N`` every
    opponent scores N, ``None`` for an impossible cell ("—").

    >>> from pytrick.spitzer import GameType, ScoringColumn, scoring_entry
    >>> scoring_entry(GameType.ZOLA, ScoringColumn.POINTS_31_60)
    -9
    >>> scoring_entry(GameType.NORMAL, ScoringColumn.NO_TRICKS) is None
    True
    """
    entry = _core.SCORING_TABLE[int(game_type)][int(column)]
    return entry if entry != 0 else None


#: The calls, whose caller may end up without a partner (RULES.md 1.5).
_CALLS = frozenset({GameType.ACE_CALL, GameType.VOID_CALL, GameType.FIRST_TRICK_CALL})


@dataclasses.dataclass(frozen=True)
class SpitzerResult:
    """How a finished deal scored: the game, the declaring side, its card points
    and tricks, the column of the table used, and game points per seat."""

    game_type: GameType
    #: The seats of the declaring side (1.8).
    declarers: frozenset[int]
    #: The declaring side's card points (0..120).
    points: int
    #: The declaring side's tricks (0..8).
    tricks: int
    column: ScoringColumn
    #: The table entry used: +N declarers score N each, -N opponents score N each.
    entry: int
    #: Game points won this deal, by seat (never negative).
    scores: tuple[int, int, int, int]

    @classmethod
    def from_core(
        cls,
        raw: tuple[int, int, int, int, int, tuple[int, int, int, int]],
        rules: SpitzerRules | None = None,
    ) -> SpitzerResult:
        """Build from the core's ``raw_result()`` tuple: its game, side, points
        and tricks, scored by :meth:`SpitzerRules.score` under *rules* (the
        deal's; the defaults if None), which refuses sides those rules cannot
        make."""
        game, side, points, tricks, _column, _scores = raw
        declarers = frozenset(s for s in range(4) if side >> s & 1)
        column = _core.scoring_column(points, tricks)
        return cls(
            game_type=GameType(game),
            declarers=declarers,
            points=points,
            tricks=tricks,
            column=ScoringColumn(column),
            entry=_core.SCORING_TABLE[game][column],
            scores=(rules or SpitzerRules()).score(game, declarers, points, tricks),
        )

    @property
    def declarers_won(self) -> bool:
        """True if the declaring side scored (it needs 61 card points; 60 loses)."""
        return self.entry > 0

    @property
    def opponents(self) -> frozenset[int]:
        return frozenset(range(4)) - self.declarers

    def describe(self) -> str:
        """One line: the game, the side, its points and tricks, the table row used."""
        names = [f"seat {s}" for s in sorted(self.declarers)]
        seats = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
        if len(names) == 1 and self.game_type in _CALLS:
            seats += " (alone: no partner)"
        who = "each declarer" if self.entry > 0 else "each opponent"
        return (
            f"{self.game_type}: {seats} took {self.points} card points in {self.tricks} "
            f"trick{'s' if self.tricks != 1 else ''} (column {self.column}): "
            f"{who} scores {abs(self.entry)}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game_type": self.game_type.name.lower(),
            "declarers": sorted(self.declarers),
            "points": self.points,
            "tricks": self.tricks,
            "column": self.column.name.lower(),
            "entry": self.entry,
            "scores": list(self.scores),
        }
