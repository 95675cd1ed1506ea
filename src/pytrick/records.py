"""Game records: the JSON format shared by both games.

A record is a JSON object with a common envelope and a game-specific body::

    {"format": "pytrick", "version": 1, "game": "spitzer", "kind": "deal", ...}

``game`` is ``"spitzer"`` or ``"spidge"``; ``kind`` is ``"deal"`` (one round),
``"game"`` (deals until someone wins) or ``"observation"`` (what one seat of a
deal may know).  The body of each game is documented
with that game.  Three functions read a record, each from one kind of source,
so that text is never taken for a file name or the reverse:
:func:`load_record` reads a file, :func:`loads_record` parses JSON text and
:func:`from_record` takes a parsed object.  Each validates the envelope, then
hands the record to the game's ``from_record``, which validates every field
and replays every move (for an observation, on a deal consistent with it); any fault raises :class:`~pytrick.RecordError` naming
the first bad field, such as ``plays[5]``.

>>> from pytrick.records import loads_record
>>> loads_record('{"format": "pytrick", "version": 7, '
...              '"game": "spitzer", "kind": "deal"}')
Traceback (most recent call last):
...
pytrick.RecordError: version: unsupported record version 7 (this pytrick reads
    version 1)
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import reprlib
import warnings
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import IO, Any, Protocol, TypeVar

from trickcore._arguments import SEED_LIMIT
from trickcore.card import Card, parse_card
from trickcore.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
    RecordError,
    RulesError,
)

__all__ = [
    "ENVELOPE_FIELDS",
    "FORMAT",
    "GAMES",
    "KINDS",
    "MAX_MESSAGE_CHARS",
    "MAX_NESTING",
    "MAX_RECORD_BYTES",
    "MAX_TAKEBACK_MOVES",
    "VERSION",
    "DealLike",
    "GameLike",
    "RecordReader",
    "Recordable",
    "check_observation",
    "check_replayed_result",
    "dump_record",
    "envelope",
    "from_record",
    "game_record",
    "load_record",
    "loads_record",
    "pack_cards",
    "parse_record_text",
    "quote",
    "read_body",
    "read_capped",
    "read_game",
    "read_record_text",
    "read_rules",
    "read_takebacks",
    "record_error",
    "replay_moves",
    "seat_cards",
]

FORMAT = "pytrick"
VERSION = 1
GAMES = ("spitzer", "spidge")
KINDS = ("deal", "game", "observation")
ENVELOPE_FIELDS = ("format", "version", "game", "kind")

#: The largest record read, in bytes of UTF-8 (characters, for ``str`` text).
#: A deal takes about 1 KB, so this holds games of thousands of deals.
MAX_RECORD_BYTES = 4 * 1024 * 1024
#: The deepest nesting of JSON objects and lists in a record (records use 5).
MAX_NESTING = 16
#: The longest error message about a record; quoted values are cut shorter.
MAX_MESSAGE_CHARS = 300
#: The most digits of a JSON integer (no record field needs more than a few).
_MAX_INT_DIGITS = 20

T = TypeVar("T")


class _ShortRepr(reprlib.Repr):
    """``repr`` cut short; huge integers are described, not converted (their
    decimal form can be slower to make than the whole record was to read)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxdict, self.maxlist, self.maxtuple = 2, 3, 4, 4
        self.maxstring = self.maxother = 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 64:
            return f"<an integer of {x.bit_length()} bits>"
        return repr(x)


_short_repr = _ShortRepr()


def quote(value: object) -> str:
    """A short ``repr`` of *value* for an error message: at most about 40
    characters of a string, a few items of a list, never a whole file.

    >>> from pytrick.records import quote
    >>> quote("QC" * 100)
    "'QCQCQCQCQCQCQCQCQ...QCQCQCQCQCQCQCQCQC'"
    >>> quote(list(range(100)))
    '[0, 1, 2, 3, ...]'
    """
    if isinstance(value, bool) or value is None:
        return repr(value)
    return _short_repr.repr(value)


def record_error(message: str) -> RecordError:
    """A :class:`~pytrick.RecordError` whose message is one line of at most
    :data:`MAX_MESSAGE_CHARS` characters."""
    message = " ".join(message.splitlines())
    if len(message) > MAX_MESSAGE_CHARS:
        message = message[: MAX_MESSAGE_CHARS - 1] + "…"
    return RecordError(message)


