"""Duplicate tournaments: statistics on known inputs, rotations, records, executors, the CLI."""

from __future__ import annotations

import importlib.util
import io
import json
import math
import os
import re
import time
from pathlib import Path

import numpy as np
import pytest

from pytrick import arena
from pytrick.cli import main
from pytrick.errors import ArgumentTypeError, InvalidArgumentError, PytrickError, RecordError
from pytrick.records import from_record
from pytrick.spidge import SpidgeObservation
from pytrick.spitzer import Announcement, SpitzerObservation
from trickcore import BACKEND
from trickcore.card import Card

# The reference twin searches in Python: a token budget there.
ISMCTS = "ismcts[iterations=3]" if BACKEND == "python" else "ismcts[iterations=20]"

# ------------------------------------------------------------------ statistics


@pytest.mark.parametrize(
    ("df", "exact"), [(4, 2.776445), (10, 2.228139), (30, 2.042272), (200, 1.971896)]
)
def test_t_quantile_matches_the_tables(df: int, exact: float) -> None:
    assert arena.t_quantile(0.975, df) == pytest.approx(exact, rel=3e-3)


def test_mean_interval_on_known_values() -> None:
    interval = arena.mean_interval([1, 2, 3, 4, 5])
    # sd = sqrt(2.5), se = sd / sqrt(5), t(0.975, 4) = 2.7764
    half = 2.776445 * math.sqrt(2.5) / math.sqrt(5)
    assert interval.mean == 3
    assert interval.half_width == pytest.approx(half, rel=3e-3)
    assert interval.excludes_zero()
    assert not arena.mean_interval([-1, 1, -2, 2]).excludes_zero()


def test_mean_interval_refuses_no_values() -> None:
    with pytest.raises(InvalidArgumentError, match="at least one"):
        arena.mean_interval([])


def test_bradley_terry_recovers_known_strengths() -> None:
    # Expected win counts under known ratings: the fit without a prior is exact.
    truth = np.array([150.0, 50.0, -60.0, -140.0])
    strength = 10 ** (truth / 400)
    wins = 1000 * strength[:, None] / (strength[:, None] + strength[None, :])
    np.fill_diagonal(wins, 0)
    fitted = arena.bradley_terry(wins, prior=0)
    assert fitted == pytest.approx(truth - truth.mean(), abs=1e-4)


def test_bradley_terry_three_to_one() -> None:
    elo = arena.bradley_terry(np.array([[0.0, 3.0], [1.0, 0.0]]), prior=0)
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(3))


def test_bradley_terry_prior_keeps_a_clean_sweep_finite() -> None:
    elo = arena.bradley_terry(np.array([[0.0, 10.0], [0.0, 0.0]]))
    assert np.isfinite(elo).all()
    assert elo[0] - elo[1] == pytest.approx(400 * math.log10(10.5 / 0.5))


def _fake_result(points: list[list[float]]) -> arena.TournamentResult:
    bots = [f"b{i}" for i in range(len(points[0]))]
    records = [
        {"deal": d, "points": dict(zip(bots, row, strict=True))} for d, row in enumerate(points)
    ]
    return arena.TournamentResult("spitzer", bots, 0, records)


def test_pairwise_table_and_standings_from_known_points() -> None:
    result = _fake_result([[3, 0], [6, 3], [0, 0], [9, 3]])
    rows = {(row.bot, row.other): row for row in result.pairwise()}
    row = rows["b0", "b1"]
    assert (row.wins, row.ties, row.losses) == (3, 1, 0)
    assert row.difference.mean == 3.0
    assert rows["b1", "b0"].difference.mean == -3.0
    standings = result.standings()
    assert [s.bot for s in standings] == ["b0", "b1"]
    assert standings[0].points.mean == 4.5
    assert standings[0].margin.mean == 3.0
    ratings = {r.bot: r for r in result.ratings(bootstrap=50)}
    assert ratings["b0"].elo > 0 > ratings["b1"].elo
    assert ratings["b0"].stderr > 0
    summary = json.loads(json.dumps(result.summary()))
    assert summary["standings"][0]["bot"] == "b0"
    assert "b0" in result.table() and "Row minus column" in result.table()


# ------------------------------------------------------------------ rotations and records


