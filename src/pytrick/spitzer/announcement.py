"""Announcements and game types of Spitzer (RULES.md 1.5), as typed enums."""

from __future__ import annotations

import enum
import operator
import re

import trickcore
from trickcore import _spitzer_messages as messages
from trickcore._arguments import _is_bool
from trickcore.card import Card
from trickcore.errors import ArgumentTypeError, IllegalMoveError

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
        """An announcement from its code, its name or a short form, in any case.

        Accepted: the code (``6``), the record token (``"ace_call_hearts"``),
        the enum name (``"ACE_CALL_HEARTS"``), the rules' words (``"ace call in
        ♥"``) and short forms naming the suit by letter, word or symbol
        (``"ace_call:H"``, ``"ace:H"``, ``"void:C"``, ``"ace call hearts"``).
        A call naming diamonds raises :class:`~pytrick.IllegalMoveError` with
        reason ``"trump_ace_not_callable"`` citing RULES.md 1.5 (the ace of
        diamonds is a trump); a code or text that names no announcement is
        bad input, an :class:`~pytrick.InvalidArgumentError` naming the
        accepted words, as card text that names no card is an
        :class:`~pytrick.InvalidCardError`:

        >>> Announcement.parse("ace:h"), Announcement.parse("VOID_CALL_CLUBS")
        (<Announcement.ACE_CALL_HEARTS: 6>, <Announcement.VOID_CALL_CLUBS: 7>)
        >>> Announcement.parse("ace_call:D")
        Traceback (most recent call last):
        ...
        pytrick.IllegalMoveError: cannot call the ace of diamonds: A♦ is a trump, and only a
            fail suit (♣, ♠ or ♥) can be called (rules §1.5)
        """
        if isinstance(value, Announcement):
            return value
        if isinstance(value, Card) or type(value).__name__ == "CardSet":
            # Both are integers to Python: a card's number, or a set's mask
            # (an empty one, 0), would be read as an announcement's code.
            raise ArgumentTypeError(
                f"an announcement is an Announcement, an int code or its name, "
                f"not a {type(value).__name__} (play() takes cards)"
            )
        # A code is any integer, numpy's too (a policy's argmax), as the core takes it.
        if not isinstance(value, str) and not _is_bool(value) and hasattr(type(value), "__index__"):
            code = operator.index(value)
            try:
                return cls(code)
            except ValueError:
                raise messages.unknown_announcement(code) from None
        if not isinstance(value, str):
            raise ArgumentTypeError(
                f"an announcement is an Announcement, an int code or its name, "
                f"not {type(value).__name__}"
            )
        key = _key(value)
        member = _BY_KEY.get(key)
        if member is not None:
            return member
        if len(key) == 2 and key[0] in ("ace", "void") and key[1] == "d":
            raise IllegalMoveError(
                "cannot call the ace of diamonds: A♦ is a trump, and only a fail suit "
                "(♣, ♠ or ♥) can be called",
                "trump_ace_not_callable",
                "1.5",
            )
        raise messages.unknown_announcement(value)


#: Spellings of the suits a call may name, and of diamonds, to refuse it clearly.
_SUIT_WORDS = {
    **dict.fromkeys(("c", "club", "clubs", "♣", "♧"), "c"),
    **dict.fromkeys(("s", "spade", "spades", "♠", "♤"), "s"),
    **dict.fromkeys(("h", "heart", "hearts", "♥", "♡"), "h"),
    **dict.fromkeys(("d", "diamond", "diamonds", "♦", "♢"), "d"),
}


def _key(text: str) -> tuple[str, ...]:
    """The words of an announcement's name, without the filler ("call", "in")
    and with the suit as a letter: ``"ace call in ♥"`` → ``("ace", "h")``."""
    words = re.split(r"[\s:_\-]+", text.strip().lower())
    return tuple(_SUIT_WORDS.get(w, w) for w in words if w and w not in ("call", "in"))


_BY_KEY = {
    key: member
    for member in Announcement
    for key in (_key(member.name), _key(str(member)))
}

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