class Recordable(Protocol):
    """What a deal or game object provides to take part in records."""

    def to_record(self) -> dict[str, Any]: ...


def envelope(game: str, kind: str) -> dict[str, Any]:
    """The common head of a record: format, version, game and kind."""
    if game not in GAMES or kind not in KINDS:
        raise InvalidArgumentError(f"unknown record game/kind {game!r}/{kind!r}")
    return {"format": FORMAT, "version": VERSION, "game": game, "kind": kind}


class RecordReader:
    """Typed, validating access to one JSON object of a record.

    Every accessor raises :class:`~pytrick.RecordError` whose message starts with the
    field's path (``deals[2].plays[5]``), so a bad record is reported at its
    first bad field.

    >>> from pytrick.records import RecordReader
    >>> reader = RecordReader({"dealer": 5, "hand": ["QC", "XX"]})
    >>> reader.int("dealer", 0, 3)
    Traceback (most recent call last):
    ...
    pytrick.RecordError: dealer: 5 is out of range 0..3
    >>> reader.cards("hand")
    Traceback (most recent call last):
    ...
    pytrick.RecordError: hand[1]: invalid card text 'XX': no suit (suits are C D H S or
        ♣ ♦ ♥ ♠)
    """

    def __init__(self, data: object, path: str = "") -> None:
        if not isinstance(data, Mapping):
            raise record_error(f"{path or 'record'}: expected a JSON object, got {_kind(data)}")
        self.data: Mapping[str, Any] = data
        self.path = path

    def where(self, name: str | int) -> str:
        """The path of a field of this object (or an item, for an int)."""
        if isinstance(name, int):
            return f"{self.path}[{name}]"
        return f"{self.path}.{name}" if self.path else name

    def error(self, name: str | int, message: str) -> RecordError:
        """A RecordError for field *name*."""
        return record_error(f"{self.where(name)}: {message}")

    def has(self, name: str) -> bool:
        return name in self.data

    def check_fields(self, known: Collection[str]) -> None:
        """Refuse a field not in *known*, as unknown rule options are refused
        (a misspelt optional field must not be silently ignored)."""
        for name in self.data:
            if name not in known:
                field = name if isinstance(name, str) else quote(name)
                raise self.error(field, f"unknown field (known: {', '.join(known)})")

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

    def ints(self, name: str, low: int, high: int) -> list[int]:
        """A list field of integers, each within ``low..high``."""
        values = []
        for path, value in self.items(name):
            if isinstance(value, bool) or not isinstance(value, int):
                raise record_error(f"{path}: expected an integer, got {_kind(value)}")
            if not low <= value <= high:
                raise record_error(f"{path}: {quote(value)} is out of range {low}..{high}")
            values.append(value)
        return values

    def optional_int(self, name: str, low: int, high: int) -> int | None:
        """An integer field within ``low..high``, or None if null or absent."""
        value = self.data.get(name)
        if value is None:
            return None
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(name, f"expected an integer or null, got {_kind(value)}")
        return self.int(name, low, high)

    def int(self, name: str, low: int, high: int, default: int | None = None) -> int:
        """An integer field within ``low..high``."""
        if name not in self.data and default is not None:
            return default
        value = self.raw(name)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.error(name, f"expected an integer, got {_kind(value)}")
        if not low <= value <= high:
            raise self.error(name, f"{quote(value)} is out of range {low}..{high}")
        return value

    def choice(self, name: str, choices: Sequence[str], default: str | None = None) -> str:
        """A string field that must be one of *choices*."""
        value = self.typed(name, str, default)
        if value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise self.error(name, f"{quote(value)} is not one of {allowed}")
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
        raise record_error(f"{path}: expected card text, got {_kind(value)}")
    if len(value) > _MAX_CARD_TEXT:
        raise record_error(f"{path}: {quote(value)} is too long to be card text")
    try:
        return parse_card(value)
    except InvalidCardError as error:
        raise record_error(f"{path}: {error}") from None


