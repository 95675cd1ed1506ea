"""JSON records of Spidge deals and games.

A **deal record** (``"kind": "deal"``)::

    {"format": "pytrick", "version": 1, "game": "spidge", "kind": "deal",
     "rules": {"target": 3, "jokers": true, "joker_suit": "trump", ...},
     "dealer": 1,
     "hands": [["4C", "9C", ...], [...], [...]],
     "dummy": ["2C", ...],
     "plays": ["AC", "5C", ...],
     "result": {...}}

``hands`` are the three players' hands as dealt, by player (0, 1, 2);
``dummy`` is the dummy's.  Instead of ``hands`` and ``dummy`` a record may
give ``"pack"``: the 52 cards top first, dealt one at a time clockwise from
the dealer's left (RULES.md 2.4).  ``rules`` may omit options that have their
default.  ``plays`` are the cards in the order played (the dummy's included).
``result`` is written for a finished deal and, if present when loading, must
match the replay.

A **game record** (``"kind": "game"``) has ``rules``, ``seed`` (an integer, or
null for an unseeded game), ``first_dealer`` (the player fixed as first dealer
when the game was made, or null if drawn with the first deal) and ``deals``, a
list of deal bodies (``dealer``, ``hands`` and ``dummy`` or ``pack``,
``plays``), empty for a game not yet begun.  ``first_dealer``, if not null,
dealt the first deal; the deal passes as the rules say from deal to deal,
every deal but the last is finished, and no deal follows the one that decided
the game.  ``totals`` and ``winner``, if present, must match.  A seeded game
read back deals on from its seed as the original would (each recorded deal
takes the place of the seed's deal); a record without ``seed`` and
``first_dealer`` reads as null for both.  See docs/records.rst.

A deal body may also log its ``takebacks`` (``pytrick play``'s practice
mode): see docs/records.rst.  They are checked for shape, not replayed.

An **observation record** (``"kind": "observation"``) holds exactly the
fields of a :class:`SpidgeObservation`, named as they are: ``player``,
``seat`` (the :class:`Hand` number), ``dealer``, ``rules``, ``hand`` and
``dummy`` (cards), ``plays`` and ``current_trick`` (``[hand, card]`` pairs),
``trick_winners`` (hands), ``to_move`` (``{"player": P, "hand": H}``, or null
once the deal is over) and ``legal_moves`` (cards).  See docs/records.rst.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import trickcore
from pytrick import records
from pytrick.records import RecordReader, card_at, envelope
from pytrick.spidge.rules import SpidgeRules
from pytrick.spidge.table import Hand, Turn
from trickcore.errors import PytrickError, RecordError

if TYPE_CHECKING:
    from pytrick.spidge.deal import SpidgeDeal
    from pytrick.spidge.game import SpidgeGame
    from pytrick.spidge.observation import SpidgeObservation

__all__ = [
    "deal_body",
    "deal_record",
    "game_record",
    "observation_record",
    "read_deal_body",
    "read_deal_record",
    "read_game_record",
    "read_observation_record",
]

D = TypeVar("D", bound="SpidgeDeal")

#: The fields of a deal body, in a deal record or in a game record's ``deals``.
DEAL_FIELDS = ("dealer", "hands", "dummy", "pack", "plays", "result", "takebacks")
#: The fields of a game record after the envelope.
GAME_FIELDS = ("rules", "seed", "first_dealer", "deals", "totals", "winner")
G = TypeVar("G", bound="SpidgeGame")
Obs = TypeVar("Obs", bound="SpidgeObservation")
#: The fields of an observation record after the envelope: the observation's own.
OBSERVATION_FIELDS = (
    "player", "seat", "dealer", "rules", "hand", "dummy", "plays", "trick_winners",
    "current_trick", "to_move", "legal_moves",
)


def deal_body(deal: SpidgeDeal) -> dict[str, Any]:
    """The game-specific fields of a deal: dealer, hands, dummy, plays (and result)."""
    initial = deal.initial_hands
    body: dict[str, Any] = {
        "dealer": deal.dealer,
        "hands": [[str(c) for c in initial[deal.hand_of(p)]] for p in range(3)],
        "dummy": [str(c) for c in initial[1]],
        "plays": [str(card) for card in deal.history],
    }
    if deal.is_over:
        body["result"] = deal.result.to_json()
    return body


def deal_record(deal: SpidgeDeal) -> dict[str, Any]:
    """The full record of a deal (envelope, rules, body)."""
    record = envelope("spidge", "deal")
    record["rules"] = deal.rules.to_dict()
    record.update(deal_body(deal))
    return record


def read_rules(reader: RecordReader) -> SpidgeRules:
    return records.read_rules(reader, SpidgeRules.from_dict, SpidgeRules)


def read_deal_body(cls: type[D], reader: RecordReader, rules: SpidgeRules,
                   fields: tuple[str, ...] = DEAL_FIELDS) -> D:
    """Validate and replay the body of a deal read by *reader*, which may hold
    no field but *fields*."""
    reader.check_fields(fields)
    dealer = reader.int("dealer", 0, 2)
    has_hands = reader.has("hands") or reader.has("dummy")
    if has_hands == reader.has("pack"):
        raise reader.error("hands", "give either 'hands' and 'dummy', or 'pack'")
    try:
        if reader.has("pack"):
            deal = cls.from_pack(reader.cards("pack"), dealer, rules)
        else:
            items = reader.items("hands")
            if len(items) != 3:
                raise reader.error("hands", f"expected 3 hands (players 0, 1, 2), got {len(items)}")
            hands = [records.distinct_cards(path, value, 13) for path, value in items]
            dummy = records.distinct_cards(reader.where("dummy"), reader.raw("dummy"), 13)
            deal = cls(hands, dummy, dealer, rules)
    except RecordError:
        raise
    except PytrickError as error:
        raise reader.error("pack" if reader.has("pack") else "hands", str(error)) from None
    records.replay_moves(reader, "plays", card_at, deal.play)
    records.check_replayed_result(reader, deal)
    records.read_takebacks(reader, card_at)
    return deal


def read_deal_record(cls: type[D], data: Mapping[str, Any]) -> D:
    """Validate and replay a whole deal record."""
    reader = records.read_body(data, "spidge", "deal")
    fields = (*records.ENVELOPE_FIELDS, "rules", *DEAL_FIELDS)
    return read_deal_body(cls, reader, read_rules(reader), fields)


def game_record(game: SpidgeGame) -> dict[str, Any]:
    """The full record of a game."""
    return records.game_record("spidge", game, deal_body)


def read_game_record(cls: type[G], data: Mapping[str, Any]) -> G:
    """Validate and replay a whole game record."""
    from pytrick.spidge.deal import SpidgeDeal

    reader = records.read_body(data, "spidge", "game")
    reader.raw("deals")  # a deal record labelled "game" is told so first
    reader.check_fields((*records.ENVELOPE_FIELDS, *GAME_FIELDS))
    rules = read_rules(reader)
    return records.read_game(
        reader,
        lambda seed, dealer: cls(rules, seed=seed, first_dealer=dealer),
        lambda body: read_deal_body(SpidgeDeal, body, rules),
        3, "player", "passes clockwise",
    )


def observation_record(observation: SpidgeObservation) -> dict[str, Any]:
    """The record of what one player may know: its fields, as JSON."""
    to_move = observation.to_move
    record = envelope("spidge", "observation")
    record.update(
        player=int(observation.player),
        seat=int(observation.seat),
        dealer=int(observation.dealer),
        rules=observation.rules.to_dict(),
        hand=[str(card) for card in observation.hand],
        dummy=[str(card) for card in observation.dummy],
        plays=[[int(hand), str(card)] for hand, card in observation.plays],
        trick_winners=[int(hand) for hand in observation.trick_winners],
        current_trick=[[int(hand), str(card)] for hand, card in observation.current_trick],
        to_move=None if to_move is None else {"player": int(to_move.player), "hand": int(to_move.hand)},
        legal_moves=[str(card) for card in observation.legal_moves],
    )
    return record


def read_observation_record(cls: type[Obs], data: Mapping[str, Any]) -> Obs:
    """Validate an observation record field by field, then refuse it unless
    some deal gives that player exactly this observation."""
    reader = records.read_body(data, "spidge", "observation")
    reader.check_fields((*records.ENVELOPE_FIELDS, *OBSERVATION_FIELDS))
    player = reader.int("player", 0, 2)
    seat = Hand(reader.int("seat", 0, 3))
    dealer = reader.int("dealer", 0, 2)
    rules = read_rules(reader)
    pack = trickcore.CardSet(trickcore.spidge.pack(rules.jokers)).mask
    in_pack = "this Spidge pack" if rules.jokers else "this Spidge pack (the rules have no jokers)"

    def cards(name: str, shown: dict[trickcore.Card, str] | None = None) -> trickcore.CardSet:
        return trickcore.CardSet(records.pack_cards(reader.where(name), reader.raw(name), pack, in_pack, shown))

    def hand_cards(name: str, shown: dict[trickcore.Card, str] | None = None) -> tuple[tuple[Hand, trickcore.Card], ...]:
        pairs = records.seat_cards(reader.where(name), reader.raw(name), 3, pack, in_pack, shown)
        return tuple((Hand(hand), card) for hand, card in pairs)

    shown: dict[trickcore.Card, str] = {}  # a card is in the hand, the dummy or played, once
    observation = cls(
        player=player,
        seat=seat,
        dealer=dealer,
        rules=rules,
        hand=cards("hand", shown),
        dummy=cards("dummy", shown),
        plays=hand_cards("plays", shown),
        trick_winners=tuple(Hand(hand) for hand in reader.ints("trick_winners", 0, 3)),
        current_trick=hand_cards("current_trick"),
        to_move=_turn(reader),
        legal_moves=cards("legal_moves"),
    )
    return records.check_observation(
        reader, observation, lambda deal: deal.observation(player), "hand, dummy and plays"
    )


def _turn(reader: RecordReader) -> Turn | None:
    """The ``to_move`` field: null, or ``{"player": P, "hand": H}``."""
    if reader.raw("to_move") is None:
        return None
    turn = reader.object("to_move")
    turn.check_fields(("player", "hand"))
    return Turn(turn.int("player", 0, 2), Hand(turn.int("hand", 0, 3)))
