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

A **game record** (``"kind": "game"``) has ``rules``, ``seed`` (an integer, or
null for an unseeded game), ``first_dealer`` (the seat fixed as first dealer
when the game was made, or null if drawn with the first deal) and ``deals``, a
list of deal bodies (``dealer``, ``hands`` or ``pack``, ``announcements``,
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
fields of a :class:`SpitzerObservation`, named as they are: ``seat``,
``dealer``, ``rules``, ``hand`` (cards), ``announcements`` (``[seat,
token]`` pairs), ``plays`` (``[seat, card]`` pairs), ``trick_winners``,
``trick_points``, ``revealed`` (seats, ascending), ``to_move`` (-1 once the
deal is over), ``legal_moves`` (cards) and ``legal_announcements`` (tokens).
See docs/records.rst.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

import trickcore
from pytrick import records
from pytrick.records import RecordReader, card_at, envelope
from pytrick.spitzer.announcement import Announcement
from pytrick.spitzer.rules import SpitzerRules
from trickcore.errors import IllegalMoveError, PytrickError, RecordError

if TYPE_CHECKING:
    from pytrick.spitzer.deal import SpitzerDeal
    from pytrick.spitzer.game import SpitzerGame
    from pytrick.spitzer.observation import SpitzerObservation

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

D = TypeVar("D", bound="SpitzerDeal")

#: The fields of a deal body, in a deal record or in a game record's ``deals``.
DEAL_FIELDS = ("dealer", "hands", "pack", "announcements", "plays", "result", "takebacks")
#: The fields of a game record after the envelope.
GAME_FIELDS = ("rules", "seed", "first_dealer", "deals", "totals", "winner")
G = TypeVar("G", bound="SpitzerGame")
Obs = TypeVar("Obs", bound="SpitzerObservation")
#: The fields of an observation record after the envelope: the observation's own.
OBSERVATION_FIELDS = (
    "seat", "dealer", "rules", "hand", "announcements", "plays", "trick_winners",
    "trick_points", "revealed", "to_move", "legal_moves", "legal_announcements",
)
_PACK = trickcore.CardSet(trickcore.spitzer.PACK).mask
_IN_PACK = "the Spitzer pack"


def deal_body(deal: SpitzerDeal) -> dict[str, Any]:
    """The game-specific fields of a deal: dealer, hands, announcements, plays."""
    body: dict[str, Any] = {
        "dealer": deal.dealer,
        "hands": [[str(card) for card in deal.original_hand(seat)] for seat in range(4)],
        "announcements": [Announcement(code).token for _, code in deal.announcements],
        "plays": [str(card) for _, card in deal.plays],
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
    return records.read_rules(reader, SpitzerRules.from_dict, SpitzerRules)


def read_deal_body(cls: type[D], reader: RecordReader, rules: SpitzerRules,
                   fields: tuple[str, ...] = DEAL_FIELDS) -> D:
    """Validate and replay the body of a deal read by *reader*, which may hold
    no field but *fields*."""
    reader.check_fields(fields)
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
            hands = [records.distinct_cards(path, value, 8) for path, value in items]
            deal = cls.from_hands(hands, dealer, rules)
    except RecordError:
        raise
    except PytrickError as error:
        raise reader.error("pack" if reader.has("pack") else "hands", str(error)) from None
    records.replay_moves(reader, "announcements", _announcement_token, deal.announce)
    records.replay_moves(reader, "plays", card_at, deal.play)
    records.check_replayed_result(reader, deal)
    records.read_takebacks(reader, _move_token)
    return deal


def read_deal_record(cls: type[D], data: Mapping[str, Any]) -> D:
    """Validate and replay a whole deal record."""
    reader = records.read_body(data, "spitzer", "deal")
    fields = (*records.ENVELOPE_FIELDS, "rules", *DEAL_FIELDS)
    return read_deal_body(cls, reader, read_rules(reader), fields)


def game_record(game: SpitzerGame) -> dict[str, Any]:
    """The full record of a game."""
    return records.game_record("spitzer", game, deal_body)


def read_game_record(cls: type[G], data: Mapping[str, Any]) -> G:
    """Validate and replay a whole game record."""
    from pytrick.spitzer.deal import SpitzerDeal

    reader = records.read_body(data, "spitzer", "game")
    reader.raw("deals")  # a deal record labelled "game" is told so first
    reader.check_fields((*records.ENVELOPE_FIELDS, *GAME_FIELDS))
    rules = read_rules(reader)
    return records.read_game(
        reader,
        lambda seed, dealer: cls(rules, seed=seed, first_dealer=dealer),
        lambda body: read_deal_body(SpitzerDeal, body, rules),
        4, "seat", "passes to the left",
    )


def observation_record(observation: SpitzerObservation) -> dict[str, Any]:
    """The record of what one seat may know: its fields, as JSON."""
    record = envelope("spitzer", "observation")
    record.update(
        seat=int(observation.seat),
        dealer=int(observation.dealer),
        rules=observation.rules.to_dict(),
        hand=[str(card) for card in observation.hand],
        announcements=[[int(seat), said.token] for seat, said in observation.announcements],
        plays=[[int(seat), str(card)] for seat, card in observation.plays],
        trick_winners=[int(seat) for seat in observation.trick_winners],
        trick_points=[int(points) for points in observation.trick_points],
        revealed=sorted(int(seat) for seat in observation.revealed),
        to_move=int(observation.to_move),
        legal_moves=[str(card) for card in observation.legal_moves],
        legal_announcements=[said.token for said in observation.legal_announcements],
    )
    return record


def read_observation_record(cls: type[Obs], data: Mapping[str, Any]) -> Obs:
    """Validate an observation record field by field, then refuse it unless
    some deal gives that seat exactly this observation."""
    reader = records.read_body(data, "spitzer", "observation")
    reader.check_fields((*records.ENVELOPE_FIELDS, *OBSERVATION_FIELDS))
    seat = reader.int("seat", 0, 3)
    dealer = reader.int("dealer", 0, 3)
    rules = read_rules(reader)
    shown: dict[trickcore.Card, str] = {}  # a card is in the hand or played, once
    hand = records.pack_cards(reader.where("hand"), reader.raw("hand"), _PACK, _IN_PACK, shown)
    announcements = [
        (_seat_at(f"{path}[0]", pair[0]), _announcement_at(f"{path}[1]", pair[1]))
        for path, pair in _pairs(reader, "announcements", "[seat, announcement]")
    ]
    plays = records.seat_cards(reader.where("plays"), reader.raw("plays"), 3, _PACK, _IN_PACK, shown)
    revealed = reader.ints("revealed", 0, 3)
    if len(set(revealed)) != len(revealed):
        raise reader.error("revealed", f"lists a seat twice: {records.quote(revealed)}")
    observation = cls(
        seat=seat,
        dealer=dealer,
        rules=rules,
        hand=trickcore.CardSet(hand),
        announcements=tuple(announcements),
        plays=tuple(plays),
        trick_winners=tuple(reader.ints("trick_winners", 0, 3)),
        trick_points=tuple(reader.ints("trick_points", 0, 120)),
        revealed=frozenset(revealed),
        to_move=reader.int("to_move", -1, 3),
        legal_moves=trickcore.CardSet(
            records.pack_cards(reader.where("legal_moves"), reader.raw("legal_moves"), _PACK, _IN_PACK)
        ),
        legal_announcements=tuple(
            _announcement_at(path, value) for path, value in reader.items("legal_announcements")
        ),
    )
    return records.check_observation(
        reader, observation, lambda deal: deal.observation(seat), "hand, announcements and plays"
    )


def _pairs(reader: RecordReader, name: str, shape: str) -> list[tuple[str, list[Any]]]:
    """The items of list field *name*, each a two-item list."""
    pairs = []
    for path, value in reader.items(name):
        if not isinstance(value, list) or len(value) != 2:
            raise records.record_error(f"{path}: expected a {shape} pair, got {records.quote(value)}")
        pairs.append((path, value))
    return pairs


def _seat_at(path: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise records.record_error(f"{path}: expected a seat number, got {records.quote(value)}")
    if not 0 <= value <= 3:
        raise records.record_error(f"{path}: {records.quote(value)} is out of range 0..3")
    return value


def _announcement_at(path: str, value: object) -> Announcement:
    """An announcement written as its token (a call of the trump ace is refused)."""
    if not isinstance(value, str):
        raise records.record_error(
            f"{path}: expected an announcement token such as 'pass', got {records.quote(value)}"
        )
    try:
        return Announcement.parse(value)
    except PytrickError as error:
        raise records.record_error(f"{path}: {error}") from None


def _announcement_token(path: str, value: object) -> str:
    if not isinstance(value, str):
        raise records.record_error(
            f"{path}: expected an announcement token such as 'pass', got {records.quote(value)}"
        )
    try:
        Announcement.parse(value)
    except IllegalMoveError:
        pass  # a call naming diamonds: the replay reports it as an illegal move
    except PytrickError as error:  # names no announcement, as card text that names no card
        raise records.record_error(f"{path}: {error}") from None
    return value


def _move_token(path: str, value: object) -> object:
    """A move of a takeback: a card's text or an announcement's record token."""
    if isinstance(value, str) and value in _TOKENS:
        return Announcement[value.upper()]
    try:
        return card_at(path, value)
    except RecordError:
        raise records.record_error(
            f"{path}: expected a card or an announcement token such as 'pass', "
            f"got {records.quote(value)}"
        ) from None


_TOKENS = frozenset(a.token for a in Announcement)

assert trickcore.spitzer.N_ANNOUNCEMENTS == len(Announcement)
