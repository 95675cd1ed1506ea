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

from typing import TYPE_CHECKING, TypeVar

from pytrick._position_text import at_field, cards_text, split_cards
from trickcore.card import Card
from trickcore.errors import ArgumentTypeError, InvalidCardError, PytrickError

if TYPE_CHECKING:
    from pytrick.spidge.deal import SpidgeDeal
    from pytrick.spidge.rules import SpidgeRules

__all__ = ["format_position", "parse_position"]

_D = TypeVar("_D", bound="SpidgeDeal")


def format_position(deal: SpidgeDeal) -> str:
    """The position string of *deal*."""
    hands = "/".join(cards_text(hand) for hand in deal.initial_hands)
    return f"{deal.dealer}/{hands}/{cards_text(deal.history)}"


def parse_position(cls: type[_D], text: str, rules: SpidgeRules | None = None) -> _D:
    """The deal a position string describes, replayed under *rules*."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a position is a str, not {type(text).__name__}")
    fields = text.strip().split("/")
    if len(fields) != 6:
        raise InvalidCardError(
            f"position: expected 6 fields DEALER/LEFT/DUMMY/RIGHT/OWN/PLAYS, got {len(fields)}"
        )
    if fields[0] not in ("0", "1", "2"):
        raise InvalidCardError(f"position: the dealer must be 0, 1 or 2, not {fields[0]!r}")
    dealer = int(fields[0])
    left, dummy, right, own = (
        split_cards(fields[i + 1], name)
        for i, name in enumerate(("left", "dummy", "right", "dealer"))
    )
    hands: list[list[Card]] = [[], [], []]
    hands[(dealer + 1) % 3], hands[(dealer + 2) % 3], hands[dealer] = left, right, own
    try:
        deal = cls(hands, dummy, dealer, rules)
    except InvalidCardError as error:
        if "not in the Spidge pack" not in str(error):
            raise
        # The rule options are not in the string: say how to give them.
        jokers = rules is None or rules.jokers
        hint = "SpidgeRules(jokers=False)" if jokers else "SpidgeRules(jokers=True)"
        raise InvalidCardError(
            f"position: {error}; a position holds no rule options: read it with rules={hint}"
        ) from None
    for number, card in enumerate(split_cards(fields[5], "plays")):
        try:
            deal.play(card)
        except PytrickError as error:
            raise at_field(f"plays[{number}]", error) from None
    return deal
