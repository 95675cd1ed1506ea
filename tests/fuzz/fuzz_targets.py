"""Fuzz targets: functions of one ``bytes`` argument, shared by two drivers.

``run_atheris.py`` runs them under atheris (coverage-guided, for long
campaigns); ``test_fuzz_targets.py`` runs them under Hypothesis in the normal
test suite, briefly.  A target raises (AssertionError, or whatever escaped) when
an invariant breaks:

* bad input raises nothing but a :class:`~pytrick.PytrickError` subclass;
* the compiled core and the reference twin give the same answer or the same
  error type;
* what is accepted round-trips (text back to text, a record back to a record);
* the CLI answers with an exit status and at most one short line on stderr.

Each target returns the branches its input reached (a set of short names), so
that a driver can check that its inputs get past the first checks.
"""

from __future__ import annotations

import copy
import io
import json
import os
import sys
import tempfile
from collections.abc import Callable
from types import ModuleType
from typing import Any

import trickcore
from pytrick import PytrickError, cli, records
from pytrick.spidge import SpidgeDeal
from pytrick.spitzer import SpitzerDeal
from trickcore.card import parse_card

BACKENDS: list[dict[str, ModuleType]] = [trickcore.load_backend(name)
                                         for name in trickcore.available_backends()]


class Draw:
    """Choices read from fuzz bytes (atheris's FuzzedDataProvider, portably):
    the same bytes always make the same choices; past the end every choice is 0."""

    def __init__(self, data: bytes) -> None:
        self.data, self.at = data, 0

    def int(self, n: int) -> int:
        """A number in 0..n-1."""
        if self.at >= len(self.data) or n <= 1:
            return 0
        value = int.from_bytes(self.data[self.at : self.at + 2], "little")
        self.at += 2
        return value % n

    def pick(self, items: list[Any] | tuple[Any, ...]) -> Any:
        return items[self.int(len(items))]

    def rest(self) -> bytes:
        return self.data[self.at :]


def outcome(action: Callable[[], object]) -> tuple[str, object]:
    """("ok", value) or (error type name, the error); only PytrickError may escape
    for bad input: anything else is re-raised as a finding."""
    try:
        return "ok", action()
    except PytrickError as error:
        return type(error).__name__, error


# -- card and position text ------------------------------------------------------------


def card_text(data: bytes) -> set[str]:
    """parse_card, CardSet text (both backends) and Spidge position strings."""
    text = data.decode("utf-8", "replace")
    kind, card = outcome(lambda: parse_card(text))
    reached = {f"card {kind}"}
    if kind == "ok":
        assert parse_card(str(card)) == card and parse_card(card.unicode()) == card  # type: ignore[attr-defined]
    masks = [outcome(lambda b=b: b["_cards"].mask_of(text)) for b in BACKENDS]
    assert len({kind for kind, _ in masks}) == 1, masks
    reached.add(f"card set {masks[0][0]}")
    if masks[0][0] == "ok":
        assert len({value for _, value in masks}) == 1, masks
        for backend in BACKENDS:
            cards = backend["_cards"].CardSet(text)
            assert backend["_cards"].CardSet(" ".join(map(str, cards))) == cards
    kind, deal = outcome(lambda: SpidgeDeal.from_position(text))
    reached.add(f"position {kind}")
    if kind == "ok":
        assert SpidgeDeal.from_position(deal.position()) == deal  # type: ignore[attr-defined]
    return reached


# -- JSON records ----------------------------------------------------------------------


def _seed_records() -> list[dict[str, Any]]:
    """Valid records to mutate: partial and finished deals and a game, both games."""
    found = []
    spitzer = SpitzerDeal.from_seed(2)
    found.append(spitzer.to_record())
    for _ in range(4):
        spitzer.announce("pass")
    for deal in (spitzer, SpidgeDeal.from_seed(3)):
        while not deal.is_over:
            deal.play(deal.legal_moves.min())
            if deal.n_played == 5:
                found.append(deal.to_record())
        found.append(deal.to_record())
    golden = os.path.join(os.path.dirname(__file__), "..", "golden", "spidge_game_seed0_options.json")
    with open(golden, encoding="utf-8") as file:
        found.append(json.load(file))
    return found


