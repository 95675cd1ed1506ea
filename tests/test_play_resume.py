"""``pytrick play GAME --resume FILE``: a saved game played on from its record.

Run on both backends (``TRICKCORE_PUREPYTHON=1`` for the pure-Python one)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from pytrick import (
    RecordError,
    SpidgeGame,
    SpidgeObservation,
    SpidgeRules,
    SpitzerDeal,
    SpitzerGame,
    SpitzerRules,
)
from pytrick.cli import main
from pytrick.errors import ArgumentTypeError, InvalidArgumentError
from pytrick.play import Session
from pytrick.records import load_record

GAMES = ("spitzer", "spidge")
# The first moves of seat 0 with seed 3: Spitzer passes first.
OPENING = {"spitzer": "pass\n1\n1\n", "spidge": "1\n1\n"}
PROMPT = "you> "


def play(game: str, text: str, **options: Any) -> tuple[str, int]:
    out = io.StringIO()
    status = Session(game, stdin=io.StringIO(text), out=out, color=False, **options).run()
    return out.getvalue(), status


def after_prompt(text: str) -> str:
    """What a session printed from its first prompt's input on."""
    return text.split(PROMPT, 1)[1]


@pytest.mark.parametrize("game", GAMES)
def test_a_game_saved_mid_deal_goes_on_exactly_as_the_original(game: str, tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    # The undo before the save is logged; the one after it takes back a move
    # made before the save (the resumed session knows who made each move).
    later = "undo\n" + "1\n" * 70
    original, status = play(
        game, OPENING[game] + f"undo\n1\nsave {saved}\n" + later,
        seed=3, deals=2, save_to=str(tmp_path / "original_end.json"),
    )
    assert status == 0
    resumed, status = play(
        game, later, resume=str(saved), deals=2, save_to=str(tmp_path / "resumed_end.json")
    )
    assert status == 0
    # The same screens, bot moves, results and totals, into the next deal
    # the seed deals and to the end.
    expected = after_prompt(original.split("which deals the next deals.)\n", 1)[1])
    assert after_prompt(resumed) == expected.replace("original_end", "resumed_end")
    assert "Deal 2 is over" in expected and "took back 2 moves" in expected
    # The saved takebacks are written again, with the new one.
    end = json.loads((tmp_path / "resumed_end.json").read_text("utf-8"))
    assert end == json.loads((tmp_path / "original_end.json").read_text("utf-8"))
    assert len(end["deals"][0]["takebacks"]) == 2
    assert end["seed"] == 3
    head = resumed.split(PROMPT, 1)[0]
    assert "Resumed the saved game: deal 1 is in progress (0 deals finished)." in head
    assert "=== Deal 1 (resumed), dealer" in head
    assert "seed" not in resumed  # the record's seed deals every hand: never said


@pytest.mark.parametrize("game", GAMES)
def test_a_game_saved_between_deals_deals_on_from_its_seed(game: str, tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    moves = "1\n" * 70
    one, _ = play(game, moves, seed=8, deals=1, save_to=str(saved))
    assert "Deal 1 is over" in one
    both, _ = play(game, moves, seed=8, deals=2)
    rest = moves[: -2 * one.count(PROMPT)]  # the lines deal 1 did not read
    resumed, status = play(game, rest, resume=saved, deals=2)
    assert status == 0
    assert "1 deal finished, deal 2 is next" in resumed
    second = "\n=== Deal 2, dealer"
    assert resumed[resumed.index(second):] == both[both.index(second):]


@pytest.mark.parametrize("game", GAMES)
def test_a_parsed_record_resumes_as_its_file_does(game: str, tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    play(game, OPENING[game] + f"save {saved}\nquit\n", seed=5)
    from_file, _ = play(game, "1\n" * 70, resume=saved, deals=1)
    record = json.loads(saved.read_text("utf-8"))
    from_mapping, _ = play(game, "1\n" * 70, resume=record, deals=1)
    assert from_mapping == from_file
    assert json.loads(saved.read_text("utf-8")) == record  # the caller's record is not changed


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_says_so_and_exits_0(game: str, tmp_path: Path) -> None:
    rules = SpitzerRules(target=1) if game == "spitzer" else SpidgeRules(target=1)
    finished = SpitzerGame(rules, seed=2) if game == "spitzer" else SpidgeGame(rules, seed=2)  # type: ignore[arg-type]
    while not finished.is_over:
        deal = finished.next_deal()
        while not deal.is_over:
            _first_move(deal)
        finished.finish_deal()
    saved = tmp_path / "over.json"
    saved.write_text(json.dumps(finished.to_record()), "utf-8")
    text, status = play(game, "1\n", resume=saved)
    assert status == 0
    assert "Resumed the saved game: the game is over after" in text
    assert "wins the game" in text or "You win the game" in text
    assert PROMPT not in text


def _first_move(deal: Any) -> None:
    if isinstance(deal, SpitzerDeal) and deal.legal_announcements:
        deal.announce("pass")
    else:
        deal.play(min(deal.legal_moves))


@pytest.mark.parametrize("game", GAMES)
def test_a_record_without_a_seed_deals_fresh_deals_and_says_so(game: str, tmp_path: Path) -> None:
    unseeded = SpitzerGame() if game == "spitzer" else SpidgeGame()
    unseeded.next_deal()
    record = unseeded.to_record()
    assert record["seed"] is None
    saved = tmp_path / "unseeded.json"
    saved.write_text(json.dumps(record), "utf-8")
    text, status = play(game, "quit\n", resume=saved, save_to=str(tmp_path / "again.json"))
    assert status == 0
    assert "The record keeps no seed: the next deals are fresh random deals." in text
    assert "The seed was" not in text
    assert json.loads((tmp_path / "again.json").read_text("utf-8"))["seed"] is None


@pytest.mark.parametrize("game", GAMES)
def test_a_resumed_deal_shows_only_what_the_seat_sees(game: str, tmp_path: Path) -> None:
    saved = tmp_path / "saved.json"
    play(game, OPENING[game] + f"save {saved}\nquit\n", seed=6)
    seat = 1
    out = io.StringIO()
    session = Session(game, resume=saved, seat=seat, stdin=io.StringIO("quit\n"), out=out, color=False)
    session.run()
    text = out.getvalue()
    # What the seat saw when it quit at its first prompt: the bots' moves
    # after the resume are in it, and are seen.
    seen = session.game.deals[-1].observation(seat)
    visible = {c.unicode() for c in seen.hand} | {c.unicode() for _, c in seen.plays}
    if isinstance(seen, SpidgeObservation):
        visible |= {c.unicode() for c in seen.dummy}
    shown = set(re.findall(r"(?:10|[2-9JQKA])[♣♦♥♠]|🃏\d", text))
    assert shown and shown <= visible


@pytest.mark.parametrize("game", GAMES)
def test_the_command_line_resumes_through_main(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = tmp_path / "saved.json"
    play(game, OPENING[game] + f"save {saved}\nquit\n", seed=4)
    expected, _ = play(game, "1\n" * 70, resume=saved, deals=1, seat=0)
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 70))
    out, err = io.StringIO(), io.StringIO()
    status = main(["play", game, "--resume", str(saved), "--deals", "1"], out=out, err=err)
    assert (status, err.getvalue()) == (0, "")
    assert out.getvalue() == expected
    # The same rules again are accepted.
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    target = load_record(saved).rules.target
    status = main(["play", game, "--resume", str(saved), "--rules", f"target={target}"], out=out, err=err)
    assert (status, err.getvalue()) == (0, "")


def _refused(args: list[str]) -> str:
    out, err = io.StringIO(), io.StringIO()
    assert main(["play", *args], out=out, err=err) == 2
    assert out.getvalue() == ""
    message = err.getvalue()
    assert message.startswith("pytrick play: ") and message.count("\n") == 1
    return message


def test_bad_resume_files_are_one_line_refusals(tmp_path: Path) -> None:
    game_file = tmp_path / "game.json"
    play("spitzer", "pass\n" + f"save {game_file}\nquit\n", seed=3)
    deal_file = tmp_path / "deal.json"
    deal_file.write_text(json.dumps(SpitzerDeal.from_seed(1).to_record()), "utf-8")
    observation_file = tmp_path / "observation.json"
    observation_file.write_text(json.dumps(SpitzerDeal.from_seed(1).observation(2).to_record()), "utf-8")
    broken = tmp_path / "broken.json"
    broken.write_text("{", "utf-8")
    record = json.loads(game_file.read_text("utf-8"))
    record["deals"][0]["announcements"][0] = "zola_schneider_schwarz_x"
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps(record), "utf-8")

    missing = _refused(["spitzer", "--resume", str(tmp_path / "nothing.json")])
    assert "--resume" in missing and "cannot read record file" in missing
    assert "not a game record" in _refused(["spitzer", "--resume", str(deal_file)])
    assert "Spitzer observation record, not a game record" in _refused(
        ["spitzer", "--resume", str(observation_file)]
    )
    assert "Spitzer game record: resume it with pytrick play spitzer" in _refused(
        ["spidge", "--resume", str(game_file)]
    )
    assert "--resume" in _refused(["spitzer", "--resume", str(broken)])
    assert "announcements[0]" in _refused(["spitzer", "--resume", str(illegal)])
    assert "--seed" in _refused(["spitzer", "--resume", str(game_file), "--seed", "3"])
    rules = _refused(["spitzer", "--resume", str(game_file), "--rules", "target=21"])
    assert "--rules" in rules and "target=42" in rules and "target=21" in rules


def test_the_session_refuses_the_same_way(tmp_path: Path) -> None:
    game_file = tmp_path / "game.json"
    play("spidge", "1\n" + f"save {game_file}\nquit\n", seed=3)
    with pytest.raises(RecordError, match="resume it with pytrick play spidge"):
        Session("spitzer", resume=str(game_file))
    with pytest.raises(InvalidArgumentError, match="--seed"):
        Session("spidge", resume=str(game_file), seed=3)
    with pytest.raises(InvalidArgumentError, match="--rules"):
        Session("spidge", resume=str(game_file), rules=SpidgeRules(jokers=False))
    with pytest.raises(ArgumentTypeError, match="resume"):
        Session("spidge", resume=3)  # type: ignore[arg-type]
    Session("spidge", resume=str(game_file), rules=SpidgeRules())  # the same rules


def test_help_names_resume(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    assert "--resume FILE" in capsys.readouterr().out
