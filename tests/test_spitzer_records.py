"""Spitzer records: round trips, validation naming the first bad field, golden
records of seeded deals, and the CLI's demo and replay."""

from __future__ import annotations

import copy
import io
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest

from pytrick.records import from_record, loads_record
from pytrick.spitzer import (
    HeuristicBot,
    RandomBot,
    SpitzerDeal,
    SpitzerGame,
    SpitzerRules,
    demo,
    play_deal,
)
from trickcore.errors import RecordError

GOLDEN = Path(__file__).parent / "golden"
GOLDEN_CASES: dict[str, tuple[int, SpitzerRules, tuple[str, ...] | None, str | None]] = {
    "spitzer_deal_seed1.json": (1, SpitzerRules(), None, None),
    "spitzer_deal_seed2_options.json": (
        2,
        SpitzerRules(
            void_call="first_void_player", call_requires_lead=True, schneider_announcement=True
        ),
        None,
        None,
    ),
    "spitzer_deal_seed3.json": (
        3,
        SpitzerRules(first_trick_call="first_trick_won_by_other"),
        None,
        None,
    ),
    # Calls, from explicit hands (dealer 1: seat 2 speaks first and calls).
    "spitzer_deal_ace_call.json": (
        4,
        SpitzerRules(call_requires_lead=True),
        (
            "AH TH KH 9H 8H 7H 7D 8D",
            "AC TC KC 9C 8C 7C AS TS",
            "KS 9S 8S 7S QC QS QH QD",
            "JC JS JH JD AD TD KD 9D",
        ),
        "ace_call_spades",
    ),
    "spitzer_deal_void_call_first_void.json": (
        5,
        SpitzerRules(void_call="first_void_player"),
        (
            "KH TH 9H 8C 9C KC QD KD",
            "JH QH 7S 8S JS KS JC AD",
            "QC QS AC TC AS 7D 8D 9D",
            "AH 7H 8H 9S TS 7C JD TD",
        ),
        "void_call",
    ),
    "spitzer_deal_first_trick_call.json": (
        6,
        SpitzerRules(),
        (
            "KC 9H TH KH 9S TS KS JC",
            "JS JH QH TD JD QD KD AD",
            "QC QS AC AS AH 7D 8D 9D",
            "7C 8C 9C TC 7H 8H 7S 8S",
        ),
        "first_trick_call",
    ),
}


def bots(seed: int) -> list[Any]:
    return [HeuristicBot(seed=seed), RandomBot(seed=seed), HeuristicBot(seed=seed + 1), RandomBot(seed=seed + 1)]


def golden_deal(
    seed: int, rules: SpitzerRules, hands: tuple[str, ...] | None = None, said: str | None = None
) -> SpitzerDeal:
    if hands is None:
        deal = SpitzerDeal.from_seed(seed, rules=rules)
    else:
        deal = SpitzerDeal.from_hands(hands, dealer=1, rules=rules)
    if said is not None:
        deal.announce(said)
    play_deal(deal, bots(seed))
    return deal


def finished_game(seed: int = 11) -> SpitzerGame:
    game = SpitzerGame(seed=seed)
    while not game.is_over:
        play_deal(game.next_deal(), bots(seed))
        game.finish_deal()
    return game


@pytest.mark.parametrize("name", sorted(GOLDEN_CASES))
def test_golden_records_of_seeded_deals(name: str) -> None:
    record = golden_deal(*GOLDEN_CASES[name]).to_record()
    path = GOLDEN / name
    if os.environ.get("PYTRICK_REGENERATE_GOLDEN"):
        path.write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert record == stored, "the seeded deal or its play changed: check, then regenerate"
    replayed = from_record(stored)
    assert isinstance(replayed, SpitzerDeal) and replayed.is_over
    assert replayed.to_record() == stored


def test_deal_record_round_trip_at_every_step() -> None:
    deal = golden_deal(4, SpitzerRules())
    while True:
        record = deal.to_record()
        again = SpitzerDeal.from_record(json.loads(json.dumps(record)))
        assert again == deal
        if deal.n_played == 0 and not deal.announcements:
            break
        deal.undo()


def test_game_record_round_trip() -> None:
    game = finished_game()
    record = game.to_record()
    assert record["kind"] == "game" and record["winner"] == game.winner
    again = loads_record(json.dumps(record))
    assert isinstance(again, SpitzerGame)
    assert again.totals == game.totals and again.winner == game.winner
    assert [d.to_record() for d in again.deals] == [d.to_record() for d in game.deals]
    assert "Winner: seat" in again.summary()
    assert again.summary_json()["winner"] == game.winner


def test_deal_from_a_pack_record() -> None:
    deal = SpitzerDeal.from_seed(9)
    rng = random.Random(9)
    pack = sorted(c for s in range(4) for c in deal.original_hand(s))
    rng.shuffle(pack)
    record = deal.to_record()
    del record["hands"]
    record["pack"] = [str(c) for c in pack]
    assert SpitzerDeal.from_record(record) == SpitzerDeal.from_pack(pack, deal.dealer)


