"""The ``pytrick`` command as a user runs it: ``python -m pytrick ...``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import pytrick
from pytrick import cli
from pytrick.records import MAX_MESSAGE_CHARS, MAX_RECORD_BYTES


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


@pytest.fixture(scope="module")
def tournament_lines() -> list[str]:
    from pytrick.arena import run_tournament

    result = run_tournament("spidge", "heuristic,random", deals=3, seed=8, progress=False)
    return [json.dumps(record) for record in result.records]


def test_replay_picks_a_deal_and_rotation_out_of_a_tournaments_deals_jsonl(
    tmp_path: Path, tournament_lines: list[str]
) -> None:
    path = tmp_path / "deals.jsonl"
    path.write_text("\n".join(tournament_lines) + "\n", encoding="utf-8")
    for deal in range(3):
        for rotation in range(2):
            expected = json.loads(tournament_lines[deal])["rotations"][rotation]["record"]
            status, out, err = main_in_process("replay", str(path), "--deal", str(deal),
                                               "--rotation", str(rotation), "--json")
            assert status == 0, err
            assert json.loads(out) == pytrick.records.from_record(expected).summary_json()


@pytest.mark.parametrize(
    ("args", "status", "message"),
    [
        (("--deal", "7"), 1, "no deal 7 among the 3 deal lines"),
        (("--deal", "1", "--rotation", "2"), 1, "deal 1 has rotations 0 to 1, not 2"),
        (("--rotation", "1"), 2, "give --deal K too"),
        ((), 1, "a tournament's deals.jsonl (one deal per line), not a deal record: "
         "replay one of its deals with --deal K"),
    ],
)
def test_replay_of_a_tournament_file_names_what_is_missing(
    tmp_path: Path, tournament_lines: list[str], args: tuple[str, ...], status: int, message: str
) -> None:
    path = tmp_path / "deals.jsonl"
    # Without --deal, one line is read as a record (a whole file is not JSON).
    path.write_text("\n".join(tournament_lines if args else tournament_lines[:1]), encoding="utf-8")
    assert_one_line_error(*main_in_process("replay", str(path), *args), status, message)


def test_replay_deal_refuses_a_file_that_is_not_a_tournaments(tmp_path: Path) -> None:
    deal = pytrick.SpidgeDeal.from_seed(2)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    assert_one_line_error(*main_in_process("replay", str(path), "--deal", "0"), 1,
                          "line 1 is not a tournament's deal line")


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


# -- hostile input (issue 13): one line on stderr, a non-zero exit, no traceback ----


def main_in_process(*args: str) -> tuple[int, str, str]:
    """``pytrick.cli.main`` run in this process: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def assert_one_line_error(status: int, out: str, err: str, expected_status: int, text: str) -> None:
    assert status == expected_status and out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    assert len(err) <= MAX_MESSAGE_CHARS + 1
    assert text in err


def finished_record_file(tmp_path: Path) -> Path:
    path = tmp_path / "good.json"
    path.write_text(json.dumps(pytrick.SpitzerDeal.from_seed(5).to_record()), encoding="utf-8")
    return path


COMMANDS = [("replay",), ("explain", "AC")]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_file_contents_are_never_read_as_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    good = finished_record_file(tmp_path)
    assert main_in_process(command[0], str(good), *command[1:])[0] == 0
    pointer = tmp_path / "pointer.json"
    pointer.write_text(f"{good}\n", encoding="utf-8")
    found = main_in_process(command[0], str(pointer), *command[1:])
    assert_one_line_error(*found, 1, "invalid record: record is not valid JSON")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(str(good).encode())))
    found = main_in_process(command[0], "-", *command[1:])
    assert_one_line_error(*found, 1, "invalid record: record is not valid JSON")


