"""Hostile records: what the readers refuse, within which limits, and how they say so.

Each case was a defect of issue 13: a record read as a path, a message that
echoed a whole file, a traceback, or a record accepted that should not be.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import pytrick
from pytrick import RecordError
from pytrick.records import (
    MAX_MESSAGE_CHARS,
    MAX_NESTING,
    MAX_RECORD_BYTES,
    from_record,
    load_record,
    loads_record,
    quote,
)

HEAD = '{"format": "pytrick", "version": 1, "game": "spitzer", "kind": "deal"'


def spitzer_record() -> dict[str, Any]:
    return pytrick.SpitzerDeal.from_seed(4).to_record()


def spidge_record() -> dict[str, Any]:
    return pytrick.SpidgeDeal.from_seed(4).to_record()


def golden_game() -> dict[str, Any]:
    path = Path(__file__).parent / "golden" / "spidge_game_seed0_options.json"
    return json.loads(path.read_text(encoding="utf-8"))


def refused(source: object, reader: Any = loads_record) -> str:
    """The message of the RecordError *reader* raises for *source* (one short line)."""
    with pytest.raises(RecordError) as info:
        reader(source)
    message = str(info.value)
    assert "\n" not in message and len(message) <= MAX_MESSAGE_CHARS
    return message


# -- a path is a path, text is text ---------------------------------------------------


def test_text_is_never_taken_for_a_file_name(tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(json.dumps(spitzer_record()), encoding="utf-8")
    assert "not valid JSON" in refused(str(other))
    pointer = tmp_path / "pointer.json"
    pointer.write_text(str(other), encoding="utf-8")
    assert "not valid JSON" in refused(pointer, load_record)
    assert isinstance(load_record(other), pytrick.SpitzerDeal)


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    text = json.dumps(spidge_record())
    expected = pytrick.SpidgeDeal.from_seed(4)
    assert loads_record("\ufeff" + text) == expected
    assert loads_record(b"\xef\xbb\xbf" + text.encode()) == expected
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    assert load_record(path) == expected


def test_the_old_mixed_entry_point_still_works_one_release_with_a_warning() -> None:
    record = spitzer_record()
    with pytest.warns(DeprecationWarning, match="use from_record"):
        assert load_record(record) == from_record(record)
    with pytest.warns(DeprecationWarning, match="use loads_record"):
        assert load_record(json.dumps(record)) == from_record(record)


@pytest.mark.parametrize("make", [lambda p: p / "missing.json", lambda p: p, lambda p: "a\0b"])
def test_a_file_that_cannot_be_read_is_a_record_error(tmp_path: Path, make: Any) -> None:
    assert "cannot read record file" in refused(make(tmp_path), load_record)


# -- messages quote little ------------------------------------------------------------


def test_quote_cuts_long_values_and_describes_huge_integers() -> None:
    assert len(quote("A" * 10**6)) < 50
    assert len(quote([list(range(1000))] * 1000)) < 100
    assert quote(10**5000) == f"<an integer of {(10**5000).bit_length()} bits>"
    assert quote(None) == "None" and quote(True) == "True" and quote("QC") == "'QC'"


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (["format"], "x" * 100_000),
        (["game"], "y" * 100_000),
        (["hands", 0, 3], "Q" * 100_000),
        (["plays"], ["9C" * 50_000]),
        (["announcements"], ["zola" * 25_000]),
        (["result"], {"k" * 50_000: list(range(10_000))}),
        (["version"], 10**5000),
        (["dealer"], -(10**5000)),
    ],
    ids=lambda case: "-".join(map(str, case)) if isinstance(case, list) else type(case).__name__,
)
def test_no_message_echoes_a_long_value(path: list[Any], value: object) -> None:
    record = spitzer_record()
    record["announcements"] = ["pass"] * 4
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    message = refused(record, from_record)
    assert message.startswith(str(path[0]))


# -- limits on what is read -----------------------------------------------------------


def test_a_record_over_the_size_limit_is_refused(tmp_path: Path) -> None:
    huge = " " * MAX_RECORD_BYTES + json.dumps(spitzer_record())
    assert "larger than the limit" in refused(huge)
    assert "larger than the limit" in refused(huge.encode())
    path = tmp_path / "huge.json"
    path.write_text(huge, encoding="utf-8")
    assert "larger than the limit" in refused(path, load_record)
    # Just under the limit is read.
    padded = json.dumps(spitzer_record())
    padded += " " * (MAX_RECORD_BYTES - len(padded))
    assert isinstance(loads_record(padded), pytrick.SpitzerDeal)


def test_nesting_is_limited() -> None:
    assert "expected a JSON object" in refused("[" * MAX_NESTING + "]" * MAX_NESTING)
    deeper = MAX_NESTING + 1
    assert "nested deeper than the limit" in refused("[" * deeper + "]" * deeper)
    # Deep enough for the JSON parser itself to give up (RecursionError).
    assert "nested deeper than the limit" in refused("[" * 100_000 + "]" * 100_000)
    assert "nested deeper than the limit" in refused('{"a":' * 100_000 + "1" + "}" * 100_000)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (HEAD.replace('"version": 1', '"version": 1' + "0" * 5000) + "}", "integer of 5001 digits"),
        (HEAD + ', "dealer": -' + "9" * 5000 + "}", "integer of 5001 digits"),
        (HEAD + ', "dealer": NaN}', "NaN is not a JSON number"),
        (HEAD + ', "dealer": -Infinity}', "-Infinity is not a JSON number"),
        (HEAD.replace("pytrick", "py\0trick") + "}", "not valid JSON"),
        ("\0" * 100, "not valid JSON"),
        ("", "not valid JSON"),
        (b"\xff\xfe{}", "not UTF-8 text: byte 0xff at offset 0"),
        (HEAD.encode() + b', "dealer": "\xc3"}', "not UTF-8 text: byte 0xc3 at offset"),
    ],
)
def test_malformed_text_is_a_record_error(text: str | bytes, message: str) -> None:
    assert message in refused(text)


# -- records accepted that should not be ---------------------------------------------


def test_a_spitzer_hand_listing_a_card_twice_is_refused() -> None:
    record = spitzer_record()
    record["hands"][1].append(record["hands"][1][0])
    first = pytrick.Card(record["hands"][1][0]).unicode()
    message = refused(record, from_record)
    assert message == f"hands[1][8]: {first} is listed twice (also at hands[1][0])"
    record["hands"][1].pop()
    record["hands"][1].pop()
    assert refused(record, from_record) == "hands[1]: expected 8 cards, got 7"


def test_a_spidge_hand_or_dummy_listing_a_card_twice_is_refused() -> None:
    for field in (["hands", 2], ["dummy"]):
        record = spidge_record()
        hand = record[field[0]] if len(field) == 1 else record[field[0]][field[1]]
        hand.append(hand[5])
        where = "".join(f"[{f}]" if isinstance(f, int) else f for f in field)
        assert refused(record, from_record).startswith(f"{where}[13]: ")
        assert "is listed twice" in refused(record, from_record)


def test_a_game_record_deal_listing_a_card_twice_is_refused() -> None:
    record = golden_game()
    record["deals"][0]["hands"][0][1] = record["deals"][0]["hands"][0][0]
    assert refused(record, from_record).startswith("deals[0].hands[0][1]: ")


def test_from_hands_refuses_a_hand_with_repeated_cards() -> None:
    deal = pytrick.SpitzerDeal.from_seed(4)
    hands = [list(deal.original_hand(seat)) for seat in range(4)]
    with pytest.raises(pytrick.InvalidCardError, match=r"hand 0 lists .* twice"):
        pytrick.SpitzerDeal.from_hands([hands[0] * 13, *hands[1:]])
    text = " ".join(str(card) for card in hands[2])
    with pytest.raises(pytrick.InvalidCardError, match=r"hand 2 lists .* twice"):
        pytrick.SpitzerDeal.from_hands([*hands[:2], f"{text} {text}", hands[3]])
    assert pytrick.SpitzerDeal.from_hands(hands, deal.dealer) == deal

    spidge = pytrick.SpidgeDeal.from_seed(4)
    record = spidge.to_record()
    with pytest.raises(pytrick.InvalidCardError, match=r"the dummy lists .* twice"):
        pytrick.SpidgeDeal(record["hands"], record["dummy"] * 2, spidge.dealer)
    with pytest.raises(pytrick.InvalidCardError, match=r"player 1's hand lists .* twice"):
        doubled = [record["hands"][0], record["hands"][1] * 8, record["hands"][2]]
        pytrick.SpidgeDeal.from_hands(doubled, record["dummy"], spidge.dealer)


@pytest.mark.parametrize("version", [1.0, True, "1", None])
def test_the_version_must_be_the_integer_one(version: object) -> None:
    record = spitzer_record()
    record["version"] = version
    assert refused(record, from_record).startswith("version: expected the integer 1, got ")


def test_unknown_fields_are_refused_like_unknown_rule_options() -> None:
    for make in (spitzer_record, spidge_record):
        record = make()
        record["comment"] = "looks harmless"
        assert refused(record, from_record).startswith("comment: unknown field (known: format, ")
    record = golden_game()
    record["note"] = 1
    assert refused(record, from_record).startswith("note: unknown field")
    record = golden_game()
    record["deals"][0]["rules"] = {}  # rules belong to the game, not to one of its deals
    assert refused(record, from_record).startswith("deals[0].rules: unknown field")
    # What the writers write is read back unchanged.
    assert from_record(copy.deepcopy(spidge_record())) == pytrick.SpidgeDeal.from_seed(4)


def test_read_record_text_is_a_deprecated_alias_that_never_reads_text_as_a_path(
    tmp_path: Path,
) -> None:
    from pytrick.records import parse_record_text, read_record_text

    text = json.dumps(pytrick.SpitzerDeal.from_seed(1).to_record())
    target = tmp_path / "deal.json"
    target.write_text(text, encoding="utf-8")
    with pytest.warns(DeprecationWarning, match="parse_record_text"):
        assert read_record_text(text) == parse_record_text(text)
    with pytest.warns(DeprecationWarning):
        assert read_record_text(target) == parse_record_text(text)
    with pytest.warns(DeprecationWarning), pytest.raises(RecordError):
        read_record_text(str(target))  # a string is JSON text, not a path
