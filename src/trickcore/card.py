"""Card identity shared by every game and both backends.

A card is an int from 0 to 53: ``suit * 13 + rank`` for the 52 cards of a
standard pack (suits clubs, diamonds, hearts, spades; ranks two to ace), then
52 and 53 for the two jokers.  Bit ``n`` of a card-set mask is card ``n``.
This module has no rules in it, so both backends share it.
"""

from __future__ import annotations

import enum
import re
from typing import Final

from trickcore.errors import InvalidCardError

__all__ = [
    "JOKER_1",
    "JOKER_2",
    "N_CARDS",
    "Card",
    "Rank",
    "Suit",
    "parse_card",
]

N_CARDS: Final = 54


class Suit(enum.IntEnum):
    """The four suits, in bridge order. A joker has no printed suit."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The Unicode symbol: ``Suit.HEARTS.symbol == '♥'``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The ASCII letter: ``Suit.HEARTS.letter == 'H'``."""
        return _SUIT_LETTERS[self]


class Rank(enum.IntEnum):
    """The thirteen ranks, two (0) to ace (12), in their natural order.

    Games rank cards their own way (a Spitzer ten beats a king); this is only
    the printed rank.
    """

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def letter(self) -> str:
        """The ASCII rank character: ``'T'`` for the ten, ``'A'`` for the ace."""
        return _RANK_LETTERS[self]


_SUIT_SYMBOLS: Final = "♣♦♥♠"
_SUIT_LETTERS: Final = "CDHS"
_RANK_LETTERS: Final = "23456789TJQKA"
_RANK_UNICODE: Final = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")

_SUIT_BY_TEXT: Final = {
    **{letter: Suit(i) for i, letter in enumerate(_SUIT_LETTERS)},
    **{symbol: Suit(i) for i, symbol in enumerate(_SUIT_SYMBOLS)},
    # Outline symbols, as some fonts and keyboards produce them.
    **{symbol: Suit(i) for i, symbol in enumerate("♧♢♡♤")},
}
_RANK_BY_TEXT: Final = {
    **{letter: Rank(i) for i, letter in enumerate(_RANK_LETTERS)},
    "10": Rank.TEN,
}
_JOKER_SPELLINGS: Final = {"JK": 0, "JOKER": 0, "X": 0, "🃏": 0}


