"""The rule options of Spitzer (RULES.md §1), as one frozen dataclass."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any, Literal, get_args

import trickcore
from trickcore._arguments import as_int
from trickcore.errors import RulesError

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
    >>> SpitzerRules(void_call="first_void_player").flags == trickcore.spitzer.OPT_VOID_CALL_FIRST_VOID_PLAYER
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
