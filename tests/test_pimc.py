"""The PIMC bots: legal moves only, only their observation, determinism, their
settings checked, and double-dummy optimal play when every card is known."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import trickcore
from _positions import random_spidge_position
from pytrick import arena, spidge, spitzer
from pytrick.errors import ArgumentTypeError, InvalidArgumentError
from pytrick.inference import count_deals, sample_deals
from pytrick.search import solve

REFERENCE = trickcore.BACKEND == "python"
# The reference solver is plain minimax in Python: only late positions there.
needs_compiled = pytest.mark.skipif(
    REFERENCE, reason="whole-deal solves take hours on the reference twin; the compiled run covers them"
)


def _spitzer_position(seed: int, plays: int) -> spitzer.SpitzerDeal:
    """A Spitzer deal, everyone passing, *plays* random cards in."""
    deal = spitzer.SpitzerDeal.from_seed(seed)
    rng = random.Random(seed)
    while deal.legal_announcements:
        deal.announce("pass")
    for _ in range(plays):
        deal.play(rng.choice(sorted(deal.legal_moves)))
    return deal


def _first_known(deal: Any, seat_to_move: Any, seed: int, first: int, last: int) -> Any | None:
    """The first position of *deal*'s random continuation (drawn from *seed*),
    from card *first* on and before card *last*, where the seat to move has a
    choice and can tell the hidden hands exactly (one consistent deal); None
    if there is none."""
    rng = random.Random(seed)
    while deal.n_played < last:
        observation = deal.observation(seat_to_move(deal))
        if deal.n_played >= first and len(observation.legal_moves) > 1 and count_deals(observation) == 1:
            return deal
        deal.play(rng.choice(sorted(deal.legal_moves)))
    return None


@functools.cache
def _known_spitzer_positions(count: int) -> list[spitzer.SpitzerDeal]:
    """Known-hands Spitzer positions (see _first_known) from card 16 on."""
    found = []
    for seed in range(400):
        deal = _first_known(_spitzer_position(seed, 0), lambda d: d.to_move, seed, 16, 31)
        if deal is not None:
            found.append(deal)
        if len(found) == count:
            return found
    raise AssertionError("too few positions with every card known")


# ------------------------------------------------------------------ Spitzer


def test_spitzer_pimc_plays_legal_cards_in_random_positions() -> None:
    rng = random.Random(1)
    for i in range(4 if REFERENCE else 24):
        plays = rng.randrange(22, 28) if REFERENCE else rng.randrange(6, 31)
        deal = _spitzer_position(100 + i, plays)
        observation = deal.observation(deal.to_move)
        bot = spitzer.PIMCBot(worlds=3 if REFERENCE else 6, seconds=None, seed=i)
        assert bot.play(observation) in deal.legal_moves
        if len(deal.legal_moves) > 1:
            assert sorted(move for move, _, _ in bot.last_stats) == sorted(int(c) for c in deal.legal_moves)
            assert all(worlds == bot.worlds for _, worlds, _ in bot.last_stats)


@needs_compiled
def test_spitzer_pimc_plays_whole_deals_and_announces_legally() -> None:
    # The arena plays every choice on the real deal, which refuses an illegal one.
    result = arena.run_tournament("spitzer", "pimc[worlds=2],random", 1, seed=3, progress=False)
    assert len(result.records) == 1


@needs_compiled
def test_spitzer_pimc_values_every_legal_announcement() -> None:
    deal = spitzer.SpitzerDeal.from_seed(12)
    observation = deal.observation(deal.to_move)
    bot = spitzer.PIMCBot(worlds=2, seconds=None, seed=3)
    assert bot.announce(observation) in observation.legal_announcements
    assert sorted(move for move, _, _ in bot.last_stats) == sorted(int(a) for a in observation.legal_announcements)


@pytest.mark.parametrize("position", range(3))
def test_spitzer_pimc_with_every_card_known_plays_a_double_dummy_best_card(position: int) -> None:
    deal = _known_spitzer_positions(3)[position].copy()
    seat = deal.to_move
    card = spitzer.PIMCBot(worlds=2, seconds=None, seed=position).play(deal.observation(seat))
    moves = solve(deal, objective="score").moves
    declarer = deal.declarers >> seat & 1
    best = max(moves.values()) if declarer else min(moves.values())
    assert moves[card] == best


def test_spitzer_pimc_decides_alike_in_worlds_it_cannot_tell_apart() -> None:
    deal = _spitzer_position(4, 22 if REFERENCE else 10)
    seat = deal.to_move
    worlds = [deal, *sample_deals(deal.observation(seat), 2, seed=1)]
    assert len({tuple(int(c) for c in w.hand((seat + 1) % 4)) for w in worlds}) > 1
    decisions = []
    for world in worlds:
        bot = spitzer.PIMCBot(worlds=3, seconds=None, seed=5)
        decisions.append((bot.play(world.observation(seat)), bot.last_stats))
    assert all(d == decisions[0] for d in decisions)


def test_spitzer_pimc_is_deterministic_for_a_seed_and_varies_with_it() -> None:
    deal = _spitzer_position(8, 25 if REFERENCE else 12)
    observation = deal.observation(deal.to_move)
    assert len(observation.legal_moves) > 1
    runs = []
    for seed in (1, 1, 2):
        bot = spitzer.PIMCBot(worlds=4, seconds=None, seed=seed)
        bot.play(observation)
        runs.append(bot.last_stats)
    assert runs[0] == runs[1]
    assert runs[0] != runs[2]


def test_pimc_time_budget_stops_early_but_solves_one_world() -> None:
    deal = _spitzer_position(2, 25 if REFERENCE else 4)
    while len(deal.legal_moves) < 2:
        deal.play(deal.legal_moves.min())
    bot = spitzer.PIMCBot(worlds=50, seconds=1e-6, seed=1)
    assert bot.play(deal.observation(deal.to_move)) in deal.legal_moves
    assert bot.last_stats[0][1] == 1


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"worlds": 0}, InvalidArgumentError, "worlds 0"),
        ({"worlds": -3}, InvalidArgumentError, "worlds -3"),
        ({"worlds": True}, ArgumentTypeError, "worlds must be an integer, not a bool"),
        ({"worlds": 2.0}, ArgumentTypeError, "worlds must be an integer"),
        ({"seconds": 0}, InvalidArgumentError, "seconds 0"),
        ({"seconds": -1.0}, InvalidArgumentError, "positive"),
        ({"seconds": float("inf")}, InvalidArgumentError, "finite"),
        ({"seconds": "1"}, ArgumentTypeError, "seconds must be a number"),
        ({"seconds": True}, ArgumentTypeError, "seconds must be a number"),
        ({"seed": 1.5}, ArgumentTypeError, "seed must be an integer"),
        ({"seed": "7"}, ArgumentTypeError, "seed must be an integer"),
    ],
)
def test_pimc_settings_are_checked_when_the_bot_is_made(
    kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        spitzer.PIMCBot(**kwargs)


def test_pimc_takes_numpy_numbers_and_a_keyword_only_seed() -> None:
    np = pytest.importorskip("numpy")
    bot = spitzer.PIMCBot(worlds=np.int64(3), seconds=np.float64(0.5), seed=np.uint32(7))
    assert (bot.worlds, bot.seconds) == (3, 0.5)
    assert bot.rng.random() == spitzer.PIMCBot(seed=7).rng.random()
    with pytest.raises(TypeError):
        spitzer.PIMCBot(3)  # type: ignore[misc]


def test_pimc_is_a_builtin_arena_bot() -> None:
    bot = arena.parse_bots("pimc[worlds=3,seconds=None]", minimum=1)[0].make("spitzer", seed=4)
    assert isinstance(bot, spitzer.PIMCBot)
    assert (bot.worlds, bot.seconds) == (3, None)


# ------------------------------------------------------------------ Spidge


@functools.cache
def _known_spidge_positions(count: int) -> list[spidge.SpidgeDeal]:
    """Known-hands Spidge positions (see _first_known) from card 36 on (44 on
    the reference)."""
    found = []
    for seed in range(400):
        start = random_spidge_position(seed, 44 if REFERENCE else 36)
        deal = _first_known(start, lambda d: d.to_move.player, seed, 0, 51)
        if deal is not None:
            found.append(deal)
        if len(found) == count:
            return found
    raise AssertionError("too few positions with every card known")


def test_spidge_pimc_plays_legal_cards_in_random_positions() -> None:
    rng = random.Random(2)
    for i in range(4 if REFERENCE else 24):
        # Compiled: rollouts early and solves late; reference: small endings only.
        plays = rng.randrange(42, 50) if REFERENCE else rng.randrange(0, 51)
        deal = random_spidge_position(200 + i, plays)
        observation = deal.observation(deal.to_move.player)
        bot = spidge.PIMCBot(worlds=2 if REFERENCE else 4, seconds=None, rollouts=5, seed=i)
        assert bot.play(observation) in deal.legal_moves
        if len(deal.legal_moves) > 1:
            assert [move for move, _, _ in bot.last_stats] == sorted(int(c) for c in deal.legal_moves)
            assert all(worlds == bot.worlds for _, worlds, _ in bot.last_stats)


@needs_compiled
def test_spidge_pimc_plays_whole_deals_legally() -> None:
    result = arena.run_tournament("spidge", "pimc[worlds=2,rollouts=4],random", 1, seed=3, progress=False)
    assert len(result.records) == 1


def _spidge_score(deal: spidge.SpidgeDeal, player: int) -> float:
    """What PIMCBot maximises in a solved world, for the position after a card."""
    most = solve(deal, player=player, objective="most").value
    fewest = solve(deal, player=player, objective="fewest").value
    rules = deal.rules
    points = 2 if most >= rules.slam_tricks else 1 if most >= rules.spidge_tricks else 0
    if fewest == 0:
        points = max(points, 4 if player == deal.dealer else 1)
    return points - 0.01 * min(max(0, rules.spidge_tricks - most), fewest)


@pytest.mark.parametrize("position", range(3))
def test_spidge_pimc_with_every_card_known_plays_a_double_dummy_best_card(position: int) -> None:
    deal = _known_spidge_positions(3)[position].copy()
    player = deal.to_move.player
    card = spidge.PIMCBot(worlds=2, seconds=None, seed=position).play(deal.observation(player))
    values = {}
    for move in deal.legal_moves:  # a choice means two cards or more: the deal goes on
        after = deal.copy()
        after.play(move)
        values[move] = _spidge_score(after, player)
    assert values[card] == max(values.values())


@pytest.mark.parametrize("plays", [44, 10])
def test_spidge_pimc_decides_alike_in_worlds_it_cannot_tell_apart(plays: int) -> None:
    if REFERENCE and plays < 40:
        plays = 46
    deal = random_spidge_position(6, plays)
    player = deal.to_move.player
    worlds = [deal, *sample_deals(deal.observation(player), 2, seed=1)]
    decisions = []
    for world in worlds:
        bot = spidge.PIMCBot(worlds=3, seconds=None, rollouts=5, seed=5)
        decisions.append((bot.play(world.observation(player)), bot.last_stats))
    assert all(d == decisions[0] for d in decisions)


@pytest.mark.parametrize("solve_from", [52, 0])
def test_spidge_pimc_is_deterministic_for_a_seed(solve_from: int) -> None:
    # solve_from=52: every world solved; 0: every world rolled out.
    deal = random_spidge_position(8, 44 if REFERENCE else 30)
    observation = deal.observation(deal.to_move.player)
    runs = []
    for _ in range(2):
        bot = spidge.PIMCBot(worlds=3, seconds=None, solve_from=solve_from, rollouts=50, seed=1)
        runs.append((bot.play(observation), bot.last_stats))
    assert runs[0] == runs[1]
    assert len(runs[0][1]) == len(observation.legal_moves) > 1


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"solve_from": -1}, InvalidArgumentError, "solve_from -1"),
        ({"solve_from": 53}, InvalidArgumentError, "solve_from 53"),
        ({"rollouts": 0}, InvalidArgumentError, "rollouts 0"),
        ({"rollouts": 1.5}, ArgumentTypeError, "rollouts must be an integer"),
        ({"worlds": 0}, InvalidArgumentError, "worlds 0"),
    ],
)
def test_spidge_pimc_settings_are_checked(kwargs: dict[str, Any], error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        spidge.PIMCBot(**kwargs)
