"""The Gymnasium environments pass Gymnasium's checker; the vector
environments' compiled lanes agree with their reference twin step by step."""

from __future__ import annotations

import numpy as np
import pytest

from _extras import import_extra

gymnasium = import_extra("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import pytrick.envs  # noqa: E402, F401 (registers the environments)
import trickcore  # noqa: E402
from pytrick.batch import SpidgeBatch, SpitzerBatch  # noqa: E402
from pytrick.envs.gym import SpidgeVectorEnv, SpitzerEnv, SpitzerVectorEnv  # noqa: E402
from pytrick.spitzer import HeuristicBot  # noqa: E402
from pytrick.tensors import encode_observation  # noqa: E402
from trickcore.errors import ArgumentTypeError, IllegalMoveError, InvalidArgumentError  # noqa: E402

IDS = ["pytrick/Spitzer-v0", "pytrick/Spidge-v0"]


@pytest.mark.parametrize("env_id", IDS)
@pytest.mark.parametrize(("seat", "opponents"), [(0, "random"), (2, "heuristic")])
def test_check_env(env_id, seat, opponents, capsys):
    agent = "seat" if env_id == IDS[0] else "player"
    env = gymnasium.make(env_id, **{agent: seat}, opponents=opponents)
    check_env(env.unwrapped)
    check_env(env.unwrapped, skip_render_check=True)
    assert "to move" in capsys.readouterr().out  # the checker's "human" render printed


def play(env, seed, rng):
    observation, info = env.reset(seed=seed)
    total, moves = 0.0, 0
    while True:
        assert observation.shape == env.observation_space.shape
        action = rng.choice(np.flatnonzero(info["action_mask"]))
        observation, reward, terminated, truncated, info = env.step(action)
        assert not truncated
        total += reward
        moves += 1
        if terminated:
            assert not info["action_mask"].any()
            return total, moves, env.unwrapped


def test_spitzer_reward_is_the_seats_score_and_observation_its_tensor():
    env = gymnasium.make("pytrick/Spitzer-v0", seat=3,
                         opponents=[HeuristicBot(seed=1), HeuristicBot(seed=2), HeuristicBot(seed=3)])
    total, moves, raw = play(env, 4, np.random.default_rng(0))
    deal = raw._deal
    assert total == deal.result.scores[3]
    assert moves == 8 + sum(1 for seat, _ in deal.announcements if seat == 3)
    assert np.array_equal(raw._observe()[0], encode_observation(deal, 3))


def test_spidge_agent_plays_the_dummy_when_dealing():
    rng = np.random.default_rng(1)
    for seed in range(6):
        env = gymnasium.make("pytrick/Spidge-v0", player=1)
        total, moves, raw = play(env, seed, rng)
        deal = raw._deal
        assert total == deal.result.points[1]
        assert moves == (26 if deal.dealer == 1 else 13)


def test_same_seed_same_episode():
    runs = [play(gymnasium.make("pytrick/Spidge-v0", player=0), 9, np.random.default_rng(5))
            for _ in range(2)]
    assert runs[0][2]._deal == runs[1][2]._deal


def test_an_illegal_action_ends_the_episode_with_the_penalty():
    env = gymnasium.make("pytrick/Spitzer-v0", illegal_reward=-5)
    _, info = env.reset(seed=0)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-5, True, True)
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.unwrapped.step(0)


@pytest.mark.parametrize(("kwargs", "field"), [
    (dict(seat=4), "seat"), (dict(opponents="clever"), "clever"),
    (dict(opponents=[HeuristicBot()]), "opponents"), (dict(render_mode="rgb_array"), "render_mode"),
])
def test_bad_arguments_are_refused_by_name(kwargs, field):
    with pytest.raises(ValueError, match=field):
        SpitzerEnv(**kwargs)


# -- the vector environments --------------------------------------------------------


def random_legal(masks, rng):
    return np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks])


@pytest.mark.parametrize("kwargs", [dict(seat=1, auction="play"), dict(seat=2, auction="random"),
                                    dict(seat=3, auction="pass")])
def test_spitzer_lanes_agree_with_the_reference(both_backends, kwargs):
    compiled, reference = (b["_vector"].SpitzerLanes(3, 11, **kwargs) for b in both_backends)
    assert all(np.array_equal(x, y) for x, y in zip(compiled.reset(), reference.reset(), strict=True))
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(50):
        actions = random_legal(compiled.masks, rng)
        got, expected = compiled.step(actions), reference.step(actions)
        assert all(np.array_equal(x, y) for x, y in zip(got, expected, strict=True))
        finished += int(got[3].sum())
    assert finished >= 6


