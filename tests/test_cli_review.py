"""The command line as a new user met it: bots from the current directory,
Ctrl-C, ``--save``, bot and deal counts, replaying a tournament file, and the
result check of records."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import pytrick
from pytrick import cli
from pytrick.arena import run_tournament, save
from pytrick.play import Session
from pytrick.records import from_record
from pytrick.spitzer import HeuristicBot, play_deal

# The installed ``pytrick`` script, run as the console script runs it: sys.path
# without the current directory (``python -m pytrick`` would put it first), and
# pyproject's target for the script when pytrick is not installed.
_ENTRY_POINT = """
import os, sys
sys.path[:] = [p for p in sys.path if p not in ("", os.getcwd())]
from importlib.metadata import entry_points
found = [e.load() for e in entry_points(group="console_scripts") if e.name == "pytrick"]
if not found:  # the source tree, not installed (the sanitizer job): the script's target
    from pytrick.cli import main
    found = [main]
sys.exit(found[0]())
"""


def _script(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _ENTRY_POINT, *args], cwd=cwd, input=stdin,
        capture_output=True, text=True, encoding="utf-8", timeout=120,
    )


# -- bots importable from the current directory ------------------------------------------------


@pytest.fixture
def bot_dir(tmp_path: Path) -> Path:
    (tmp_path / "review_cwd_bots.py").write_text(
        "from pytrick.spitzer import HeuristicBot\n"
        "class Mine(HeuristicBot):\n"
        "    pass\n",
        encoding="utf-8",
    )
    return tmp_path


@pytest.mark.parametrize(
    ("args", "stdin", "expected"),
    [
        (("demo", "spitzer", "--seed", "3", "--bots", "review_cwd_bots:Mine,random"), "",
         "seat 0 review_cwd_bots:Mine"),
        (("play", "spitzer", "--seed", "3", "--bots", "review_cwd_bots:Mine"), "quit\n",
         "seat 1 review_cwd_bots:Mine"),
        # Worker processes import the module too (they run the bots).
        (("tournament", "spitzer", "--bots", "review_cwd_bots:Mine,heuristic", "--deals", "2",
          "--workers", "2", "--quiet"), "", "review_cwd_bots:Mine"),
    ],
)
def test_a_bot_module_in_the_current_directory_is_found(
    bot_dir: Path, args: tuple[str, ...], stdin: str, expected: str
) -> None:
    done = _script(*args, cwd=bot_dir, stdin=stdin)
    assert done.returncode == 0, done.stderr
    assert "cannot import" not in done.stderr
    assert expected in done.stdout


def test_the_current_directory_never_shadows_an_installed_module(tmp_path: Path) -> None:
    """It comes last on sys.path: a stray colorsys.py does not replace the
    standard library's, so its class is not found there."""
    (tmp_path / "colorsys.py").write_text("class Mine:\n    pass\n", encoding="utf-8")
    done = _script("demo", "spitzer", "--bots", "colorsys:Mine", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == "pytrick demo: bot 'colorsys:Mine': colorsys has no 'Mine'"


# -- Ctrl-C ------------------------------------------------------------------------------------


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.add(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc for the workers")
@pytest.mark.parametrize(
    ("args", "started", "workers"),
    [
        (("demo", "spitzer", "--seed", "1", "--bots", "pimc"), "stdout", 0),
        # Cheap bots, to be quick on the reference backend too; deals for minutes.
        (("tournament", "spitzer", "--bots", "heuristic,random", "--deals", "20000", "--out", "{out}"),
         "deals", 0),
        (("tournament", "spitzer", "--bots", "heuristic,random", "--deals", "20000", "--workers", "2",
          "--out", "{out}"), "deals", 2),
    ],
)
def test_ctrl_c_ends_every_command_cleanly(
    tmp_path: Path, args: tuple[str, ...], started: str, workers: int
) -> None:
    """Ctrl-C printed a KeyboardInterrupt traceback (54 lines with two workers)
    and died of the signal; now: one line, status 130, no worker left."""
    args = tuple(arg.format(out=tmp_path) for arg in args)
    # As a terminal does it: SIGINT to the whole process group, workers too.
    # A shell starts background jobs with SIGINT ignored: the child restores it.
    child = subprocess.Popen(
        [sys.executable, "-c", _ENTRY_POINT, *args], cwd=tmp_path, text=True,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.default_int_handler),
    )
    try:
        assert child.stdout is not None
        if started == "stdout":
            assert child.stdout.readline().startswith("Spitzer to 42")
        else:  # the first finished deal is on disk
            deals = tmp_path / "deals.jsonl"
            deadline = time.monotonic() + 60
            while not (deals.exists() and deals.stat().st_size) and time.monotonic() < deadline:
                time.sleep(0.05)
        pool = _children(child.pid)
        assert len(pool) >= workers
        os.killpg(child.pid, signal.SIGINT)
        _, err = child.communicate(timeout=30)
    finally:
        if child.poll() is None:
            child.kill()
            child.communicate()
    assert child.returncode == 130, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert err.rstrip().splitlines()[-1] == f"pytrick {args[0]}: interrupted; goodbye."
    deadline = time.monotonic() + 5
    while any(_alive(pid) for pid in pool) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [pid for pid in pool if _alive(pid)]


_IMPORTS_AT_A_DECISION = """
import sys
game, kind = sys.argv[1:]
if game == "spitzer":
    from pytrick.spitzer import ISMCTSBot, PIMCBot, RandomBot, SpitzerDeal as Deal
else:
    from pytrick.spidge import ISMCTSBot, PIMCBot, RandomBot, SpidgeDeal as Deal
bot = PIMCBot(worlds=2, seconds=None, seed=0) if kind == "pimc" else ISMCTSBot(iterations=20, seed=0)
deal, random_bot = Deal.from_seed(2), RandomBot(seed=0)

def decide(by):
    seat = deal.to_move if game == "spitzer" else deal.to_move.player
    view = deal.observation(seat)
    if game == "spitzer" and view.legal_announcements:
        deal.announce(by.announce(view), seat)
    else:
        deal.play(by.play(view), seat)
    return view

while len(decide(random_bot).hand) > 3:  # near the end: cheap on the reference backend too
    pass
before = set(sys.modules)
decide(bot)
print(sorted(set(sys.modules) - before))
"""


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
@pytest.mark.parametrize("kind", ["pimc", "ismcts"])
def test_a_search_bot_imports_nothing_when_it_decides(game: str, kind: str) -> None:
    """A Ctrl-C that landed in an import's lock clean-up, at a search bot's
    first decision, was dropped by Python ("Exception ignored in ...") and
    ``pytrick demo --bots pimc`` played on (seen once in CI): the bots now
    import what they use when they are made, before the demo's first line."""
    done = subprocess.run(
        [sys.executable, "-c", _IMPORTS_AT_A_DECISION, game, kind],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_ctrl_c_is_caught_by_main(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(**kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(pytrick.spidge, "demo", interrupted)
    err = io.StringIO()
    try:
        status = cli.main(["demo", "spidge"], out=io.StringIO(), err=err)
    except KeyboardInterrupt:  # not re-raised: it would stop the whole test run
        pytest.fail("main() let the KeyboardInterrupt through")
    assert status == 130
    assert err.getvalue() == "\npytrick demo: interrupted; goodbye.\n"


# -- play --save -------------------------------------------------------------------------------


def test_play_refuses_an_unwritable_save_path_before_the_game(tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    path = str(tmp_path / "missing" / "x.json")
    status = cli.main(["play", "spitzer", "--save", path], out=out, err=err)
    assert status == 2
    assert err.getvalue() == f"pytrick play: --save {path!r}: no directory {str(tmp_path / 'missing')!r}\n"
    assert out.getvalue() == ""  # no game was played
    err = io.StringIO()
    assert cli.main(["play", "spidge", "--save", str(tmp_path)], out=out, err=err) == 2
    assert "is a directory" in err.getvalue()


def test_play_exits_1_when_the_final_save_fails(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    out = io.StringIO()
    session = Session("spidge", seed=4, deals=1, stdin=io.StringIO("quit\n"), out=out,
                      save_to=str(folder / "game.json"))
    folder.rmdir()  # gone by the end of the session
    assert session.run() == 1
    assert "Cannot write" in out.getvalue()
    folder.mkdir()
    again = Session("spidge", seed=4, deals=1, stdin=io.StringIO("quit\n"), out=io.StringIO(),
                    save_to=str(folder / "game.json"))
    assert again.run() == 0 and (folder / "game.json").exists()


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_mid_deal_save_is_for_practice_only(tmp_path: Path, game: str) -> None:
    """The record holds the bots' hands: with --no-undo the save is refused."""
    path = tmp_path / "now.json"
    out = io.StringIO()
    strict = Session(game, seed=6, deals=1, practice=False,
                     stdin=io.StringIO(f"save {path}\nquit\n"), out=out)
    assert strict.run() == 0
    assert not path.exists()
    assert "No save during a deal with --no-undo: the record holds every hand" in out.getvalue()
    out = io.StringIO()
    practice = Session(game, seed=6, deals=1, stdin=io.StringIO(f"save {path}\nquit\n"), out=out)
    assert practice.run() == 0
    assert path.exists()
    assert "It holds every hand of this deal, the bots' too, and the seed, which deals the next deals." in out.getvalue()


# -- counts ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("game", "bots", "message"), [
    ("spitzer", "random,random,random,random,random",
     "a Spitzer table has 4 seats, so 1 to 4 bots (repeated in order to fill it), not 5"),
    ("spidge", "random,heuristic,random,random",
     "a Spidge table has 3 players, so 1 to 3 bots (repeated in order to fill it), not 4"),
])
def test_demo_refuses_more_bots_than_seats(game: str, bots: str, message: str) -> None:
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["demo", game, "--bots", bots], out=out, err=err) == 2
    assert err.getvalue() == f"pytrick demo: bots: {message}\n"
    assert out.getvalue() == ""


@pytest.mark.parametrize("deals", ["0", "-3"])
def test_play_and_tournament_refuse_no_deals_alike(deals: str) -> None:
    messages = []
    for command in ("play", "tournament"):
        err = io.StringIO()
        assert cli.main([command, "spidge", "--deals", deals], out=io.StringIO(), err=err) == 2
        messages.append(err.getvalue().removeprefix(f"pytrick {command}: "))
    assert messages[0] == messages[1] == f"deals = {int(deals)}: must be a whole number, 1 or more\n"


# -- replay and records ------------------------------------------------------------------------


def test_replay_of_a_tournament_file_asks_for_a_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    save(run_tournament("spidge", "heuristic,random", deals=2, seed=1, progress=False), str(tmp_path))
    path = tmp_path / "deals.jsonl"
    for source in (str(path), "-"):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
        err = io.StringIO()
        assert cli.main(["replay", source], out=io.StringIO(), err=err) == 1
        assert err.getvalue() == (
            "pytrick replay: invalid record: this is a tournament's deals.jsonl (one deal per line), "
            "not a deal record: replay one of its deals with --deal K (and --rotation R)\n"
        )
    assert cli.main(["replay", str(path), "--deal", "1"], out=io.StringIO(), err=io.StringIO()) == 0


def test_no_undo_help_says_what_is_turned_off() -> None:
    out = io.StringIO()
    with pytest.raises(SystemExit):
        sys_stdout, sys.stdout = sys.stdout, out
        try:
            cli.main(["play", "--help"])
        finally:
            sys.stdout = sys_stdout
    text = " ".join(out.getvalue().split())
    assert "--no-undo play without takebacks: the undo command (on by default, for practice) is off" in text


def test_a_wrong_recorded_result_names_the_field_and_both_values() -> None:
    deal = pytrick.SpitzerDeal.from_seed(3)
    play_deal(deal, [HeuristicBot(seed=seat) for seat in range(4)])
    record = deal.to_record()
    replayed = list(deal.result.scores)
    record["result"]["scores"] = [s + 1 for s in replayed]
    with pytest.raises(pytrick.RecordError) as caught:
        from_record(record)
    assert str(caught.value) == (
        f"result: does not match the replay: scores recorded {[s + 1 for s in replayed]}, "
        f"replayed {replayed}"
    )
    del record["result"]["column"]
    record["result"]["scores"] = replayed
    with pytest.raises(pytrick.RecordError, match=r"column missing \(replayed '"):
        from_record(record)