def distinct_cards(path: str, value: object, size: int) -> list[Card]:
    """A hand of exactly *size* cards at *path*, none listed twice."""
    if not isinstance(value, list):
        raise record_error(f"{path}: expected a list of {size} cards, got {_kind(value)}")
    cards: list[Card] = []
    first: dict[Card, int] = {}
    for i, text in enumerate(value):
        card = card_at(f"{path}[{i}]", text)
        if card in first:
            raise record_error(f"{path}[{i}]: {card.unicode()} is listed twice (also at {path}[{first[card]}])")
        first[card] = i
        cards.append(card)
    if len(cards) != size:
        raise record_error(f"{path}: expected {size} cards, got {len(cards)}")
    return cards


def pack_cards(path: str, value: object, pack: int, pack_name: str,
               seen: dict[Card, str] | None = None) -> list[Card]:
    """A list of cards at *path*, each in *pack* (a card mask) and none listed
    twice; with *seen* (card -> path of a list read before), none listed
    there either, and these cards are added to it."""
    if not isinstance(value, list):
        raise record_error(f"{path}: expected a list of cards, got {_kind(value)}")
    cards = [(f"{path}[{i}]", card_at(f"{path}[{i}]", text)) for i, text in enumerate(value)]
    return _distinct_in_pack(cards, pack, pack_name, seen)


def seat_cards(path: str, value: object, high: int, pack: int, pack_name: str,
               seen: dict[Card, str] | None = None) -> list[tuple[int, Card]]:
    """A list of ``[seat, card]`` pairs at *path* (seats ``0..high``), the
    cards checked as :func:`pack_cards` checks them."""
    if not isinstance(value, list):
        raise record_error(f"{path}: expected a list of [seat, card] pairs, got {_kind(value)}")
    pairs = []
    for i, item in enumerate(value):
        where = f"{path}[{i}]"
        if not isinstance(item, list) or len(item) != 2:
            raise record_error(f"{where}: expected a [seat, card] pair, got {quote(item)}")
        seat = item[0]
        if isinstance(seat, bool) or not isinstance(seat, int):
            raise record_error(f"{where}[0]: expected a seat number, got {_kind(seat)}")
        if not 0 <= seat <= high:
            raise record_error(f"{where}[0]: {quote(seat)} is out of range 0..{high}")
        pairs.append((seat, card_at(f"{where}[1]", item[1])))
    cards = _distinct_in_pack([(f"{path}[{i}][1]", card) for i, (_, card) in enumerate(pairs)],
                              pack, pack_name, seen)
    return [(seat, card) for (seat, _), card in zip(pairs, cards, strict=True)]


def _distinct_in_pack(cards: list[tuple[str, Card]], pack: int, pack_name: str,
                      seen: dict[Card, str] | None) -> list[Card]:
    """The cards (each with its path), if all are in *pack* and none is listed twice."""
    seen = {} if seen is None else seen
    mine: dict[Card, str] = {}
    for where, card in cards:
        if not pack >> int(card) & 1:
            raise record_error(f"{where}: {card.unicode()} is not in {pack_name}")
        first = mine.get(card) or seen.get(card)
        if first is not None:
            raise record_error(f"{where}: {card.unicode()} is listed twice (also at {first})")
        mine[card] = where
    seen.update(mine)
    return [card for _, card in cards]


# Longer than any spelling parse_card accepts ("JK1", "10♥", "Q♣").
_MAX_CARD_TEXT = 8


def read_capped(file: IO[bytes]) -> bytes:
    """Read a record from a binary *file*: at most :data:`MAX_RECORD_BYTES`
    (one byte more is read to tell a larger file, which is refused, so an
    endless stream such as ``/dev/zero`` ends the read)."""
    data = file.read(MAX_RECORD_BYTES + 1)
    if len(data) > MAX_RECORD_BYTES:
        raise record_error(f"record is larger than the limit of {MAX_RECORD_BYTES} bytes")
    return data


def _refuse_constant(name: str) -> Any:
    raise record_error(f"record is not valid JSON: {name} is not a JSON number")


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > _MAX_INT_DIGITS:
        raise record_error(f"record holds an integer of {len(digits)} digits; the limit is {_MAX_INT_DIGITS}")
    return int(digits)


