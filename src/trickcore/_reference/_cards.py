"""CardSet, written plainly over a Python set of card numbers (the oracle).

It mirrors ``trickcore._cards`` name for name; it keeps the mask only as a
derived value, so it does not share the compiled core's bit tricks.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Union

from trickcore._arguments import card_mask, card_number
from trickcore.card import ALL_CARDS, N_CARDS, Card, parse_card
from trickcore.errors import ArgumentTypeError, InvalidCardError

__all__ = ["FULL_MASK", "CardSet", "mask_of", "popcount"]

FULL_MASK = (1 << N_CARDS) - 1

CardsLike = Union["CardSet", int, str, Iterable[int | str]]


def popcount(mask: int) -> int:
    """Number of cards in a mask (bits 0 to 53)."""
    valid = card_mask(mask)
    return sum(1 for n in range(N_CARDS) if valid >> n & 1)


def _card_number(item: object) -> int:
    return card_number(item)


def mask_of(cards: object) -> int:
    """The mask of anything a CardSet can be built from."""
    if isinstance(cards, CardSet):
        return cards.mask
    if isinstance(cards, bool):
        raise ArgumentTypeError("a card set is not built from a bool")
    if isinstance(cards, int):
        if not 0 <= cards <= FULL_MASK:
            raise InvalidCardError(
                f"invalid card-set mask {cards:#x}: only bits 0 to 53 name cards"
            )
        return cards
    if isinstance(cards, str):
        words = cards.replace(",", " ").split()
        numbers = {_card_number(word) for word in words}
    elif isinstance(cards, Iterable):
        numbers = {_card_number(item) for item in cards}
    elif hasattr(type(cards), "__index__"):  # a numpy integer mask
        return card_mask(cards)
    else:
        raise ArgumentTypeError(f"cannot make a card set from {type(cards).__name__}")
    mask = 0
    for n in numbers:
        mask |= 1 << n
    return mask


class CardSet:
    """An immutable set of cards.

    See ``trickcore._cards.CardSet`` for the documentation; this twin behaves
    identically.
    """

    __slots__ = ("_cards",)

    def __init__(self, cards: CardsLike = 0) -> None:
        mask = mask_of(cards)
        self._cards = frozenset(n for n in range(N_CARDS) if mask >> n & 1)

    @classmethod
    def from_mask(cls, mask: int) -> CardSet:
        return cls(mask)

    @property
    def mask(self) -> int:
        return sum(1 << n for n in self._cards)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    def __len__(self) -> int:
        return len(self._cards)

    def __bool__(self) -> bool:
        return bool(self._cards)

    def __iter__(self) -> Iterator[Card]:
        return iter([ALL_CARDS[n] for n in sorted(self._cards)])

    def __reversed__(self) -> Iterator[Card]:
        return iter([ALL_CARDS[n] for n in sorted(self._cards, reverse=True)])

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            return int(parse_card(card)) in self._cards
        if type(card) is int or type(card) is Card:
            return card in self._cards
        try:  # numpy ints; a Suit or an Announcement (int enums too) is no card
            return card_number(card) in self._cards
        except (ArgumentTypeError, InvalidCardError):
            return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, CardSet):
            return self._cards == other._cards
        if isinstance(other, int) and not isinstance(other, bool):
            return self.mask == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self.mask)

    def __or__(self, other: object) -> CardSet:
        return CardSet(self.mask | mask_of(other))

    __ror__ = __or__

    def __and__(self, other: object) -> CardSet:
        return CardSet(self.mask & mask_of(other))

    __rand__ = __and__

    def __sub__(self, other: object) -> CardSet:
        return CardSet(self.mask & ~mask_of(other))

    def __rsub__(self, other: object) -> CardSet:
        return CardSet(mask_of(other) & ~self.mask)

    def __xor__(self, other: object) -> CardSet:
        return CardSet(self.mask ^ mask_of(other))

    __rxor__ = __xor__

    def __invert__(self) -> CardSet:
        return CardSet(FULL_MASK & ~self.mask)

    def __le__(self, other: object) -> bool:
        return self.issubset(other)

    def __lt__(self, other: object) -> bool:
        return self.issubset(other) and self != CardSet(mask_of(other))

    def __ge__(self, other: object) -> bool:
        return self.issuperset(other)

    def __gt__(self, other: object) -> bool:
        return self.issuperset(other) and self != CardSet(mask_of(other))

    def union(self, *others: object) -> CardSet:
        result = set(self._cards)
        for other in others:
            result |= CardSet(mask_of(other))._cards
        return CardSet(result)

    def intersection(self, *others: object) -> CardSet:
        result = set(self._cards)
        for other in others:
            result &= CardSet(mask_of(other))._cards
        return CardSet(result)

    def difference(self, *others: object) -> CardSet:
        result = set(self._cards)
        for other in others:
            result -= CardSet(mask_of(other))._cards
        return CardSet(result)

    def symmetric_difference(self, other: object) -> CardSet:
        return CardSet(self._cards ^ CardSet(mask_of(other))._cards)

    def issubset(self, other: object) -> bool:
        return self._cards <= CardSet(mask_of(other))._cards

    def issuperset(self, other: object) -> bool:
        return self._cards >= CardSet(mask_of(other))._cards

    def isdisjoint(self, other: object) -> bool:
        return not (self._cards & CardSet(mask_of(other))._cards)

    def with_card(self, card: int | str) -> CardSet:
        return CardSet(self._cards | {_card_number(card)})

    def without_card(self, card: int | str) -> CardSet:
        return CardSet(self._cards - {_card_number(card)})

    def min(self) -> Card:
        if not self._cards:
            raise ValueError("min() of an empty card set")
        return ALL_CARDS[min(self._cards)]

    def max(self) -> Card:
        if not self._cards:
            raise ValueError("max() of an empty card set")
        return ALL_CARDS[max(self._cards)]

    def tolist(self) -> list[Card]:
        return list(self)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def unicode(self) -> str:
        return " ".join(card.unicode() for card in self)

    def __repr__(self) -> str:
        return f"CardSet({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The cards as a picture, for Jupyter: see :func:`pytrick.svg.hand`."""
        from pytrick.svg import hand

        return hand(self)

    def __reduce__(self) -> tuple[type[CardSet], tuple[int]]:
        return (CardSet, (self.mask,))