@pytest.mark.parametrize("hand", [0, 2, 3])
def test_spidge_lanes_agree_with_the_reference(both_backends, hand):
    compiled, reference = (b["_vector"].SpidgeLanes(4, 3, hand=hand) for b in both_backends)
    assert all(np.array_equal(x, y) for x, y in zip(compiled.reset(), reference.reset(), strict=True))
    rng = np.random.default_rng(hand)
    finished = 0
    for _ in range(60):
        actions = random_legal(compiled.masks, rng)
        got, expected = compiled.step(actions), reference.step(actions)
        assert all(np.array_equal(x, y) for x, y in zip(got, expected, strict=True))
        finished += int(got[3].sum())
    assert finished >= 4


def test_lanes_are_dealt_as_the_batch_deals_them():
    vector = trickcore.load_backend(trickcore.BACKEND)["_vector"]
    spitzer = vector.SpitzerLanes(6, 77, seat=1)
    spitzer.reset()
    batch = SpitzerBatch(6, seed=77)
    for lane in range(6):
        got, expected = spitzer.state(lane), batch.state(lane)
        assert got.dealer == expected.dealer == lane % 4
        assert [got.original_hand(s) for s in range(4)] == \
            [expected.original_hand(s) for s in range(4)]
    spidge = vector.SpidgeLanes(3, 77, hand=2)
    spidge.reset()
    same = SpidgeBatch(3, seed=77)
    for lane in range(3):
        assert spidge.state(lane).initial_hands == same.state(lane).initial_hands


@pytest.mark.parametrize("make", [lambda: SpitzerVectorEnv(8, seat=2),
                                  lambda: SpidgeVectorEnv(8, hand=3)], ids=["spitzer", "spidge"])
def test_vector_env_steps_rewards_and_autoresets(make):
    envs = make()
    observations, infos = envs.reset(seed=3)
    assert observations.shape == (8, *envs.single_observation_space.shape)
    assert envs.observation_space.contains(observations)
    rng = np.random.default_rng(2)
    seen_end = False
    for _ in range(80):
        masks = infos["action_mask"]
        lanes_before_over = [not m.any() for m in masks]
        actions = random_legal(masks, rng)
        observations, rewards, terminations, truncations, infos = envs.step(actions)
        assert not truncations.any()
        for lane in range(8):
            state = envs.state(lane)
            if terminations[lane]:
                seen_end = True
                assert state.is_over
                scores = state.scores() if hasattr(state, "announcements") else state.points()
                who = 2 if isinstance(envs, SpitzerVectorEnv) else 3
                assert rewards[lane] == scores[who]
                assert not infos["action_mask"][lane].any()
            else:
                assert rewards[lane] == 0
                assert not state.is_over
                assert infos["action_mask"][lane].any()
                if lanes_before_over[lane]:  # autoreset: a fresh deal, the action ignored
                    assert state.n_played <= 3 * (1 + isinstance(envs, SpidgeVectorEnv))
            observer = {k: v for k, v in envs._args.items() if k in ("seat", "hand")}
            assert np.array_equal(observations[lane], encode_observation(state, **observer))
    assert seen_end


def test_vector_env_same_seed_same_run_and_copies():
    runs = []
    for copy in (True, False):
        envs = SpidgeVectorEnv(4, copy=copy)
        observations, infos = envs.reset(seed=12)
        trace = [observations.copy()]
        for _ in range(20):
            observations, *_ , infos = envs.step(infos["action_mask"].argmax(axis=1))
            trace.append(observations.copy())
        runs.append(np.stack(trace))
    assert np.array_equal(runs[0], runs[1])


