"""Who sits where: the four hands, the three players, and whose turn it is (RULES.md 2.2).

Players are numbered 0, 1, 2 clockwise and keep their numbers for the whole
game; the deal passes clockwise, so player ``(d + 1) % 3`` deals after player
``d``.  The core numbers the four *hands* of a deal in play order from the
dealer's left — :class:`Hand` — and the dummy always sits opposite the dealer:

>>> [player_of(hand, dealer=2) for hand in Hand]
[0, 2, 1, 2]
>>> hand_of(0, dealer=2), hand_of(2, dealer=2)
(<Hand.LEFT: 0>, <Hand.DEALER: 3>)
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from trickcore._arguments import check_range

__all__ = ["Hand", "Turn", "hand_of", "player_of"]


class Hand(enum.IntEnum):
    """The four hands of a deal, in play order from the dealer's left."""

    LEFT = 0
    DUMMY = 1
    RIGHT = 2
    DEALER = 3

    def __str__(self) -> str:
        return ("the dealer's left", "the dummy", "the dealer's right", "the dealer")[self]


class Turn(NamedTuple):
    """Whose turn it is: the *player* who chooses the card and the *hand* it comes from.

    When the dummy is to play, the player is the dealer and the hand is
    :attr:`Hand.DUMMY`; when the dealer plays his own cards the hand is
    :attr:`Hand.DEALER`.
    """

    player: int
    hand: Hand

    @property
    def playing_dummy(self) -> bool:
        """True when the dealer is choosing a card of the dummy."""
        return self.hand == Hand.DUMMY

    def __str__(self) -> str:
        if self.hand == Hand.DUMMY:
            return f"player {self.player} (dealer, playing the dummy)"
        if self.hand == Hand.DEALER:
            return f"player {self.player} (dealer, playing his own hand)"
        return f"player {self.player}"


def player_of(hand: int, dealer: int) -> int:
    """The player who plays *hand* when *dealer* deals (the dealer plays the dummy).

    A hand outside 0-3 or a dealer outside 0-2 raises
    :class:`~pytrick.InvalidArgumentError` (hand 4 was an IndexError, hand -1
    a wrong answer)."""
    number = check_range(hand, "hand", 0, 3, "hands are 0 to 3, Hand.LEFT to Hand.DEALER")
    return (_player(dealer, "dealer") + (1, 0, 2, 0)[number]) % 3


def hand_of(player: int, dealer: int) -> Hand:
    """The hand *player* holds when *dealer* deals (the dealer's own, for the dealer).

    A player or dealer outside 0-2 raises :class:`~pytrick.InvalidArgumentError`
    (player 3 was answered as if he were player 0)."""
    return (Hand.DEALER, Hand.LEFT, Hand.RIGHT)[(_player(player, "player") - _player(dealer, "dealer")) % 3]


def _player(value: int, name: str) -> int:
    return check_range(value, name, 0, 2, "players are 0, 1 and 2")
