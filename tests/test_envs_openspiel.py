"""python_spitzer and python_spidge pass OpenSpiel's consistency checks, and
OpenSpiel's ISMCTS plays them through evaluate_bots."""

from __future__ import annotations

import numpy as np
import pytest

from _extras import import_extra

pyspiel = import_extra("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

import pytrick.envs.openspiel  # noqa: E402, F401 (registers the games)
from pytrick.tensors import encode_observation  # noqa: E402

GAMES = ["python_spitzer", "python_spidge"]


def dealt(game, seed):
    """A state of *game* with the deal's chance nodes resolved by a seeded RNG."""
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
        state.apply_action(outcomes[rng.integers(len(outcomes))][0])
    return state


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_serialization(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_tensors_are_pytricks_and_the_infostate_has_perfect_recall(name):
    game = pyspiel.load_game(name)
    state = dealt(game, 1)
    size = len(state.observation_tensor(0))
    assert size == (418 if name == "python_spitzer" else 682)
    rng = np.random.default_rng(2)
    for _ in range(10):
        player = state.current_player()
        for p in range(game.num_players()):
            observation = np.array(state.observation_tensor(p), dtype=np.float32)
            observer = {"seat": p} if name == "python_spitzer" else {"player": p}
            assert np.array_equal(observation, encode_observation(state.deal, **observer))
            infostate = np.array(state.information_state_tensor(p))
            assert np.array_equal(infostate[:size], observation)
            moves = infostate[size:].reshape(-1, game.num_distinct_actions())
            assert moves.sum() == len(state.moves)
            assert [int(np.flatnonzero(row)[0]) for row in moves[:len(state.moves)]] == state.moves
        state.apply_action(int(rng.choice(state.legal_actions(player))))


@pytest.mark.parametrize("name", GAMES)
def test_resampled_worlds_keep_the_information_state_and_vary_hidden_cards(name):
    game = pyspiel.load_game(name)
    state = dealt(game, 3)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(player, sampler) for _ in range(5)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)
        assert world.legal_actions() == state.legal_actions()
    assert len({str(w) for w in worlds}) > 1  # the others' hands differ between worlds


class _ISMCTS(ismcts.ISMCTSBot):
    """OpenSpiel's Python ISMCTS bot; evaluate_bots asks every bot to restart."""

    def restart_at(self, state):
        self.reset()


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_plays_a_deal_through_evaluate_bots(name):
    game = pyspiel.load_game(name)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [_ISMCTS(game, evaluator, uct_c=2.0, max_simulations=10, random_state=rng)]
    bots += [pyspiel.make_uniform_random_bot(p, p) for p in range(1, game.num_players())]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == game.num_players()
    if name == "python_spitzer":  # someone always scores in Spitzer
        assert all(r >= 0 for r in returns) and sum(returns) > 0
    else:
        assert set(returns) <= {0.0, 1.0, 2.0, 4.0}


def test_dealer_parameter_and_bad_values():
    game = pyspiel.load_game("python_spitzer", {"dealer": 2})
    assert dealt(game, 0).deal.dealer == 2
    with pytest.raises(ValueError, match="dealer"):
        pyspiel.load_game("python_spidge", {"dealer": 3})


@pytest.mark.parametrize("name", GAMES)
def test_an_action_outside_the_space_is_refused_and_changes_nothing(name):
    from pytrick import InvalidArgumentError

    game = pyspiel.load_game(name)
    state = dealt(game, 3)
    before = state.deal.copy()
    for action in (game.num_distinct_actions(), 10**6):  # OpenSpiel itself refuses -1
        with pytest.raises(InvalidArgumentError, match=f"invalid action {action}: "):
            state.apply_action(action)
    assert state.deal == before
