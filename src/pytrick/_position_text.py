"""What the position strings of both games share: cards written run together
(``QCJSJK1``), and errors that name the field of the string they come from."""

from __future__ import annotations

from collections.abc import Iterable

from trickcore.card import Card, parse_card
from trickcore.errors import IllegalMoveError, InvalidCardError, PytrickError

__all__ = ["at_field", "cards_text", "split_cards"]


def cards_text(cards: Iterable[Card]) -> str:
    """The cards' ASCII names run together: ``'QCJSJK1'``."""
    return "".join(str(card) for card in cards)


def split_cards(field: str, name: str) -> list[Card]:
    """The cards of a run-together field (two characters a card, three for a
    joker); a bad card raises :class:`InvalidCardError` naming *name*."""
    cards = []
    i = 0
    while i < len(field):
        width = 3 if field[i : i + 2].upper() == "JK" else 2
        if i + width > len(field):
            raise InvalidCardError(
                f"position: {name}: {field!r} has an odd length: a card is two characters"
            )
        try:
            cards.append(parse_card(field[i : i + width]))
        except InvalidCardError as error:
            raise InvalidCardError(f"position: {name}: {error}") from None
        i += width
    return cards


def at_field(field: str, error: PytrickError) -> PytrickError:
    """The same error, its message naming the position's *field* (an illegal
    move keeps its reason and rule)."""
    if isinstance(error, IllegalMoveError):
        return IllegalMoveError(f"position: {field}: {error.message}", error.reason, error.rule)
    return type(error)(f"position: {field}: {error}")
