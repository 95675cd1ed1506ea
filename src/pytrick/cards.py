"""Cards and card sets, shared by both games.

A :class:`~pytrick.Card` is an ``int`` from 0 to 53 (``suit * 13 + rank``, then the two
jokers); a :class:`~pytrick.CardSet` is an immutable set of cards over a 64-bit mask.
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

from collections.abc import Iterable

from trickcore import CardSet
from trickcore.card import ALL_CARDS, JOKER_1, JOKER_2, N_CARDS, Card, Rank, Suit, parse_card
from trickcore.errors import InvalidCardError

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
    "strict_card_set",
]


def strict_card_set(cards: CardSet | int | str | Iterable[int | str], name: str = "hand") -> CardSet:
    """``CardSet(cards)``, except that a card listed twice raises
    :class:`~pytrick.InvalidCardError` (a set would silently keep one, and a
    hand of 9 entries would pass for 8 cards).  *name* names *cards* in the message.

    >>> from pytrick.cards import strict_card_set
    >>> strict_card_set("QC 7D QC", "hand 2")
    Traceback (most recent call last):
    ...
    pytrick.InvalidCardError: hand 2 lists Q♣ twice
    """
    if isinstance(cards, (CardSet, int)) or not isinstance(cards, Iterable):
        return CardSet(cards)  # a set or mask cannot repeat a card; CardSet refuses the rest
    items = cards.replace(",", " ").split() if isinstance(cards, str) else list(cards)
    hand = CardSet(items)
    if len(hand) != len(items):
        seen: set[Card] = set()
        for item in items:
            card = Card(item)
            if card in seen:
                raise InvalidCardError(f"{name} lists {card.unicode()} twice")
            seen.add(card)
    return hand
