"""What the follow-up of the rules review pins: ``pytrick score`` answers
scoring questions (RULES.md 1.8, 2.6) as the scoring functions do, and its
transcripts in the docs are what it prints; ``pytrick demo`` and ``pytrick
tournament`` take ``--rules`` as ``pytrick play`` does, and a tournament's
records carry them and replay under them; a must-follow refusal decided by
the joker rule cites §2.3; Spidge's ``trick_winner`` refuses a trick no pack
holds, and the Spidge ``HeuristicBot`` never makes one up."""

from __future__ import annotations

import importlib
import io
import shlex
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import trickcore
from pytrick import Card, IllegalMoveError, InvalidCardError, PytrickError, cli
from pytrick.arena import deal_record
from pytrick.records import from_record
from pytrick.spidge import Category, SpidgeDeal, SpidgeRules
from pytrick.spidge.text import explain_play
from pytrick.spitzer import GameType, SpitzerRules

DOCS = Path(__file__).resolve().parent.parent / "docs"


def _run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = cli.main(list(argv), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


# -- pytrick score ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "game", "side", "points", "tricks", "row", "column"),
    [
        (["zola", "--points", "60", "--side", "1"], GameType.ZOLA, {1}, 60, 4, "Zola", "31–60"),
        (["ace_call", "--points", "61", "--tricks", "3"], GameType.ACE_CALL, {0, 2}, 61, 3,
         "Normal and every call", "61–89"),
        (["sneaker", "--points", "90", "--side", "2"], GameType.SNEAKER, {2}, 90, 5,
         "Sneaker", "90–120"),
        (["zola-schneider-schwarz", "--points", "120", "--tricks", "8", "--side", "3"],
         GameType.ZOLA_SCHNEIDER_SCHWARZ, {3}, 120, 8, "Zola Schneider Schwarz", "all tricks"),
        (["zola schneider", "--points", "0", "--tricks", "0"], GameType.ZOLA_SCHNEIDER, {0}, 0,
         0, "Zola Schneider", "no tricks"),
        (["schneider", "--points", "89", "--side", "1,2,3", "--rules",
          "schneider_announcement=true"], GameType.SCHNEIDER, {1, 2, 3}, 89, 6,
         "Schneider (house rule)", "61–89"),
        (["first_trick_call", "--points", "30", "--side", "1"], GameType.FIRST_TRICK_CALL, {1},
         30, 2, "Normal and every call", "0–30"),
    ],
)
def test_score_spitzer_prints_what_the_scoring_function_gives(
    argv: list[str], game: GameType, side: set[int], points: int, tricks: int, row: str,
    column: str,
) -> None:
    status, out, err = _run("score", "spitzer", *argv)
    assert (status, err) == (0, "")
    scores = SpitzerRules().score(game, side, points, tricks)
    lines = out.splitlines()
    assert lines[-1].split() == " ".join(f"seat {s}: {n}" for s, n in enumerate(scores)).split()
    assert f"Rules §1.8, row {row!r}, column {column!r}" in lines[1]
    entry = max(scores)
    said = "each declarer" if any(scores[s] for s in side) else "each opponent"
    assert f"{said} scores {entry}." in lines[1]


