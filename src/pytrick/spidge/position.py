"""A Spidge deal as one line of text: the deal as dealt plus the cards played.

Format: ``DEALER/LEFT/DUMMY/RIGHT/OWN/PLAYS`` where ``DEALER`` is the dealing
player (0–2), the next four fields are the hands as dealt in play order from
the dealer's left (the dealer's own hand last), and ``PLAYS`` the cards played
in order; cards are written without separators in ASCII (``"AC"``, ``"TD"``,
``"JK1"``).  Rule options are not part of the position.

>>> from pytrick.spidge import SpidgeDeal
>>> deal = SpidgeDeal.from_seed(7)
>>> deal.play("AC")
>>> text = deal.position()
>>> text.split("/")[0], text.split("/")[-1]
('1', 'AC')
>>> SpidgeDeal.from_position(text) == deal
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, TypeVar

from trickcore.card import Card, parse_card
from trickcore.errors import IllegalMoveError, InvalidCardError, PytrickError

if TYPE_CHECKING:
    from pytrick.spidge.deal import SpidgeDeal
    from pytrick.spidge.rules import SpidgeRules

__all__ = ["format_position", "parse_position"]

_D = TypeVar("_D", bound="SpidgeDeal")


def _cards_text(cards: Iterable[Card]) -> str:
    return "".join(str(card) for card in cards)


def format_position(deal: SpidgeDeal) -> str:
    """The position string of *deal*."""
    hands = "/".join(_cards_text(hand) for hand in deal.initial_hands)
    return f"{deal.dealer}/{hands}/{_cards_text(deal.history)}"


def _split_cards(field: str, name: str) -> list[Card]:
    cards = []
    i = 0
    while i < len(field):
        width = 3 if field[i : i + 2].upper() == "JK" else 2
        try:
            cards.append(parse_card(field[i : i + width]))
        except InvalidCardError as error:
            raise InvalidCardError(f"position: {name}: {error}") from None
        i += width
    return cards


def parse_position(cls: type[_D], text: str, rules: SpidgeRules | None = None) -> _D:
    """The deal a position string describes, replayed under *rules*."""
    if not isinstance(text, str):
        raise TypeError(f"a position is a str, not {type(text).__name__}")
    fields = text.strip().split("/")
    if len(fields) != 6:
        raise InvalidCardError(
            f"position: expected 6 fields DEALER/LEFT/DUMMY/RIGHT/OWN/PLAYS, got {len(fields)}"
        )
    if fields[0] not in ("0", "1", "2"):
        raise InvalidCardError(f"position: the dealer must be 0, 1 or 2, not {fields[0]!r}")
    dealer = int(fields[0])
    left, dummy, right, own = (
        _split_cards(fields[i + 1], name)
        for i, name in enumerate(("left", "dummy", "right", "dealer"))
    )
    hands: list[list[Card]] = [[], [], []]
    hands[(dealer + 1) % 3], hands[(dealer + 2) % 3], hands[dealer] = left, right, own
    deal = cls(hands, dummy, dealer, rules)
    for number, card in enumerate(_split_cards(fields[5], "plays")):
        try:
            deal.play(card)
        except IllegalMoveError as error:
            raise IllegalMoveError(
                f"position: plays[{number}]: {error.message}", error.reason, error.rule
            ) from None
        except PytrickError as error:
            raise type(error)(f"position: plays[{number}]: {error}") from None
    return deal