@pytest.mark.parametrize(("bots", "seats"), [(2, 4), (3, 4), (4, 4), (5, 4), (2, 3), (3, 3), (4, 3)])
def test_every_bot_takes_every_seat_once(bots: int, seats: int) -> None:
    lineups = arena.rotations(bots, seats)
    assert len(lineups) == bots
    for seat in range(seats):
        assert sorted(lineup[seat] for lineup in lineups) == list(range(bots))


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_duplicate_deal_replays_the_same_cards_rotated(game: arena.Game) -> None:
    specs = arena.parse_bots("heuristic,random,heuristic")
    record = arena.play_duplicate_deal(game, specs, seed=5, index=2)
    played = record["rotations"]
    assert len(played) == 3
    first = played[0]["record"]
    for r, rotation in enumerate(played):
        assert rotation["seats"] == [specs[b].title for b in arena.rotations(3, arena.SEATS[game])[r]]
        # The same deal every time: same dealer and the same cards dealt.
        assert rotation["record"]["dealer"] == first["dealer"]
        key = "hands" if "hands" in first else "pack"
        assert rotation["record"][key] == first[key]
    for b, spec in enumerate(specs):
        scores = [
            rotation["scores"][seat]
            for rotation in played
            for seat, name in enumerate(rotation["seats"])
            if name == spec.title
        ]
        assert len(scores) == arena.SEATS[game]
        assert record["points"][spec.title] == pytest.approx(sum(scores) / len(scores))
        del b


def test_tournament_is_a_function_of_its_seed() -> None:
    a = arena.run_tournament("spidge", "heuristic,random", 3, seed=9, progress=False)
    b = arena.run_tournament("spidge", "heuristic,random", 3, seed=9, progress=False)
    c = arena.run_tournament("spidge", "heuristic,random", 3, seed=10, progress=False)
    assert a.records == b.records
    assert a.records != c.records


def test_processes_give_the_same_records_as_one_process() -> None:
    serial = arena.run_tournament("spitzer", "heuristic,random", 4, seed=3, progress=False)
    pooled = arena.run_tournament("spitzer", "heuristic,random", 4, seed=3, workers=2, progress=False)
    assert pooled.records == serial.records


def test_ray_gives_the_same_records_as_one_process() -> None:
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("PYTRICK_REQUIRE_RAY") == "1":
            raise AssertionError("PYTRICK_REQUIRE_RAY=1 but Ray is not installed")
        pytest.skip("Ray is an optional extra (pytrick[ray]); .ci/run installs it")
    import ray

    serial = arena.run_tournament("spidge", f"{ISMCTS},heuristic", 3, seed=4, progress=False)
    try:
        on_ray = arena.run_tournament(
            "spidge", f"{ISMCTS},heuristic", 3, seed=4, ray=True, progress=False
        )
    finally:
        ray.shutdown()
    assert on_ray.records == serial.records