@pytest.mark.parametrize(
    ("argv", "rules", "tricks", "dealer", "said"),
    [
        (["--tricks", "10,3,0", "--dealer", "2"], SpidgeRules(), (10, 3, 0), 2,
         ["spidge (at least 10 tricks): 1 point", "no score", "grand slam"]),
        (["--tricks", "9 4 0", "--dealer", "0", "--rules", "spidge_tricks=9"],
         SpidgeRules(spidge_tricks=9), (9, 4, 0), 0,
         ["spidge (at least 9 tricks)", "no score", "nill (no trick): 1 point"]),
        (["--tricks", "0,13,0", "--dealer", "1"], SpidgeRules(), (0, 13, 0), 1,
         ["nill", "slam (at least 13 tricks): 2 points", "nill"]),
        (["--tricks", "0,13,0", "--dealer", "1", "--rules", "grand_slam=all_tricks"],
         SpidgeRules(grand_slam="all_tricks"), (0, 13, 0), 1,
         ["nill", "grand slam (all 13 tricks, with the dummy", "nill"]),
    ],
)
def test_score_spidge_prints_what_the_scoring_function_gives(
    argv: list[str], rules: SpidgeRules, tricks: tuple[int, int, int], dealer: int,
    said: list[str],
) -> None:
    status, out, err = _run("score", "spidge", *argv)
    assert (status, err) == (0, "")
    score = rules.score(tricks, dealer)
    lines = out.splitlines()
    assert len(lines) == 4 and lines[3].startswith("Rules §2.6")
    for player, line in enumerate(lines[:3]):
        points = score.points[player]
        assert line.startswith(f"player {player}")
        assert ("(dealer, with the dummy)" in line) == (player == dealer)
        assert line.endswith(f": {points} point{'' if points == 1 else 's'}")
        assert str(score.categories[player]) in line and said[player] in line


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["spitzer", "zola", "--points", "x"],
         "--points: 'x' is not a number of card points from 0 to 120"),
        (["spitzer", "zola"], "--points: missing"),
        (["spitzer", "--points", "60"], "GAME_TYPE: missing"),
        (["spitzer", "solo", "--points", "60"], "GAME_TYPE: 'solo' is not a Spitzer game"),
        (["spitzer", "schneider", "--points", "95"],
         "GAME_TYPE: a Schneider is only played under the house rule"),
        (["spitzer", "zola", "--points", "61", "--tricks", "1"],
         "--points: 61 card points cannot be taken in 1 trick"),
        (["spitzer", "zola", "--points", "1"],
         "--points: no number of tricks holds exactly 1 card points"),
        (["spitzer", "zola", "--points", "0"], "--tricks: missing: 0 card points may be"),
        (["spitzer", "zola", "--points", "60", "--tricks", "9"],
         "--tricks: 9 is not a number of tricks from 0 to 8"),
        (["spitzer", "normal", "--points", "0", "--tricks", "0"],
         "--tricks: a Normal side always takes a trick"),
        (["spitzer", "zola", "--points", "60", "--side", "0,2"],
         "--side: a Zola side is 1 seat, not 2"),
        (["spitzer", "ace_call", "--points", "60", "--side", "2,2"],
         "--side: '2,2' names a seat twice"),
        (["spitzer", "zola", "--points", "60", "--side", "4"],
         "--side: [4] is not one to three seats"),
        (["spitzer", "zola", "--points", "60", "--rules", "tagret=3"],
         "--rules: tagret: unknown Spitzer rule option"),
        (["spidge", "--dealer", "1"], "--tricks: missing"),
        (["spidge", "--tricks", "10,3,0"], "--dealer: missing"),
        (["spidge", "--tricks", "10,3", "--dealer", "1"],
         "--tricks: (10, 3) is not three numbers of tricks"),
        (["spidge", "--tricks", "10,3,1", "--dealer", "1"],
         "--tricks: (10, 3, 1) adds up to 14"),
        (["spidge", "--tricks", "10,3,0", "--dealer", "3"],
         "--dealer: 3 is not a player 0, 1 or 2"),
        (["spidge", "--tricks", "10,3,0", "--dealer", "1", "--rules", "slam_tricks=14"],
         "--rules: slam_tricks: 14 is not a number of tricks from 1 to 13"),
    ],
)
def test_score_refuses_bad_input_in_one_line_naming_the_argument(
    argv: list[str], message: str
) -> None:
    status, out, err = _run("score", *argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"pytrick score: {message}"), err


def _score_transcripts() -> list[tuple[str, list[str]]]:
    """(command, expected output) of each ``$ pytrick score`` line of the docs."""
    found = []
    for page in sorted(DOCS.glob("*.rst")):
        lines = page.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines):
            if not line.strip().startswith("$ pytrick score "):
                continue
            screen = []
            for follow in lines[i + 1:]:
                if not follow.strip() or follow.strip().startswith("$ "):
                    break
                screen.append(follow.strip())
            found.append((f"{page.name}: {line.strip()[2:]}", screen))
    return found