def corrupt(record: dict[str, Any], path: str, value: Any) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    target = bad
    keys = path.split("/")
    for key in keys[:-1]:
        target = target[int(key) if key.isdigit() else key]
    last = keys[-1]
    if value is KeyError:
        del target[last]
    else:
        target[int(last) if last.isdigit() else last] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        ("format", "other", "format: expected 'pytrick'"),
        ("dealer", 7, "dealer: 7 is out of range 0..3"),
        ("dealer", KeyError, "dealer: missing"),
        ("hands/1/2", "ZZ", "hands[1][2]: invalid card text 'ZZ'"),
        ("hands/1/2", "2C", "hands: invalid Spitzer hands: hand 1: 2C is not in the Spitzer pack"),
        ("hands/0/0", "AS", "hands: invalid Spitzer hands: AS is in hands"),
        ("rules/void_call", "x", "rules.void_call: 'x' is not"),
        ("rules/colour", "red", "rules.colour: unknown Spitzer rule option"),
        (
            "announcements/0",
            "slam",
            "announcements[0]: unknown Spitzer announcement 'slam': the announcements are pass",
        ),
        ("announcements/0", 3, "announcements[0]: expected an announcement token"),
        ("plays/5", "QC", "plays[5]: 'QC' is illegal"),
        ("plays/5", 12, "plays[5]: expected card text"),
        ("result/scores", [0, 0, 0, 0], "result: does not match the replay"),
        ("kind", "game", "deals: missing"),
    ],
)
def test_corrupt_deal_records_name_the_first_bad_field(path: str, value: Any, message: str) -> None:
    record = golden_deal(1, SpitzerRules()).to_record()
    with pytest.raises(
        RecordError, match=message.replace("[", r"\[").replace("]", r"\]").replace(".", r"\.")
    ):
        from_record(corrupt(record, path, value))


def test_an_illegal_play_in_a_record_names_the_rule() -> None:
    record = SpitzerDeal.from_hands(
        (
            "QC AC TC KC 7H 8H 9S 8D",
            "QS JC 9C 8C 7C AH TH 7S",
            "7D QH JH KD AS TS KS 8S",
            "QD JS JD AD TD 9D KH 9H",
        ),
        dealer=3,
    ).to_record()
    record["announcements"] = ["pass"] * 4
    record["plays"] = ["AC", "JC"]
    with pytest.raises(RecordError) as info:
        from_record(record)
    assert str(info.value) == (
        "plays[1]: 'JC' is illegal: must follow clubs: you hold 9♣, 8♣ and 7♣ (rules §1.6)"
    )


def test_corrupt_game_records() -> None:
    record = finished_game().to_record()
    bad = copy.deepcopy(record)
    bad["deals"][1]["dealer"] = (bad["deals"][1]["dealer"] + 2) % 4
    with pytest.raises(RecordError, match=r"deals\[1\]\.dealer: expected seat"):
        from_record(bad)
    bad = copy.deepcopy(record)
    bad["totals"] = [0, 0, 0, 0]
    with pytest.raises(RecordError, match="totals: recorded"):
        from_record(bad)
    bad = copy.deepcopy(record)
    bad["deals"].append(bad["deals"][0])
    with pytest.raises(RecordError, match=r"deals\[\d+\]: the game is over"):
        from_record(bad)
    bad = copy.deepcopy(record)
    bad["deals"][0]["plays"] = bad["deals"][0]["plays"][:5]
    del bad["deals"][0]["result"]
    with pytest.raises(RecordError, match=r"deals\[1\]: the deal before it is not finished"):
        from_record(bad)


def test_summary_of_a_deal() -> None:
    deal = golden_deal(1, SpitzerRules())
    text = deal.summary()
    assert text.startswith("Spitzer deal, dealer seat") and "Result:" in text and "trick 8:" in text
    data = deal.summary_json()
    assert data["result"]["scores"] == list(deal.result.scores)
    assert json.loads(json.dumps(data)) == data


def test_demo_prints_a_whole_game_and_is_reproducible() -> None:
    out = io.StringIO()
    game = demo(seed=21, out=out)
    text = out.getvalue()
    assert f"Seat {game.winner} wins" in text
    assert text.count("Deal ") == len(game.deals) and "trick 8:" in text and "Totals:" in text
    again = io.StringIO()
    demo(seed=21, out=again)
    assert again.getvalue() == text


def test_cli_demo_and_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pytrick.cli import main

    out = io.StringIO()
    assert main(["demo", "spitzer", "--seed", "4"], out=out) == 0
    assert "wins with" in out.getvalue()
    good = tmp_path / "deal.json"
    good.write_text(json.dumps(golden_deal(1, SpitzerRules()).to_record()), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(good)], out=out) == 0
    assert "Result:" in out.getvalue()
    out = io.StringIO()
    assert main(["replay", str(good), "--json"], out=out) == 0
    assert json.loads(out.getvalue())["is_over"] is True
    record = json.loads(good.read_text(encoding="utf-8"))
    record["plays"][3] = record["plays"][0]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(record), encoding="utf-8")
    assert main(["replay", str(bad)], out=io.StringIO()) == 1
    assert "plays[3]" in capsys.readouterr().err
