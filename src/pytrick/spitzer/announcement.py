"""Announcements and game types of Spitzer (RULES.md 1.5), as typed enums."""

from __future__ import annotations

import enum

import trickcore
from trickcore import _spitzer_messages as messages
from trickcore.errors import IllegalMoveError

__all__ = ["Announcement", "GameType"]

_core = trickcore.spitzer


class Announcement(enum.IntEnum):
    """What a player says before the first lead: a pass or one announcement.

    The values are the core's codes.  :meth:`parse` reads the names used in
    records (``"ace_call_hearts"``) and the rules' words (``"ace call in ♥"``):

    >>> from pytrick.spitzer import Announcement
    >>> Announcement.parse("zola"), Announcement.parse("ace call in ♥")
    (<Announcement.ZOLA: 1>, <Announcement.ACE_CALL_HEARTS: 6>)
    >>> str(Announcement.VOID_CALL_SPADES)
    'void call in ♠'
    """

    PASS = _core.PASS
    ZOLA = _core.ZOLA
    ZOLA_SCHNEIDER = _core.ZOLA_SCHNEIDER
    ZOLA_SCHNEIDER_SCHWARZ = _core.ZOLA_SCHNEIDER_SCHWARZ
    ACE_CALL_CLUBS = _core.ACE_CALL_CLUBS
    ACE_CALL_SPADES = _core.ACE_CALL_SPADES
    ACE_CALL_HEARTS = _core.ACE_CALL_HEARTS
    VOID_CALL_CLUBS = _core.VOID_CALL_CLUBS
    VOID_CALL_SPADES = _core.VOID_CALL_SPADES
    VOID_CALL_HEARTS = _core.VOID_CALL_HEARTS
    #: The void call naming no suit, under ``void_call="first_void_player"``.
    VOID_CALL = _core.VOID_CALL
    FIRST_TRICK_CALL = _core.FIRST_TRICK_CALL
    #: The house-rule Schneider (``schneider_announcement=True``).
    SCHNEIDER = _core.SCHNEIDER

    def __str__(self) -> str:
        return messages.announcement_name(self.value)

    @property
    def token(self) -> str:
        """The name used in records: ``'ace_call_hearts'``."""
        return self.name.lower()

    @classmethod
    def parse(cls, value: Announcement | int | str) -> Announcement:
        """An announcement from its code, record token or rules name."""
        if isinstance(value, Announcement):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            try:
                return cls(value)
            except ValueError:
                raise IllegalMoveError(messages.unknown_announcement(value)) from None
        if isinstance(value, str):
            text = value.strip()
            for member in cls:
                if text.lower() in (member.token, str(member).lower(), member.name.lower()):
                    return member
            raise IllegalMoveError(
                f"unknown Spitzer announcement {value!r}: say e.g. 'pass', 'zola', "
                "'ace_call_hearts' or 'ace call in ♥'"
            )
        raise IllegalMoveError(messages.unknown_announcement(value))


class GameType(enum.IntEnum):
    """The game a deal turns out to be (RULES.md 1.5, 1.8)."""

    NORMAL = _core.GAME_NORMAL
    SNEAKER = _core.GAME_SNEAKER
    ZOLA = _core.GAME_ZOLA
    ZOLA_SCHNEIDER = _core.GAME_ZOLA_SCHNEIDER
    ZOLA_SCHNEIDER_SCHWARZ = _core.GAME_ZOLA_SCHNEIDER_SCHWARZ
    ACE_CALL = _core.GAME_ACE_CALL
    VOID_CALL = _core.GAME_VOID_CALL
    FIRST_TRICK_CALL = _core.GAME_FIRST_TRICK_CALL
    SCHNEIDER = _core.GAME_SCHNEIDER

    def __str__(self) -> str:
        return (
            self.name.replace("_", " ")
            .title()
            .replace("Call", "call")
            .replace("First Trick", "First-trick")
        )
