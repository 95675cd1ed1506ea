"""Cards and card sets, shared by both games.

A :class:`Card` is an ``int`` from 0 to 53 (``suit * 13 + rank``, then the two
jokers); a :class:`CardSet` is an immutable set of cards over a 64-bit mask.
Both come from the compiled core (or its pure-Python twin) and are the same
objects every game uses.

>>> from pytrick import Card, CardSet
>>> Card("Q♣").suit, Card("Q♣").rank
(<Suit.CLUBS: 0>, <Rank.QUEEN: 10>)
>>> hand = CardSet("QC QS 7D AH")
>>> sorted(hand, key=lambda card: card.suit or 0)[0]
Card('QC')
>>> hand - CardSet("QC QS")
CardSet('7D AH')
"""

from __future__ import annotations

from trickcore import CardSet
from trickcore.card import ALL_CARDS, JOKER_1, JOKER_2, N_CARDS, Card, Rank, Suit, parse_card

__all__ = [
    "ALL_CARDS",
    "JOKER_1",
    "JOKER_2",
    "N_CARDS",
    "Card",
    "CardSet",
    "Rank",
    "Suit",
    "parse_card",
]
