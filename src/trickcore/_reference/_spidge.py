"""Spidge, written plainly from RULES.md §2 (the oracle).

Cards are the card numbers of :mod:`trickcore.card`; the dense action number
of a card is its card number (0..53).
"""

from __future__ import annotations

from trickcore.card import JOKER_1, JOKER_2, Card, Suit
from trickcore.errors import InvalidCardError

SPADES = int(Suit.SPADES)
#: The effective suit of a wild joker (``joker_suit="wild"``): no suit at all.
NO_SUIT = 4
N_ACTIONS = 54
JOKERS = (int(JOKER_1), int(JOKER_2))
#: The cards the jokers replace (RULES.md 2.3).
REPLACED_BY_JOKERS = (int(Card("2D")), int(Card("2H")))


def pack(jokers: bool = True) -> tuple[int, ...]:
    """The 52 cards in play: with jokers, 2♦ and 2♥ out and the two jokers in."""
    if jokers:
        return tuple(c for c in range(52) if c not in REPLACED_BY_JOKERS) + JOKERS
    return tuple(range(52))


def _check(card: int) -> Card:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 54:
        raise InvalidCardError(f"invalid Spidge card {card!r}: cards are numbered 0 to 53")
    return Card(card)


def effective_suit(card: int, joker_suit: str = "trump") -> int:
    """The printed suit; a joker is a spade (trump) or, when wild, NO_SUIT."""
    c = _check(card)
    if joker_suit not in ("trump", "wild"):
        raise ValueError(f"invalid joker_suit {joker_suit!r}: choose 'trump' or 'wild'")
    if c.is_joker:
        return SPADES if joker_suit == "trump" else NO_SUIT
    return int(c.suit)  # type: ignore[arg-type]


def strength(card: int) -> int:
    """2 is 1 … A is 13; both jokers 14 (they are equal)."""
    c = _check(card)
    return 14 if c.is_joker else int(c.rank) + 1  # type: ignore[arg-type]


def is_trump(card: int, joker_suit: str = "trump") -> bool:
    """Spades are always trumps; jokers too when they belong to the trump suit."""
    return effective_suit(card, joker_suit) == SPADES


def action_index(card: int) -> int:
    """The dense action number of a card: its card number."""
    return int(_check(card))


def card_of_action(action: int) -> int:
    """The card with dense action number *action* (0..53)."""
    return int(_check(action))
