"""Spidge records (validated on load, replayed exactly), golden records, demo and CLI."""

from __future__ import annotations

import copy
import io
import json
import re
from pathlib import Path

import pytest

from pytrick.cli import main
from pytrick.records import from_record, loads_record
from pytrick.spidge import RandomBot, SpidgeDeal, SpidgeGame, SpidgeRules, demo, play_deal
from trickcore.errors import RecordError

GOLDEN = Path(__file__).parent / "golden"


def golden(name: str) -> dict:
    return json.loads((GOLDEN / name).read_text(encoding="utf-8"))


def finished_deal(seed: int = 42, rules: SpidgeRules | None = None) -> SpidgeDeal:
    deal = SpidgeDeal.from_seed(seed, rules=rules)
    play_deal(deal, [RandomBot(seed=0), RandomBot(seed=1), RandomBot(seed=2)])
    return deal


def test_golden_deal_is_reproduced_from_its_seed():
    # Guards the seed → dealer → shuffle → deal → play chain against silent change.
    assert finished_deal(42).to_record() == golden("spidge_deal_seed42.json")


def test_golden_game_is_reproduced_from_its_seed():
    record = golden("spidge_game_seed0_options.json")
    rules = SpidgeRules.from_dict(record["rules"])
    game = SpidgeGame(rules, seed=0)
    bots = [RandomBot(seed=10), RandomBot(seed=11), RandomBot(seed=12)]
    while not game.is_over:
        play_deal(game.next_deal(), bots)
        game.finish_deal()
    assert game.to_record() == record
    replayed = from_record(record)
    assert isinstance(replayed, SpidgeGame)
    assert replayed.totals == game.totals and replayed.winner == game.winner


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deal_record_round_trip(seed):
    rules = SpidgeRules(joker_suit="wild", grand_slam="all_tricks", slam_tricks=12)
    deal = finished_deal(seed, rules)
    text = json.dumps(deal.to_record())
    again = loads_record(text)
    assert isinstance(again, SpidgeDeal)
    assert again == deal and again.result == deal.result
    partial = SpidgeDeal.from_seed(seed)
    partial.play(min(partial.legal_moves))
    assert SpidgeDeal.from_record(partial.to_record()) == partial


def test_deal_record_from_a_pack():
    deal = SpidgeDeal.from_seed(8)
    order = [None] * 52
    for hand_index, cards in enumerate(deal.initial_hands):
        for i, card in enumerate(cards):
            order[4 * i + hand_index] = str(card)
    record = {"format": "pytrick", "version": 1, "game": "spidge", "kind": "deal",
              "dealer": deal.dealer, "pack": order, "plays": []}
    assert SpidgeDeal.from_record(record) == deal


def _broken(record: dict, path: list, value: object) -> dict:
    bad = copy.deepcopy(record)
    target = bad
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return bad


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (["dealer"], 3, "dealer: 3 is out of range 0..2"),
        (["rules", "joker_suit"], "red", "rules.joker_suit: 'red' is not 'trump' or 'wild'"),
        (["rules", "colour"], 1, "rules.colour: unknown Spidge rule option"),
        (["hands", 0, 0], "ZZ", "hands[0][0]: invalid card text 'ZZ'"),
        (["hands", 0, 0], "2D", "hands: 2♦ is not in the Spidge pack with jokers"),
        (["plays", 0], "XX", "plays[0]: invalid card text"),
        (["result", "points"], [9, 9, 9], "result: does not match the replay"),
        (["kind"], "match", "kind: 'match' is not one of"),
    ],
)
def test_bad_deal_records_name_the_first_bad_field(path, value, message):
    record = golden("spidge_deal_seed42.json")
    with pytest.raises(RecordError, match=message.replace("[", r"\[").replace("]", r"\]")):
        from_record(_broken(record, path, value))


def test_illegal_play_in_a_record_names_the_move_and_the_rule():
    record = golden("spidge_deal_seed42.json")
    deal = SpidgeDeal.from_record(record)
    first = deal.initial_hands[0]
    trump = next(c for c in first if c.suit == 3 or c.is_joker)
    record["plays"] = [str(trump)]
    record.pop("result")
    with pytest.raises(RecordError, match=r"plays\[0\]: '.*' is illegal: cannot lead .*opening lead"):
        from_record(record)


def test_result_on_an_unfinished_deal_is_rejected():
    record = golden("spidge_deal_seed42.json")
    record["plays"] = record["plays"][:5]
    with pytest.raises(RecordError, match="result: the deal is not finished"):
        from_record(record)


def test_bad_game_records():
    record = golden("spidge_game_seed0_options.json")
    with pytest.raises(RecordError, match=r"deals\[1\].dealer: expected player"):
        from_record(_broken(record, ["deals", 1, "dealer"], record["deals"][0]["dealer"]))
    with pytest.raises(RecordError, match="totals: recorded"):
        from_record(_broken(record, ["totals"], [5, 5, 5]))
    with pytest.raises(RecordError, match="winner: recorded"):
        from_record(_broken(record, ["winner"], 2))
    extra = copy.deepcopy(record)
    extra["deals"].append(copy.deepcopy(record["deals"][-1]))
    with pytest.raises(RecordError, match=r"deals\[2\]: the game is over"):
        from_record(extra)


def test_summaries():
    deal = finished_deal(42)
    text = deal.summary()
    assert "dummy" in text and "Result:" in text and "trick 13" in text
    summary = deal.summary_json()
    assert summary["result"]["points"] == list(deal.result.points)
    game = SpidgeGame.from_record(golden("spidge_game_seed0_options.json"))
    assert f"Winner: player {game.winner}" in game.summary()
    assert game.summary_json()["totals"] == list(game.totals)


def test_demo_prints_a_whole_game():
    out = io.StringIO()
    game = demo(seed=3, out=out)
    log = out.getvalue()
    assert game.is_over and f"Player {game.winner} wins" in log
    for word in ("dummy, face up", "trick 13", "Totals:", "(dealer, with the dummy)"):
        assert word in log
    assert re.search(r"\d+ tricks? → (no score|nill|spidge|slam|grand slam), \+\d", log)
    again = io.StringIO()
    demo(seed=3, out=again)
    assert again.getvalue() == log  # a seed replays the same game


def test_cli_demo_and_replay(tmp_path):
    out = io.StringIO()
    assert main(["demo", "spidge", "--seed", "5"], out=out) == 0
    assert "wins" in out.getvalue()
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(finished_deal(42).to_record()), encoding="utf-8")
    out = io.StringIO()
    assert main(["replay", str(path)], out=out) == 0
    assert "Result:" in out.getvalue()
    out = io.StringIO()
    assert main(["replay", str(path), "--json"], out=out) == 0
    assert json.loads(out.getvalue())["game"] == "spidge"
