"""The PettingZoo AEC environments pass PettingZoo's own tests, and show each
agent exactly its observation tensor."""

from __future__ import annotations

import numpy as np
import pytest

from _extras import import_extra

import_extra("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402
from trickcore.spitzer import action_index  # noqa: E402

from pytrick import (  # noqa: E402
    ArgumentTypeError,
    InvalidArgumentError,
    SpidgeDeal,
    SpitzerDeal,
    sample_deals,
)
from pytrick.batch import SPITZER_ANNOUNCE_OFFSET  # noqa: E402
from pytrick.envs import spidge_v0, spitzer_v0  # noqa: E402
from pytrick.envs.gym import ResetNeededError  # noqa: E402
from pytrick.spidge import text as spidge_text  # noqa: E402
from pytrick.spitzer import Announcement  # noqa: E402
from pytrick.tensors import (  # noqa: E402
    HANDS_SHAPE,
    encode_hands,
    encode_observation,
    encode_public_observation,
    plane,
)

MODULES = [spitzer_v0, spidge_v0]


# api_test advises array observations to every environment but its own classic
# games (a list of names), which use the same {"observation", "action_mask"}
# dict as these; only those two advisories are silenced.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
@pytest.mark.parametrize("episode", ["deal", "game"])
def test_api_test(module, episode):
    api_test(module.env(episode=episode), num_cycles=200)


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_seed_test(module):
    seed_test(module.env, num_cycles=50)


def play_out(env, seed, choose=lambda agent, mask, env: int(np.flatnonzero(mask)[0])):
    """Play an episode choosing with *choose*; return {agent: return}, the move
    count and each agent's last info."""
    env.reset(seed=seed)
    returns = dict.fromkeys(env.possible_agents, 0)
    infos = {}
    moves = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        returns[agent] += reward
        if termination or truncation:
            infos[agent] = info
            env.step(None)
        else:
            env.step(choose(agent, observation["action_mask"], env))
            moves += 1
    return returns, moves, infos


def test_spitzer_deal_rewards_are_the_deal_scores():
    env = spitzer_v0.raw_env()
    returns, moves, _ = play_out(env, seed=5)
    deal = env._deal
    assert deal.is_over and moves == 32 + len(deal.announcements)
    assert returns == {f"seat_{s}": deal.result.scores[s] for s in range(4)}


def test_spidge_game_returns_are_the_game_totals():
    env = spidge_v0.raw_env(episode="game")
    returns, _, infos = play_out(env, seed=2)
    game = env._game
    assert game.is_over
    assert returns == {f"player_{p}": game.totals[p] for p in range(3)}
    assert all(info["winner"] == game.winner for info in infos.values())


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_observation_is_the_agents_tensor_and_mask_its_legal_moves(module):
    env = module.raw_env()
    env.reset(seed=3)
    spec = env.game_spec
    for step in range(20):
        deal = env._deal
        for index, agent in enumerate(env.possible_agents):
            observed = env.observe(agent)
            if isinstance(deal, SpidgeDeal):
                expected = deal.observation(index).to_numpy()
            else:
                assert isinstance(deal, SpitzerDeal)
                expected = deal.observation(index).to_numpy()
                assert np.array_equal(observed["observation"], encode_observation(deal, index))
            assert np.array_equal(observed["observation"], expected)
            legal = observed["action_mask"].astype(bool)
            if agent == env.agent_selection:
                assert legal.sum() >= 1
                assert np.array_equal(np.flatnonzero(legal), spec.legal_actions(deal))
            else:
                assert not legal.any()
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[step % int(mask.sum())]))


