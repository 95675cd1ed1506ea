"""What the position strings of both games share: cards written run together
(``QCJSJK1``), and errors that name the field of the string they come from."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from trickcore.card import Card, parse_card
from trickcore.errors import IllegalMoveError, InvalidArgumentError, InvalidCardError, PytrickError

__all__ = ["at_field", "cards_text", "option_letters", "options_of_letters", "split_cards"]

#: How a position writes its rule options: (letter, option name, the value
#: the letter stands for) for each option that is off by default.
LetterTable = tuple[tuple[str, str, Any], ...]


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


def option_letters(rules: object, table: LetterTable) -> str:
    """The letters of *rules*' options that differ from the defaults, ``-`` if none."""
    return "".join(letter for letter, name, on in table if getattr(rules, name) == on) or "-"


def options_of_letters(letters: str, table: LetterTable, field: str, numbers: str) -> dict[str, Any]:
    """The options that the letters of a position's ``RULES`` field turn on;
    anything but ``-`` or known letters once each is an
    :class:`InvalidArgumentError` quoting the whole *field* and saying what
    *numbers* may follow."""
    if letters == "-":
        return {}
    known = "".join(letter for letter, _, _ in table)
    if not letters or any(letter not in known for letter in letters) or len(set(letters)) != len(letters):
        raise InvalidArgumentError(
            f"position: rules: {field!r}: write '-' or the option letters {known} "
            f"once each, then {numbers}"
        )
    return {name: on for letter, name, on in table if letter in letters}
