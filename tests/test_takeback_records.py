"""Practice-mode takebacks of ``pytrick play`` are written into the game record."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest

from pytrick import RecordError, SpidgeGame, SpitzerGame
from pytrick.play import Session
from pytrick.records import MAX_TAKEBACK_MOVES, from_record, load_record


def saved_after(game: str, text: str, path: Path, seat: int, seed: int) -> tuple[Session, Any]:
    """Run a session on *text*, then save it to *path*; the session and the record."""
    play = Session(game, seat=seat, seed=seed, deals=1, color=False,
                   stdin=io.StringIO(text + f"save {path}\nquit\n"), out=io.StringIO())
    assert play.run() == 0
    return play, json.loads(path.read_text("utf-8"))


def moves_of(body: dict[str, Any]) -> list[str]:
    return list(body.get("announcements", [])) + list(body["plays"])


@pytest.mark.parametrize(("game", "text", "seat"), [
    ("spitzer", "pass\n1\n1\nundo\n", 0),
    ("spidge", "1\n1\nundo\n", 0),
])
def test_an_undo_is_logged_with_the_moves_it_took_back(
    tmp_path: Path, game: str, text: str, seat: int
) -> None:
    # The same session without the undo: what was played before it was taken back.
    first, before = saved_after(game, text.replace("undo\n", ""), tmp_path / "before.json", seat, 7)
    play, record = saved_after(game, text, tmp_path / "after.json", seat, 7)
    played, body = moves_of(before["deals"][0]), record["deals"][0]
    [takeback] = body["takebacks"]
    at, undone = takeback["at"], takeback["undone"]
    # What stayed is what was played first, and the takeback names the rest.
    assert moves_of(body) == played[:at]
    assert undone == played[at:]
    assert play._moves == played[:at]
    # The person's own move is the first one taken back.
    assert first._actors[at] == seat
    assert seat not in first._actors[at + 1:]
    game_class = SpitzerGame if game == "spitzer" else SpidgeGame
    loaded = load_record(tmp_path / "after.json")
    assert isinstance(loaded, game_class)
    assert loaded.deals[0].to_record()["plays"] == body["plays"]


def test_a_session_without_undo_writes_no_takebacks(tmp_path: Path) -> None:
    _, record = saved_after("spitzer", "pass\n1\n", tmp_path / "r.json", 0, 3)
    assert "takebacks" not in record["deals"][0]


def test_takebacks_of_two_undos_are_in_order(tmp_path: Path) -> None:
    play, record = saved_after("spidge", "1\nundo\n2\n1\nundo\n", tmp_path / "r.json", 1, 5)
    takebacks = record["deals"][0]["takebacks"]
    assert len(takebacks) == play.takebacks == 2
    assert all(t["undone"] for t in takebacks)
    assert takebacks[-1]["at"] == len(record["deals"][0]["plays"])


@pytest.fixture
def game_record(tmp_path: Path) -> dict[str, Any]:
    _, record = saved_after("spitzer", "pass\n1\n1\nundo\n", tmp_path / "r.json", 0, 7)
    return record


@pytest.mark.parametrize(("takebacks", "message"), [
    ("x", "deals[0].takebacks: expected list"),
    (["x"], "deals[0].takebacks[0]: expected a JSON object"),
    ([{"at": 1}], "deals[0].takebacks[0].undone: missing"),
    ([{"undone": ["AH"]}], "deals[0].takebacks[0].at: missing"),
    ([{"at": -1, "undone": ["AH"]}], "at: -1 is out of range"),
    ([{"at": MAX_TAKEBACK_MOVES + 1, "undone": ["AH"]}], "is out of range"),
    ([{"at": 0, "undone": []}], "undone: expected 1 to"),
    ([{"at": 0, "undone": ["AH"] * (MAX_TAKEBACK_MOVES + 1)}], "undone: expected 1 to"),
    ([{"at": 0, "undone": ["zolla"]}], "undone[0]: expected a card or an announcement token"),
    ([{"at": 0, "undone": ["AH", 7]}], "undone[1]: expected a card or an announcement token"),
    ([{"at": 0, "undone": ["AH"], "by": 0}], "takebacks[0].by: unknown field"),
])
def test_a_malformed_takeback_is_refused_by_path(
    game_record: dict[str, Any], takebacks: object, message: str
) -> None:
    bad = copy.deepcopy(game_record)
    bad["deals"][0]["takebacks"] = takebacks
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        from_record(bad)


def test_a_well_formed_takeback_of_announcements_and_cards_is_read(
    game_record: dict[str, Any]
) -> None:
    record = copy.deepcopy(game_record)
    record["deals"][0]["takebacks"] = [{"at": 0, "undone": ["pass", "ace_call_hearts", "QC"]}]
    assert from_record(record).deals[0].plays == from_record(game_record).deals[0].plays


def test_spidge_takebacks_take_cards_only() -> None:
    game = SpidgeGame(seed=2)
    game.next_deal()
    record = game.to_record()
    record["deals"][0]["takebacks"] = [{"at": 0, "undone": ["pass"]}]
    with pytest.raises(RecordError, match=r"takebacks\[0\]\.undone\[0\]: invalid card text"):
        from_record(record)


def test_save_option_writes_the_record_when_the_session_ends(tmp_path: Path) -> None:
    path = tmp_path / "end.json"
    play = Session("spidge", seat=2, seed=9, deals=1, color=False, save_to=str(path),
                   stdin=io.StringIO("1\nundo\n" + "1\n" * 30), out=io.StringIO())
    assert play.run() == 0
    record = json.loads(path.read_text("utf-8"))
    [body] = record["deals"]
    assert len(body["plays"]) == 52 and "result" in body
    assert len(body["takebacks"]) == play.takebacks == 1
    assert load_record(path).deals[0].result == play.game.deals[0].result


def test_save_option_writes_the_record_after_end_of_input_too(tmp_path: Path) -> None:
    path = tmp_path / "quit.json"
    play = Session("spitzer", seat=1, seed=9, color=False, save_to=str(path),
                   stdin=io.StringIO("pass\n"), out=io.StringIO())
    assert play.run() == 0
    assert not load_record(path).deals[0].is_over
    assert load_record(path).deals[0].announcements == play.game.deals[0].announcements