def test_an_illegal_move_ends_the_episode_with_a_penalty(caplog):
    env = spitzer_v0.env()
    env.reset(seed=0)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    env.step(int(np.flatnonzero(mask == 0)[0]))
    assert "Illegal move" in caplog.text
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1
    assert sum(env.rewards.values()) == -1


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
@pytest.mark.parametrize("make", ["env", "raw_env"])
def test_an_action_outside_the_space_is_an_error_not_a_move(module, make):
    env = getattr(module, make)()
    env.reset(seed=0)
    agent = env.agent_selection
    size = env.action_space(agent).n
    before = env.unwrapped._deal.copy()
    for action in (size, -1, 10**30):
        with pytest.raises(InvalidArgumentError,
                           match=rf"^action {action} is outside the action space Discrete\({size}\)"):
            env.step(action)
    with pytest.raises(ArgumentTypeError, match="holds integers, not float"):
        env.step(2.0)
    assert env.unwrapped._deal == before and env.agent_selection == agent
    assert not any(env.terminations.values())


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_an_action_outside_the_space_keeps_the_rewards_not_yet_read(module):
    # In a game-long episode each deal's points are paid as it ends; the agent
    # to move reads them with last().  A refused action must not drop them.
    env = module.raw_env(episode="game")
    env.reset(seed=3)
    for step in range(2000):
        agent = env.agent_selection
        if env.last()[1] != 0:
            break
        mask = env.observe(agent)["action_mask"]
        env.step(int(np.flatnonzero(mask)[step % int(mask.sum())]))
    else:
        pytest.fail("no deal paid its points")
    owed, rewards = env.last()[1], dict(env.rewards)
    with pytest.raises(InvalidArgumentError):
        env.step(env.action_space(agent).n)
    assert env.agent_selection == agent
    assert env.last()[1] == owed and env.rewards == rewards


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_max_cycles_truncates_after_that_many_tricks(module):
    env = module.raw_env(max_cycles=3)
    env.reset(seed=4)
    for _agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[-1]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert env.game_spec.tricks_done(env._deal) == 3


def _public_facts(deal):
    """What the picture must show: every card played (with its seat in
    Spitzer), the announcements, the face-up dummy and who moves."""
    if isinstance(deal, SpitzerDeal):
        facts = [f"{seat}:{card}" for seat, card in deal.plays]
        facts += [f"seat {seat}: {Announcement(code).name.lower()}"
                  for seat, code in deal.announcements]
        return [*facts, f"to move: seat {deal.to_move}"]
    tricks = [trick.cards for trick in deal.tricks] + [deal.current_trick]
    return [f"dummy (face up): {spidge_text.hand_text(deal.dummy)}",
            *(" ".join(str(card) for card in cards) for cards in tricks),
            f"to move: {deal.to_move}"]


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_render_shows_public_facts_only(module):
    """The picture shows the public facts, and deals any seat finds consistent
    with what it sees (hidden hands dealt afresh) render the same: nothing
    hidden from a seat reaches the picture."""
    env = module.raw_env(render_mode="ansi")
    env.reset(seed=8)
    seats = range(4) if module is spitzer_v0 else range(3)
    for _move in range(10):  # Spitzer's four announcements, then a trick and more
        deal = env._deal
        text = env.render()
        for fact in _public_facts(deal):
            assert fact in text, (fact, text)
        worlds = [world for seat in seats for world in sample_deals(deal.observation(seat), 3, seed=1)]
        assert any(world.to_record() != deal.to_record() for world in worlds)
        for world in worlds:
            env._deal = world
            assert env.render() == text
        env._deal = deal
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert env.game_spec.tricks_done(env._deal) >= 1  # the pictures covered a whole trick


@pytest.mark.parametrize("bad", [dict(episode="match"), dict(max_cycles=0),
                                 dict(render_mode="rgb_array")])
def test_bad_options_are_refused_by_name(bad):
    name = next(iter(bad))
    with pytest.raises(ValueError, match=name):
        spitzer_v0.raw_env(**bad)


# -- the global state (centralized training) ------------------------------------------

def _state_parts(env):
    """env.state() split: (the public observation, the hands as rows)."""
    spec = env.unwrapped.game_spec
    state = env.state()
    return state[:spec.observation_size], state[spec.observation_size:].reshape(
        HANDS_SHAPE[spec.name])


