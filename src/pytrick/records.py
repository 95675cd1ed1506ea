"""Game records: the JSON format shared by both games.

A record is a JSON object with a common envelope and a game-specific body::

    {"format": "pytrick", "version": 1, "game": "spitzer", "kind": "deal", ...}

``game`` is ``"spitzer"`` or ``"spidge"``; ``kind`` is ``"deal"`` (one round)
or ``"game"`` (deals until someone wins).  The body of each game is documented
with that game.  :func:`load_record` validates the envelope, then hands the
record to the game's ``from_record``, which validates every field and replays
every move; any fault raises :class:`~pytrick.RecordError` naming the first bad
field, such as ``plays[5]``.

>>> from pytrick.records import load_record
>>> load_record('{"format": "pytrick", "version": 7, "game": "spitzer", "kind": "deal"}')
Traceback (most recent call last):
...
trickcore.errors.RecordError: version: unsupported record version 7 (this pytrick reads version 1)
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar

from trickcore.card import Card, parse_card
from trickcore.errors import InvalidCardError, PytrickError, RecordError, RulesError

__all__ = [
    "FORMAT",
    "GAMES",
    "KINDS",
    "VERSION",
    "DealLike",
    "GameLike",
    "RecordReader",
    "Recordable",
    "check_replayed_result",
    "dump_record",
    "envelope",
    "game_record",
    "load_record",
    "read_body",
    "read_game",
    "read_record_text",
    "read_rules",
    "replay_moves",
]

FORMAT = "pytrick"
VERSION = 1
GAMES = ("spitzer", "spidge")
KINDS = ("deal", "game")

T = TypeVar("T")


class Recordable(Protocol):
    """What a deal or game object provides to take part in records."""

    def to_record(self) -> dict[str, Any]: ...


def envelope(game: str, kind: str) -> dict[str, Any]:
    """The common head of a record: format, version, game and kind."""
    if game not in GAMES or kind not in KINDS:
        raise ValueError(f"unknown record game/kind {game!r}/{kind!r}")
    return {"format": FORMAT, "version": VERSION, "game": game, "kind": kind}


class RecordReader:
    """Typed, validating access to one JSON object of a record.

    Every accessor raises :class:`RecordError` whose message starts with the
    field's path (``deals[2].plays[5]``), so a bad record is reported at its
    first bad field.

    >>> from pytrick.records import RecordReader
    >>> reader = RecordReader({"dealer": 5, "hand": ["QC", "XX"]})
    >>> reader.int("dealer", 0, 3)
    Traceback (most recent call last):
    ...
    trickcore.errors.RecordError: dealer: 5 is out of range 0..3
    >>> reader.cards("hand")
    Traceback (most recent call last):
    ...
    trickcore.errors.RecordError: hand[1]: invalid card text 'XX': no suit (suits are C D H S or ♣ ♦ ♥ ♠)
    """

    def __init__(self, data: object, path: str = "") -> None:
        if not isinstance(data, Mapping):
            raise RecordError(f"{path or 'record'}: expected a JSON object, got {_kind(data)}")
        self.data: Mapping[str, Any] = data
        self.path = path

    def where(self, name: str | int) -> str:
        """The path of a field of this object (or an item, for an int)."""
        if isinstance(name, int):
            return f"{self.path}[{name}]"
        return f"{self.path}.{name}" if self.path else name

    def error(self, name: str | int, message: str) -> RecordError:
        """A RecordError for field *name*."""
        return RecordError(f"{self.where(name)}: {message}")

    def has(self, name: str) -> bool:
        return name in self.data

    def raw(self, name: str) -> Any:
        """The value of a required field, unchecked."""
        if name not in self.data:
            raise self.error(name, "missing")
        return self.data[name]

    def typed(self, name: str, kind: type[T], default: T | None = None) -> T:
        """A field of a JSON type (``str``, ``bool``, ``list``, ``dict``), or *default* if absent."""
        if name not in self.data and default is not None:
            return default
        value = self.raw(name)
        if (kind is not bool and isinstance(value, bool)) or not isinstance(value, kind):
            raise self.error(name, f"expected {kind.__name__}, got {_kind(value)}")
        return value

    def int(self, name: str, low: int, high: int, default: int | None = None) -> int:
        """An integer field within ``low..high``."""
        if name not in self.data and default is not None:
            return default
        value = self.raw(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(name, f"expected an integer, got {_kind(value)}")
        if not low <= value <= high:
            raise self.error(name, f"{value} is out of range {low}..{high}")
        return value

    def choice(self, name: str, choices: Sequence[str], default: str | None = None) -> str:
        """A string field that must be one of *choices*."""
        value = self.typed(name, str, default)
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise self.error(name, f"{value!r} is not one of {allowed}")
        return value

    def object(self, name: str) -> RecordReader:
        """A nested object field."""
        return RecordReader(self.raw(name), self.where(name))

    def items(self, name: str) -> list[tuple[str, Any]]:
        """The (path, value) pairs of a list field."""
        values = self.typed(name, list)
        return [(f"{self.where(name)}[{i}]", value) for i, value in enumerate(values)]

    def card(self, name: str) -> Card:
        """A card field, written as card text (``"QC"``, ``"10♥"``)."""
        return card_at(self.where(name), self.raw(name))

    def cards(self, name: str) -> list[Card]:
        """A list of cards, each written as card text."""
        return [card_at(path, value) for path, value in self.items(name)]


def card_at(path: str, value: object) -> Card:
    """Read card text found at *path*, reporting errors against that path."""
    if not isinstance(value, str):
        raise RecordError(f"{path}: expected card text, got {_kind(value)}")
    try:
        return parse_card(value)
    except InvalidCardError as error:
        raise RecordError(f"{path}: {error}") from None


def read_record_text(source: str | bytes | os.PathLike[str]) -> Any:
    """Parse JSON from text, bytes or a file path; bad JSON is a RecordError."""
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and not source.lstrip().startswith("{")
    ):
        try:
            with open(source, encoding="utf-8") as file:
                text: str | bytes = file.read()
        except OSError as error:
            raise RecordError(f"cannot read record file {os.fspath(source)!r}: {error.strerror}") from None
    else:
        text = source
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise RecordError(f"record is not valid JSON: {error}") from None


def check_envelope(record: object) -> tuple[str, str]:
    """Validate the envelope of a parsed record; return its (game, kind)."""
    reader = RecordReader(record)
    if reader.typed("format", str) != FORMAT:
        raise reader.error("format", f"expected {FORMAT!r}, got {reader.data['format']!r}")
    version = reader.raw("version")
    if version != VERSION or isinstance(version, bool):
        raise reader.error(
            "version", f"unsupported record version {version!r} (this pytrick reads version {VERSION})"
        )
    return reader.choice("game", GAMES), reader.choice("kind", KINDS)


def record_class(game: str, kind: str) -> Any:
    """The class that reads records of *game* and *kind* (e.g. ``SpitzerDeal``)."""
    module = importlib.import_module(f"pytrick.{game}")
    return getattr(module, f"{game.capitalize()}{kind.capitalize()}")


def load_record(source: str | bytes | os.PathLike[str] | Mapping[str, Any]) -> Any:
    """Validate and replay a record; return the deal or game object it describes.

    *source* is a parsed JSON object, JSON text, or a path to a JSON file.
    Raises :class:`RecordError` naming the first bad field or move.
    """
    record = source if isinstance(source, Mapping) else read_record_text(source)
    game, kind = check_envelope(record)
    return record_class(game, kind).from_record(record)


def dump_record(obj: Recordable) -> dict[str, Any]:
    """The record of a deal or game object (a JSON-ready dict)."""
    return obj.to_record()


# -- pieces both games' records share --------------------------------------------

R = TypeVar("R")


class DealLike(Protocol):
    """What the shared record code needs of a deal."""

    @property
    def is_over(self) -> bool: ...

    @property
    def dealer(self) -> int: ...

    @property
    def result(self) -> Any: ...


class GameLike(Protocol):
    """What the shared record code needs of a game (a sequence of deals)."""

    rules: Any

    @property
    def deals(self) -> Sequence[Any]: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def winner(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def current(self) -> Any: ...

    def next_dealer(self) -> int | None: ...

    def finish_deal(self) -> None: ...

    def add_deal(self, deal: Any) -> None: ...


def read_body(data: Mapping[str, Any], game: str, kind: str) -> RecordReader:
    """Check the envelope of *data* names *game* and *kind*; a reader of it."""
    found = check_envelope(data)
    reader = RecordReader(data)
    if found != (game, kind):
        raise reader.error(
            "kind", f"expected a {game.capitalize()} {kind} record, got {found[0]} {found[1]}"
        )
    return reader


def read_rules(reader: RecordReader, from_dict: Callable[[Mapping[str, Any]], R],
               default: Callable[[], R]) -> R:
    """The ``rules`` object of a record (defaults for what it omits)."""
    if not reader.has("rules"):
        return default()
    rules = reader.object("rules")
    try:
        return from_dict(rules.data)
    except RulesError as error:
        # RulesError messages start with the option's name.
        raise RecordError(f"{rules.path}.{error}") from None


def replay_moves(reader: RecordReader, name: str, read: Callable[[str, Any], R],
                 apply: Callable[[R], None]) -> None:
    """Replay the moves of list field *name*: *read* turns each item into a
    move (raising RecordError for a malformed one), *apply* makes it; a move
    the rules refuse is reported at its path with the rule broken."""
    if not reader.has(name):
        return
    for path, value in reader.items(name):
        move = read(path, value)
        try:
            apply(move)
        except PytrickError as error:
            raise RecordError(f"{path}: {value!r} is illegal: {error}") from None


def check_replayed_result(reader: RecordReader, deal: DealLike) -> None:
    """A recorded ``result`` must be that of the replayed, finished deal."""
    if not reader.has("result"):
        return
    recorded = reader.raw("result")
    if not deal.is_over:
        raise reader.error("result", "the deal is not finished, so it has no result")
    replayed = deal.result.to_json()
    if recorded != replayed:
        raise reader.error(
            "result", f"does not match the replay: recorded {recorded}, replayed {replayed}"
        )


def game_record(game_name: str, game: GameLike,
                deal_body: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The full record of a game: envelope, rules, the deal bodies, totals, winner."""
    if game.deals and game.deals[-1].is_over:
        game.finish_deal()
    record = envelope(game_name, "game")
    record["rules"] = game.rules.to_dict()
    record["deals"] = [deal_body(deal) for deal in game.deals]
    record["totals"] = list(game.totals)
    record["winner"] = game.winner
    return record


G_ = TypeVar("G_", bound=GameLike)


def read_game(reader: RecordReader, new_game: Callable[[int], G_],
              read_deal: Callable[[RecordReader], DealLike], n_dealers: int,
              who: str, passing: str) -> G_:
    """Replay the ``deals`` of a game record into the game *new_game(first_dealer)*
    makes, then check the recorded ``totals`` and ``winner``.  *who* names a
    dealer in messages ("seat", "player"); *passing* says how the deal moves."""
    game: G_ | None = None
    for path, value in reader.items("deals"):
        body = RecordReader(value, path)
        if game is not None:
            if game.current is not None:
                raise RecordError(f"{path}: the deal before it is not finished")
            game.finish_deal()
            if game.is_over:
                raise RecordError(f"{path}: the game is over: {who} {game.winner} has won")
            expected = game.next_dealer()
            if body.int("dealer", 0, n_dealers - 1) != expected:
                raise body.error(
                    "dealer",
                    f"expected {who} {expected} (the deal {passing}), got {body.raw('dealer')}",
                )
        deal = read_deal(body)
        if game is None:
            game = new_game(deal.dealer)
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


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {value!r}"
    if isinstance(value, str):
        return f"the string {value!r}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__
