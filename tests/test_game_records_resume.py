"""A game record keeps the game's seed and fixed first dealer: a game read
back from its record goes on exactly as the original would (the same next
deals for a seeded game, the same next dealer, totals and winner), whether
it was saved before its first deal, in a deal, between deals or at its end.
Run on both backends (TRICKCORE_PUREPYTHON=1 for the reference)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from pytrick.records import from_record, loads_record
from pytrick.spidge import SpidgeDeal, SpidgeGame, SpidgeRules
from pytrick.spitzer import SpitzerDeal, SpitzerGame, SpitzerRules
from trickcore.errors import IllegalMoveError, RecordError

GOLDEN = Path(__file__).parent / "golden" / "spidge_game_seed0_options.json"

Game = SpitzerGame | SpidgeGame
GAMES: dict[str, Any] = {
    # Low targets so that a whole game takes a few deals.
    "spitzer": lambda **kw: SpitzerGame(SpitzerRules(target=20), **kw),
    "spidge": lambda **kw: SpidgeGame(SpidgeRules(target=2), **kw),
}


def move(game: Game) -> None:
    """Make one deterministic move in the current deal."""
    deal = game.current
    assert deal is not None
    if isinstance(deal, SpitzerDeal) and deal.legal_announcements:
        deal.announce(deal.legal_announcements[0])
    else:
        deal.play(min(deal.legal_moves))


def play_on(game: Game, deals: int) -> None:
    """Finish the current deal, then deal and play up to *deals* more."""
    while game.current is not None:
        move(game)
    for _ in range(deals):
        if game.deals:
            game.finish_deal()
        if game.is_over:
            return
        game.next_deal()
        while game.current is not None:
            move(game)
    if game.deals:
        game.finish_deal()


def reread(game: Game) -> Game:
    again = loads_record(json.dumps(game.to_record()))
    assert type(again) is type(game)
    return again


def assert_same_from_now_on(original: Game, again: Game) -> None:
    """Both games deal, play and score the same to the end."""
    assert again.to_record() == original.to_record()
    for _ in range(100):
        assert again.next_dealer() == original.next_dealer()
        assert again.totals == original.totals and again.winner == original.winner
        if original.is_over:
            break
        while original.current is not None:
            move(original)
            move(again)
        assert again.deals == original.deals
        if original.deals:
            original.finish_deal()
            again.finish_deal()
        if original.is_over:
            continue
        assert again.next_deal() == original.next_deal()
    assert original.is_over and again.is_over
    assert again.to_record() == original.to_record()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("first_dealer", [None, 1])
@pytest.mark.parametrize("stage", ["not begun", "in a deal", "between deals", "finished"])
def test_seeded_game_goes_on_as_before(name: str, first_dealer: int | None, stage: str) -> None:
    game = GAMES[name](seed=12345, first_dealer=first_dealer)
    if stage != "not begun":
        play_on(game, 1)
        game.next_deal()
        move(game)
        move(game)
    if stage == "between deals":
        play_on(game, 0)
    elif stage == "finished":
        play_on(game, 100)
        assert game.is_over
    again = reread(game)
    assert again.seed == 12345
    assert again.first_dealer == game.first_dealer
    assert_same_from_now_on(game, again)


@pytest.mark.parametrize("name", GAMES)
def test_the_record_holds_seed_and_fixed_first_dealer(name: str) -> None:
    record = GAMES[name](seed=7, first_dealer=2).to_record()
    assert (record["seed"], record["first_dealer"]) == (7, 2)
    # A drawn first dealer is the seed's to draw again: the record says null.
    game = GAMES[name](seed=7)
    game.next_deal()
    record = game.to_record()
    assert (record["seed"], record["first_dealer"]) == (7, None)
    assert record["deals"][0]["dealer"] == game.first_dealer
    record = GAMES[name]().to_record()
    assert (record["seed"], record["first_dealer"]) == (None, None)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_not_begun_keeps_its_first_dealer(name: str) -> None:
    again = reread(GAMES[name](first_dealer=2))
    assert again.first_dealer == 2 and again.next_dealer() == 2
    assert again.next_deal().dealer == 2
    # Unseeded: nothing to restore but the dealer; the reread game is unseeded too.
    assert again.seed is None


@pytest.mark.parametrize("name", GAMES)
def test_unseeded_game_round_trips_its_deals(name: str) -> None:
    game = GAMES[name]()
    play_on(game, 1)
    while game.is_over:  # a random deal may decide the game (a Spidge slam): begin again
        game = GAMES[name]()
        play_on(game, 1)
    game.next_deal()
    move(game)
    again = reread(game)
    assert again.seed is None and again.first_dealer == game.first_dealer
    assert again.deals == game.deals and again.next_dealer() == game.next_dealer()
    assert again.to_record() == game.to_record()


@pytest.mark.parametrize("name", GAMES)
def test_a_deal_added_to_a_seeded_game_takes_the_seeds_place(name: str) -> None:
    dealt = GAMES[name](seed=99)
    first = dealt.next_deal()
    added = GAMES[name](seed=99)
    added.add_deal(copy.deepcopy(first))
    assert added.first_dealer == dealt.first_dealer
    play_on(dealt, 0)
    play_on(added, 0)
    assert added.next_deal() == dealt.next_deal()
    # A deal that is not the seed's takes its place too, and the record keeps that.
    other = GAMES[name](seed=99)
    foreign = GAMES[name](seed=5).next_deal()
    other.add_deal(foreign)
    while other.current is not None:
        move(other)
    assert_same_from_now_on(other, reread(other))


@pytest.mark.parametrize("name", GAMES)
def test_a_refused_deal_does_not_use_up_the_seed(name: str) -> None:
    game = GAMES[name](seed=3, first_dealer=0)
    wrong = GAMES[name](seed=4, first_dealer=1).next_deal()
    with pytest.raises(IllegalMoveError, match="dealer: expected"):
        game.add_deal(wrong)
    assert game.next_deal() == GAMES[name](seed=3, first_dealer=0).next_deal()


def old_record(name: str, record: dict[str, Any]) -> dict[str, Any]:
    """*record* as pytrick wrote it before the seed and first dealer were kept."""
    del record["seed"], record["first_dealer"]
    return record


@pytest.mark.parametrize("name", GAMES)
def test_old_records_read_as_unseeded_games(name: str) -> None:
    game = GAMES[name](seed=8, first_dealer=1)
    play_on(game, 1)
    again = from_record(old_record(name, game.to_record()))
    assert again.seed is None and again.first_dealer == 1
    assert again.deals == game.deals and again.totals == game.totals
    assert again.next_dealer() == game.next_dealer()
    fresh = from_record(old_record(name, GAMES[name](first_dealer=1).to_record()))
    assert fresh.first_dealer is None and fresh.next_dealer() is None


def test_golden_game_record_holds_its_seed() -> None:
    record = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert (record["seed"], record["first_dealer"]) == (0, None)
    game = from_record(record)
    assert isinstance(game, SpidgeGame) and game.seed == 0
    assert game.first_dealer == SpidgeDeal.from_seed(0).dealer


SEED_MAX = 2**64 - 1


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("seed", "5", "seed: expected an integer or null, got the string '5'"),
        ("seed", 5.0, "seed: expected an integer or null, got the number 5.0"),
        ("seed", True, "seed: expected an integer or null, got a boolean"),
        ("seed", [5], "seed: expected an integer or null, got a list"),
        ("seed", -1, f"seed: -1 is out of range 0..{SEED_MAX}"),
        ("seed", SEED_MAX + 1, f"seed: <an integer of 65 bits> is out of range 0..{SEED_MAX}"),
        ("first_dealer", "1", "first_dealer: expected an integer or null, got the string '1'"),
        ("first_dealer", 1.0, "first_dealer: expected an integer or null, got the number 1.0"),
        ("first_dealer", -1, "first_dealer: -1 is out of range"),
        ("first_dealer", 4, "first_dealer: 4 is out of range"),
    ],
)
def test_bad_seed_and_first_dealer_are_refused(name: str, field: str, value: object, message: str) -> None:
    for game in (GAMES[name](seed=1, first_dealer=0), GAMES[name](seed=1)):
        record = game.to_record()
        record[field] = value
        with pytest.raises(RecordError) as error:
            from_record(record)
        assert str(error.value).startswith(message)


@pytest.mark.parametrize("name", GAMES)
def test_spidge_has_three_first_dealers(name: str) -> None:
    record = GAMES[name](seed=1, first_dealer=0).to_record()
    record["first_dealer"] = 3
    if name == "spidge":
        with pytest.raises(RecordError, match=r"^first_dealer: 3 is out of range 0\.\.2$"):
            from_record(record)
    else:
        assert from_record(record).next_dealer() == 3


@pytest.mark.parametrize("name", GAMES)
def test_first_dealer_must_deal_the_first_deal(name: str) -> None:
    game = GAMES[name](seed=2, first_dealer=1)
    game.next_deal()
    record = game.to_record()
    record["first_dealer"] = 2
    who = "seat" if name == "spitzer" else "player"
    with pytest.raises(RecordError, match=rf"^first_dealer: 2 is not the dealer of deals\[0\] \({who} 1\)$"):
        from_record(record)
    # Null is a drawn first dealer: the first deal says who it was.
    record["first_dealer"] = None
    assert from_record(record).first_dealer == 1