SEED_RECORDS = _seed_records()
JUNK: list[object] = [None, True, 0, -1, 1.0, 2**63, -(2**64), "", "QC", "JK1", "pass",
                      "x" * 300, [], {}, ["QC"], [["QC"]], {"a": 1}, float("inf")]


def _paths(value: object, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a record."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


def mutated_record(draw: Draw) -> dict[str, Any]:
    """A valid record with a few fuzz-chosen edits (none one time in four, so
    that the readers' accepting side is reached too): replace, delete,
    duplicate, swap."""
    record = copy.deepcopy(draw.pick(SEED_RECORDS))
    for _ in range(draw.int(4)):
        path = draw.pick(_paths(record)[1:])
        parent = record
        for key in path[:-1]:
            parent = parent[key]
        key, how = path[-1], draw.int(5)
        if how == 0:
            # A copy: a shared junk list edited later could come to hold itself.
            parent[key] = copy.deepcopy(draw.pick(JUNK))
        elif how == 1:
            del parent[key]
        elif how == 2 and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif how == 3:
            other = draw.pick(_paths(record)[1:])
            target = record
            for part in other[:-1]:
                target = target[part]
            if other[-1] in (target if isinstance(target, dict) else range(len(target))):
                parent[key] = copy.deepcopy(target[other[-1]])
        else:
            parent[key] = copy.deepcopy(draw.pick(JUNK[:8]))
        if not isinstance(record, dict):
            break
    return record


def json_record(data: bytes) -> set[str]:
    """The record readers on raw bytes and on mutated valid records."""
    raw = outcome(lambda: records.loads_record(data))[0]
    record = mutated_record(Draw(data))
    kind, obj = outcome(lambda: records.from_record(record))
    if kind == "ok":
        written = obj.to_record()  # type: ignore[attr-defined]
        assert records.from_record(json.loads(json.dumps(written))).to_record() == written
    else:
        message = str(obj)
        assert "\n" not in message and len(message) <= records.MAX_MESSAGE_CHARS, message
    text = json.dumps(record, ensure_ascii=draw_bool(data))
    assert outcome(lambda: records.loads_record(text))[0] == kind
    return {f"raw bytes {raw}", f"record {kind}"}


def draw_bool(data: bytes) -> bool:
    return bool(data) and data[-1] & 1 == 1


_CLI_FILE = os.path.join(tempfile.gettempdir(), f"pytrick-fuzz-{os.getpid()}.json")


def cli_replay(data: bytes) -> set[str]:
    """``pytrick replay`` and ``pytrick explain`` (their main()) on a file and on stdin."""
    draw = Draw(data)
    content = data if draw.int(2) else json.dumps(mutated_record(draw)).encode()
    reached = set()
    with open(_CLI_FILE, "wb") as file:
        file.write(content)
    for argv in (["replay", _CLI_FILE], ["explain", _CLI_FILE, "AC"], ["replay", "-", "--json"]):
        out, err = io.StringIO(), io.StringIO()
        stdin = sys.stdin
        sys.stdin = io.TextIOWrapper(io.BytesIO(content))
        try:
            status = cli.main(argv, out=out, err=err)
        finally:
            sys.stdin = stdin
        reached.add(f"{argv[0]} {'ok' if status == 0 else 'refused'}")
        if status != 0:
            assert out.getvalue() == "", argv
            assert err.getvalue().count("\n") == 1, err.getvalue()
            assert len(err.getvalue()) <= records.MAX_MESSAGE_CHARS + 1
        else:
            assert err.getvalue() == ""
    return reached


TARGETS: dict[str, Callable[[bytes], set[str]]] = {
    "card_text": card_text,
    "json_record": json_record,
    "cli_replay": cli_replay,
}
