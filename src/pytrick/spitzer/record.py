"""JSON records of Spitzer deals and games.

A **deal record** (``"kind": "deal"``)::

    {"format": "pytrick", "version": 1, "game": "spitzer", "kind": "deal",
     "rules": {"target": 42, "zola_requires_both_queens": false, ...},
     "dealer": 1,
     "hands": [["8C", "JC", ...], [...], [...], [...]],
     "announcements": ["pass", "pass", "ace_call_hearts"],
     "plays": ["AH", "9C", ...],
     "result": {...}}

``hands`` are the four hands as dealt, by seat.  Instead of ``hands`` a record
may give ``"pack"``: the 32 cards top first, dealt 3-2-3 by the dealer
(RULES.md 1.3).  ``rules`` may omit options that have their default.
``announcements`` are tokens of :class:`Announcement` (``"pass"``,
``"zola"``, ``"ace_call_hearts"``...) in speaking order from the dealer's
left; ``plays`` are the cards in the order played.  ``result`` is written for a
finished deal and, if present when loading, must match the replay.

A **game record** (``"kind": "game"``) has ``rules`` and ``deals``, a list of
deal bodies (``dealer``, ``hands`` or ``pack``, ``announcements``, ``plays``);
the dealer passes to the left from deal to deal, every deal but the last is
finished, and no deal follows the one that decided the game.  ``totals`` and
``winner``, if present, must match.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import trickcore
from pytrick.records import RecordReader, card_at, check_envelope, envelope
from pytrick.spitzer.announcement import Announcement
from pytrick.spitzer.rules import SpitzerRules
from trickcore.errors import PytrickError, RecordError, RulesError

if TYPE_CHECKING:
    from pytrick.spitzer.deal import SpitzerDeal
    from pytrick.spitzer.game import SpitzerGame

__all__ = [
    "deal_body",
    "deal_record",
    "game_record",
    "read_deal_body",
    "read_deal_record",
    "read_game_record",
]

D = TypeVar("D", bound="SpitzerDeal")
G = TypeVar("G", bound="SpitzerGame")


def deal_body(deal: SpitzerDeal) -> dict[str, Any]:
    """The game-specific fields of a deal: dealer, hands, announcements, plays."""
    body: dict[str, Any] = {
        "dealer": deal.dealer,
        "hands": [[str(card) for card in deal.original_hand(seat)] for seat in range(4)],
        "announcements": [Announcement(code).token for _, code in deal.announcements()],
        "plays": [str(card) for _, card in deal.plays()],
    }
    if deal.is_over:
        body["result"] = deal.result.to_json()
    return body


def deal_record(deal: SpitzerDeal, rules: SpitzerRules | None = None) -> dict[str, Any]:
    """The full record of a deal (envelope, rules, body)."""
    record = envelope("spitzer", "deal")
    record["rules"] = (rules or deal.rules).to_dict()
    record.update(deal_body(deal))
    return record


def read_rules(reader: RecordReader) -> SpitzerRules:
    if not reader.has("rules"):
        return SpitzerRules()
    rules = reader.object("rules")
    try:
        return SpitzerRules.from_dict(rules.data)
    except RulesError as error:
        # RulesError messages start with the option's name.
        raise RecordError(f"{rules.path}.{error}") from None


def read_deal_body(cls: type[D], reader: RecordReader, rules: SpitzerRules) -> D:
    """Validate and replay the body of a deal read by *reader*."""
    dealer = reader.int("dealer", 0, 3)
    if reader.has("hands") == reader.has("pack"):
        raise reader.error("hands", "give exactly one of 'hands' and 'pack'")
    try:
        if reader.has("pack"):
            deal = cls.from_pack(reader.cards("pack"), dealer, rules)
        else:
            items = reader.items("hands")
            if len(items) != 4:
                raise reader.error("hands", f"expected 4 hands, got {len(items)}")
            hands = []
            for path, value in items:
                if not isinstance(value, list):
                    raise RecordError(f"{path}: expected a list of 8 cards")
                hands.append([card_at(f"{path}[{i}]", text) for i, text in enumerate(value)])
            deal = cls.from_hands(hands, dealer, rules)
    except RecordError:
        raise
    except PytrickError as error:
        raise reader.error("pack" if reader.has("pack") else "hands", str(error)) from None
    for path, value in reader.items("announcements") if reader.has("announcements") else []:
        if not isinstance(value, str):
            raise RecordError(
                f"{path}: expected an announcement token such as 'pass', got {value!r}"
            )
        try:
            deal.announce(value)
        except PytrickError as error:
            raise RecordError(f"{path}: {value!r} is illegal: {error}") from None
    for path, value in reader.items("plays") if reader.has("plays") else []:
        card = card_at(path, value)
        try:
            deal.play(card)
        except PytrickError as error:
            raise RecordError(f"{path}: {value!r} is illegal: {error}") from None
    if reader.has("result"):
        recorded = reader.raw("result")
        if not deal.is_over:
            raise reader.error("result", "the deal is not finished, so it has no result")
        replayed = deal.result.to_json()
        if recorded != replayed:
            raise reader.error(
                "result", f"does not match the replay: recorded {recorded}, replayed {replayed}"
            )
    return deal


def read_deal_record(cls: type[D], data: Mapping[str, Any]) -> D:
    """Validate and replay a whole deal record."""
    game, kind = check_envelope(data)
    reader = RecordReader(data)
    if (game, kind) != ("spitzer", "deal"):
        raise reader.error("kind", f"expected a Spitzer deal record, got {game} {kind}")
    return read_deal_body(cls, reader, read_rules(reader))


def game_record(game: SpitzerGame) -> dict[str, Any]:
    record = envelope("spitzer", "game")
    record["rules"] = game.rules.to_dict()
    record["deals"] = [deal_body(deal) for deal in game.deals]
    record["totals"] = list(game.totals)
    record["winner"] = game.winner
    return record


def read_game_record(cls: type[G], data: Mapping[str, Any]) -> G:
    """Validate and replay a whole game record."""
    from pytrick.spitzer.deal import SpitzerDeal

    kind = check_envelope(data)
    reader = RecordReader(data)
    if kind != ("spitzer", "game"):
        raise reader.error("kind", f"expected a Spitzer game record, got {kind[0]} {kind[1]}")
    rules = read_rules(reader)
    items = reader.items("deals")
    game: G | None = None
    for path, value in items:
        body = RecordReader(value, path)
        if game is not None:
            if game.current is None and game.deals:
                game.finish_deal()
            if game.is_over:
                raise RecordError(f"{path}: the game is over: seat {game.winner} has won")
            expected = game.next_dealer()
            if body.int("dealer", 0, 3) != expected:
                raise body.error(
                    "dealer",
                    f"expected seat {expected} (the deal passes to the left), got {body.raw('dealer')}",
                )
        deal = read_deal_body(SpitzerDeal, body, rules)
        if game is None:
            game = cls(rules, first_dealer=deal.dealer)
        try:
            game.add_deal(deal)
        except PytrickError as error:
            raise RecordError(f"{path}: {error}") from None
    if game is None:
        raise reader.error("deals", "a game record needs at least one deal")
    if reader.has("totals") and reader.raw("totals") != list(game.totals):
        raise reader.error(
            "totals", f"recorded {reader.raw('totals')}, replayed {list(game.totals)}"
        )
    if reader.has("winner") and reader.raw("winner") != game.winner:
        raise reader.error("winner", f"recorded {reader.raw('winner')!r}, replayed {game.winner!r}")
    return game


assert trickcore.spitzer.N_ANNOUNCEMENTS == len(Announcement)