SCORE_TRANSCRIPTS = _score_transcripts()


def test_the_docs_show_score_transcripts() -> None:
    assert len(SCORE_TRANSCRIPTS) >= 3


@pytest.mark.parametrize(("command", "screen"), SCORE_TRANSCRIPTS,
                         ids=[t[0] for t in SCORE_TRANSCRIPTS])
def test_a_score_transcript_of_the_docs_is_what_the_command_prints(
    command: str, screen: list[str]
) -> None:
    argv = shlex.split(command.split(": ", 1)[1])[1:]
    run = subprocess.run([sys.executable, "-m", "pytrick", *argv], capture_output=True,
                         text=True, encoding="utf-8", timeout=60, check=False)
    printed = [line.strip() for line in (run.stdout + run.stderr).splitlines()]
    assert printed == screen
    assert run.returncode == (2 if run.stderr else 0)


# -- --rules for demo and tournament ------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "words", "rules"),
    [
        ("spidge", ["joker_suit=wild", "target=1"], SpidgeRules(joker_suit="wild", target=1)),
        ("spitzer", ["target=5", "call_requires_lead=True"],
         SpitzerRules(target=5, call_requires_lead=True)),
    ],
)
def test_demo_plays_under_the_rules_given(game: str, words: list[str], rules: object) -> None:
    status, out, err = _run("demo", game, "--seed", "4", "--rules", *words)
    assert (status, err) == (0, "")
    module = importlib.import_module(f"pytrick.{game}")
    expected = io.StringIO()
    module.demo(seed=4, out=expected, rules=rules)
    assert out == expected.getvalue()
    default = io.StringIO()
    module.demo(seed=4, out=default)
    assert out != default.getvalue()
    header = out.splitlines()
    assert header[0].startswith(f"{game.capitalize()} to {rules.target}, seed 4")  # type: ignore[attr-defined]
    changed = " ".join(w if "target" not in w else "" for w in words).strip().lower()
    assert header[1] == f"Rules: {changed}"


@pytest.mark.parametrize("command", ["demo", "tournament"])
def test_demo_and_tournament_refuse_bad_rules_in_one_line(command: str) -> None:
    status, out, err = _run(command, "spidge", "--rules", "spidge_tricks=0")
    assert (status, out) == (2, "")
    assert err == f"pytrick {command}: spidge_tricks: 0 is not a number of tricks from 1 to 13\n"