def test_messages_never_echo_a_file(tmp_path: Path) -> None:
    secret = "root:x:0:0:" * 10_000
    path = tmp_path / "passwd"
    path.write_text(secret, encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(path)
    found = main_in_process("replay", str(link))
    assert_one_line_error(*found, 1, "not valid JSON")
    assert "root:x" not in found[2]
    path.write_text('{"format": "' + "A" * 10**6 + '"}', encoding="utf-8")
    assert_one_line_error(*main_in_process("replay", str(path)), 1, "format: expected 'pytrick'")


def test_a_byte_order_mark_is_accepted_by_the_cli(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    plain = finished_record_file(tmp_path)
    path.write_bytes(b"\xef\xbb\xbf" + plain.read_bytes())
    status, out, err = main_in_process("replay", str(path))
    assert (status, err) == (0, "")
    assert out == main_in_process("replay", str(plain))[1]  # the mark changes nothing


HOSTILE: list[tuple[str, bytes, int, str]] = [
    ("not-utf8", b'{"format": "\xff\xfe"}', 1, "not UTF-8 text: byte 0xff at offset 12"),
    ("latin-1", "{\"format\": \"pytrick\", \"é\": 1}".encode("latin-1"), 1, "not UTF-8"),
    ("deep-lists", b"[" * 100_000, 1, "nested deeper than the limit"),
    ("deep-objects", b'{"a":' * 50_000, 1, "nested deeper than the limit"),
    ("huge-int", b'{"version": ' + b"7" * 5000 + b"}", 1, "integer of 5000 digits"),
    ("nul-bytes", b"\0" * 64, 1, "not valid JSON"),
    ("nul-in-string", b'{"format": "pyt\0rick"}', 1, "not valid JSON"),
    ("empty", b"", 1, "not valid JSON"),
    ("not-an-object", b"[1, 2]", 1, "record: expected a JSON object, got a list"),
]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize(("content", "status", "text"), [c[1:] for c in HOSTILE],
                         ids=[c[0] for c in HOSTILE])
def test_hostile_files_give_one_line_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    command: tuple[str, ...], content: bytes, status: int, text: str,
) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    assert_one_line_error(*main_in_process(command[0], str(path), *command[1:]), status, text)
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(content)))
    assert_one_line_error(*main_in_process(command[0], "-", *command[1:]), status, text)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_unreadable_paths_give_one_line_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]
) -> None:
    rest = command[1:]
    found = main_in_process(command[0], str(tmp_path), *rest)
    assert_one_line_error(*found, 2, "Is a directory")
    found = main_in_process(command[0], str(tmp_path / "missing.json"), *rest)
    assert_one_line_error(*found, 2, "No such file or directory")
    assert_one_line_error(*main_in_process(command[0], "a\0b", *rest), 2, "cannot read")
    big = tmp_path / "big.json"
    with big.open("wb") as file:
        file.truncate(MAX_RECORD_BYTES + 1)  # sparse: all NUL bytes
    assert_one_line_error(*main_in_process(command[0], str(big), *rest), 1, "larger than the limit")

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    # Root reads any file, so a file without read permission is simulated.
    monkeypatch.setattr(cli, "open", refuse, raising=False)
    found = main_in_process(command[0], str(finished_record_file(tmp_path)), *rest)
    assert_one_line_error(*found, 2, "Permission denied")
    monkeypatch.setattr(sys, "stdin", None)
    assert_one_line_error(*main_in_process(command[0], "-", *rest), 2, "standard input is closed")


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
def test_closed_stdin_and_an_endless_file_through_a_real_process(command: tuple[str, ...]) -> None:
    # As a shell runs `pytrick replay - <&-`: file descriptor 0 is not open at all.
    closed = subprocess.run(
        ["sh", "-c", 'exec "$0" -m pytrick "$@" <&-', sys.executable, command[0], "-", *command[1:]],
        capture_output=True, text=True, timeout=60,
    )
    assert closed.returncode == 2 and closed.stdout == ""
    assert closed.stderr == f"pytrick {command[0]}: cannot read standard input: standard input is closed\n"
    endless = subprocess.run(
        [sys.executable, "-m", "pytrick", command[0], "/dev/zero", *command[1:]],
        capture_output=True, text=True, timeout=60,
    )
    assert endless.returncode == 1 and endless.stdout == ""
    assert endless.stderr.count("\n") == 1 and "larger than the limit" in endless.stderr


def test_explain_does_not_say_who_holds_a_card_the_player_cannot_see(tmp_path: Path) -> None:
    deal = pytrick.SpitzerDeal.from_seed(42)
    for _ in range(4):
        deal.announce("pass")
    deal.play("9C")
    path = tmp_path / "position.json"
    path.write_text(json.dumps(deal.to_record()), encoding="utf-8")
    # Seat 1 is to play; the answer is the same whoever holds the card.
    answers = []
    for seat in (2, 3):
        card = deal.hand(seat).max()
        done = run("explain", str(path), str(card))
        assert done.returncode == 0, done.stderr
        first = done.stdout.splitlines()[0]
        assert first.startswith(f"{card.unicode()} is illegal: seat 1 does not hold {card.unicode()}")
        answers.append(first.replace(card.unicode(), "X"))
    assert answers[0] == answers[1]
    outside = run("explain", str(path), "2C")
    assert "2C is not a Spitzer card" in outside.stdout and outside.returncode == 0
