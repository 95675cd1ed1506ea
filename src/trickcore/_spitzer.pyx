# cython: language_level=3, binding=True, embedsignature=True
"""Spitzer (RULES.md §1), compiled: card tables."""

from trickcore.card import Card
from trickcore.errors import InvalidCardError

__all__ = [
    "CLUBS", "HEARTS", "SPADES", "TRUMPS", "FAIL_SUITS", "N_ACTIONS",
    "PACK", "TRUMP_ORDER", "FAIL_ORDER",
    "is_trump", "effective_suit", "strength", "card_points", "suit_mask",
    "action_index", "card_of_action",
]

CLUBS, HEARTS, SPADES = 0, 2, 3
TRUMPS = SPITZER_TRUMPS
FAIL_SUITS = (CLUBS, SPADES, HEARTS)
N_ACTIONS = SPITZER_N_ACTIONS

PACK = tuple(spitzer_card(a) for a in range(SPITZER_N_ACTIONS))
TRUMP_ORDER = tuple(sorted((c for c in PACK if SPITZER_SUIT[c] == SPITZER_TRUMPS),
                           key=lambda c: -SPITZER_STRENGTH[c]))
# Fail ranks, highest first, as rank numbers (A=12, 10=8, K=11, 9=7, 8=6, 7=5).
FAIL_ORDER = tuple(sorted((c % 13 for c in PACK if SPITZER_SUIT[c] == 0),
                          key=lambda r: -SPITZER_STRENGTH[r]))


cdef int _check(object card) except -1:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 54 \
            or SPITZER_SUIT[<int>card] < 0:
        shown = str(Card(card)) if isinstance(card, int) and 0 <= card < 54 else repr(card)
        raise InvalidCardError(f"{shown} is not a Spitzer card (the pack is 7 to A in each suit)")
    return card


def is_trump(card):
    """Queens, jacks and diamonds are trumps."""
    return SPITZER_SUIT[_check(card)] == SPITZER_TRUMPS


def effective_suit(card):
    """TRUMPS for a trump, else the printed suit (a queen or jack is only a trump)."""
    return SPITZER_SUIT[_check(card)]


def strength(card):
    """Rank within the effective suit, higher beats lower: trumps 14 (Q♣) to 1 (8♦),
    fail cards 6 (A) to 1 (7)."""
    return SPITZER_STRENGTH[_check(card)]


def card_points(card):
    """A 11, 10 10, K 4, Q 3, J 2, the rest 0."""
    return SPITZER_POINTS[_check(card)]


def suit_mask(suit):
    """The mask of the cards whose effective suit is *suit*."""
    if not 0 <= suit <= 4:
        raise ValueError(f"invalid Spitzer effective suit {suit!r}")
    return SPITZER_SUIT_MASK[suit]


def action_index(card):
    """The dense action number 0..31 of a card: 8 per printed suit, 7 to A."""
    return spitzer_action(_check(card))


def card_of_action(action):
    """The card with dense action number *action* (0..31)."""
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < SPITZER_N_ACTIONS:
        raise InvalidCardError(f"invalid Spitzer action {action!r}: actions are 0 to 31")
    return spitzer_card(action)
