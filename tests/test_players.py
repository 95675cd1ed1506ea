"""The search bots: legal moves only, only their observation, determinism, and the
compiled kernels against their reference twins."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

import trickcore
from _positions import random_spidge_position
from pytrick import arena, spidge, spitzer
from pytrick._worlds import search_inputs
from pytrick.errors import InvalidArgumentError
from pytrick.inference import sample_deals

REFERENCE = trickcore.BACKEND == "python"
# The reference twin replays every world in Python: keep its budgets small.
SMALL = 20 if REFERENCE else 300


def _spitzer_position(seed: int, plays: int, call: bool = False) -> spitzer.SpitzerDeal:
    """A Spitzer deal *plays* cards in (with an announcement when *call* and one is legal)."""
    for attempt in range(200):
        deal = spitzer.SpitzerDeal.from_seed(seed + 1000 * attempt)
        rng = random.Random(seed)
        called = False
        while deal.legal_announcements:
            options = [a for a in deal.legal_announcements if a.name.startswith("ACE_CALL")]
            if call and options and not called:
                deal.announce(options[0])
                called = True
            else:
                deal.announce("pass")
        if call and not called:
            continue
        for _ in range(plays):
            deal.play(rng.choice(sorted(deal.legal_moves)))
        return deal
    raise AssertionError("no deal with an ace call found")


# ------------------------------------------------------------------ the bots in play


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_ismcts_plays_whole_deals_legally(game: arena.Game, rollout: str) -> None:
    # The arena plays every choice on the real deal, which refuses an illegal one.
    deals = 1 if REFERENCE else 3
    iterations = 10 if REFERENCE else 200
    result = arena.run_tournament(
        game, f"ismcts[iterations={iterations},rollout={rollout}],random", deals, seed=7, progress=False
    )
    assert len(result.records) == deals


def test_ismcts_searches_announcements() -> None:
    deal = spitzer.SpitzerDeal.from_seed(12)
    bot = spitzer.ISMCTSBot(iterations=SMALL, seed=3)
    observation = deal.observation(deal.to_move)
    assert bot.announce(observation) in observation.legal_announcements
    assert {move for move, _, _ in bot.last_stats} <= {int(a) for a in observation.legal_announcements}


def _decisions(game: str, deal: Any, seat: int, worlds: list[Any], seed: int) -> list[Any]:
    """What a fresh bot with *seed* decides in each world, from that world's observation."""
    out = []
    for world in worlds:
        observation = world.observation(seat)
        assert observation == deal.observation(seat)
        bot = (spitzer if game == "spitzer" else spidge).ISMCTSBot(iterations=SMALL, seed=seed)
        out.append((bot.play(observation), bot.last_stats))
    return out


def test_spitzer_bot_decides_alike_in_worlds_it_cannot_tell_apart() -> None:
    deal = _spitzer_position(4, 6)
    seat = deal.to_move
    worlds = [deal, *sample_deals(deal.observation(seat), 2, seed=1)]
    assert len({tuple(int(c) for c in w.hand((seat + 1) % 4)) for w in worlds}) > 1
    decisions = _decisions("spitzer", deal, seat, worlds, seed=5)
    assert all(d == decisions[0] for d in decisions)


def test_spidge_bot_decides_alike_in_worlds_it_cannot_tell_apart() -> None:
    deal = random_spidge_position(6, 5)
    player = deal.to_move.player
    worlds = [deal, *sample_deals(deal.observation(player), 2, seed=1)]
    decisions = _decisions("spidge", deal, player, worlds, seed=5)
    assert all(d == decisions[0] for d in decisions)


