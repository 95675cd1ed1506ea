"""Observation records: a seat's view as JSON, for a game server that sends
each seat its view and a remote bot that rebuilds it.

Run the file once more with ``TRICKCORE_PUREPYTHON=1`` for the reference engine.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from pytrick import RecordError, cli
from pytrick.inference import sample_deals
from pytrick.records import ENVELOPE_FIELDS, dump_record, from_record, load_record, loads_record
from pytrick.spidge import SpidgeDeal, SpidgeObservation, SpidgeRules
from pytrick.spitzer import SpitzerDeal, SpitzerObservation, SpitzerRules

Observation = SpitzerObservation | SpidgeObservation


def random_spitzer_rules(rng: random.Random) -> SpitzerRules:
    return SpitzerRules(
        target=rng.choice([42, 21, 100]),
        zola_requires_both_queens=rng.random() < 0.5,
        void_call=rng.choice(["called_ace_holder", "first_void_player"]),
        first_trick_call=rng.choice(["first_trick_winner", "first_trick_won_by_other"]),
        call_requires_lead=rng.random() < 0.5,
        schneider_announcement=rng.random() < 0.5,
    )


def random_spidge_rules(rng: random.Random) -> SpidgeRules:
    return SpidgeRules(
        jokers=rng.random() < 0.5,
        joker_suit=rng.choice(["trump", "wild"]),
        spades_must_be_broken=rng.random() < 0.5,
        grand_slam=rng.choice(["no_tricks", "all_tricks"]),
    )


def observations_of_random_deals(game: str, n_deals: int, seed: int) -> Iterator[Observation]:
    """Every seat's observation at every point of *n_deals* random deals:
    before the first move, in the auction, mid-trick, between tricks, over."""
    rng = random.Random(seed)
    for _ in range(n_deals):
        deal: Any
        if game == "spitzer":
            deal = SpitzerDeal.from_seed(rng.randrange(2**32), rules=random_spitzer_rules(rng))
            seats = range(4)
        else:
            deal = SpidgeDeal.from_seed(rng.randrange(2**32), rules=random_spidge_rules(rng))
            seats = range(3)
        while True:
            for seat in seats:
                yield deal.observation(seat)
            if deal.is_over:
                break
            calls = [
                said for said in getattr(deal, "legal_announcements", ())
                if said.token.startswith(("ace_call", "void_call", "first_trick"))
            ]
            if calls and rng.random() < 0.8:  # the calls that tell most about hidden hands
                deal.announce(rng.choice(calls))
            elif getattr(deal, "legal_announcements", ()) and rng.random() < 0.7:
                deal.announce("pass")  # and leave the calls to a seat that may make them
            else:
                deal.play_action(rng.choice(list(deal.legal_actions)))


GAMES = ["spitzer", "spidge"]
CLASSES = {"spitzer": SpitzerObservation, "spidge": SpidgeObservation}


@pytest.mark.parametrize("game", GAMES)
def test_every_observation_of_random_deals_reads_back_equal(game: str) -> None:
    cls = CLASSES[game]
    fields = {field.name for field in dataclasses.fields(cls)}
    phases, made = set(), set()
    for seen in observations_of_random_deals(game, 40, seed=1):
        record = seen.to_record()
        assert set(record) == {*ENVELOPE_FIELDS, *fields}  # exactly its fields
        assert record["game"] == game and record["kind"] == "observation"
        text = json.dumps(record)
        assert json.loads(text) == record  # JSON-safe: nothing is lost on the way
        again = cls.from_record(json.loads(text))
        assert again == seen
        assert type(again) is cls
        assert again.to_record() == record
        phases.add((len(seen.plays) % 4 == 0, seen.to_move in (-1, None)))
        if isinstance(seen, SpitzerObservation):
            made.add(seen.announcement.token.split("_")[0])
    assert phases == {(True, True), (True, False), (False, False)}
    if game == "spitzer":
        assert made >= {"pass", "zola", "ace", "void"}


@pytest.mark.parametrize("game", GAMES)
def test_the_record_functions_dispatch_observation_records(game: str, tmp_path: Path) -> None:
    for i, seen in enumerate(observations_of_random_deals(game, 1, seed=5)):
        if i % 7:
            continue
        record = dump_record(seen)
        assert from_record(record) == seen
        assert loads_record(json.dumps(record, ensure_ascii=False).encode()) == seen
        path = tmp_path / "seen.json"
        path.write_text(json.dumps(record))
        assert load_record(path) == seen


@pytest.mark.parametrize("game", GAMES)
def test_worlds_sampled_from_an_observation_give_the_identical_record(game: str) -> None:
    # The record holds nothing the seat cannot see: every deal consistent
    # with the view writes the same record, byte for byte.
    for i, seen in enumerate(observations_of_random_deals(game, 3, seed=2)):
        if i % 5:
            continue
        observer = seen.seat if isinstance(seen, SpitzerObservation) else seen.player
        text = json.dumps(seen.to_record())
        for world in sample_deals(seen, 4, seed=i):
            assert json.dumps(world.observation(observer).to_record()) == text


# -- strict reading ----------------------------------------------------------------------


def spitzer_record() -> dict[str, Any]:
    """Seat 2 after all passed and five cards were played (a trick and one card)."""
    deal = SpitzerDeal.from_seed(7)
    for _ in range(4):
        deal.announce("pass")
    for card in ("8D", "QC", "JD", "JC", "9C"):
        deal.play(card)
    return deal.observation(2).to_record()


def spidge_record() -> dict[str, Any]:
    """The dealer (player 2) after six cards: a trick and two cards of the next."""
    deal = SpidgeDeal.from_seed(3)
    for _ in range(6):
        deal.play_action(deal.legal_actions[0])
    return deal.observation(2).to_record()


def test_the_fixtures_are_the_positions_the_messages_below_assume() -> None:
    record = spitzer_record()
    assert record["hand"] == ["TC", "9D", "QD", "8H", "QH", "QS"]
    assert record["plays"][-1] == [2, "9C"] and record["to_move"] == 3
    table = spidge_record()
    assert table["seat"] == 3 and table["dealer"] == 2 and "JK1" in table["dummy"]
    assert table["to_move"] == {"player": 1, "hand": 2}


def changed(record: dict[str, Any], **fields: Any) -> dict[str, Any]:
    record = dict(record)
    for name, value in fields.items():
        if value is ...:
            del record[name]
        else:
            record[name] = value
    return record


SPITZER_BAD: list[tuple[dict[str, Any], str]] = [
    ({"hnad": []}, "hnad: unknown field (known: format, version, game, kind, seat,"),
    ({"seat": ...}, "seat: missing"),
    ({"seat": 4}, "seat: 4 is out of range 0..3"),
    ({"seat": "2"}, "seat: expected an integer, got the string '2'"),
    ({"dealer": True}, "dealer: expected an integer, got a boolean"),
    ({"rules": {"target": 42, "zola": True}}, "rules.zola: unknown Spitzer rule option"),
    ({"hand": "TC 9D"}, "hand: expected a list of cards, got the string 'TC 9D'"),
    ({"hand": ["TC", "XX"]}, "hand[1]: invalid card text 'XX'"),
    ({"hand": ["TC", "2C"]}, "hand[1]: 2♣ is not in the Spitzer pack"),
    ({"hand": ["TC", "9D", "TC"]}, "hand[2]: 10♣ is listed twice (also at hand[0])"),
    ({"hand": ["TC", "QC"]}, "plays[1][1]: Q♣ is listed twice (also at hand[1])"),
    ({"plays": [[1, "8D"], [9, "QC"]]}, "plays[1][0]: 9 is out of range 0..3"),
    ({"plays": [[1, "8D"], ["2", "QC"]]}, "plays[1][0]: expected a seat number, got the string '2'"),
    ({"plays": [[1, "8D"], [2]]}, "plays[1]: expected a [seat, card] pair, got [2]"),
    ({"plays": [[1, "8D"], [2, "JK1"]]}, "plays[1][1]: 🃏1 is not in the Spitzer pack"),
    ({"announcements": [[1, "pass"], [2, "bid"]]}, "announcements[1][1]: "),
    ({"announcements": [[1, "pass"], [5, "pass"]]}, "announcements[1][0]: 5 is out of range 0..3"),
    ({"announcements": [[1, "ace_call_diamonds"]]}, "announcements[0][1]: cannot call the ace of diamonds"),
    ({"announcements": {"1": "pass"}}, "announcements: expected list, got an object"),
    ({"trick_winners": [4]}, "trick_winners[0]: 4 is out of range 0..3"),
    ({"trick_points": [7.0]}, "trick_points[0]: expected an integer, got the number 7.0"),
    ({"revealed": [2, 2]}, "revealed: lists a seat twice: [2, 2]"),
    ({"to_move": -2}, "to_move: -2 is out of range -1..3"),
    ({"legal_moves": ["AS", "AS"]}, "legal_moves[1]: A♠ is listed twice (also at legal_moves[0])"),
    ({"legal_announcements": [3]}, "legal_announcements[0]: expected an announcement token"),
    # Another kind's or game's fields are unknown to it.
    ({"kind": "deal"}, "seat: unknown field (known: format, version, game, kind, rules, dealer,"),
    ({"game": "spidge"}, "announcements: unknown field (known: format, version, game, kind, player,"),
]


@pytest.mark.parametrize(("fields", "message"), SPITZER_BAD)
def test_a_bad_spitzer_observation_record_is_an_error_naming_the_field(
    fields: dict[str, Any], message: str
) -> None:
    bad = changed(spitzer_record(), **fields)
    with pytest.raises(RecordError) as caught:
        from_record(bad)
    assert str(caught.value).startswith(message)
    if "kind" not in fields and "game" not in fields:
        with pytest.raises(RecordError) as again:
            SpitzerObservation.from_record(bad)
        assert str(again.value) == str(caught.value)


SPIDGE_BAD: list[tuple[dict[str, Any], str]] = [
    ({"seat": 4}, "seat: 4 is out of range 0..3"),
    ({"player": 3}, "player: 3 is out of range 0..2"),
    ({"dealer": -1}, "dealer: -1 is out of range 0..2"),
    ({"dummy": None}, "dummy: expected a list of cards, got null"),
    ({"dummy": ["QC", "QC"]}, "dummy[1]: Q♣ is listed twice (also at dummy[0])"),
    ({"dummy": ["3C"]}, "dummy[0]: 3♣ is listed twice (also at hand[0])"),
    ({"plays": [[0, "8C"], [1, "QC"]]}, "plays[1][1]: Q♣ is listed twice (also at dummy[0])"),
    ({"rules": {"jokers": False}}, "dummy[10]: 🃏1 is not in this Spidge pack (the rules have no jokers)"),
    ({"current_trick": [[4, "9C"]]}, "current_trick[0][0]: 4 is out of range 0..3"),
    ({"to_move": {"player": 1, "hand": 2, "seat": 0}}, "to_move.seat: unknown field (known: player, hand)"),
    ({"to_move": {"player": 1}}, "to_move.hand: missing"),
    ({"to_move": [1, 2]}, "to_move: expected a JSON object, got a list"),
    ({"trick_winners": [0, "1"]}, "trick_winners[1]: expected an integer, got the string '1'"),
    ({"game": "spitzer"}, "player: unknown field (known: format, version, game, kind, seat,"),
    ({"kind": "game"}, "deals: missing"),
]


@pytest.mark.parametrize(("fields", "message"), SPIDGE_BAD)
def test_a_bad_spidge_observation_record_is_an_error_naming_the_field(
    fields: dict[str, Any], message: str
) -> None:
    bad = changed(spidge_record(), **fields)
    with pytest.raises(RecordError) as caught:
        from_record(bad)
    assert str(caught.value).startswith(message)
    if "kind" not in fields and "game" not in fields:
        with pytest.raises(RecordError) as again:
            SpidgeObservation.from_record(bad)
        assert str(again.value) == str(caught.value)


def test_each_observation_class_refuses_the_other_games_and_kinds_records() -> None:
    with pytest.raises(RecordError, match=r"^kind: expected a Spidge observation record, got spitzer observation$"):
        SpidgeObservation.from_record(spitzer_record())
    with pytest.raises(RecordError, match=r"^kind: expected a Spitzer observation record, got spitzer deal$"):
        SpitzerObservation.from_record(SpitzerDeal.from_seed(1).to_record())
    with pytest.raises(RecordError, match=r"^kind: expected a Spidge deal record, got spidge observation$"):
        SpidgeDeal.from_record(spidge_record())


# -- the observation's own consistency ---------------------------------------------------

IMPOSSIBLE_SPITZER: list[tuple[dict[str, Any], str]] = [
    # Fields that do not follow from the hand, announcements and plays.
    ({"trick_winners": [3]}, "trick_winners: recorded [3], but the rest of the observation gives [2]"),
    ({"trick_points": [8]}, "trick_points: recorded [8], but the rest of the observation gives [7]"),
    ({"to_move": 0}, "to_move: recorded 0, but the rest of the observation gives 3"),
    ({"revealed": []}, "revealed: recorded [], but the rest of the observation gives [2]"),
    ({"legal_moves": ["TC"]}, "legal_moves: recorded ['TC'], but the rest of the observation gives []"),
    ({"dealer": 1}, "record: impossible observation: its moves are illegal in every deal it allows "
     "(card_not_held, rules §1.6): its seats, dealer or order are wrong"),
    ({"announcements": [[0, "pass"], [1, "pass"], [2, "pass"], [3, "pass"]]},
     "announcements: recorded [[0, 'pass'], [1, 'pass'], [2, 'pass'], [3, 'pass']], but "
     "the rest of the observation gives [[1, 'pass'], [2, 'pass'], [3, 'pass'], [0, 'pass']]"),
    ({"plays": [[1, "8D"], [2, "QC"], [3, "JD"], [0, "JC"], [3, "9C"]]}, "record: impossible observation"),
    # A hand of the wrong size: no deal at all.
    ({"hand": ["TC", "9D", "QD", "8H", "QH"]}, "record: impossible observation: no deal is consistent"),
    ({"announcements": [[1, "pass"]] * 5}, "record: impossible observation: "),
]


@pytest.mark.parametrize(("fields", "message"), IMPOSSIBLE_SPITZER)
def test_an_impossible_spitzer_observation_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as caught:
        from_record(changed(spitzer_record(), **fields))
    assert str(caught.value).startswith(message)


IMPOSSIBLE_SPIDGE: list[tuple[dict[str, Any], str]] = [
    ({"seat": 0}, "record: impossible observation: "),
    ({"seat": 1}, "record: impossible observation: invalid observation.seat Hand.DUMMY"),
    ({"player": 0, "seat": 0}, "record: impossible observation: "),
    ({"trick_winners": [1]}, "trick_winners: recorded [1], but the rest of the observation gives [0]"),
    ({"current_trick": []}, "current_trick: recorded [], but the rest of the observation gives"),
    ({"to_move": None}, "to_move: recorded None, but the rest of the observation gives {'hand': 2, 'player': 1}"),
    ({"legal_moves": ["3C"]}, "legal_moves: recorded ['3C'], but the rest of the observation gives []"),
    ({"dummy": []}, "record: impossible observation: no deal is consistent"),
]


@pytest.mark.parametrize(("fields", "message"), IMPOSSIBLE_SPIDGE)
def test_an_impossible_spidge_observation_is_refused(fields: dict[str, Any], message: str) -> None:
    with pytest.raises(RecordError) as caught:
        from_record(changed(spidge_record(), **fields))
    assert str(caught.value).startswith(message)


# -- the command line reads deal and game records only -------------------------------------


@pytest.mark.parametrize("make", [spitzer_record, spidge_record])
@pytest.mark.parametrize("command", [["replay"], ["explain"]])
def test_pytrick_replay_and_explain_refuse_an_observation_record(
    make: Any, command: list[str], tmp_path: Path
) -> None:
    # They were an AttributeError traceback ('SpidgeObservation' has no 'summary').
    path = tmp_path / "seen.json"
    path.write_text(json.dumps(make()))
    out, err = io.StringIO(), io.StringIO()
    args = [*command, str(path)] + (["AC"] if command == ["explain"] else [])
    assert cli.main(args, out=out, err=err) == 1
    assert err.getvalue() == (
        f"pytrick {command[0]}: invalid record: kind: this is an observation record "
        "(one seat's view of a deal), not a deal or game record\n"
    )