def _hand_rows(deal):
    """Every hand of *deal* as sets of columns, in the state's rows: Spitzer's
    seats 0..3; Spidge's table hands from player 0's on, to his left."""
    if isinstance(deal, SpitzerDeal):
        return [{int(action_index(int(c))) for c in deal.hand(s)} for s in range(4)]
    own = int(deal.hand_of(0))
    return [{int(c) for c in deal.hand((own + r) % 4)} for r in range(4)]


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
@pytest.mark.parametrize("episode", ["deal", "game"])
def test_state_is_in_its_space_and_shows_every_hand_as_cards_are_played(module, episode):
    env = module.env(episode=episode)
    space = env.state_space
    spec = env.unwrapped.game_spec
    rows, cards = HANDS_SHAPE[spec.name]
    assert space.shape == (spec.observation_size + rows * cards,)
    assert space.dtype == np.float32 and (space.low == 0).all() and (space.high == 1).all()
    env.reset(seed=4)
    before = env.state()
    seen_played = False
    for _agent in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        state = env.state()
        assert state.dtype == np.float32 and space.contains(state)
        public, hands = _state_parts(env)
        deal = env.unwrapped._deal
        # Every seat's cards, whoever is to move; the public part is no one's hand.
        assert [set(np.flatnonzero(row).tolist()) for row in hands] == _hand_rows(deal)
        assert not plane(public, spec.name, "own_hand").any()
        if termination or truncation:
            env.step(None)
            continue
        action = int(np.flatnonzero(observation["action_mask"])[-1])
        env.step(action)
        after = env.state()
        assert not np.array_equal(after, state)  # every move shows in the state
        is_card = spec.name == "spidge" or action < SPITZER_ANNOUNCE_OFFSET
        if is_card and env.unwrapped._deal is deal:
            seen_played = True
            # The card left its hand for the public record of the deal.
            size = spec.observation_size
            assert after[size:].sum() == state[size:].sum() - 1
            assert (plane(after[:size], spec.name, "played_by").sum()
                    == plane(state[:size], spec.name, "played_by").sum() + 1)
    assert seen_played and not np.array_equal(before, env.state())
    # Once the episode is over the state is the last deal as it ended.
    _, hands = _state_parts(env)
    assert env.agents == [] and not hands.any()
    assert space.contains(env.state())


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_state_is_seen_from_agent_0_whoever_is_to_move(module):
    env = module.raw_env()
    env.reset(seed=8)
    deal = env._deal
    name = env.game_spec.name
    for _ in range(6):
        public, hands = _state_parts(env)
        observer = {"seat": 0} if name == "spitzer" else {"player": 0}
        assert np.array_equal(public, encode_public_observation(deal, **observer))
        assert np.array_equal(hands, encode_hands(deal, **observer))
        env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_state_before_reset_is_a_clear_error(module):
    with pytest.raises(ResetNeededError, match=r"call reset\(\) before state\(\)"):
        module.raw_env().state()
    # Through the standard wrappers, PettingZoo's own order check answers first.
    with pytest.raises(AssertionError, match=r"reset\(\) needs to be called before state"):
        module.env().state()


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_pettingzoos_state_tests_pass(module):
    from pettingzoo.test.state_test import test_state, test_state_space

    test_state_space(module.env())
    test_state(module.env(), num_cycles=50)  # unmasked actions: illegal ones end it early


@pytest.mark.parametrize("module", MODULES, ids=["spitzer", "spidge"])
def test_state_agrees_with_openspiels_all_players_observer_of_player_0(module):
    pyspiel = import_extra("pyspiel")
    from open_spiel.python.observation import make_observation

    import pytrick.envs.openspiel  # noqa: F401 (registers the games)

    env = module.raw_env()
    env.reset(seed=11)
    deal = env._deal
    spec = env.game_spec
    game = pyspiel.load_game(f"python_{spec.name}", {"dealer": int(deal.dealer)})
    rules = game._rules
    state = game.new_initial_state()
    for card in rules.pack_of(deal):
        state.apply_action(rules.chance_action(card))
    kind = pyspiel.PrivateInfoType
    every = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=kind.ALL_PLAYERS))
    public = make_observation(game, pyspiel.IIGObservationType(
        perfect_recall=False, private_info=kind.NONE))
    moves = 0
    while not deal.is_over:
        every.set_from(state, 0)
        public.set_from(state, 0)
        ours, hands = _state_parts(env)
        assert np.array_equal(hands, every.dict["hands"])
        assert np.array_equal(ours, public.dict["observation"])
        # ALL_PLAYERS' observation is player 0's own: his hand is hands' row 0.
        theirs = every.dict["observation"].copy()
        assert np.array_equal(plane(theirs, spec.name, "own_hand"), hands[0])
        plane(theirs, spec.name, "own_hand")[:] = 0
        assert np.array_equal(ours, theirs)
        action = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[moves % 2 - 1])
        env.step(action)
        state.apply_action(action)
        moves += 1
    assert state.is_terminal() and moves >= 32
