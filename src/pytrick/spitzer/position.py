"""A Spitzer deal as one line of text, FEN-like: rules, dealer, hands, announcements, plays.

Format: ``RULES/DEALER/HAND0/HAND1/HAND2/HAND3/ANNOUNCEMENTS/PLAYS``:

* ``RULES``: ``-`` for the defaults, else the letters of the options that are
  on, in this order: ``z`` zola_requires_both_queens, ``v``
  void_call="first_void_player", ``f`` first_trick_call="first_trick_won_by_other",
  ``l`` call_requires_lead, ``s`` schneider_announcement; then ``:TARGET`` if
  the target is not 42 (``-:84``, ``vl:60``).
* ``DEALER``: the dealing seat, 0 to 3.
* ``HAND0`` … ``HAND3``: the eight cards each seat was dealt, written without
  separators in ASCII (``QCQSAC…``).
* ``ANNOUNCEMENTS``: what each seat said, in order, as record tokens separated
  by commas (``pass,pass,ace_call_hearts``); empty before anyone spoke.
* ``PLAYS``: the cards played, in order, written like the hands; may be empty.

>>> from pytrick.spitzer import SpitzerDeal, SpitzerRules
>>> deal = SpitzerDeal.from_seed(2, rules=SpitzerRules(call_requires_lead=True))
>>> for _ in range(4):
...     deal.announce("pass")
>>> deal.play("JS")
>>> deal.position().split("/")
['l', '3', 'KC7D7H9HTHKH8SJS', '8DJDADJHQHAHQSAS', '7CJCQC9DTDQD9STS',
 '8C9CTCACKD8H7SKS', 'pass,pass,pass,pass', 'JS']
>>> SpitzerDeal.from_position(deal.position()) == deal
True
>>> SpitzerDeal.from_position("-/4/" + "/".join(["7C8C9CTCJCQCKCAC"] * 4) + "//")
Traceback (most recent call last):
...
pytrick.InvalidArgumentError: position: dealer: '4' is not a seat 0, 1, 2 or 3
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from pytrick._position_text import (
    LetterTable,
    at_field,
    cards_text,
    option_letters,
    options_of_letters,
    split_cards,
)
from pytrick.spitzer.announcement import Announcement
from pytrick.spitzer.rules import SpitzerRules
from trickcore.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    PytrickError,
    RulesError,
)

if TYPE_CHECKING:
    from pytrick.spitzer.deal import SpitzerDeal

__all__ = ["format_position", "parse_position"]

_D = TypeVar("_D", bound="SpitzerDeal")

#: The letter of each option that is on, in the order they are written.
_LETTERS: LetterTable = (
    ("z", "zola_requires_both_queens", True),
    ("v", "void_call", "first_void_player"),
    ("f", "first_trick_call", "first_trick_won_by_other"),
    ("l", "call_requires_lead", True),
    ("s", "schneider_announcement", True),
)
_FIELDS = "RULES/DEALER/HAND0/HAND1/HAND2/HAND3/ANNOUNCEMENTS/PLAYS"


def _rules_text(rules: SpitzerRules) -> str:
    target = "" if rules.target == SpitzerRules.target else f":{rules.target}"
    return option_letters(rules, _LETTERS) + target


def format_position(deal: SpitzerDeal) -> str:
    """The position string of *deal* (see the module)."""
    hands = "/".join(cards_text(deal.original_hand(seat)) for seat in range(4))
    said = ",".join(Announcement(code).token for _, code in deal.announcements)
    plays = cards_text(card for _, card in deal.plays)
    return f"{_rules_text(deal.rules)}/{deal.dealer}/{hands}/{said}/{plays}"


def _parse_rules(field: str) -> SpitzerRules:
    letters, colon, target = field.partition(":")
    options = options_of_letters(letters, _LETTERS, field, "':TARGET' if the target is not 42")
    if colon:
        if not target.isdigit() or target.startswith("0"):
            raise InvalidArgumentError(
                f"position: rules: the target {target!r} is not a positive whole number"
            )
        options["target"] = int(target)
    try:
        return SpitzerRules(**options)
    except RulesError as error:
        raise InvalidArgumentError(f"position: rules: {error}") from None


def parse_position(cls: type[_D], text: str) -> _D:
    """The deal a position string describes, replayed move by move; a bad
    string raises an error naming the field (``position: hand 2: …``)."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a position is a str, not {type(text).__name__}")
    fields = text.strip().split("/")
    if len(fields) != 8:
        raise InvalidArgumentError(f"position: expected 8 fields {_FIELDS}, got {len(fields)}")
    rules = _parse_rules(fields[0])
    if fields[1] not in ("0", "1", "2", "3"):
        raise InvalidArgumentError(f"position: dealer: {fields[1]!r} is not a seat 0, 1, 2 or 3")
    hands = [split_cards(fields[2 + seat], f"hand {seat}") for seat in range(4)]
    try:
        deal = cls.from_hands(hands, int(fields[1]), rules)
    except PytrickError as error:
        raise at_field("hands", error) from None
    said = fields[6].split(",") if fields[6] else []
    for number, token in enumerate(said):
        try:
            deal.announce(Announcement.parse(token))
        except PytrickError as error:
            raise at_field(f"announcements[{number}]", error) from None
    for number, card in enumerate(split_cards(fields[7], "plays")):
        try:
            deal.play(card)
        except PytrickError as error:
            raise at_field(f"plays[{number}]", error) from None
    return deal

