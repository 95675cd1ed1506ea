# cython: language_level=3, binding=True, embedsignature=True
"""Spidge (RULES.md §2), compiled: card tables."""

from trickcore.card import Card
from trickcore.errors import InvalidCardError

__all__ = [
    "SPADES", "NO_SUIT", "N_ACTIONS", "JOKERS", "REPLACED_BY_JOKERS",
    "pack", "effective_suit", "strength", "is_trump", "action_index", "card_of_action",
]

SPADES = SPIDGE_SPADES
NO_SUIT = SPIDGE_NO_SUIT
N_ACTIONS = SPIDGE_N_ACTIONS
JOKERS = (SPIDGE_JOKER_1, SPIDGE_JOKER_2)
REPLACED_BY_JOKERS = (13, 26)


cdef int _check(object card) except -1:
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 54:
        raise InvalidCardError(f"invalid Spidge card {card!r}: cards are numbered 0 to 53")
    return card


cdef bint _wild(str joker_suit) except -1:
    if joker_suit == "trump":
        return False
    if joker_suit == "wild":
        return True
    raise ValueError(f"invalid joker_suit {joker_suit!r}: choose 'trump' or 'wild'")


def pack(jokers=True):
    """The 52 cards in play: with jokers, 2♦ and 2♥ out and the two jokers in."""
    cdef mask_t m = spidge_pack_mask(jokers)
    return tuple(c for c in range(54) if (m >> c) & 1)


def effective_suit(card, joker_suit="trump"):
    """The printed suit; a joker is a spade (trump) or, when wild, NO_SUIT."""
    return spidge_suit(_check(card), _wild(joker_suit))


def strength(card):
    """2 is 1 … A is 13; both jokers 14 (they are equal)."""
    return spidge_strength(_check(card))


def is_trump(card, joker_suit="trump"):
    """Spades are always trumps; jokers too when they belong to the trump suit."""
    return spidge_suit(_check(card), _wild(joker_suit)) == SPIDGE_SPADES


def action_index(card):
    """The dense action number of a card: its card number."""
    return _check(card)


def card_of_action(action):
    """The card with dense action number *action* (0..53)."""
    return _check(action)
