"""``pytrick play``: a person against the bots, driven through its input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from pytrick import SpidgeDeal, SpitzerDeal, SpitzerRules, sample_deals
from pytrick.play import Session
from pytrick.records import load_record


def session(game: str, text: str, **options: object) -> tuple[Session, io.StringIO, int]:
    out = io.StringIO()
    play = Session(game, stdin=io.StringIO(text), out=out, color=False, **options)  # type: ignore[arg-type]
    return play, out, play.run()


def test_the_real_command_plays_a_whole_deal_through_a_pipe(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    moves = "pass\n1\n1\n" + f"save {record}\n" + "1\n" * 45
    done = subprocess.run(
        [sys.executable, "-m", "pytrick", "play", "spitzer", "--seed", "3", "--deals", "1"],
        input=moves,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "Deal 1 is over" in done.stdout
    saved = load_record(record)  # saved mid-deal: a valid record of the game so far
    assert len(saved.deals) == 1 and not saved.deals[0].is_over
    assert saved.deals[0].original_hand(0) == SpitzerDeal.from_seed(3).original_hand(0)


def test_spidge_dealer_also_plays_the_dummy() -> None:
    deal = SpidgeDeal.from_seed(4)
    dealer = deal.dealer
    _play, out, status = session("spidge", "1\n" * 40, seat=dealer, seed=4, deals=1)
    assert status == 0
    text = out.getvalue()
    assert "Deal 1 is over" in text
    assert "you (from the dummy):" in text


def test_commands_answer_and_change_nothing() -> None:
    # Seat 1 leads the first trick after the four passes and holds Q♣ (any card may lead).
    play, out, status = session(
        "spitzer", "pass\n?\nwhy 7C\nwhy QC\nnonsense\n42\nhelp\n\nquit\n",
        seat=1, seed=11, deals=1,
    )
    text = out.getvalue()
    assert status == 0
    assert "you: passes" in text
    assert "There is no move 42: choose 1 to 8" in text
    assert "invalid card text 'nonsense': no suit" in text
    assert "7♣ is illegal: seat 1 does not hold 7♣" in text
    assert "Q♣ is legal: the leader may lead any card (rules §1.6)." in text
    assert "why CARD" in text  # help
    assert "Goodbye." in text
    deal = play.game.deals[0]
    # Only the four passes were made: no command played a card, not even `why QC`.
    assert play._actors == [1, 2, 3, 0]
    assert len(deal.announcements) == 4
    assert deal.n_played == 0
    assert deal.hand(1) == deal.original_hand(1)


class IllegalBot:
    """Passes, plays two legal cards, then a card it holds that it may not play
    (loaded by ``pytrick play`` as ``module:IllegalBot``)."""

    def __init__(self) -> None:
        self.legal_plays = 0

    def announce(self, observation: Any) -> str:
        return "pass"

    def play(self, observation: Any) -> int:
        legal = list(observation.legal_moves)
        illegal = [c for c in observation.hand if c not in legal]
        if self.legal_plays >= 2 and illegal:
            return int(illegal[0])
        self.legal_plays += 1
        return int(legal[0])


def test_a_bots_illegal_move_ends_the_session_without_showing_its_hand() -> None:
    bots = f"heuristic,{__name__}:IllegalBot,heuristic"
    play, out, status = session("spitzer", "1\n" * 40, seat=0, seed=5, deals=1, bots=bots)
    text = out.getvalue()
    assert status == 1
    assert text.rstrip().endswith(
        f"The bot of seat 2 ({__name__}:IllegalBot) made an illegal move "
        "(must_follow_suit); the game stops."
    )
    deal = play.game.deals[0]
    assert not deal.is_over and play._actor(deal) == 2  # the rejected card changed nothing
    assert play._actors.count(2) == 3  # it passed and played two legal cards first
    held = [play._card(card) for card in deal.hand(2)]
    assert held
    after = text[text.rindex("  seat 2: "):].split("\n", 1)[1]  # after its last legal card
    assert [face for face in held if face in after] == []


class CrashingBot:
    def announce(self, observation: Any) -> str:
        return "pass"

    def play(self, observation: Any) -> int:
        raise RuntimeError(f"my hand was {list(observation.hand)}")


def test_a_bot_that_raises_ends_the_session_without_a_traceback_or_its_hand() -> None:
    bots = f"heuristic,{__name__}:CrashingBot,heuristic"
    _, out, status = session("spitzer", "1\n" * 40, seat=0, seed=5, deals=1, bots=bots)
    assert status == 1
    assert out.getvalue().rstrip().endswith(
        f"The bot of seat 2 ({__name__}:CrashingBot) failed (RuntimeError); the game stops."
    )
    assert "my hand was" not in out.getvalue()


def test_the_person_is_told_when_they_win_the_game() -> None:
    play, out, status = session(
        "spitzer", "1\n" * 400, seat=0, seed=0, bots="random", rules=SpitzerRules(target=10)
    )
    assert status == 0
    assert play.game.is_over and play.game.winner == 0
    assert out.getvalue().rstrip().endswith("You win the game.")


def test_undo_takes_back_the_persons_last_move_and_the_bots_replies() -> None:
    play, _out, _ = session("spitzer", "pass\n1\n1\n", seat=0, seed=2, deals=1)
    before = [m for m in play.game.deals[0].plays]
    actors_before = list(play._actors)
    # Same game again, with an undo after the second card.
    again, out2, _ = session("spitzer", "pass\n1\n1\nundo\n", seat=0, seed=2, deals=1)
    deal = again.game.deals[0]
    assert "Taken back." in out2.getvalue()
    assert again.takebacks == 1
    assert again._actor(deal) == 0  # the person's turn again
    assert len(again._actors) < len(actors_before)
    # Undone back to just before the person's last card: a prefix of the first run.
    assert list(deal.plays) == before[: len(deal.plays)]
    assert len(deal.plays) < len(before)


def test_undo_is_refused_when_practice_mode_is_off() -> None:
    _play, out, _ = session("spitzer", "pass\n1\nundo\n", seat=0, seed=2, deals=1, practice=False)
    assert "Undo is off" in out.getvalue()


def test_end_of_input_and_ctrl_c_leave_cleanly() -> None:
    _, out, status = session("spidge", "", seat=0, seed=1)
    assert status == 0 and "End of input" in out.getvalue()

    class Interrupting(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    play = Session("spitzer", seed=1, stdin=Interrupting(), out=out, color=False)
    assert play.run() == 130
    assert "Interrupted" in out.getvalue()


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seat", "7"], "--seat must be 0 to 3"),
        (["--bots", "nosuchbot"], "unknown bot 'nosuchbot'"),
        (["--bots", "random,random"], "needs one name or 3"),
        (["--rules", "target"], "expected key=value"),
        (["--rules", "colour=blue"], "colour"),
    ],
)
def test_bad_options_are_one_line_errors(
    arguments: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from pytrick.cli import main

    assert main(["play", "spitzer", *arguments]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_colour_follows_the_terminal_and_no_color() -> None:
    _, out, _ = session("spitzer", "quit\n", seed=5)
    assert "\x1b[" not in out.getvalue()
    coloured = io.StringIO()
    Session("spitzer", seed=5, stdin=io.StringIO("quit\n"), out=coloured, color=True).run()
    assert "\x1b[31m" in coloured.getvalue()


@pytest.mark.parametrize("seed", range(3))
def test_the_persons_view_shows_nothing_hidden(seed: int) -> None:
    """Worlds that agree on what the seat sees give the same screen."""
    for game, deal, seat in (
        ("spitzer", SpitzerDeal.from_seed(seed), seed % 4),
        ("spidge", SpidgeDeal.from_seed(seed), seed % 3),
    ):
        if isinstance(deal, SpitzerDeal):
            for _ in range(4):
                deal.announce("pass")
        for _ in range(6 + seed):
            deal.play(deal.legal_moves.min())
        view = deal.observation(seat)
        play = Session(game, seat=seat, seed=seed, stdin=io.StringIO(), out=io.StringIO())
        screens = set()
        for world in [deal, *sample_deals(view, 6, seed=seed)]:
            play.out = io.StringIO()
            play._show(world)
            screens.add(play.out.getvalue())
        assert len(screens) == 1


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_drawn_seed_is_said_only_when_the_session_ends(game: str) -> None:
    """The opening line printed a drawn seed, and the seed deals every hand:
    ``SpitzerDeal.from_seed(seed)`` showed the bots' cards (with --no-undo
    too).  A drawn seed is now said as the session ends; one given is not news."""
    out = io.StringIO()
    play = Session(game, deals=1, practice=False, stdin=io.StringIO("quit\n"), out=out)
    assert play.run() == 0
    lines = out.getvalue().splitlines()
    assert "seed" not in lines[0]
    assert lines[-1] == f"The seed was {play.seed}: --seed {play.seed} deals these deals again."
    assert sum(str(play.seed) in line for line in lines) == 1
    dealt = (SpitzerDeal if game == "spitzer" else SpidgeDeal).from_seed(play.seed).to_record()
    played = play.game.deals[0].to_record()
    assert [played[k] for k in ("dealer", "hands")] == [dealt[k] for k in ("dealer", "hands")]

    given = io.StringIO()
    Session(game, seed=12345, deals=1, stdin=io.StringIO("quit\n"), out=given).run()
    assert ", seed 12345." in given.getvalue().splitlines()[0]
    assert "The seed was" not in given.getvalue()


def test_saved_record_is_valid_json(tmp_path: Path) -> None:
    target = tmp_path / "partial.json"
    _, out, _ = session("spidge", f"1\n1\nsave {target}\nquit\n", seat=0, seed=9)
    assert "Saved the game so far" in out.getvalue()
    data = json.loads(target.read_text(encoding="utf-8"))
    assert data["game"] == "spidge" and data["kind"] == "game"


def test_why_cites_the_rule_once_and_answers_for_a_card_outside_the_pack() -> None:
    first = SpidgeDeal.from_seed(4).to_move
    assert first is not None
    _play, out, status = session(
        "spidge", "why 2D\nwhy AS\nwhy AC\nquit\n", seat=first.player, seed=4, deals=1
    )
    text = out.getvalue()
    assert status == 0
    assert "2♦ is illegal: 2♦ is not in the Spidge pack with jokers" in text
    answers = [line for line in text.splitlines() if " is legal" in line or " is illegal" in line]
    assert len(answers) == 3
    assert all(line.count("(rules §") <= 1 for line in answers), answers