def test_vector_env_refuses_an_illegal_action_and_changes_nothing():
    envs = SpitzerVectorEnv(3, auction="pass")
    _, infos = envs.reset(seed=1)
    before = [envs.state(i) for i in range(3)]
    actions = infos["action_mask"].argmax(axis=1)
    actions[1] = int(np.flatnonzero(infos["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalMoveError, match="lane 1"):
        envs.step(actions)
    assert [envs.state(i) for i in range(3)] == before
    with pytest.raises(ValueError, match="seat"):
        SpitzerVectorEnv(3, seat=5)
    with pytest.raises(ValueError, match="hand"):
        SpidgeVectorEnv(3, hand=1)


def test_make_vec_builds_the_compiled_vector_env():
    envs = gymnasium.make_vec("pytrick/Spitzer-v0", num_envs=16, seat=1, auction="pass")
    assert isinstance(envs.unwrapped, SpitzerVectorEnv)
    observations, infos = envs.reset(seed=0)
    assert observations.shape == (16, 418) and infos["action_mask"][:, 32:].sum() == 0


@pytest.mark.parametrize("name", ["SpitzerLanes", "SpidgeLanes"])
def test_lanes_refuse_use_before_setup_and_a_second_setup(backend, name):
    cls = getattr(backend["_vector"], name)
    blank = cls.__new__(cls)
    for call in (blank.reset, lambda: blank.step([]), lambda: blank.state(0)):
        with pytest.raises(trickcore.PytrickError, match="never set up"):
            call()
    lanes = cls(2, 1)
    with pytest.raises(trickcore.PytrickError, match="already set up"):
        lanes.__init__(2, 1)
    assert lanes.reset()[0].shape[0] == 2


@pytest.mark.parametrize("env_id", IDS)
def test_an_action_outside_the_space_is_an_error_not_a_move(env_id):
    env = gymnasium.make(env_id)
    _, info = env.reset(seed=3)
    before = env.unwrapped._deal.copy()
    size = env.action_space.n
    for action in (size, np.int64(99), -1, 2**70):
        with pytest.raises(InvalidArgumentError,
                           match=rf"^action {action} is outside the action space Discrete\({size}\)"):
            env.step(action)
        assert env.unwrapped._deal == before  # the episode goes on
    with pytest.raises(ArgumentTypeError, match=rf"Discrete\({size}\) holds integers, not float"):
        env.step(1.0)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    _, _, _, _, info = env.step(np.int64(legal))
    assert "illegal_action" not in info


def test_spidge_agent_is_a_player_in_make_and_a_hand_in_make_vec():
    env = gymnasium.make("pytrick/Spidge-v0", player=2)
    assert env.unwrapped.player == 2
    with pytest.warns(DeprecationWarning, match="seat=1 is the player: write player=1"):
        old = gymnasium.make("pytrick/Spidge-v0", seat=1)
    assert old.unwrapped.player == 1
    with pytest.warns(DeprecationWarning, match="read SpidgeEnv.player"):
        assert old.unwrapped.seat == 1  # the attribute's old name too
    with pytest.raises(ArgumentTypeError, match="give the player once, as player="):
        gymnasium.make("pytrick/Spidge-v0", player=1, seat=1)
    with pytest.raises(ArgumentTypeError, match=r"takes no hand=: it takes player, opponents, .*"
                                                r"\(hand= is the vector environment's"):
        gymnasium.make("pytrick/Spidge-v0", hand=3)
    with pytest.raises(InvalidArgumentError, match="invalid player 3: players are 0 to 2"):
        gymnasium.make("pytrick/Spidge-v0", player=3)
    for wrong in ("seat", "player"):
        with pytest.raises(ArgumentTypeError, match=rf"vector pytrick/Spidge-v0 takes no {wrong}=: "
                                                    r"it takes num_envs, hand, rules and copy; "
                                                    r"the agent plays one table hand"):
            gymnasium.make_vec("pytrick/Spidge-v0", num_envs=2, **{wrong: 1})
    with pytest.raises(ArgumentTypeError, match="takes no player=: it takes seat, opponents"):
        gymnasium.make("pytrick/Spitzer-v0", player=1)
    with pytest.raises(ArgumentTypeError, match="takes no hand=: it takes num_envs, seat, rules"):
        gymnasium.make_vec("pytrick/Spitzer-v0", num_envs=2, hand=1)


@pytest.mark.parametrize(("env_id", "agent"), [(IDS[0], {"seat": 1}), (IDS[1], {"hand": 3})])
def test_a_lanes_whole_deal_encodes_as_docs_envs_says(env_id, agent):
    """The Gymnasium environments have no global state (docs/envs.rst says why);
    for privileged training the page points at ``envs.state(lane)`` and the
    tensor encoders: what they give must fit the lane's observation."""
    from pytrick.tensors import encode_hands, encode_public_observation, plane

    game = "spitzer" if "seat" in agent else "spidge"
    observer = {"seat": agent["seat"]} if game == "spitzer" else agent
    envs = gymnasium.make_vec(env_id, num_envs=3, **agent)
    observations, infos = envs.reset(seed=2)
    assert "state" not in infos and set(infos) == {"action_mask"}
    for _ in range(5):
        for lane in range(3):
            deal = envs.state(lane)
            hands = encode_hands(deal, **observer)
            assert np.array_equal(hands[0], plane(observations[lane], game, "own_hand"))
            public = observations[lane].copy()
            plane(public, game, "own_hand")[:] = 0
            assert np.array_equal(encode_public_observation(deal, **observer), public)
            assert hands.sum() == sum(len(deal.hand(h)) for h in range(4))
        observations, _, _, _, infos = envs.step(infos["action_mask"].argmax(axis=1))
