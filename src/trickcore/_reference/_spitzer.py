"""Spitzer, written plainly from RULES.md §1 (the oracle).

Cards are the card numbers of :mod:`trickcore.card`.  Effective suits use the
printed-suit numbers for the three fail suits and :data:`TRUMPS` for trumps.
"""

from __future__ import annotations

from trickcore.card import Card, Rank, Suit, parse_card
from trickcore.errors import InvalidCardError

CLUBS, HEARTS, SPADES = int(Suit.CLUBS), int(Suit.HEARTS), int(Suit.SPADES)
#: The effective suit of the 14 trumps (queens, jacks, diamonds).
TRUMPS = 4
FAIL_SUITS = (CLUBS, SPADES, HEARTS)
N_ACTIONS = 32

_RANKS_IN_PACK = ("7", "8", "9", "10", "J", "Q", "K", "A")

#: All 32 cards of the pack: 7 to A in every suit (RULES.md 1.2).
PACK = tuple(
    int(parse_card(rank + suit)) for suit in "CDHS" for rank in _RANKS_IN_PACK
)

#: The trumps from highest to lowest (RULES.md 1.2 table).
TRUMP_ORDER = tuple(
    int(parse_card(text))
    for text in (
        "Q♣", "7♦", "Q♠", "Q♥", "Q♦",
        "J♣", "J♠", "J♥", "J♦",
        "A♦", "10♦", "K♦", "9♦", "8♦",
    )
)

#: Fail ranks from highest to lowest: A, 10, K, 9, 8, 7.
FAIL_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.NINE, Rank.EIGHT, Rank.SEVEN)

_POINTS_BY_RANK = {Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2}


def _check(card: int) -> Card:
    if not isinstance(card, int) or isinstance(card, bool) or card not in PACK:
        shown = str(Card(card)) if isinstance(card, int) and 0 <= card < 54 else repr(card)
        raise InvalidCardError(f"{shown} is not a Spitzer card (the pack is 7 to A in each suit)")
    return Card(card)


def is_trump(card: int) -> bool:
    """Queens, jacks and diamonds are trumps."""
    return _check(card) in TRUMP_ORDER


def effective_suit(card: int) -> int:
    """TRUMPS for a trump, else the printed suit (a queen or jack is only a trump)."""
    c = _check(card)
    return TRUMPS if c in TRUMP_ORDER else int(c.suit)  # type: ignore[arg-type]


def strength(card: int) -> int:
    """Rank within the effective suit, higher beats lower: trumps 14 (Q♣) to 1 (8♦),
    fail cards 6 (A) to 1 (7)."""
    c = _check(card)
    if c in TRUMP_ORDER:
        return len(TRUMP_ORDER) - TRUMP_ORDER.index(c)
    return len(FAIL_ORDER) - FAIL_ORDER.index(c.rank)  # type: ignore[arg-type]


def card_points(card: int) -> int:
    """A 11, 10 10, K 4, Q 3, J 2, the rest 0."""
    return _POINTS_BY_RANK.get(_check(card).rank, 0)  # type: ignore[arg-type]


def suit_mask(suit: int) -> int:
    """The mask of the cards whose effective suit is *suit*."""
    return sum(1 << c for c in PACK if effective_suit(c) == suit)


def action_index(card: int) -> int:
    """The dense action number 0..31 of a card: 8 per printed suit, 7 to A."""
    return PACK.index(_check(card))


def card_of_action(action: int) -> int:
    """The card with dense action number *action* (0..31)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < N_ACTIONS:
        raise InvalidCardError(f"invalid Spitzer action {action!r}: actions are 0 to 31")
    return PACK[action]
