# cython: language_level=3, binding=True, embedsignature=True
"""CardSet, an immutable set of cards over a 64-bit mask (compiled backend)."""

from collections.abc import Iterable

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

from trickcore._arguments import card_mask, card_number, random_fraction, random_fraction_of
from trickcore.card import ALL_CARDS, Card, parse_card
from trickcore.errors import ArgumentTypeError, InvalidCardError

__all__ = ["CardSet", "FULL_MASK", "popcount", "mask_of"]

FULL_MASK = TC_FULL_MASK

cdef tuple _ALL_CARDS = ALL_CARDS


def popcount(mask):
    """Number of cards in a mask (bits 0 to 53)."""
    cdef mask_t m = card_mask(mask)
    return tc_popcount64(m) if m else 0


cdef inline int _card_number(object item) except -1:
    if (type(item) is int or type(item) is Card) and 0 <= item < N_CARDS:
        return item
    return card_number(item)


cdef mask_t to_mask(object cards) except? 0xFFFFFFFFFFFFFFFF:
    """The mask of anything a CardSet can be built from."""
    cdef mask_t mask = 0
    if isinstance(cards, CardSet):
        return (<CardSet>cards).mask
    if isinstance(cards, bool):
        raise ArgumentTypeError("a card set is not built from a bool")
    if isinstance(cards, int):
        if not 0 <= cards <= TC_FULL_MASK:
            raise InvalidCardError(
                f"invalid card-set mask {cards:#x}: only bits 0 to 53 name cards"
            )
        return <mask_t>cards
    if isinstance(cards, str):
        for word in cards.replace(",", " ").split():
            mask |= (<mask_t>1) << _card_number(word)
        return mask
    if isinstance(cards, Iterable):
        for item in cards:
            mask |= (<mask_t>1) << _card_number(item)
        return mask
    if hasattr(type(cards), "__index__"):   # a numpy integer mask
        return card_mask(cards)
    raise ArgumentTypeError(f"cannot make a card set from {type(cards).__name__}")


def mask_of(cards):
    """The mask of anything a CardSet can be built from (validated)."""
    return to_mask(cards)


cdef CardSet cardset_from_mask(mask_t mask):
    cdef CardSet result = CardSet.__new__(CardSet)
    result.mask = mask
    return result


# Python ints 0..63, made once: integer action lists hand these out.
cdef tuple _SMALL_INTS = tuple(range(64))


cdef tuple bits_tuple(mask_t mask):
    """The set bits of *mask*, lowest first, as a tuple of Python ints."""
    cdef Py_ssize_t n = tc_popcount64(mask) if mask else 0, k
    cdef tuple out = PyTuple_New(n)
    cdef object number
    for k in range(n):
        number = _SMALL_INTS[tc_lowest64(mask)]
        Py_INCREF(number)
        PyTuple_SET_ITEM(out, k, number)
        mask &= mask - 1
    return out


