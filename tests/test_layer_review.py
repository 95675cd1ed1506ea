"""Regressions from the review of the layer above the core: the environment
adapters, the arena, the batch module and the benchmarks' helpers."""

from __future__ import annotations

import re
import time

import numpy as np
import pytest

from _extras import import_extra
from pytrick import arena, cli
from pytrick.envs._games import SPIDGE, SPITZER
from trickcore.errors import InvalidArgumentError, PytrickError


@pytest.mark.parametrize("spec", [SPITZER, SPIDGE], ids=["spitzer", "spidge"])
def test_env_game_spec_uses_the_deals_own_actions(spec):
    deal = spec.new_deal(None, 5)
    while spec.actor(deal) is not None:
        legal = spec.legal_actions(deal)
        assert legal.tolist() == list(deal.legal_actions)
        spec.apply(deal, int(legal[len(legal) // 2]))
    assert deal.is_over


@pytest.mark.parametrize("game", ["Spitzer", "Spidge"])
@pytest.mark.parametrize("wrap", [-32, -54, 1000])
def test_gym_env_refuses_an_action_outside_the_space(game, wrap):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    env = gymnasium.make(f"pytrick/{game}-v0", illegal_reward=-7)
    _, info = env.reset(seed=3)
    while game == "Spitzer" and np.flatnonzero(info["action_mask"]).max() >= 32:  # auction
        _, _, _, _, info = env.step(np.flatnonzero(info["action_mask"]).min())
    legal = int(np.flatnonzero(info["action_mask"])[0])
    before = env.unwrapped._deal.copy()
    # Numpy indexing once wrapped a negative action onto a legal card and played it;
    # then it was an illegal move; now it is an error naming the space.
    with pytest.raises(InvalidArgumentError, match=rf"outside the action space Discrete\({env.action_space.n}\)"):
        env.step(legal + wrap)
    assert env.unwrapped._deal == before


class SlowFailingBot:
    """Notes each deal it is asked to play in *log*, then fails."""

    def __init__(self, log: str, seed: int = 0) -> None:
        self.log = log

    def announce(self, observation):
        self._fail()

    def play(self, observation):
        self._fail()

    def _fail(self):
        with open(self.log, "a", encoding="utf-8") as file:
            file.write("deal\n")
        time.sleep(0.05)
        raise RuntimeError("this bot always fails")


def test_a_failing_deal_with_workers_drops_the_deals_not_started(tmp_path):
    log = tmp_path / "started.txt"
    bots = [f"test_layer_review:SlowFailingBot[log={str(log)!r}]", "random"]
    # The bot's own error comes out naming it and its seat (a PytrickError):
    # seat 0 or 2, its seats in the first rotation, by whichever deal's dealer
    # the worker that fails first has.
    with pytest.raises(PytrickError, match=r"in seat [02]: announce\(\) raised RuntimeError: this bot always fails"):
        arena.run_tournament("spitzer", bots, deals=120, seed=1, workers=2, progress=False)
    # The pool once ran every queued deal to the end before the error came out.
    started = len(log.read_text().splitlines())
    assert 0 < started < 30


@pytest.mark.parametrize("bots", ["ismcts[iters=5],random", "heuristic[depth=3],random"])
def test_a_bad_bot_option_is_an_invalid_argument_naming_the_bot(bots):
    with pytest.raises(InvalidArgumentError, match=r"bot 'ismcts\[iters=5\]'|bot 'heuristic\[depth=3\]'"):
        arena.run_tournament("spidge", bots, deals=1, progress=False)


def test_the_cli_prints_a_bad_bot_option_as_one_line(capsys):
    status = cli.main(["tournament", "spitzer", "--bots", "ismcts[iters=5],random",
                       "--deals", "1", "--quiet"])
    err = capsys.readouterr().err
    assert status == 2
    assert err.startswith("pytrick tournament: bot 'ismcts[iters=5]'") and "iters" in err
    assert "Traceback" not in err and err.count("\n") == 1


class IllegalBot:
    """Announces and plays the first card it is not allowed to."""

    def __init__(self, seed: int = 0) -> None:
        pass

    def announce(self, observation):
        return 99

    def play(self, observation):
        legal = int(observation.legal_moves)
        return next(card for card in range(64) if not legal >> card & 1)


@pytest.mark.parametrize(("game", "where"), [("spitzer", "in seat [13]"), ("spidge", r"\(player 1\)")])
def test_an_illegal_bot_move_names_the_bot_by_label(game, where):
    with pytest.raises(PytrickError, match=rf"bot test_layer_review:IllegalBot {where}: "):
        arena.play_duplicate_deal(game, arena.parse_bots("random,test_layer_review:IllegalBot"),
                                  seed=2, index=0)


@pytest.mark.parametrize("opponents", ["ismcts[iterations=2]", "pytrick.spidge:HeuristicBot",
                                       "random[seed=4]"])
def test_gym_opponents_take_any_arena_bot_name(opponents):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    env = gymnasium.make("pytrick/Spidge-v0", player=0, opponents=opponents)
    env.reset(seed=1)
    bots = env.unwrapped._bots
    expected = arena.parse_bots(opponents, minimum=1)[0].factory("spidge")
    assert sorted(bots) == [1, 2] and all(isinstance(bot, expected) for bot in bots.values())


@pytest.mark.parametrize(("opponents", "error"), [("nobot", "unknown bot 'nobot'"),
                                                  ("ismcts[iters=2]", "iters"),
                                                  ("random,heuristic", "name one bot")])
def test_gym_opponents_refuse_a_bad_name_with_an_invalid_argument(opponents, error):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    with pytest.raises(InvalidArgumentError, match=re.escape(error)):
        gymnasium.make("pytrick/Spitzer-v0", opponents=opponents)


@pytest.mark.parametrize("flags", range(16))
def test_spidge_rules_from_flags_inverts_flags(flags):
    from pytrick.spidge import SpidgeRules

    rules = SpidgeRules.from_flags(flags, slam_tricks=12, spidge_tricks=9, target=5)
    assert rules.flags == flags
    assert (rules.slam_tricks, rules.spidge_tricks, rules.target) == (12, 9, 5)
    assert SpidgeRules.from_flags(np.int64(flags)) == SpidgeRules.from_flags(flags)


@pytest.mark.parametrize("flags, error", [(16, "bits 0 to 3"), (-1, "bits 0 to 3"), (True, "flags")])
def test_spidge_rules_from_flags_refuses_unknown_bits(flags, error):
    from pytrick.spidge import SpidgeRules

    with pytest.raises(PytrickError, match=error):
        SpidgeRules.from_flags(flags)


def test_batches_take_rules_by_type_not_by_name():
    from pytrick.batch import SpidgeBatch, SpitzerBatch, random_playouts
    from pytrick.spidge import SpidgeRules
    from pytrick.spitzer import SpitzerRules
    from trickcore.errors import ArgumentTypeError

    class HouseRules(SpidgeRules):
        pass

    house = HouseRules(spidge_tricks=9)
    assert SpidgeBatch(2, seed=1, rules=house).rules is house
    assert random_playouts("spidge", 3, seed=1, rules=house).tricks.shape[0] == 3

    class SpitzerHouse(SpitzerRules):
        pass

    assert SpitzerBatch(2, seed=1, rules=SpitzerHouse()).rules == SpitzerRules()
    # A stranger that only shares the class name is not rules.
    impostor = type("SpidgeRules", (), {"flags": 1, "slam_tricks": 13, "spidge_tricks": 10})()
    with pytest.raises(ArgumentTypeError, match="SpidgeRules"):
        SpidgeBatch(2, seed=1, rules=impostor)
    with pytest.raises(ArgumentTypeError, match="SpidgeRules"):
        random_playouts("spidge", 3, seed=1, rules=impostor)


def test_spidge_batch_state_takes_numpy_lane_numbers():
    from pytrick.batch import SpidgeBatch

    batch = SpidgeBatch(3, seed=4)
    for lane in range(3):
        assert batch.state(np.int64(lane)).dealer == batch.dealers()[lane]


def _strict_json(text):
    import json

    def refuse(constant):
        raise AssertionError(f"{constant} is not JSON")

    return json.loads(text, parse_constant=refuse)


def test_the_tournament_json_is_strict_when_intervals_are_unbounded(capsys, tmp_path):
    # One deal: no confidence interval, Student's t bounds are infinite.
    status = cli.main(["tournament", "spidge", "--bots", "random,heuristic", "--deals", "1",
                       "--quiet", "--json", "--out", str(tmp_path)])
    assert status == 0
    summary = _strict_json(capsys.readouterr().out)
    assert summary["standings"][0]["points"]["low"] is None
    assert summary["standings"][0]["points"]["mean"] is not None
    _strict_json((tmp_path / "summary.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", ["Spitzer", "Spidge"])
def test_gym_envs_asked_before_reset_raise_a_pytrick_error(game):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)
    from pytrick.envs import gym as envs

    env = getattr(envs, f"{game}Env")()
    with pytest.raises(PytrickError, match=r"reset\(\)"):
        env.action_masks()
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    vector = getattr(envs, f"{game}VectorEnv")(2)
    with pytest.raises(PytrickError, match=r"reset\(\)"):
        vector.state(0)
    with pytest.raises(PytrickError, match=r"reset\(\)"):
        vector.step(np.zeros(2, dtype=np.int64))
    vector.reset(seed=1)
    assert vector.state(1).n_played == 0


@pytest.mark.parametrize("name", ["python_spitzer", "python_spidge"])
@pytest.mark.parametrize("seed", [1, 2])
def test_openspiel_dealing_shows_a_player_only_his_own_cards(name, seed):
    pyspiel = import_extra("pyspiel")
    import pytrick.envs.openspiel  # noqa: F401 (registers the games)

    game = pyspiel.load_game(name)
    players = game.num_players()
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    shown: list[list[str]] = [[] for _ in range(players)]
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.integers(len(outcomes))][0])
        for player in range(players):
            for text in (state.information_state_string(player), state.observation_string(player)):
                if state.is_chance_node():
                    shown[player].append(text)
    deal = state.deal
    for player in range(players):
        if name == "python_spitzer":
            own = deal.original_hand(player)
        else:
            own = deal.initial_hands[deal.hand_of(player)]
        own_names = {str(card) for card in own}
        for text in shown[player]:
            cards = text.split(" dealt ")[1].split()
            # Spidge's dummy is face down until the deal is complete (RULES.md 2.4).
            assert set(cards) <= own_names, (player, text)
        # ... and all of them as they arrive: before the last card, all but at most one.
        assert len(shown[player][-1].split(" dealt ")[1].split()) >= len(own_names) - 1


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_the_raw_aec_env_asked_before_reset_raises_a_pytrick_error(game):
    import_extra("pettingzoo")
    import importlib

    module = importlib.import_module(f"pytrick.envs.{game}_v0")
    env = module.raw_env(render_mode="ansi")
    agent = env.possible_agents[0]
    for call in (lambda: env.observe(agent), lambda: env.step(0), env.render):
        with pytest.raises(PytrickError, match=r"reset\(\)"):
            call()
    env.reset(seed=1)
    assert env.observe(agent)["observation"].shape == env.observation_space(agent)["observation"].shape