def _check_nesting(value: object) -> None:
    """Refuse objects and lists nested deeper than :data:`MAX_NESTING`."""
    level: list[object] = [value]
    for _ in range(MAX_NESTING):
        level = [
            child
            for item in level
            if isinstance(item, (dict, list))
            for child in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            return
    if any(isinstance(item, (dict, list)) for item in level):
        raise record_error(f"record is nested deeper than the limit of {MAX_NESTING} levels")


def parse_record_text(text: str | bytes) -> Any:
    """Parse the JSON of a record, within the documented limits; any fault
    (not UTF-8, not JSON, too large, too deep, a huge number) is a RecordError."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise record_error(f"record text must be str or bytes, not {type(text).__name__}")
    if len(text) > MAX_RECORD_BYTES:
        raise record_error(f"record is larger than the limit of {MAX_RECORD_BYTES} bytes")
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise record_error(
                f"record is not UTF-8 text: byte {error.object[error.start]:#04x} at offset {error.start}"
            ) from None
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    try:
        record = json.loads(text, parse_int=_parse_int, parse_constant=_refuse_constant)
    except json.JSONDecodeError as error:
        raise record_error(f"record is not valid JSON: {error}") from None
    except RecursionError:
        raise record_error(f"record is nested deeper than the limit of {MAX_NESTING} levels") from None
    _check_nesting(record)
    return record


def read_record_text(source: str | bytes | os.PathLike[str]) -> Any:
    """Deprecated alias of :func:`parse_record_text`, kept for one release.

    A string is JSON text, never a path; a path object is read with the size cap.
    """
    warnings.warn(
        "read_record_text() is deprecated: use parse_record_text() (or load_record(path))",
        DeprecationWarning,
        stacklevel=2,
    )
    if isinstance(source, os.PathLike):
        try:
            with open(source, "rb") as file:
                return parse_record_text(read_capped(file))
        except OSError as error:
            reason = error.strerror or str(error)
            raise record_error(f"cannot read record file {quote(os.fspath(source))}: {reason}") from None
    return parse_record_text(source)


def check_envelope(record: object) -> tuple[str, str]:
    """Validate the envelope of a parsed record; return its (game, kind)."""
    reader = RecordReader(record)
    if reader.typed("format", str) != FORMAT:
        raise reader.error("format", f"expected {FORMAT!r}, got {quote(reader.data['format'])}")
    version = reader.raw("version")
    if type(version) is not int:
        raise reader.error("version", f"expected the integer {VERSION}, got {_kind(version)}")
    if version != VERSION:
        raise reader.error(
            "version", f"unsupported record version {quote(version)} (this pytrick reads version {VERSION})"
        )
    return reader.choice("game", GAMES), reader.choice("kind", KINDS)


def record_class(game: str, kind: str) -> Any:
    """The class that reads records of *game* and *kind* (e.g. ``SpitzerDeal``)."""
    module = importlib.import_module(f"pytrick.{game}")
    return getattr(module, f"{game.capitalize()}{kind.capitalize()}")


def from_record(record: Mapping[str, Any]) -> Any:
    """Validate and replay a parsed record (a mapping, as :func:`json.load`
    gives); return the deal, game or observation object it describes.

    Raises :class:`~pytrick.RecordError` naming the first bad field or move.
    """
    game, kind = check_envelope(record)
    return record_class(game, kind).from_record(record)


def loads_record(text: str | bytes) -> Any:
    """Validate and replay a record given as JSON text (``str``, or ``bytes``
    of UTF-8; a leading byte-order mark is allowed); return its deal, game or
    observation.

    The text is never taken for a file name.  Raises :class:`~pytrick.RecordError` for
    invalid JSON, a record over the limits (:data:`MAX_RECORD_BYTES`,
    :data:`MAX_NESTING`) or a bad field or move.
    """
    return from_record(parse_record_text(text))


def load_record(path: str | os.PathLike[str] | bytes | Mapping[str, Any]) -> Any:
    """Validate and replay the record in the file at *path*; return its deal,
    game or observation.

    A file that cannot be read, or is larger than :data:`MAX_RECORD_BYTES`,
    raises :class:`~pytrick.RecordError`, as does any fault :func:`loads_record` finds.

    .. deprecated:: 0.2
       Passing a parsed record (use :func:`from_record`) or JSON text (use
       :func:`loads_record`) still works for one release, with a
       :class:`DeprecationWarning`.
    """
    if isinstance(path, Mapping):
        _warn_deprecated("from_record")
        return from_record(path)
    if isinstance(path, bytes) or (isinstance(path, str) and path.lstrip().startswith("{")):
        _warn_deprecated("loads_record")
        return loads_record(path)
    return from_record(read_record_file(path))


def read_record_file(path: str | os.PathLike[str]) -> Any:
    """The parsed JSON of the record file at *path*, read with the size cap
    and not yet validated (:func:`load_record` is this and :func:`from_record`)."""
    if not isinstance(path, (str, os.PathLike)):
        # An int would be taken by open() for a file descriptor.
        raise ArgumentTypeError(f"path must be a str or a path object, not {type(path).__name__}")
    try:
        with open(path, "rb") as file:
            data = read_capped(file)
    except OSError as error:
        reason = error.strerror or str(error)
        raise record_error(f"cannot read record file {quote(os.fspath(path))}: {reason}") from None
    except ValueError as error:  # a path with a NUL byte
        raise record_error(f"cannot read record file {quote(path)}: {error}") from None
    return parse_record_text(data)


def _warn_deprecated(replacement: str) -> None:
    warnings.warn(
        f"load_record() of a parsed record or JSON text is deprecated: use {replacement}()",
        DeprecationWarning,
        stacklevel=3,
    )


def dump_record(obj: Recordable) -> dict[str, Any]:
    """The record of a deal, game or observation object (a JSON-ready dict)."""
    if not callable(getattr(obj, "to_record", None)):
        raise ArgumentTypeError(
            f"dump_record takes a deal, a game or an observation, not {type(obj).__name__} "
            "(json.dumps writes a record that is already a dict)"
        )
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
    seed: int | None
    first_dealer: int | None
    _first_dealer_drawn: bool

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
        raise record_error(f"{rules.path}.{error}") from None


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
            raise record_error(f"{path}: {quote(value)} is illegal: {error}") from None


#: The most moves a takeback may reach back over, and the longest position
#: index it may name (a deal has at most 52 cards and a short auction).
MAX_TAKEBACK_MOVES = 64


def read_takebacks(reader: RecordReader, read_move: Callable[[str, Any], Any]) -> None:
    """Check the optional ``takebacks`` field of a deal body: the moves a player
    took back in practice mode, each ``{"at": K, "undone": [MOVE, ...]}`` -- after
    the deal's first *K* moves, these moves (in the order they had been played)
    were taken back.  *read_move* checks one move token.  Takebacks are a log
    of the practice session: the deal replays from its final moves alone."""
    if not reader.has("takebacks"):
        return
    for path, value in reader.items("takebacks"):
        event = RecordReader(value, path)
        event.check_fields(("at", "undone"))
        event.int("at", 0, MAX_TAKEBACK_MOVES)
        undone = event.items("undone")
        if not 1 <= len(undone) <= MAX_TAKEBACK_MOVES:
            raise event.error("undone", f"expected 1 to {MAX_TAKEBACK_MOVES} moves, got {len(undone)}")
        for move_path, move in undone:
            read_move(move_path, move)


def check_replayed_result(reader: RecordReader, deal: DealLike) -> None:
    """A recorded ``result`` must be that of the replayed, finished deal."""
    if not reader.has("result"):
        return
    recorded = reader.raw("result")
    if not deal.is_over:
        raise reader.error("result", "the deal is not finished, so it has no result")
    replayed = deal.result.to_json()
    if recorded != replayed:
        raise reader.error("result", f"does not match the replay: {_result_difference(recorded, replayed)}")


def _result_difference(recorded: Any, replayed: Mapping[str, Any]) -> str:
    """The fields of a recorded result that differ from the replayed one, each
    with both values (a recorded value cut short if long)."""
    if not isinstance(recorded, Mapping):
        return f"recorded {quote(recorded)}, replayed an object"
    parts = []
    for name in [*replayed, *(key for key in recorded if key not in replayed)]:
        if name not in recorded:
            parts.append(f"{name} missing (replayed {replayed[name]!r})")
        elif name not in replayed:
            parts.append(f"{quote(name)} is not a result field")
        elif recorded[name] != replayed[name]:
            parts.append(f"{name} recorded {quote(recorded[name])}, replayed {replayed[name]!r}")
    return "; ".join(parts)


Obs = TypeVar("Obs")


def check_observation(reader: RecordReader, observation: Obs,
                      seen_in: Callable[[Any], Obs], shown: str) -> Obs:
    """Refuse an observation no deal gives, after its fields were checked one
    by one.  The inference is exact (:mod:`pytrick.inference`): a deal drawn
    from those consistent with the observation replays its moves, and the
    seat's observation of that deal (*seen_in*) must be the one recorded, so
    a field that does not follow from the rest (``trick_winners``,
    ``to_move``, ``legal_moves``...) is named.  *shown* lists the fields that
    fix the hidden cards, for the message when no deal is consistent."""
    from pytrick.inference import sample_deals

    try:
        world = sample_deals(observation, 1, seed=0)[0]  # type: ignore[call-overload]
    except IllegalMoveError as error:
        # Its message would name the cards of a drawn deal, not of the real one.
        rule = f", rules §{error.rule}" if error.rule else ""
        raise record_error(
            f"record: impossible observation: its moves are illegal in every deal "
            f"it allows ({error.reason}{rule}): its seats, dealer or order are wrong"
        ) from None
    except PytrickError as error:
        raise record_error(f"record: impossible observation: {error} (its {shown})") from None
    again = seen_in(world)
    for field in dataclasses.fields(again):  # type: ignore[arg-type]
        if getattr(again, field.name) != getattr(observation, field.name):
            given = again.to_record()[field.name]  # type: ignore[attr-defined]
            raise reader.error(
                field.name,
                f"recorded {quote(reader.data.get(field.name))}, but the rest of the "
                f"observation gives {quote(given)}",
            )
    return observation


def game_record(game_name: str, game: GameLike,
                deal_body: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The full record of a game: envelope, rules, seed, first dealer, the deal
    bodies, totals, winner."""
    if game.deals and game.deals[-1].is_over:
        game.finish_deal()
    record = envelope(game_name, "game")
    record["rules"] = game.rules.to_dict()
    record["seed"] = game.seed
    # Only a first dealer fixed before the first deal: a drawn one is the
    # seed's to draw again (and the first deal's dealer says who it was).
    record["first_dealer"] = None if game._first_dealer_drawn else game.first_dealer
    record["deals"] = [deal_body(deal) for deal in game.deals]
    record["totals"] = list(game.totals)
    record["winner"] = game.winner
    return record


G_ = TypeVar("G_", bound=GameLike)


def read_game(reader: RecordReader, new_game: Callable[[int | None, int | None], G_],
              read_deal: Callable[[RecordReader], DealLike], n_dealers: int,
              who: str, passing: str) -> G_:
    """Make the game *new_game(seed, first_dealer)* with the record's ``seed``
    and ``first_dealer`` (null if absent), replay its ``deals`` into it, then
    check the recorded ``totals`` and ``winner``.  *who* names a dealer in
    messages ("seat", "player"); *passing* says how the deal moves.  No deals
    is a game not yet begun (as a new game's record writes it)."""
    seed = reader.optional_int("seed", 0, SEED_LIMIT - 1)
    first_dealer = reader.optional_int("first_dealer", 0, n_dealers - 1)
    game = new_game(seed, first_dealer)
    for i, (path, value) in enumerate(reader.items("deals")):
        body = RecordReader(value, path)
        if i:
            if game.current is not None:
                raise record_error(f"{path}: the deal before it is not finished")
            game.finish_deal()
            if game.is_over:
                raise record_error(f"{path}: the game is over: {who} {game.winner} has won")
            expected = game.next_dealer()
            if body.int("dealer", 0, n_dealers - 1) != expected:
                raise body.error(
                    "dealer",
                    f"expected {who} {expected} (the deal {passing}), got {body.raw('dealer')}",
                )
        elif first_dealer is not None and body.int("dealer", 0, n_dealers - 1) != first_dealer:
            raise reader.error(
                "first_dealer", f"{first_dealer} is not the dealer of {path} ({who} {body.raw('dealer')})"
            )
        deal = read_deal(body)
        try:
            game.add_deal(deal)
        except PytrickError as error:
            raise record_error(f"{path}: {error}") from None
    if reader.has("totals") and reader.raw("totals") != list(game.totals):
        raise reader.error(
            "totals", f"recorded {quote(reader.raw('totals'))}, replayed {list(game.totals)}"
        )
    if reader.has("winner") and reader.raw("winner") != game.winner:
        raise reader.error("winner", f"recorded {quote(reader.raw('winner'))}, replayed {game.winner!r}")
    return game


def _kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, (int, float)):
        return f"the number {quote(value)}"
    if isinstance(value, str):
        return f"the string {quote(value)}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, Mapping):
        return "an object"
    return type(value).__name__
