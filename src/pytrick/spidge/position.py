"""A Spidge deal as one line of text: the rules, the deal as dealt, the cards played.

Format: ``RULES/DEALER/LEFT/DUMMY/RIGHT/OWN/PLAYS``, as Spitzer's
(:mod:`pytrick.spitzer.position`):

* ``RULES``: ``-`` for the defaults, else the letters of the options that
  differ from them, in this order: ``n`` no jokers (``jokers=False``: 2♦ and
  2♥ are dealt), ``w`` ``joker_suit="wild"``, ``b``
  ``spades_must_be_broken``, ``a`` ``grand_slam="all_tricks"``; then
  ``:TARGET`` if the target is not 3, or ``:TARGET,SLAM,SPIDGE`` if the
  tricks a slam or a spidge needs are not 13 and 10 (``-:5``, ``nb:3,12,9``).
* ``DEALER``: the dealing player, 0 to 2.
* ``LEFT`` … ``OWN``: the hands as dealt in play order from the dealer's
  left, the dummy second and the dealer's own hand last; cards are written
  without separators in ASCII (``"AC"``, ``"TD"``, ``"JK1"``).
* ``PLAYS``: the cards played, in order, written like the hands; may be empty.

>>> from pytrick.spidge import SpidgeDeal, SpidgeRules
>>> deal = SpidgeDeal.from_seed(7, rules=SpidgeRules(spades_must_be_broken=True))
>>> deal.play("AC")
>>> text = deal.position()
>>> text.split("/")[:2], text.split("/")[-1]
(['b', '1'], 'AC')
>>> SpidgeDeal.from_position(text) == deal
True

A string of the six fields without ``RULES`` (as positions were written
before the rules were added to them) is read under the *rules* given to
:meth:`~pytrick.spidge.SpidgeDeal.from_position`, the defaults if none.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, TypeVar

from pytrick._position_text import (
    LetterTable,
    at_field,
    cards_text,
    option_letters,
    options_of_letters,
    split_cards,
)
from pytrick.spidge.rules import SpidgeRules
from trickcore.card import Card
from trickcore.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
    RulesError,
)

if TYPE_CHECKING:
    from pytrick.spidge.deal import SpidgeDeal

__all__ = ["format_position", "parse_position"]

_D = TypeVar("_D", bound="SpidgeDeal")

#: The letter of each option that differs from its default, in the order written.
_LETTERS: LetterTable = (
    ("n", "jokers", False),
    ("w", "joker_suit", "wild"),
    ("b", "spades_must_be_broken", True),
    ("a", "grand_slam", "all_tricks"),
)
_FIELDS = "RULES/DEALER/LEFT/DUMMY/RIGHT/OWN/PLAYS"
_NUMBERS = re.compile(r"[1-9][0-9]*(,[1-9][0-9]*,[1-9][0-9]*)?")


def _rules_text(rules: SpidgeRules) -> str:
    default = SpidgeRules()
    numbers = ""
    if (rules.slam_tricks, rules.spidge_tricks) != (default.slam_tricks, default.spidge_tricks):
        numbers = f":{rules.target},{rules.slam_tricks},{rules.spidge_tricks}"
    elif rules.target != default.target:
        numbers = f":{rules.target}"
    return option_letters(rules, _LETTERS) + numbers


def format_position(deal: SpidgeDeal) -> str:
    """The position string of *deal* (see the module)."""
    hands = "/".join(cards_text(hand) for hand in deal.initial_hands)
    return f"{_rules_text(deal.rules)}/{deal.dealer}/{hands}/{cards_text(deal.history)}"


def _parse_rules(field: str) -> SpidgeRules:
    letters, colon, numbers = field.partition(":")
    options = options_of_letters(letters, _LETTERS, field,
                                 "':TARGET' or ':TARGET,SLAM,SPIDGE' if not 3, 13 and 10")
    if colon:
        if not _NUMBERS.fullmatch(numbers):
            raise InvalidArgumentError(
                f"position: rules: {numbers!r} is not TARGET or TARGET,SLAM,SPIDGE "
                "(positive whole numbers)"
            )
        values = [int(number) for number in numbers.split(",")]
        options["target"] = values[0]
        if len(values) == 3:
            options["slam_tricks"], options["spidge_tricks"] = values[1], values[2]
    try:
        return SpidgeRules(**options)
    except RulesError as error:
        raise InvalidArgumentError(f"position: rules: {error}") from None


def parse_position(cls: type[_D], text: str, rules: SpidgeRules | None = None) -> _D:
    """The deal a position string describes, replayed move by move; a bad
    string raises an error naming the field (``position: left: …``).
    *rules* are for a string without its ``RULES`` field; given with one,
    they must be the string's."""
    if not isinstance(text, str):
        raise ArgumentTypeError(f"a position is a str, not {type(text).__name__}")
    fields = text.strip().split("/")
    if len(fields) == 7:
        written = _parse_rules(fields[0])
        if rules is not None and rules != written:
            raise InvalidArgumentError(
                f"position: rules: the string is played under {written!r}, "
                f"not the rules given, {rules!r}"
            )
        rules, fields = written, fields[1:]
        old = False
    elif len(fields) == 6:
        old = True  # without RULES
    else:
        raise InvalidArgumentError(f"position: expected 7 fields {_FIELDS}, got {len(fields)}")
    if fields[0] not in ("0", "1", "2"):
        raise InvalidArgumentError(f"position: dealer: {fields[0]!r} is not a player 0, 1 or 2")
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
        if not old or "not in the Spidge pack" not in str(error):
            raise
        # A string without its rules: say how to give them.
        jokers = rules is None or rules.jokers
        hint = "SpidgeRules(jokers=False)" if jokers else "SpidgeRules(jokers=True)"
        raise InvalidCardError(
            f"position: {error}; this position holds no rule options: read it with rules={hint}"
        ) from None
    for number, card in enumerate(split_cards(fields[5], "plays")):
        try:
            deal.play(card)
        except PytrickError as error:
            raise at_field(f"plays[{number}]", error) from None
    return deal
