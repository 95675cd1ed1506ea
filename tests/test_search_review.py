"""Problems a new user of pytrick.search ran into, each pinned by a test."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import pytrick
import trickcore
from pytrick.search import solve, solve_announcements, solve_many
from pytrick.spidge import Hand, SpidgeDeal
from pytrick.spitzer import SpitzerDeal


def _spidge_ending() -> SpidgeDeal:
    deal = SpidgeDeal.from_seed(5)
    while deal.n_played < 44:
        deal.play(deal.legal_moves.min())
    return deal


def test_solve_many_refuses_a_turn_for_player() -> None:
    # A Turn is a 2-tuple (player, hand): it passed as one player per deal,
    # so two deals were solved for deal.to_move.player and for the hand's number.
    deal = _spidge_ending()
    with pytest.raises(pytrick.ArgumentTypeError, match=r"not a Turn .*deal\.to_move\.player"):
        solve_many([deal, deal], player=deal.to_move)  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [{0: 1, 1: 2}, {1, 2}, frozenset({1, 2})])
def test_solve_many_refuses_players_in_no_order(players: Any) -> None:
    # A dict gave its keys as the players (deal 0 solved for player 0, not 1),
    # and a set's order is not the deals'.
    deal = _spidge_ending()
    with pytest.raises(pytrick.ArgumentTypeError, match=f"not a {type(players).__name__}"):
        solve_many([deal, deal], player=players)
    by_list = solve_many([deal, deal], player=[1, 2])
    assert [s.value for s in by_list] == [solve(deal, player=p).value for p in (1, 2)]


@pytest.mark.parametrize("hand", list(Hand))
def test_a_hand_is_not_taken_for_a_player(hand: Hand) -> None:
    # Hand is an IntEnum: Hand.DUMMY passed as player 1, and observation(Hand.DUMMY)
    # was player 1's view, labelled "player the dummy".
    deal = _spidge_ending()
    with pytest.raises(pytrick.ArgumentTypeError, match="not a hand"):
        solve(deal, player=hand)
    with pytest.raises(pytrick.ArgumentTypeError, match="not a hand"):
        deal.observation(hand)
    with pytest.raises(pytrick.ArgumentTypeError, match="not a hand"):
        deal.hand_of(hand)


def test_observation_player_is_a_plain_int() -> None:
    deal = _spidge_ending()
    seen = deal.observation(np.int64(1))  # type: ignore[arg-type]
    assert type(seen.player) is int and seen == deal.observation(1)


def test_an_uninitialised_spidge_deal_says_so() -> None:
    # It was a bare AssertionError.
    blank = SpidgeDeal.__new__(SpidgeDeal)
    with pytest.raises(pytrick.PytrickError, match="never set up"):
        solve(blank, player=0)
    with pytest.raises(pytrick.PytrickError, match="never set up"):
        pytrick.batch.SpidgeBatch(1, seed=1).load(0, blank)


@pytest.mark.parametrize("cls", [SpitzerDeal, SpidgeDeal])
def test_from_seed_refuses_seeds_out_of_range(cls: type[SpitzerDeal] | type[SpidgeDeal]) -> None:
    # random.Random(-1) is random.Random(1): from_seed(-1) was from_seed(1).
    with pytest.raises(pytrick.InvalidArgumentError, match="seed"):
        cls.from_seed(-1)
    with pytest.raises(pytrick.InvalidArgumentError, match="seed"):
        cls.from_seed(2**64)
    assert cls.from_seed(2**64 - 1) == cls.from_seed(2**64 - 1)


@pytest.mark.parametrize("make", [
    pytrick.spitzer.RandomBot, pytrick.spitzer.HeuristicBot, pytrick.spitzer.ISMCTSBot,
    pytrick.spitzer.PIMCBot, pytrick.spidge.RandomBot, pytrick.spidge.PIMCBot,
    lambda seed: pytrick.spitzer.SpitzerGame(seed=seed),
    lambda seed: pytrick.spidge.SpidgeGame(seed=seed),
])
def test_bots_and_games_refuse_seeds_out_of_range(make: Any) -> None:
    # As from_seed: a bot seeded -7 played exactly as one seeded 7.
    with pytest.raises(pytrick.InvalidArgumentError, match="seeds are 0 to 2"):
        make(seed=-7)
    with pytest.raises(pytrick.InvalidArgumentError, match="seeds are 0 to 2"):
        make(seed=2**64)
    make(seed=2**64 - 1)


def test_seat_bots_wraps_the_seats_seeds() -> None:
    bots, _ = pytrick.arena.seat_bots("spitzer", "random", 2**64 - 2)
    draws = [bot.rng.random() for bot in bots]
    assert draws[2] == pytrick.spitzer.RandomBot(seed=0).rng.random()
    assert draws[3] == pytrick.spitzer.RandomBot(seed=1).rng.random()


def test_solve_many_with_no_deals_checks_its_arguments() -> None:
    assert solve_many([]) == []
    with pytest.raises(pytrick.InvalidArgumentError, match="threads"):
        solve_many([], threads=0)
    with pytest.raises(pytrick.InvalidArgumentError, match="objective"):
        solve_many([], objective="bogus")  # type: ignore[arg-type]


def test_an_unhashable_objective_is_a_pytrick_error() -> None:
    # It was "TypeError: unhashable type: 'list'".
    with pytest.raises(pytrick.InvalidArgumentError, match="objective"):
        solve(_spidge_ending(), player=0, objective=["most"])  # type: ignore[arg-type]


@pytest.mark.parametrize("make", [
    lambda: SpidgeDeal.from_seed(1),
    lambda: trickcore.spidge.SpidgeState([SpidgeDeal.from_seed(1).hand(h) for h in range(4)]),
    lambda: None,
])
def test_solve_announcements_names_what_it_takes(make: object) -> None:
    # It said "takes a SpidgeDeal, not a core SpidgeState" for a core state,
    # and "takes a SpitzerDeal or a SpidgeDeal" for anything else.
    with pytest.raises(pytrick.ArgumentTypeError) as error:
        solve_announcements(make())  # type: ignore[operator]
    assert str(error.value).startswith("solve_announcements takes a SpitzerDeal, not ")
    assert "SpitzerDeal or" not in str(error.value)


@pytest.mark.parametrize("batch, deal", [
    (lambda: pytrick.batch.SpitzerBatch(2, seed=1), lambda: SpitzerDeal.from_seed(1)),
    (lambda: pytrick.batch.SpidgeBatch(2, seed=1), lambda: SpidgeDeal.from_seed(1, dealer=0)),
])
def test_set_states_of_one_deal_says_to_wrap_it(batch: Any, deal: Any) -> None:
    # It was "TypeError: 'SpitzerDeal' object is not iterable".
    env = batch()
    with pytest.raises(pytrick.ArgumentTypeError, match="not one deal"):
        env.set_states(deal())
    with pytest.raises(pytrick.ArgumentTypeError, match="not int"):
        env.set_states(3)