cdef class CardSet:
    """An immutable set of cards over a 64-bit mask (bit *n* is card *n*).

    Build one from card strings, cards, card numbers, a mask, or another set.
    It has the full set API, iterates in card-number order (suit by suit,
    two to ace, then the jokers) and prints as card strings:

    >>> from trickcore import CardSet
    >>> hand = CardSet("QC 7D 10H AS")
    >>> hand
    CardSet('QC 7D TH AS')
    >>> len(hand), "7♦" in hand, hand.unicode()
    (4, True, 'Q♣ 7♦ 10♥ A♠')
    >>> hand & CardSet("AS KS"), hand - {"QC"}
    (CardSet('AS'), CardSet('7D TH AS'))
    >>> CardSet(int(hand)) == hand
    True
    """

    def __cinit__(self, cards=0):
        self.mask = to_mask(cards)

    @classmethod
    def from_mask(cls, mask):
        """The set whose mask is *mask* (bits 0 to 53)."""
        return cls(mask)

    def __int__(self):
        return self.mask

    def __index__(self):
        return self.mask

    def __len__(self):
        return tc_popcount64(self.mask) if self.mask else 0

    def __bool__(self):
        return self.mask != 0

    def __iter__(self):
        cdef mask_t m = self.mask
        while m:
            yield _ALL_CARDS[tc_lowest64(m)]
            m &= m - 1

    def __reversed__(self):
        cdef mask_t m = self.mask
        cdef int n
        while m:
            n = tc_highest64(m)
            yield _ALL_CARDS[n]
            m &= ~((<mask_t>1) << n)

    def __contains__(self, card):
        if isinstance(card, str):
            return (self.mask >> <int>parse_card(card)) & 1 == 1
        if type(card) is int or type(card) is Card:
            return 0 <= card < N_CARDS and (self.mask >> <int>card) & 1 == 1
        try:  # numpy ints; a Suit or an Announcement (int enums too) is no card
            number = card_number(card)
        except (ArgumentTypeError, InvalidCardError):
            return False
        return (self.mask >> <int>number) & 1 == 1

    def __eq__(self, other):
        if isinstance(other, CardSet):
            return self.mask == (<CardSet>other).mask
        if isinstance(other, int) and not isinstance(other, bool):
            return self.mask == other
        return NotImplemented

    def __ne__(self, other):
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self):
        return hash(self.mask)

    def __or__(self, other):
        return cardset_from_mask(self.mask | to_mask(other))

    def __ror__(self, other):
        return cardset_from_mask(self.mask | to_mask(other))

    def __and__(self, other):
        return cardset_from_mask(self.mask & to_mask(other))

    def __rand__(self, other):
        return cardset_from_mask(self.mask & to_mask(other))

    def __sub__(self, other):
        return cardset_from_mask(self.mask & ~to_mask(other))

    def __rsub__(self, other):
        return cardset_from_mask(to_mask(other) & ~self.mask)

    def __xor__(self, other):
        return cardset_from_mask(self.mask ^ to_mask(other))

    def __rxor__(self, other):
        return cardset_from_mask(self.mask ^ to_mask(other))

    def __invert__(self):
        return cardset_from_mask(TC_FULL_MASK & ~self.mask)

    def __le__(self, other):
        return self.mask & ~to_mask(other) == 0

    def __lt__(self, other):
        cdef mask_t m = to_mask(other)
        return self.mask & ~m == 0 and self.mask != m

    def __ge__(self, other):
        return to_mask(other) & ~self.mask == 0

    def __gt__(self, other):
        cdef mask_t m = to_mask(other)
        return m & ~self.mask == 0 and self.mask != m

    def union(self, *others):
        """The cards in this set or in any of *others*."""
        cdef mask_t m = self.mask
        for other in others:
            m |= to_mask(other)
        return cardset_from_mask(m)

    def intersection(self, *others):
        """The cards in this set and in every one of *others*."""
        cdef mask_t m = self.mask
        for other in others:
            m &= to_mask(other)
        return cardset_from_mask(m)

    def difference(self, *others):
        """The cards in this set and in none of *others*."""
        cdef mask_t m = self.mask
        for other in others:
            m &= ~to_mask(other)
        return cardset_from_mask(m)

    def symmetric_difference(self, other):
        """The cards in exactly one of the two sets."""
        return cardset_from_mask(self.mask ^ to_mask(other))

    def issubset(self, other):
        """True if every card of this set is in *other*."""
        return self.mask & ~to_mask(other) == 0

    def issuperset(self, other):
        """True if every card of *other* is in this set."""
        return to_mask(other) & ~self.mask == 0

    def isdisjoint(self, other):
        """True if the two sets share no card."""
        return self.mask & to_mask(other) == 0

    def with_card(self, card):
        """A new set with *card* added."""
        return cardset_from_mask(self.mask | ((<mask_t>1) << _card_number(card)))

    def without_card(self, card):
        """A new set with *card* removed (if it was there)."""
        return cardset_from_mask(self.mask & ~((<mask_t>1) << _card_number(card)))

    def min(self):
        """The lowest-numbered card; ``ValueError`` if the set is empty."""
        if not self.mask:
            raise ValueError("min() of an empty card set")
        return _ALL_CARDS[tc_lowest64(self.mask)]

    def max(self):
        """The highest-numbered card; ``ValueError`` if the set is empty."""
        if not self.mask:
            raise ValueError("max() of an empty card set")
        return _ALL_CARDS[tc_highest64(self.mask)]

    def tolist(self):
        """The cards as a list, in iteration order."""
        return list(self)

    def __str__(self):
        return " ".join([str(card) for card in self])

    def unicode(self):
        """The cards in Unicode spelling, separated by spaces."""
        return " ".join([card.unicode() for card in self])

    def __repr__(self):
        return f"CardSet({str(self)!r})"

    def _repr_svg_(self):
        """The cards as a picture, for Jupyter: see :func:`pytrick.svg.hand`."""
        from pytrick.svg import hand
        return hand(self)

    def __reduce__(self):
        return (CardSet, (self.mask,))


cdef double random_draw(object rng) except -1.0:
    """rng.random() in [0, 1), for the states' random_move; anything else raises through
    the shared checks (the reference backend's messages)."""
    draw = getattr(rng, "random", None)
    if draw is None or not callable(draw):
        return random_fraction(rng)  # raises, saying what rng may be
    value = draw()
    cdef double x
    if type(value) is float:
        x = value
        if 0.0 <= x < 1.0:
            return x
    return random_fraction_of(value)