@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_tournament_records_its_rules_and_replays_under_them(
    tmp_path: Path, workers: str
) -> None:
    rules = SpidgeRules(spidge_tricks=1, slam_tricks=3, joker_suit="wild")
    status, _, err = _run("tournament", "spidge", "--bots", "heuristic,random", "--deals", "2",
                          "--quiet", "--workers", workers, "--out", str(tmp_path), "--rules",
                          "spidge_tricks=1", "slam_tricks=3", "joker_suit=wild")
    assert (status, err) == (0, "")
    lines = (tmp_path / "deals.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(lines) == 2
    for deal in range(2):
        for rotation in range(2):
            record = deal_record(lines, deal, rotation)
            assert record["rules"] == rules.to_dict()
            replayed = from_record(record)
            assert replayed.rules == rules
            # So few tricks make a spidge that somebody scores one on every deal.
            assert Category.SPIDGE in replayed.result.categories or (
                Category.SLAM in replayed.result.categories)
            # The plays and result are those of these rules: the defaults refuse them.
            record["rules"] = SpidgeRules().to_dict()
            with pytest.raises(PytrickError):
                from_record(record)
            status, out, err = _run("replay", str(tmp_path / "deals.jsonl"),
                                    "--deal", str(deal), "--rotation", str(rotation))
            assert (status, err) == (0, ""), err
            assert out == replayed.summary() + "\n"


# -- Spidge: a must-follow refusal the joker rule decides cites §2.3 -----------------------------


def _spidge_state(backend: dict[str, ModuleType], flags: int, **given: str) -> Any:
    """A core Spidge deal (hands left, dummy, right, dealer) holding the given
    cards; a hand given 13 cards is complete, the rest of the pack fills the others."""
    S = backend["_spidge"]
    order = ["left", "dummy", "right", "dealer"]
    hands = [[Card(c) for c in given.get(name, "").split()] for name in order]
    used = {c for hand in hands for c in hand}
    open_hands = [h for h in hands if len(h) < 13]
    i = 0
    for card in S.pack(bool(flags & S.OPT_JOKERS)):
        if Card(card) in used:
            continue
        while len(open_hands[i % len(open_hands)]) >= 13:
            i += 1
        open_hands[i % len(open_hands)].append(Card(card))
        i += 1
    return S.SpidgeState(hands, flags)


_NO_SPADES = "KC JK1 AH KH QH JH TH 9H 8H 7H 6H 5H 4H"
_HEARTS = "KH QH JH TH 9H 8H 7H 6H 5H 4H 3H"
_TRICK_1 = "AC KC QC JC"  # won by the left hand, which leads to trick 2
# The hand refused is given whole (13 cards); the others hold what they play.
_AROUND = {"right": "QC", "dealer": "JC"}

JOKER_CASES = [
    # (joker_suit, hands, plays, refused card, rule, the message)
    pytest.param("trump", {"left": "AC JK1", "dummy": "KC 2S AH " + _HEARTS[3:], **_AROUND},
                 _TRICK_1 + " JK1", "AH", "2.3",
                 "cannot play A♥: must follow spades: the dummy holds 2♠; a joker led is a "
                 "trump lead", id="trump-joker-led"),
    pytest.param("trump", {"left": "AC", "dummy": "KC JK1 AH " + _HEARTS[:-3]}, "AC", "JK1",
                 "2.3", "cannot play 🃏1: must follow clubs: the dummy holds K♣; a joker is a "
                 "trump, not one of the clubs", id="trump-joker-to-clubs"),
    pytest.param("trump", {"left": "AC 3S", "dummy": _NO_SPADES, **_AROUND}, _TRICK_1 + " 3S",
                 "AH", "2.3", "cannot play A♥: must follow spades: the dummy holds 🃏1; a joker belongs "
                 "to the trump suit", id="trump-only-joker-follows-spades"),
    pytest.param("wild", {"left": "JK1", "dummy": "AH",
                          "right": "KH 2C 3C 4C 5C 6C 7C 8C 9C TC 3D 4D 5D"},
                 "JK1 AH", "2C", "2.3", "cannot play 2♣: must follow hearts: you hold K♥; after a wild joker led, "
                 "the first other card sets the suit", id="wild-joker-led"),
    # The plain follow rule decides: §2.5, as before.
    pytest.param("trump", {"left": "AC", "dummy": "KC AH " + _HEARTS}, "AC", "AH", "2.5",
                 "cannot play A♥: must follow clubs: the dummy holds K♣", id="plain"),
    pytest.param("trump", {"left": "AC 3S", "dummy": "KC 2S JK1 AH " + _HEARTS[:-6],
                           **_AROUND}, _TRICK_1 + " 3S", "AH", "2.5",
                 "cannot play A♥: must follow spades: the dummy holds 2♠ and 🃏1",
                 id="spade-held"),
]


@pytest.mark.parametrize(("joker_suit", "hands", "plays", "card", "rule", "words"), JOKER_CASES)
def test_a_must_follow_refusal_cites_the_rule_that_decides_it(
    backend: dict[str, ModuleType], joker_suit: str, hands: dict[str, str], plays: str,
    card: str, rule: str, words: str,
) -> None:
    flags = SpidgeRules(joker_suit=joker_suit).flags  # type: ignore[arg-type]
    state = _spidge_state(backend, flags, **hands)
    for played in plays.split():
        state.play(played)
    before = state.legal_moves
    with pytest.raises(IllegalMoveError) as info:
        state.play(card)
    error = info.value
    assert (error.reason, error.rule) == ("must_follow_suit", rule)
    assert error.message == words
    assert str(error).endswith(f"(rules §{rule})")
    assert state.illegal_reason(card) == error.message
    assert state.legal_moves == before  # the refusal changes nothing
    # The cards named are the mover's own (or the dummy's, face up): they are the legal ones.
    named = [c for c in before if c.unicode() in error.message]
    assert named and set(named) <= set(before)


def test_explain_cites_the_joker_rule_in_words() -> None:
    state = _spidge_state(trickcore.load_backend("python"), SpidgeRules().flags,
                          left="AC JK1", dummy="KC 2S AH " + _HEARTS[3:], **_AROUND)
    left, dummy, right, own = (list(hand) for hand in state.initial_hands)
    deal = SpidgeDeal([left, right, own], dummy, dealer=2)  # left is player 0, right 1
    for card in (_TRICK_1 + " JK1").split():
        deal.play(card)
    assert explain_play(deal, Card("AH")) == (
        "A♥ is illegal: cannot play A♥: must follow spades: the dummy holds 2♠; a joker led "
        "is a trump lead (rules §2.3)."
    )


# -- Spidge: trick_winner refuses a trick no pack holds; the bot makes none up ------------------


@pytest.mark.parametrize(
    ("trick", "named"),
    [
        (["JK1", "2D", "3C", "4C"], "no Spidge pack holds both 🃏1 and 2♦"),
        (["AS", "KS", "2H", "JK2"], "no Spidge pack holds both 🃏2 and 2♥"),
        (["2D", "JK1", "JK2", "2H"], "no Spidge pack holds both 🃏1 and 2♦"),
    ],
)
def test_trick_winner_refuses_a_trick_no_pack_holds(
    backend: dict[str, ModuleType], trick: list[str], named: str
) -> None:
    with pytest.raises(InvalidCardError) as info:
        backend["_spidge"].trick_winner([Card(c) for c in trick])
    assert str(info.value) == (
        f"{named}: {named[-2:]} is not in the Spidge pack with jokers (2♦ and 2♥ are "
        "replaced by the jokers; rules §2.3)"
    )


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        (["2D", "3D", "2H", "AC"], 1),       # the pack without jokers: 2♦ led, 3♦ wins
        (["3C", "JK1", "AS", "4C"], 1),      # the pack with jokers: a single joker wins
        (["JK1", "3D", "JK2", "4D"], 3),     # two jokers cancel; the first other card leads
    ],
)
def test_trick_winner_still_takes_the_tricks_of_either_pack(
    backend: dict[str, ModuleType], trick: list[str], winner: int
) -> None:
    assert backend["_spidge"].trick_winner([Card(c) for c in trick]) == winner


@pytest.mark.parametrize("rules", [SpidgeRules(), SpidgeRules(joker_suit="wild"),
                                   SpidgeRules(jokers=False)], ids=["trump", "wild", "no-jokers"])
def test_the_heuristic_bot_judges_tricks_with_cards_of_the_pack(
    monkeypatch: pytest.MonkeyPatch, rules: SpidgeRules
) -> None:
    from pytrick.spidge import bots

    pack = set(trickcore.spidge.pack(rules.jokers))
    judged: list[list[int]] = []
    real = bots._core.trick_winner

    def trick_winner(cards: list[int]) -> int:
        judged.append([int(c) for c in cards])
        return int(real(cards))

    monkeypatch.setattr(bots._core, "trick_winner", trick_winner)
    for seed in range(40):
        deal = SpidgeDeal.from_seed(seed, rules=rules)
        bot = bots.HeuristicBot(seed=seed)
        while not deal.is_over:
            deal.play(bot.play(deal.observation(deal.to_move.player)))
    assert judged
    assert all(set(trick) <= pack for trick in judged)
    # Tricks with a joker were judged too (each trick_winner now refuses a made-up 2♦ or 2♥ in).
    assert any(c >= 52 for trick in judged for c in trick) == rules.jokers
