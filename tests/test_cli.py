"""The ``pytrick`` command as a user runs it: ``python -m pytrick ...``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pytrick


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pytrick", *args],
        capture_output=True, text=True, input=stdin, encoding="utf-8",
    )


@pytest.mark.parametrize(("game", "winner_line"), [("spitzer", "wins with"), ("spidge", "wins")])
def test_demo_plays_a_whole_game_and_is_reproducible(game: str, winner_line: str) -> None:
    first, second = run("demo", game, "--seed", "11"), run("demo", game, "--seed", "11")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    assert winner_line in first.stdout.strip().splitlines()[-1]
    assert "Deal 1" in first.stdout


def test_replay_prints_the_result_of_a_good_record(tmp_path: Path) -> None:
    deal = pytrick.SpidgeDeal.from_seed(2)
    while not deal.is_over:
        deal.play(deal.legal_moves.min())
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    done = run("replay", str(path), "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == deal.summary_json()
    from_stdin = run("replay", "-", stdin=path.read_text(encoding="utf-8"))
    assert from_stdin.returncode == 0 and from_stdin.stdout.strip() == deal.summary().strip()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "record is not valid JSON"),
        ('{"format": "pytrick", "version": 1, "game": "chess", "kind": "deal"}', "game: 'chess'"),
        ('{"format": "pytrick", "version": 1, "game": "spitzer", "kind": "deal", "dealer": 9}',
         "dealer: 9 is out of range 0..3"),
    ],
)
def test_replay_rejects_a_bad_record_naming_the_fault(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    done = run("replay", str(path))
    assert done.returncode == 1
    assert message in done.stderr and done.stdout == ""


def test_replay_of_a_missing_file_is_a_clear_error(tmp_path: Path) -> None:
    done = run("replay", str(tmp_path / "nothing.json"))
    assert done.returncode == 2
    assert "cannot read" in done.stderr


def test_unknown_game_is_refused_by_the_parser() -> None:
    done = run("demo", "bridge")
    assert done.returncode == 2 and "invalid choice" in done.stderr


def test_explain_answers_whether_a_card_may_be_played_and_why(tmp_path: Path) -> None:
    deal = pytrick.SpitzerDeal.from_seed(42)
    for _ in range(4):
        deal.announce("pass")
    deal.play("9C")  # seat 0 leads a club; seat 1 holds 10♣ and J♣ (a trump)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    refused = run("explain", str(path), "JC")
    assert refused.returncode == 0, refused.stderr
    assert "J♣ is illegal: must follow clubs: you hold 10♣ (rules §1.6)." in refused.stdout
    assert "seat 1 to play; legal now: 10♣" in refused.stdout
    allowed = run("explain", str(path), "10C")
    assert "10♣ is legal" in allowed.stdout
    assert deal.to_record() == json.loads(path.read_text(encoding="utf-8"))


def test_explain_names_the_spidge_opening_lead_rule(tmp_path: Path) -> None:
    deal = pytrick.SpidgeDeal.from_seed(3)
    path = tmp_path / "opening.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    done = run("explain", str(path), "AS")
    assert "the opening lead may not be a trump" in done.stdout and "(rules §2.5)" in done.stdout
    bad_card = run("explain", str(path), "ZZ")
    assert bad_card.returncode == 1 and "invalid card text 'ZZ'" in bad_card.stderr


def test_demo_into_a_closed_pipe_stops_quietly() -> None:
    # Like `pytrick demo spitzer | head -0`: nobody reads the output.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytrick", "demo", "spitzer", "--seed", "1"],
            stdout=write_end, stderr=subprocess.PIPE, timeout=60,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1
    assert b"Traceback" not in done.stderr and done.stderr == b""