def test_records_are_saved_and_read_back(tmp_path: Path) -> None:
    result = arena.run_tournament(
        "spitzer", "heuristic,random", 3, seed=2, progress=False, out_dir=str(tmp_path)
    )
    lines = (tmp_path / "deals.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["deal"] for line in lines] == [0, 1, 2]
    assert json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))["deals"] == 3
    assert arena.load(str(tmp_path)).records == result.records
    # A run still going (or stopped) has only its deal records so far.
    (tmp_path / "summary.json").unlink()
    assert arena.load(str(tmp_path)).summary() == result.summary()
    has_matplotlib = importlib.util.find_spec("matplotlib") is not None
    picture = tmp_path / "ratings.png"
    assert picture.exists() == has_matplotlib
    if has_matplotlib:
        assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_progress_bar_counts_every_deal_to_its_total_with_an_eta(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The bar is tqdm's, sized to the deals asked for, moved once per deal
    finished up to that total, and drawn with its ETA on the file given."""
    import tqdm

    bars: list[tqdm.tqdm] = []
    counts: list[int] = []

    class Watched(tqdm.tqdm):  # type: ignore[type-arg]
        def __init__(self, *args: object, **kwargs: object) -> None:
            super().__init__(*args, **kwargs)
            bars.append(self)

        def update(self, n: float | None = 1) -> bool | None:
            shown = super().update(n)
            counts.append(self.n)
            return shown

    monkeypatch.setattr(tqdm, "tqdm", Watched)
    sink = io.StringIO()
    arena.run_tournament("spidge", "random,random", 3, seed=1, progress=sink)
    [bar] = bars
    assert (bar.total, bar.unit, bar.desc) == (3, "deal", "spidge")
    assert counts == [1, 2, 3]  # each deal counted once, up to the total
    text = sink.getvalue()
    assert "0/3" in text and "3/3" in text  # drawn at the start and at the total
    # tqdm's remaining time: "[elapsed<remaining, rate]".
    assert re.search(r"3/3 \[\d\d:\d\d<\d\d:\d\d, ", text), text
    capsys.readouterr()
    arena.run_tournament("spidge", "random,random", 2, seed=1, progress=False)
    assert bars[-1].disable and capsys.readouterr() == ("", "")  # no bar at all


# ------------------------------------------------------------------ bots by name


class FirstLegalBot:
    """A user's bot, found by import path: always the lowest legal card."""

    def announce(self, observation: SpitzerObservation) -> Announcement:
        return observation.legal_announcements[0]

    def play(self, observation: SpitzerObservation | SpidgeObservation) -> Card:
        return observation.legal_moves.min()


class CheatingBot:
    def play(self, observation: SpidgeObservation) -> Card:
        return Card("2C") if "2C" not in observation.legal_moves else Card("3C")


class RaisingBot:
    """A user's bot with a bug in its own code."""

    def announce(self, observation: SpitzerObservation) -> Announcement:
        return Announcement.PASS

    def play(self, observation: SpitzerObservation | SpidgeObservation) -> Card:
        raise ValueError("boom")


class NotABot:
    """No bot protocol at all."""


class FailingConstructorBot(FirstLegalBot):
    def __init__(self, depth: int = 1) -> None:
        if depth < 1:
            raise ValueError("depth must be 1 or more")


def test_bots_by_import_path_and_options() -> None:
    specs = arena.parse_bots("test_arena:FirstLegalBot,ismcts[iterations=3, rollout=heuristic]")
    assert specs[1].kwargs == (("iterations", 3), ("rollout", "heuristic"))
    assert type(specs[0].make("spidge", 1)).__name__ == "FirstLegalBot"
    assert specs[1].make("spidge", 1).iterations == 3
    result = arena.run_tournament("spidge", specs, 1, seed=1, progress=False)
    assert set(result.bots) == {"test_arena:FirstLegalBot", "ismcts[iterations=3, rollout=heuristic]"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("heuristic", "at least 2"),
        ("nosuchbot,random", "unknown bot 'nosuchbot'"),
        ("no_such_module_h9:Bot,random", "cannot import"),
        ("test_arena:Missing,random", "has no 'Missing'"),
        ("ismcts[iterations],random", "must be name=value"),
        ("ismcts[iterations=3,random", "must end with"),
        # A refused option value names the bot as well as the option.
        (r"ismcts[iterations=abc],random", r"bot 'ismcts\[iterations=abc\]': iterations = 'abc'"),
        (r"pimc[worlds=0],random", r"bot 'pimc\[worlds=0\]': invalid worlds 0"),
        ("test_arena:FailingConstructorBot[depth=0],random", "ValueError: depth must be 1 or more"),
        ("test_arena:NotABot,random", "a NotABot has no play method; a Spidge bot needs play"),
        # An option the bot has no parameter for is named with the ones it has.
        ("random[x=1],heuristic", r"bot 'random\[x=1\]': RandomBot has no option 'x'; its options: seed"),
        ("pimc[x=1, y=2],random", r"PIMCBot has no options 'x', 'y'; its options: worlds, seconds, solve_from, rollouts, seed"),
    ],
)
def test_bad_bot_names_are_reported(text: str, message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        arena.run_tournament("spidge", text, 1, progress=False)


def test_an_illegal_choice_names_the_bot() -> None:
    with pytest.raises(PytrickError, match="test_arena:CheatingBot"):
        arena.run_tournament("spidge", "test_arena:CheatingBot,random", 1, progress=False)


def test_a_spitzer_bot_needs_announce_too() -> None:
    with pytest.raises(InvalidArgumentError, match="a CheatingBot has no announce method"):
        arena.run_tournament("spitzer", "test_arena:CheatingBot,random", 1, progress=False)


@pytest.mark.parametrize(
    ("game", "workers", "seat"), [("spitzer", 1, "in seat 0"), ("spidge", 1, r"\(player 0\)"), ("spidge", 2, r"\(player 0\)")]
)
def test_a_bot_that_raises_is_named_with_its_seat(game: arena.Game, workers: int, seat: str) -> None:
    with pytest.raises(PytrickError, match=rf"^bot test_arena:RaisingBot {seat}: play\(\) raised ValueError: boom$"):
        arena.run_tournament(game, "test_arena:RaisingBot,random", 2, workers=workers, progress=False)


@pytest.mark.parametrize(("field", "value"), [("deals", 0), ("workers", 0), ("deals", True)])
def test_bad_counts_are_refused(field: str, value: object) -> None:
    kwargs = {"deals": 1, "workers": 1, field: value}
    with pytest.raises(InvalidArgumentError, match=field):
        arena.run_tournament("spidge", "random,random", kwargs.pop("deals"), progress=False, **kwargs)  # type: ignore[arg-type]


# ------------------------------------------------------------------ the command


def test_tournament_command_prints_json() -> None:
    out = io.StringIO()
    code = main(["tournament", "spidge", "--bots", "heuristic,random", "--deals", "2", "--quiet", "--json"], out=out)
    assert code == 0
    summary = json.loads(out.getvalue())
    assert summary["deals"] == 2 and {row["bot"] for row in summary["standings"]} == {"heuristic", "random"}


def test_tournament_command_prints_the_table_and_saves(tmp_path: Path) -> None:
    out = io.StringIO()
    code = main(
        ["tournament", "spitzer", "--bots", "heuristic,random", "--deals", "2", "--quiet", "--out", str(tmp_path)],
        out=out,
    )
    assert code == 0
    assert "points/deal (95% CI)" in out.getvalue()
    assert (tmp_path / "deals.jsonl").exists()


def test_tournament_command_reports_a_bad_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "spidge", "--bots", "zzz,random", "--quiet"], out=io.StringIO()) == 2
    assert "unknown bot 'zzz'" in capsys.readouterr().err