class Card(int):
    """One playing card: an ``int`` from 0 to 53, immutable and hashable.

    ``Card`` accepts a card number or any spelling :func:`parse_card` knows,
    and always returns the one shared instance for that card:

    >>> from trickcore.card import Card
    >>> q = Card("Q♣")
    >>> q, int(q), str(q), q.unicode()
    (Card('QC'), 10, 'QC', 'Q♣')
    >>> Card("10h") is Card("TH") is Card(34)
    True
    >>> Card("JK1").is_joker, Card("JK1").suit
    (True, None)

    Cards order by their number (suit, then rank); games order them by
    strength through their own tables.
    """

    __slots__ = ()

    def __new__(cls, value: int | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        if isinstance(value, Card):
            return value
        if type(value) is int and 0 <= value < N_CARDS:
            return ALL_CARDS[value]
        # numpy integers, and the errors for everything else (shared by both backends).
        from trickcore._arguments import card_number

        return ALL_CARDS[card_number(value)]

    @property
    def is_joker(self) -> bool:
        """True for the two jokers (52 and 53)."""
        return int(self) >= 52

    @property
    def suit(self) -> Suit | None:
        """The printed suit, or ``None`` for a joker."""
        return None if self.is_joker else Suit(int(self) // 13)

    @property
    def rank(self) -> Rank | None:
        """The printed rank, or ``None`` for a joker."""
        return None if self.is_joker else Rank(int(self) % 13)

    def __str__(self) -> str:
        """The ASCII spelling: rank then suit letter (``'TH'``), ``'JK1'``/``'JK2'``."""
        if self.is_joker:
            return f"JK{int(self) - 51}"
        return _RANK_LETTERS[int(self) % 13] + _SUIT_LETTERS[int(self) // 13]

    def unicode(self) -> str:
        """The Unicode spelling: ``'10♥'``, ``'Q♣'``, ``'🃏1'``."""
        if self.is_joker:
            return f"🃏{int(self) - 51}"
        return _RANK_UNICODE[int(self) % 13] + _SUIT_SYMBOLS[int(self) // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def _repr_svg_(self) -> str:
        """The card as a picture, for Jupyter: see :func:`pytrick.svg.card`."""
        from pytrick.svg import card

        return card(self)

    def __format__(self, spec: str) -> str:
        # f"{card}" reads as the card; f"{card:d}" is still its number.
        if spec == "":
            return str(self)
        if spec == "u":
            return self.unicode()
        return int.__format__(int(self), spec)

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (int(self),))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


ALL_CARDS: Final[tuple[Card, ...]] = tuple(int.__new__(Card, i) for i in range(N_CARDS))
JOKER_1: Final = ALL_CARDS[52]
JOKER_2: Final = ALL_CARDS[53]


def parse_card(text: str) -> Card:
    """Read one card from text.

    Accepted, case-insensitively and ignoring surrounding spaces: rank then
    suit or suit then rank; ranks ``2``–``9``, ``10`` or ``T``, ``J``, ``Q``,
    ``K``, ``A``; suits ``C D H S`` or ``♣ ♦ ♥ ♠`` (outline ``♧ ♢ ♡ ♤`` too);
    jokers ``JK1``/``JK2``, ``Joker1``/``Joker 2``, ``X1``/``X2``, ``🃏1``/``🃏2``.

    >>> from trickcore.card import parse_card
    >>> parse_card("Qc"), parse_card("♣5"), parse_card("10H"), parse_card("joker 2")
    (Card('QC'), Card('5C'), Card('TH'), Card('JK2'))
    >>> parse_card("1H")
    Traceback (most recent call last):
    ...
    pytrick.InvalidCardError: invalid card text '1H': unknown rank '1' (ranks are 2-9,
        10 or T, J, Q, K, A)
    """
    if not isinstance(text, str):
        raise TypeError(f"card text must be a str, not {type(text).__name__}")
    try:
        return _parse_one(text)
    except InvalidCardError as error:
        # Say "two cards" or "unexpected text" rather than "unknown rank 'QCQ'".
        problem = _extra_text(text)
        if problem is None:
            raise
        raise InvalidCardError(f"invalid card text {text!r}: {problem}") from error


def _parse_one(text: str) -> Card:
    raw = text.strip()
    upper = raw.upper().replace(" ", "")
    if not upper:
        raise InvalidCardError(f"invalid card text {text!r}: it is empty")
    for prefix in _JOKER_SPELLINGS:
        if upper.startswith(prefix) and upper[len(prefix):] in ("1", "2") and prefix != upper:
            return ALL_CARDS[51 + int(upper[len(prefix):])]
    if upper in _JOKER_SPELLINGS or any(
        upper.startswith(prefix) and upper[len(prefix):].isdecimal() for prefix in _JOKER_SPELLINGS
    ):
        raise InvalidCardError(
            f"invalid card text {text!r}: say which joker, JK1 or JK2 (the two are distinct cards)"
        )
    if upper[0] in _SUIT_BY_TEXT:
        suit_text, rank_text = upper[0], upper[1:]
    elif upper[-1] in _SUIT_BY_TEXT:
        rank_text, suit_text = upper[:-1], upper[-1]
    else:
        raise InvalidCardError(
            f"invalid card text {text!r}: no suit (suits are C D H S or ♣ ♦ ♥ ♠)"
        )
    if not rank_text:
        raise InvalidCardError(
            f"invalid card text {text!r}: no rank (ranks are 2-9, 10 or T, J, Q, K, A)"
        )
    rank = _RANK_BY_TEXT.get(rank_text)
    if rank is None:
        raise InvalidCardError(
            f"invalid card text {text!r}: unknown rank {rank_text!r} "
            "(ranks are 2-9, 10 or T, J, Q, K, A)"
        )
    return ALL_CARDS[_SUIT_BY_TEXT[suit_text] * 13 + rank]


def _parses(text: str) -> bool:
    try:
        _parse_one(text)
    except InvalidCardError:
        return False
    return True


def _extra_text(text: str) -> str | None:
    """What is wrong with unparsable *text* that starts with a card: several
    cards, or a card followed by other text (None if it does not start with one)."""
    words = [w for w in re.split(r"[\s,;]+", text.strip()) if w]
    if len(words) > 1 and all(_parses(w) for w in words):
        return (
            f"{len(words)} cards ({', '.join(words)}); give one card here "
            "(CardSet reads several)"
        )
    squeezed = "".join(text.split())
    for end in range(len(squeezed) - 1, 1, -1):
        head, rest = squeezed[:end], squeezed[end:]
        if _parses(head):
            if _parses(rest):
                return (
                    f"two cards ({head} and {rest}) run together; give one card here "
                    "(CardSet reads several, separated by spaces or commas)"
                )
            return f"{head!r} is a card, but unexpected text {rest!r} follows it"
    return None