def test_ismcts_is_deterministic_for_a_seed_and_varies_with_it() -> None:
    deal = _spitzer_position(8, 4)
    observation = deal.observation(deal.to_move)
    assert len(observation.legal_moves) > 1
    runs = []
    for seed in (1, 1, 2):
        bot = spitzer.ISMCTSBot(iterations=SMALL, seed=seed)
        bot.play(observation)
        runs.append(bot.last_stats)
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_time_budget_alone_stops_the_search() -> None:
    deal = random_spidge_position(3, 1)
    bot = spidge.ISMCTSBot(iterations=0, seconds=0.02, seed=1)
    observation = deal.observation(deal.to_move.player)
    assert bot.play(observation) in deal.legal_moves
    assert sum(visits for _, visits, _ in bot.last_stats) >= 1


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"iterations": -1}, "iterations"),
        ({"iterations": 0}, "time budget"),
        ({"seconds": 0.0}, "seconds"),
        ({"iterations": True}, "iterations"),
        ({"seconds": "0.1"}, "seconds must be a number"),
        ({"seconds": float("inf")}, "positive and finite"),
        ({"exploration": -1}, "exploration = -1.0"),
        ({"exploration": float("nan")}, "exploration = nan"),
        ({"exploration": "1.4"}, "exploration must be a number"),
        ({"seed": "abc"}, "seed must be an integer"),
        ({"seed": 1.5}, "seed must be an integer"),
    ],
)
def test_bad_budgets_are_refused(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        spitzer.ISMCTSBot(**kwargs)


def test_unknown_rollout_is_refused() -> None:
    deal = random_spidge_position(3, 1)
    with pytest.raises(InvalidArgumentError, match="rollout"):
        spidge.ISMCTSBot(iterations=5, rollout="greedy").play(deal.observation(deal.to_move.player))


# ------------------------------------------------------------------ twins


def _twin_state(backend: dict[str, ModuleType], deal: Any) -> Any:
    """The same position as a core state of *backend*."""
    if isinstance(deal, spitzer.SpitzerDeal):
        return backend["_spitzer"].SpitzerState(
            [deal.original_hand(s) for s in range(4)],
            deal.dealer,
            deal.options,
            [code for _, code in deal.announcements],
            [card for _, card in deal.plays],
        )
    state = backend["_spidge"].SpidgeState(
        list(deal.initial_hands), deal.flags, deal.slam_tricks, deal.spidge_tricks
    )
    for card in deal.history:
        state.play(int(card))
    return state


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
@pytest.mark.parametrize(
    ("seed", "plays", "call"), [(1, 0, False), (2, 5, False), (3, 13, False), (4, 3, True), (5, 9, True)]
)
def test_spitzer_kernel_matches_its_twin(
    both_backends: tuple[dict[str, ModuleType], dict[str, ModuleType]],
    seed: int,
    plays: int,
    call: bool,
    rollout: str,
) -> None:
    compiled, reference = both_backends
    deal = _spitzer_position(seed, plays, call)
    observation = deal.observation(deal.to_move)
    inputs = search_inputs(observation)
    if call:
        assert observation.announcement.name.startswith("ACE_CALL")
    args = (observation.seat, inputs.seats, inputs.hidden, inputs.sizes, inputs.cases)
    kwargs = {"iterations": 40, "seed": seed, "rollout": rollout}
    fast = compiled["_ismcts"].spitzer_ismcts(_twin_state(compiled, deal), *args, **kwargs)
    slow = reference["_ismcts"].spitzer_ismcts(_twin_state(reference, deal), *args, **kwargs)
    assert fast == slow
    assert fast[0] in {int(c) for c in deal.legal_moves}


@pytest.mark.parametrize("rollout", ["random", "heuristic"])
@pytest.mark.parametrize(("seed", "plays"), [(1, 0), (2, 6), (3, 23), (4, 41)])
def test_spidge_kernel_matches_its_twin(
    both_backends: tuple[dict[str, ModuleType], dict[str, ModuleType]],
    seed: int,
    plays: int,
    rollout: str,
) -> None:
    compiled, reference = both_backends
    deal = random_spidge_position(seed, plays)
    observation = deal.observation(deal.to_move.player)
    inputs = search_inputs(observation)
    args = (int(observation.seat), inputs.seats, inputs.hidden, inputs.sizes, inputs.cases)
    kwargs = {"iterations": 40, "seed": seed, "rollout": rollout}
    fast = compiled["_ismcts"].spidge_ismcts(_twin_state(compiled, deal), *args, **kwargs)
    slow = reference["_ismcts"].spidge_ismcts(_twin_state(reference, deal), *args, **kwargs)
    assert fast == slow
    assert fast[0] in {int(c) for c in deal.legal_moves}


def test_kernel_refuses_a_seat_not_to_move() -> None:
    deal = _spitzer_position(2, 1)
    observation = deal.observation(deal.to_move)
    inputs = search_inputs(observation)
    with pytest.raises(InvalidArgumentError, match="not to move"):
        trickcore.ismcts.spitzer_ismcts(
            inputs.template, (deal.to_move + 1) % 4, *inputs.args()[1:], iterations=5
        )



def test_search_settings_are_checked_when_the_bot_is_made() -> None:
    np = pytest.importorskip("numpy")
    for game in (spitzer, spidge):
        assert game.ISMCTSBot(iterations=np.int64(50), seed=1).iterations == 50
        with pytest.raises(InvalidArgumentError, match="rollout"):
            game.ISMCTSBot(iterations=5, rollout="greedy")
        with pytest.raises(InvalidArgumentError, match="iterations"):
            game.ISMCTSBot(iterations=np.float64(5.0))
        # Seeds: Python and numpy integers, nothing else (random.Random would
        # take a str, and refuse a numpy integer).
        search = game.ISMCTSBot(iterations=5, seed=np.int64(7))
        assert search.rng.random() == game.ISMCTSBot(iterations=5, seed=7).rng.random()
        for simple in (game.RandomBot, game.HeuristicBot):
            assert simple(seed=np.int64(7)).rng.random() == simple(seed=7).rng.random()
            for bad in ("abc", 2.5, True):
                with pytest.raises(InvalidArgumentError, match="seed must be an integer"):
                    simple(seed=bad)