def test_tournament_command_reports_an_unwritable_out_dir(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    args = ["tournament", "spidge", "--bots", "random,random", "--deals", "1", "--quiet"]
    assert main([*args, "--out", str(blocker / "results")], out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        f"pytrick tournament: cannot save in {str(blocker / 'results')!r}: Not a directory\n"
    )


def test_the_commands_report_a_failing_bot_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    bots = "test_arena:RaisingBot,random"
    assert main(["tournament", "spitzer", "--bots", bots, "--deals", "1", "--quiet"], out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "pytrick tournament: bot test_arena:RaisingBot in seat 0: play() raised ValueError: boom\n"
    )
    assert main(["demo", "spidge", "--seed", "1", "--bots", bots], out=io.StringIO()) == 2
    assert capsys.readouterr().err == (
        "pytrick demo: bot test_arena:RaisingBot (player 0): play() raised ValueError: boom\n"
    )
    assert main(["demo", "spitzer", "--seed", "1", "--bots", "test_arena:NotABot"], out=io.StringIO()) == 2
    assert "a NotABot has no announce or play method" in capsys.readouterr().err


def test_demo_seats_the_named_bots() -> None:
    out = io.StringIO()
    assert main(["demo", "spidge", "--seed", "2", "--bots", "heuristic,test_arena:FirstLegalBot"], out=out) == 0
    assert out.getvalue().startswith(
        "Spidge to 3, seed 2: player 0 heuristic, player 1 test_arena:FirstLegalBot, player 2 heuristic"
    )


@pytest.mark.parametrize(("game", "seats"), [("spitzer", 4), ("spidge", 3)])
def test_seat_bots_refuses_more_bots_than_seats(game: arena.Game, seats: int) -> None:
    assert len(arena.seat_bots(game, ["random"] * seats, seed=1)[0]) == seats
    with pytest.raises(InvalidArgumentError, match=f"1 to {seats} bots .* not {seats + 1}$"):
        arena.seat_bots(game, ["random"] * (seats + 1), seed=1)


# ------------------------------------------------------------------ decision times


class SleepyBot(FirstLegalBot):
    """FirstLegalBot that takes at least SLEEP seconds over every decision."""

    SLEEP = 0.002

    def announce(self, observation: SpitzerObservation) -> Announcement:
        time.sleep(self.SLEEP)
        return super().announce(observation)

    def play(self, observation: SpitzerObservation | SpidgeObservation) -> Card:
        time.sleep(self.SLEEP)
        return super().play(observation)


def _asked(game: arena.Game, record: dict[str, object]) -> list[int]:
    """How many decisions each seat of a played deal made: its moves, counted
    by taking them back one by one."""
    deal = from_record(record)
    asked = [0] * arena.SEATS[game]
    while deal.n_played or getattr(deal, "announcements", ()):
        deal.undo()
        asked[deal.to_move if game == "spitzer" else deal.to_move.player] += 1
    return asked


@pytest.mark.parametrize(("game", "workers"), [("spitzer", 1), ("spidge", 1), ("spitzer", 2), ("spidge", 2)])
def test_every_decision_is_timed_once_by_its_seat(game: arena.Game, workers: int) -> None:
    result = arena.run_tournament(game, "heuristic,random,heuristic", 3, seed=6, workers=workers, progress=False)
    assert result.microseconds is not None and len(result.microseconds) == len(result.records)
    expected = dict.fromkeys(result.bots, 0)
    for record, deal_times in zip(result.records, result.microseconds, strict=True):
        assert [len(by_seat) for by_seat in deal_times] == [arena.SEATS[game]] * 3
        for rotation, by_seat in zip(record["rotations"], deal_times, strict=True):
            assert [len(times) for times in by_seat] == _asked(game, rotation["record"])
            assert all(type(t) is int and t >= 0 for times in by_seat for t in times)
            for bot, times in zip(rotation["seats"], by_seat, strict=True):
                expected[bot] += len(times)
    rows = result.decision_times()
    assert [row.bot for row in rows] == result.bots
    assert {row.bot: row.decisions for row in rows} == expected
    for row in rows:
        assert 0 <= row.median <= row.p95 <= row.longest
        assert row.total == pytest.approx(row.mean * row.decisions)
        assert row.overruns == 0  # no limit
        deal, rotation, seat = row.longest_at
        assert result.records[deal]["rotations"][rotation]["seats"][seat] == row.bot
        assert max(result.microseconds[deal][rotation][seat]) / 1e6 == row.longest


def test_decision_times_stay_out_of_the_seeded_results() -> None:
    a = arena.run_tournament("spidge", "heuristic,random", 2, seed=9, progress=False)
    b = arena.run_tournament("spidge", "heuristic,random", 2, seed=9, workers=2, progress=False)
    assert a.records == b.records
    assert all("timing" not in record for record in a.records + b.records)
    summary = a.summary()
    assert [row["decisions"] for row in summary["decision_times"]] == [
        row["decisions"] for row in b.summary()["decision_times"]
    ]
    assert {**summary, "decision_times": None} == {**b.summary(), "decision_times": None}
    table = a.table()
    assert "Decision times, as measured on this run (not set by the seed):" in table
    assert "over" not in table.split("Decision times")[1]  # no limit, no overruns column


@pytest.mark.parametrize("workers", [1, 2])
def test_a_decision_over_the_soft_limit_is_an_overrun_of_its_bot(tmp_path: Path, workers: int) -> None:
    result = arena.run_tournament("spidge", "test_arena:SleepyBot,random", 1, seed=2, workers=workers,
                                  move_seconds=SleepyBot.SLEEP / 2, progress=False, out_dir=str(tmp_path))
    rows = {row.bot: row for row in result.decision_times()}
    sleepy = rows["test_arena:SleepyBot"]
    # Every decision slept longer than the limit; the fast bot's depend on the machine.
    assert sleepy.overruns == sleepy.decisions > 0
    assert sleepy.longest >= SleepyBot.SLEEP
    assert 0 <= rows["random"].overruns <= rows["random"].decisions
    deal, rotation, seat = sleepy.longest_at
    assert re.search(
        rf"^test_arena:SleepyBot: {sleepy.decisions} of {sleepy.decisions} decisions over 0\.001 s; "
        rf"the longest, [\d.]+ ms, in deal {deal}, rotation {rotation}, player {seat}$",
        result.table(), re.MULTILINE,
    )
    summary = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert summary["move_seconds"] == 0.001
    assert summary["decision_times"][0]["overruns"] == sleepy.decisions
    assert summary["decision_times"][0]["longest_at"] == {"deal": deal, "rotation": rotation, "seat": seat}
    # Read back, the times and the limit are the same.
    loaded = arena.load(str(tmp_path))
    assert (loaded.microseconds, loaded.move_seconds) == (result.microseconds, 0.001)
    assert loaded.summary() == result.summary()


def test_a_tournament_saved_without_decision_times_still_loads(tmp_path: Path) -> None:
    result = arena.run_tournament("spitzer", "heuristic,random", 2, seed=4, progress=False, out_dir=str(tmp_path))
    deals = tmp_path / "deals.jsonl"
    lines = [json.loads(line) for line in deals.read_text(encoding="utf-8").splitlines()]
    assert all(set(line["timing"]) == {"move_seconds", "microseconds"} for line in lines)
    for line in lines:
        del line["timing"]  # as pytrick wrote them before it timed decisions
    deals.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    old = arena.load(str(tmp_path))
    assert old.records == result.records
    assert old.microseconds is None and old.decision_times() == []
    assert old.summary()["decision_times"] is None
    assert "Decision times" not in old.table()
    # A file of both kinds has no times for some deals: none are summed.
    assert result.microseconds is not None
    mixed = json.dumps(lines[0]) + "\n" + arena._line(result.records[1], result.microseconds[1], None)
    deals.write_text(mixed, encoding="utf-8")
    assert arena.load(str(tmp_path)).decision_times() == []


@pytest.mark.parametrize(
    "timing",
    [
        [],
        {"microseconds": [[[1]] * 4] * 2},
        {"move_seconds": 0, "microseconds": [[[1]] * 4] * 2},
        {"move_seconds": None, "microseconds": [[[1]] * 4]},  # one rotation of two
        {"move_seconds": None, "microseconds": [[[1]] * 3] * 2},  # three seats of four
        {"move_seconds": None, "microseconds": [[[1.5]] * 4] * 2},
        {"move_seconds": None, "microseconds": [[[-1]] * 4] * 2},
    ],
)
def test_load_names_a_line_with_bad_timing(tmp_path: Path, timing: object) -> None:
    arena.run_tournament("spitzer", "heuristic,random", 2, seed=4, progress=False, out_dir=str(tmp_path))
    deals = tmp_path / "deals.jsonl"
    lines = deals.read_text(encoding="utf-8").splitlines()
    assert arena.load(str(tmp_path)).decision_times()  # as saved, fine
    second = json.loads(lines[1])
    second["timing"] = timing
    deals.write_text(lines[0] + "\n" + json.dumps(second) + "\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 2: 'timing' is not an object with 'move_seconds'"):
        arena.load(str(tmp_path))


@pytest.mark.parametrize(
    ("value", "error"),
    [(0, InvalidArgumentError), (-1.0, InvalidArgumentError), (math.nan, InvalidArgumentError),
     (math.inf, InvalidArgumentError), ("1", ArgumentTypeError), (True, ArgumentTypeError)],
)
def test_a_bad_soft_limit_is_refused(value: object, error: type[Exception]) -> None:
    with pytest.raises(error, match=r"^move_seconds"):
        arena.run_tournament("spidge", "heuristic,random", 1, move_seconds=value, progress=False)  # type: ignore[arg-type]


def test_tournament_command_takes_a_soft_limit() -> None:
    out = io.StringIO()
    args = ["tournament", "spidge", "--bots", "heuristic,random", "--deals", "1", "--quiet"]
    assert main([*args, "--move-seconds", "30"], out=out) == 0
    table = out.getvalue()
    assert re.search(r"^bot +decisions +mean +median +p95 +longest +over 30 s$", table, re.MULTILINE)
    assert re.search(r"^heuristic +\d+ .* 0$", table, re.MULTILINE)
    out = io.StringIO()
    assert main([*args, "--json", "--move-seconds", "30"], out=out) == 0
    summary = json.loads(out.getvalue())
    assert summary["move_seconds"] == 30
    assert [row["bot"] for row in summary["decision_times"]] == ["heuristic", "random"]
    assert all(row["decisions"] > 0 and row["overruns"] == 0 for row in summary["decision_times"])
