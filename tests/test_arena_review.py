"""Review of the players and the arena as a bot author uses them: the
tournament summary keeps its rules, bad arguments name themselves, a bot's
bad move keeps its error class, the statistics of tiny tournaments, and
records that round-trip."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

import trickcore
from pytrick import arena
from pytrick.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    RecordError,
)
from pytrick.records import dump_record, from_record, load_record, loads_record
from pytrick.spidge import SpidgeDeal, SpidgeGame, SpidgeObservation, SpidgeRules
from pytrick.spitzer import (
    Announcement,
    SpitzerDeal,
    SpitzerGame,
    SpitzerObservation,
    SpitzerRules,
)
from trickcore import CardSet
from trickcore.card import ALL_CARDS, Card

SPITZER_RULES = SpitzerRules(
    target=20, zola_requires_both_queens=True, void_call="first_void_player",
    first_trick_call="first_trick_won_by_other", call_requires_lead=True,
    schneider_announcement=True,
)
SPIDGE_RULES = SpidgeRules(
    target=5, jokers=False, joker_suit="wild", spades_must_be_broken=True,
    grand_slam="all_tricks", slam_tricks=12, spidge_tricks=8,
)
RULES: dict[arena.Game, Any] = {"spitzer": SPITZER_RULES, "spidge": SPIDGE_RULES}


# ------------------------------------------------------------------ bots of a careless author


class SomeoneElsesCardBot:
    """Plays the lowest card of this game's pack that it cannot see: another
    seat's (a Spitzer deal deals the whole pack; a Spidge deal all but the jokers
    when they are left out)."""

    def announce(self, observation: SpitzerObservation) -> Announcement:
        return Announcement.PASS

    def play(self, observation: SpitzerObservation | SpidgeObservation) -> Card:
        if isinstance(observation, SpidgeObservation):
            seen, pack = observation.visible_cards(), trickcore.spidge.pack(observation.rules.jokers)
        else:
            seen, pack = observation.hand | observation.played, trickcore.spitzer.PACK
        return next(ALL_CARDS[c] for c in pack if ALL_CARDS[c] not in seen)


class LegalMovesBot:
    """Returns the whole set of legal moves instead of one of them."""

    def announce(self, observation: SpitzerObservation) -> Any:
        return observation.legal_moves  # empty in the auction: read as PASS before

    def play(self, observation: SpitzerObservation | SpidgeObservation) -> Any:
        return observation.legal_moves


class NoneBot:
    def announce(self, observation: SpitzerObservation) -> Announcement:
        return Announcement.PASS

    def play(self, observation: SpitzerObservation | SpidgeObservation) -> Any:
        return None


# ------------------------------------------------------------------ the summary keeps the rules


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_summary_records_the_rules_as_the_deal_records_do(game: arena.Game, tmp_path: Path) -> None:
    rules = RULES[game]
    result = arena.run_tournament(game, "heuristic,random", 2, seed=3, rules=rules,
                                  progress=False, out_dir=str(tmp_path))
    deal_rules = result.records[0]["rotations"][0]["record"]["rules"]
    assert deal_rules == rules.to_dict()
    assert result.summary()["rules"] == deal_rules
    saved = json.loads((tmp_path / "summary.json").read_text(encoding="utf-8"))
    assert saved["rules"] == deal_rules
    assert type(rules).from_dict(saved["rules"]) == rules
    # Read back from the directory, the rules come from the deal records.
    loaded = arena.load(str(tmp_path))
    assert loaded.rules == rules
    assert loaded.summary() == result.summary()


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_summary_of_default_rules_lists_every_option(game: arena.Game) -> None:
    result = arena.TournamentResult(game, ["a", "b"], 0,
                                    [{"deal": 0, "points": {"a": 1.0, "b": 0.0}}])
    defaults = SpitzerRules() if game == "spitzer" else SpidgeRules()
    assert result.summary()["rules"] == defaults.to_dict()


def test_tournament_command_json_has_the_rules() -> None:
    import io

    from pytrick.cli import main

    out = io.StringIO()
    assert main(["tournament", "spidge", "--bots", "heuristic,random", "--deals", "1",
                 "--quiet", "--json", "--rules", "spidge_tricks=9"], out=out) == 0
    assert json.loads(out.getvalue())["rules"]["spidge_tricks"] == 9


def test_load_names_a_line_cut_short(tmp_path: Path) -> None:
    arena.run_tournament("spidge", "heuristic,random", 2, seed=1, progress=False, out_dir=str(tmp_path))
    deals = tmp_path / "deals.jsonl"
    text = deals.read_text(encoding="utf-8")
    deals.write_text(text + text.splitlines()[0][:40], encoding="utf-8")  # a run killed mid-line
    with pytest.raises(RecordError, match="line 3"):
        arena.load(str(tmp_path))
    deals.write_text(text + "[1, 2]\n", encoding="utf-8")
    with pytest.raises(RecordError, match="line 3 is not a tournament's deal line"):
        arena.load(str(tmp_path))


# ------------------------------------------------------------------ bad arguments name themselves


@pytest.mark.parametrize(("seed", "error"), [(-1, InvalidArgumentError), (2**64, InvalidArgumentError),
                                             (1.5, ArgumentTypeError), (None, ArgumentTypeError)])
def test_a_bad_seed_is_the_tournaments_not_a_bots(seed: object, error: type[Exception]) -> None:
    with pytest.raises(error, match=r"^(invalid )?seed") as raised:
        arena.run_tournament("spidge", "heuristic,random", 1, seed=seed, progress=False)  # type: ignore[arg-type]
    assert "bot" not in str(raised.value)


@pytest.mark.parametrize(
    ("bots", "error", "message"),
    [
        (None, ArgumentTypeError, "bots must be a string"),
        (5, ArgumentTypeError, "bots must be a string"),
        (["random", 5], ArgumentTypeError, "a bot is a name"),
        ("random]x,heuristic", InvalidArgumentError, r"a '\]' without its '\['"),
        ("random", InvalidArgumentError, "^bots: needs at least 2 bots, got 1"),
    ],
)
def test_bad_bots_are_named(bots: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        arena.run_tournament("spitzer", bots, 1, progress=False)  # type: ignore[arg-type]


def test_bot_titles_stay_unique() -> None:
    # The titles key each deal's points: two bots of one title were merged.
    specs = arena.parse_bots(["heuristic", "heuristic", arena.BotSpec("random", label="heuristic#2")])
    assert [spec.title for spec in specs] == ["heuristic", "heuristic#2", "heuristic#2#2"]
    result = arena.run_tournament("spidge", specs, 1, progress=False)
    assert len(result.records[0]["points"]) == 3


@pytest.mark.parametrize(("field", "value"), [("progress", "bar.txt"), ("ray", 1)])
def test_bad_executor_options_are_named(field: str, value: object) -> None:
    kwargs: dict[str, Any] = {"progress": False, field: value}
    with pytest.raises(ArgumentTypeError, match=rf"^{field} must be"):
        arena.run_tournament("spitzer", "heuristic,random", 1, **kwargs)


def test_a_typo_in_workers_starts_no_thousands_of_processes() -> None:
    with pytest.raises(InvalidArgumentError, match=r"^workers = 100000: must be a whole number from 1 to 1024"):
        arena.run_tournament("spitzer", "heuristic,random", 1, workers=100000, progress=False)


def test_a_bots_own_exception_is_a_public_bot_error() -> None:
    # It was a private class: a caller could catch it only as any PytrickError.
    class Broken:
        def announce(self, observation: Any) -> Any:
            raise KeyError("no idea")

        def play(self, observation: Any) -> Any:
            raise KeyError("no idea")

    with pytest.raises(arena.BotError, match=r"^bot y in seat 1: announce\(\) raised KeyError") as info:
        arena.play_with_bots("spitzer", SpitzerDeal.from_seed(3), [Broken()] * 4, ["x", "y", "z", "w"])
    assert isinstance(info.value.__cause__, KeyError)
    assert "BotError" in arena.__all__


def test_the_other_games_rules_are_refused_at_once() -> None:
    with pytest.raises(ArgumentTypeError, match="rules must be a SpitzerRules"):
        arena.run_tournament("spitzer", "heuristic,random", 1, rules=SPIDGE_RULES,
                             workers=2, progress=False)


def test_the_building_blocks_check_the_game_and_take_bot_names() -> None:
    with pytest.raises(InvalidArgumentError, match="unknown game 'chess'"):
        arena.seat_bots("chess", "random", seed=1)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="unknown game 'chess'"):
        arena.play_duplicate_deal("chess", "random,random", seed=1, index=0)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="index"):
        arena.play_duplicate_deal("spidge", "random,random", seed=1, index=-1)
    record = arena.play_duplicate_deal("spidge", "heuristic,random", seed=1, index=0)
    assert set(record["points"]) == {"heuristic", "random"}


# ------------------------------------------------------------------ a bot's bad move


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_an_illegal_card_stays_an_illegal_move_error_naming_bot_and_seat(game: arena.Game) -> None:
    deal = SpitzerDeal.from_seed(2) if game == "spitzer" else SpidgeDeal.from_seed(2)
    bots, labels = arena.seat_bots(game, "random", seed=1)
    bots[1] = SomeoneElsesCardBot()
    labels[1] = "cheat"
    with pytest.raises(IllegalMoveError) as raised:
        arena.play_with_bots(game, deal, bots, labels)
    error = raised.value
    assert error.reason == "card_not_held"
    where = "in seat 1" if game == "spitzer" else "(player 1)"
    assert str(error).startswith(f"bot cheat {where}: ")
    # The card it tried is its own choice; no other hidden card is named.
    if game == "spitzer":
        hidden = CardSet().union(*(deal.hand(seat) for seat in (0, 2, 3)))
    else:
        hidden = CardSet().union(*(deal.hands[deal.hand_of(player)] for player in (0, 2)))
    tried = SomeoneElsesCardBot().play(deal.observation(1))
    for card in hidden - CardSet([tried]):
        assert card.unicode() not in str(error)
        assert str(card) not in str(error).replace(",", " ").split()


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
@pytest.mark.parametrize("bot", ["LegalMovesBot", "NoneBot"])
def test_a_wrongly_typed_move_is_an_argument_type_error_naming_the_bot(game: arena.Game, bot: str) -> None:
    with pytest.raises(ArgumentTypeError, match=rf"^bot test_arena_review:{bot} (in seat 0|\(player 0\)): "):
        arena.run_tournament(game, f"test_arena_review:{bot},random", 1, progress=False)


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_card_set_is_not_a_card(game: arena.Game) -> None:
    deal: Any = SpitzerDeal.from_seed(1) if game == "spitzer" else SpidgeDeal.from_seed(1)
    if game == "spitzer":
        # An empty CardSet's mask is 0, the code of PASS: it was taken for one.
        with pytest.raises(ArgumentTypeError, match="not a CardSet"):
            deal.announce(CardSet())
        assert deal.announcements == ()
        for _ in range(4):
            deal.announce("pass")
    before = deal.position()
    one = CardSet([deal.legal_moves.min()])
    with pytest.raises(ArgumentTypeError, match="a CardSet is not a card"):
        deal.play(one)
    assert deal.position() == before


def test_a_card_is_not_an_announcement_nor_an_announcement_a_card() -> None:
    # Both are ints to Python: 2C (0) was taken for PASS, and the void call
    # in spades (8) for 10C, which seat 3 of deal 0 holds and may lead.
    deal = SpitzerDeal.from_seed(0)
    with pytest.raises(ArgumentTypeError, match="not a Card"):
        deal.announce(Card("2C"))
    assert deal.announcements == ()
    for _ in range(4):
        deal.announce("pass")
    assert Card("TC") in deal.legal_moves
    with pytest.raises(ArgumentTypeError, match="an Announcement is not a card"):
        deal.play(Announcement.VOID_CALL_SPADES)
    assert deal.plays == ()
    spidge = SpidgeDeal.from_seed(0)
    with pytest.raises(ArgumentTypeError, match="an Announcement is not a card"):
        spidge.play(Announcement.PASS)


class SwappedBot:
    """Answers announce() with a card and play() with an announcement."""

    def announce(self, observation: SpitzerObservation) -> Card:
        return observation.hand.min()

    def play(self, observation: SpitzerObservation) -> Announcement:
        return Announcement.PASS


def test_a_bot_answering_with_the_wrong_kind_of_move_is_named() -> None:
    with pytest.raises(ArgumentTypeError, match=r"^bot test_arena_review:SwappedBot in seat 0: .*not a [Cc]ard"):
        arena.run_tournament("spitzer", "test_arena_review:SwappedBot,random", 1, progress=False)


# ------------------------------------------------------------------ statistics of tiny tournaments


@pytest.mark.parametrize(("df", "exact"), [(1, 12.706205), (2, 4.302653)])
def test_t_quantile_is_exact_for_one_and_two_degrees_of_freedom(df: int, exact: float) -> None:
    assert arena.t_quantile(0.975, df) == pytest.approx(exact, rel=1e-6)
    assert arena.t_quantile(0.025, df) == pytest.approx(-exact, rel=1e-6)


def test_a_two_deal_interval_uses_the_exact_t() -> None:
    # sd = sqrt(2), se = 1, t(0.975, 1) = 12.7062
    interval = arena.mean_interval([0.0, 2.0])
    assert interval.mean == 1
    assert interval.half_width == pytest.approx(12.706205, rel=1e-6)


@pytest.mark.parametrize("level", [0.0, 1.0, 95, math.nan])
def test_a_confidence_level_outside_zero_to_one_is_refused(level: float) -> None:
    with pytest.raises(InvalidArgumentError, match="level"):
        arena.mean_interval([1.0, 2.0, 3.0], level=level)


# ------------------------------------------------------------------ records


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_game_not_yet_begun_round_trips(game: arena.Game) -> None:
    rules = RULES[game]
    new = SpitzerGame(rules, seed=4) if game == "spitzer" else SpidgeGame(rules, seed=4)
    record = new.to_record()
    back: Any = loads_record(json.dumps(record))
    assert type(back) is type(new)
    assert back.rules == rules and back.deals == [] and back.winner is None
    assert back.to_record() == record
    assert back.next_deal().rules == rules


def test_dump_record_names_a_wrong_argument() -> None:
    record = SpidgeDeal.from_seed(1).to_record()
    with pytest.raises(ArgumentTypeError, match="dump_record takes a deal, a game or an observation, not dict"):
        dump_record(record)  # type: ignore[arg-type]
    assert dump_record(from_record(record)) == record


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_a_game_takes_only_its_own_deals(game: arena.Game) -> None:
    # The other game's deal was an AttributeError, or for a Spidge game
    # "made under other rule options".
    sequence: Any = SpitzerGame(seed=1) if game == "spitzer" else SpidgeGame(seed=1)
    other = SpidgeDeal.from_seed(1) if game == "spitzer" else SpitzerDeal.from_seed(1)
    expected = "SpitzerDeal" if game == "spitzer" else "SpidgeDeal"
    for wrong in (other, "deal", None):
        with pytest.raises(ArgumentTypeError, match=rf"^deal must be a {expected}, not {type(wrong).__name__}$"):
            sequence.add_deal(wrong)
    assert sequence.deals == [] and sequence.first_dealer is None


@pytest.mark.parametrize("text", [5, None, 1.5])
def test_loads_record_names_text_of_a_wrong_type(text: object) -> None:
    with pytest.raises(RecordError, match=f"record text must be str or bytes, not {type(text).__name__}"):
        loads_record(text)  # type: ignore[arg-type]


@pytest.mark.parametrize("path", [10**6, None, 1.5])
def test_load_record_takes_a_path_not_a_file_descriptor(path: object) -> None:
    # open() takes an int for a file descriptor: load_record(0) read standard
    # input and closed it (a descriptor not open here shows the same path).
    with pytest.raises(ArgumentTypeError, match=f"path must be a str or a path object, not {type(path).__name__}"):
        load_record(path)  # type: ignore[arg-type]


def test_play_with_bots_checks_its_arguments_before_blaming_a_bot() -> None:
    bots, labels = arena.seat_bots("spitzer", "random", seed=1)
    deal = SpitzerDeal.from_seed(1)
    # Three bots were reported as the fault of "bot random in seat 1".
    with pytest.raises(InvalidArgumentError, match=r"^bots and labels: a Spitzer deal needs 4 of each") as raised:
        arena.play_with_bots("spitzer", deal, bots[:3], labels[:3])
    assert "seat 1" not in str(raised.value)
    with pytest.raises(InvalidArgumentError, match="not 4 and 3"):
        arena.play_with_bots("spitzer", deal, bots, labels[:3])
    for wrong in (SpidgeDeal.from_seed(1), "deal"):
        with pytest.raises(ArgumentTypeError, match=f"^deal must be a SpitzerDeal, not {type(wrong).__name__}"):
            arena.play_with_bots("spitzer", wrong, bots, labels)
    assert deal.n_played == 0 and deal.announcements == ()


def test_play_deal_names_a_wrong_deal_or_bots() -> None:
    from pytrick import spidge, spitzer

    with pytest.raises(ArgumentTypeError, match=r"^deal must be a SpitzerDeal, not SpidgeDeal$"):
        spitzer.play_deal(SpidgeDeal.from_seed(1), [spitzer.RandomBot(seed=1)] * 4)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^deal must be a SpidgeDeal, not SpitzerDeal$"):
        spidge.play_deal(SpitzerDeal.from_seed(1), [spidge.RandomBot(seed=1)] * 3)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"^bots must be a sequence of 4 bots"):
        spitzer.play_deal(SpitzerDeal.from_seed(1), None)  # type: ignore[arg-type]


def test_replaying_a_summary_points_to_the_deal_lines(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from pytrick.cli import main

    arena.run_tournament("spidge", "heuristic,random", 1, seed=1, progress=False, out_dir=str(tmp_path))
    assert main(["replay", str(tmp_path / "summary.json")]) == 1
    assert "this is a tournament's summary.json" in capsys.readouterr().err


@pytest.mark.parametrize(
    "kwargs", [{"iterations": True}, {"iterations": 2.5}, {"iterations": "100"}, {"rollout": None}, {"rollout": 1}]
)
def test_search_settings_of_a_wrong_type_are_argument_type_errors(kwargs: dict[str, Any]) -> None:
    from pytrick import spidge, spitzer

    # As PIMCBot(worlds=2.5) and seconds=True are: the subclass of the InvalidArgumentError raised before.
    for bot in (spitzer.ISMCTSBot, spidge.ISMCTSBot):
        with pytest.raises(ArgumentTypeError, match=next(iter(kwargs))):
            bot(**kwargs)


def test_a_stopped_run_leaves_no_earlier_summary_beside_its_deals(tmp_path: Path) -> None:
    arena.run_tournament("spidge", "heuristic,random", 1, seed=1, progress=False, out_dir=str(tmp_path))
    assert (tmp_path / "summary.json").exists()
    with pytest.raises(ArgumentTypeError):
        arena.run_tournament("spidge", "test_arena_review:NoneBot,random", 1, progress=False, out_dir=str(tmp_path))
    # The deals file is this run's (empty: it stopped in its first deal); no summary claims otherwise.
    assert (tmp_path / "deals.jsonl").read_text(encoding="utf-8") == ""
    assert not (tmp_path / "summary.json").exists()
    assert not (tmp_path / "ratings.png").exists()


def test_the_table_names_the_rules_that_differ_from_the_defaults() -> None:
    result = arena.run_tournament("spidge", "heuristic,random", 1, seed=1, rules=SPIDGE_RULES, progress=False)
    assert result.table().splitlines()[1] == (
        "Rules: jokers=false joker_suit=wild spades_must_be_broken=true grand_slam=all_tricks "
        "slam_tricks=12 spidge_tricks=8"
    )
    plain = arena.run_tournament("spidge", "heuristic,random", 1, seed=1, progress=False)
    assert plain.table().splitlines()[1] == ""


# ------------------------------------------------------------------ checks that already held


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_games_and_deals_round_trip_under_other_rules(game: arena.Game) -> None:
    rules = RULES[game]
    sequence: Any = SpitzerGame(rules, seed=3) if game == "spitzer" else SpidgeGame(rules, seed=3)
    bots, labels = arena.seat_bots(game, "heuristic,random", seed=1)
    for _ in range(3):
        arena.play_with_bots(game, sequence.next_deal(), bots, labels)
        sequence.finish_deal()
        if sequence.is_over:
            break
    record = sequence.to_record()
    back = loads_record(json.dumps(record))
    assert back.rules == rules and back.totals == sequence.totals and back.to_record() == record
    unfinished = (SpitzerGame if game == "spitzer" else SpidgeGame)(rules, seed=5).next_deal()
    if game == "spitzer":
        for _ in range(4):
            unfinished.announce("pass")
    for _ in range(5):
        unfinished.play(unfinished.legal_moves.max())
    again = from_record(unfinished.to_record())
    assert again.rules == rules and again.position() == unfinished.position()


def test_a_tournament_under_other_rules_is_the_same_with_two_workers() -> None:
    serial = arena.run_tournament("spitzer", "heuristic,random,heuristic", 3, seed=8,
                                  rules=SPITZER_RULES, progress=False)
    pooled = arena.run_tournament("spitzer", "heuristic,random,heuristic", 3, seed=8,
                                  rules=SPITZER_RULES, workers=2, progress=False)
    assert pooled.records == serial.records
    # All but the decision times, which are measured.
    assert {**pooled.summary(), "decision_times": None} == {**serial.summary(), "decision_times": None}


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_what_a_bot_is_given_is_the_same_in_every_world_it_cannot_tell_apart(game: arena.Game) -> None:
    """Attributes, repr, copies and pickles of an observation: byte for byte
    the same in deals that differ only in cards hidden from the seat."""
    import copy
    import pickle

    from pytrick.inference import sample_deals

    deal: Any = SpitzerDeal.from_seed(6, rules=SPITZER_RULES) if game == "spitzer" else SpidgeDeal.from_seed(6)
    if game == "spitzer":
        for _ in range(4):
            deal.announce("pass")
    for _ in range(6):
        deal.play(deal.legal_moves.min())
    for seat in range(arena.SEATS[game]):
        mine = deal.observation(seat)
        for world in sample_deals(mine, 4, seed=seat):
            theirs = world.observation(seat)
            assert pickle.dumps(theirs) == pickle.dumps(mine)
            assert repr(theirs) == repr(mine) and theirs._repr_svg_() == mine._repr_svg_()
            assert copy.deepcopy(theirs) == mine and copy.copy(theirs) == mine
            assert pickle.loads(pickle.dumps(theirs)) == mine


def test_deal_record_takes_the_whole_text_of_deals_jsonl() -> None:
    result = arena.run_tournament("spidge", "heuristic,random", 2, seed=5, progress=False)
    text = "\n".join(json.dumps(entry) for entry in result.records)
    expected = result.records[1]["rotations"][1]["record"]
    assert arena.deal_record(text, 1, 1) == expected
    assert arena.deal_record(text.encode(), 1, 1) == expected
    with pytest.raises(ArgumentTypeError, match="lines must be"):
        arena.deal_record(5, 1)  # type: ignore[arg-type]
