"""Problems a new user of the RL and sampling layer ran into, each pinned by a test."""

from __future__ import annotations

import re

import numpy as np
import pytest

import pytrick
import pytrick.batch
import trickcore
from _extras import import_extra
from pytrick import SpidgeDeal, SpidgeGame, SpidgeRules, SpitzerDeal, SpitzerGame, SpitzerRules
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, PytrickError


@pytest.mark.parametrize("name", ["python_spitzer", "python_spidge"])
def test_openspiel_chance_refuses_a_card_dealt_already_or_not_in_the_pack(name):
    pyspiel = import_extra("pyspiel")
    import pytrick.envs.openspiel  # registers the games

    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)
    # A card dealt twice was taken, and the last card then failed to deal:
    # the state stayed a chance node for ever, with one outcome left.
    with pytest.raises(InvalidArgumentError, match="dealt already"):
        state.apply_action(first)
    # Spidge took any number as a card (999, or a two the jokers replace).
    for action in (999, 54):
        with pytest.raises(InvalidArgumentError, match="no card of the"):
            state.apply_action(action)
    if name == "python_spidge":
        pack = set(pytrick.envs.openspiel._SPIDGE_RULES.pack)
        missing = next(card for card in range(54) if card not in pack)
        with pytest.raises(InvalidArgumentError, match="no card of the"):
            state.apply_action(missing)
    assert state.history() == [first]
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[-1][0])
    assert state.deal is not None
    assert state.current_player() >= 0
    assert np.isfinite(state.returns()).all()


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
def test_batches_take_an_empty_list_of_lanes_alike(name):
    batch_class = getattr(pytrick.batch, name)
    batch = batch_class(3, seed=4)
    before = [batch.state(i) for i in range(3)]
    # SpitzerBatch took these; SpidgeBatch raised IndexError (a float array).
    batch.reset([])
    batch.set_states([], ids=[])
    assert [batch.state(i) for i in range(3)] == before


def test_a_spidge_lane_reset_twice_in_one_call_passes_the_deal_twice():
    once = pytrick.batch.SpidgeBatch(3, seed=4)
    once.reset([1])
    once.reset([1])
    twice = pytrick.batch.SpidgeBatch(3, seed=4)
    # The core deals lane 1 twice; its dealer moved on only once.
    twice.reset(np.array([1, 1]))
    assert twice.dealers().tolist() == once.dealers().tolist() == [0, 0, 2]
    assert twice.state(1) == once.state(1)
    assert twice.state(1).dealer == 0


SPIDGE_WILD = SpidgeRules(joker_suit="wild")  # option bits 3: two Spitzer options


@pytest.mark.parametrize("make", [
    lambda: SpitzerDeal.from_seed(1, rules=SPIDGE_WILD),
    lambda: SpitzerDeal.from_pack(list(trickcore.spitzer.PACK), 0, rules=SPIDGE_WILD),
    lambda: SpitzerGame(rules=SPIDGE_WILD),
    lambda: SpidgeDeal.from_seed(1, rules=SpitzerRules()),
    lambda: SpidgeGame(rules=SpitzerRules()),
    lambda: SpitzerGame(rules="house"),
], ids=["spitzer-deal", "spitzer-pack", "spitzer-game", "spidge-deal", "spidge-game", "a-name"])
def test_the_other_games_rules_are_refused_by_deals_and_games(make):
    # Spidge's option bits were read as Spitzer's: the deal silently played
    # zola_requires_both_queens and first_void_player; Spidge raised AttributeError.
    with pytest.raises(ArgumentTypeError, match=r"rules must be a Sp\w+Rules"):
        make()


@pytest.mark.parametrize("game", ["Spitzer", "Spidge"])
def test_environments_refuse_the_other_games_rules_when_made(game):
    gymnasium = import_extra("gymnasium")
    import_extra("pettingzoo")
    import pytrick.envs  # noqa: F401 (registers the environments)
    from pytrick.envs import spidge_v0, spitzer_v0

    wrong = SPIDGE_WILD if game == "Spitzer" else SpitzerRules()
    module = spitzer_v0 if game == "Spitzer" else spidge_v0
    makers = [
        lambda: gymnasium.make(f"pytrick/{game}-v0", rules=wrong).unwrapped,
        lambda: gymnasium.make_vec(f"pytrick/{game}-v0", num_envs=2, rules=wrong),
        lambda: module.env(rules=wrong),
        lambda: module.raw_env(rules=wrong, episode="game"),
    ]
    for make in makers:
        # Gymnasium's make() re-raises with its own words after ours.
        with pytest.raises(ArgumentTypeError, match=f"rules must be a {game}Rules"):
            make()
    right = SpitzerRules(target=10) if game == "Spitzer" else SpidgeRules(target=2)
    env = module.raw_env(rules=right, episode="game")
    env.reset(seed=1)
    assert env._game.rules == right


@pytest.mark.parametrize("game", ["Spitzer", "Spidge"])
@pytest.mark.parametrize(("num_envs", "error"), [
    (0, InvalidArgumentError), (-1, InvalidArgumentError), (2.5, ArgumentTypeError),
    (True, ArgumentTypeError)])
def test_vector_envs_check_num_envs_by_its_name(game, num_envs, error):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    # It was "invalid k 0", numpy's ValueError, a bare TypeError, or two lanes.
    with pytest.raises(error, match="num_envs"):
        gymnasium.make_vec(f"pytrick/{game}-v0", num_envs=num_envs).reset(seed=0)
    envs = gymnasium.make_vec(f"pytrick/{game}-v0", num_envs=np.int64(3))
    assert envs.reset(seed=0)[0].shape[0] == 3


def _first_deal(module, seed, episode):
    env = module.env(episode=episode)
    env.reset(seed=seed)
    return env.unwrapped._deal


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
@pytest.mark.parametrize("episode", ["deal", "game"])
def test_aec_reset_takes_any_64_bit_seed_and_refuses_the_rest(game, episode):
    import_extra("pettingzoo")
    from pytrick.envs import spidge_v0, spitzer_v0

    module = spitzer_v0 if game == "spitzer" else spidge_v0
    # A numpy seed crashed random.Random with a TypeError (deal episodes).
    assert _first_deal(module, np.uint64(5), episode) == _first_deal(module, 5, episode)
    # A game refused seeds from 2**44 up, naming a number the user never gave.
    for big in (2**63, 2**64 - 1):
        assert _first_deal(module, big, episode) == _first_deal(module, big, episode)
    # -1 dealt what 1 deals; 1.5 and True passed as seeds.
    for seed, error in ((-1, InvalidArgumentError), (2**64, InvalidArgumentError),
                        (1.5, ArgumentTypeError), (True, ArgumentTypeError),
                        ("7", ArgumentTypeError)):
        with pytest.raises(error, match=r"seed"):
            _first_deal(module, seed, episode)


class IllegalBot:
    """Announces 99 and plays the first card it does not hold."""

    def announce(self, observation):
        return 99

    def play(self, observation):
        legal = int(observation.legal_moves)
        return next(card for card in range(64) if not legal >> card & 1)


@pytest.mark.parametrize("game", ["Spitzer", "Spidge"])
def test_a_gym_opponents_illegal_move_is_said_of_it_and_shows_no_hidden_card(game):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    env = gymnasium.make(f"pytrick/{game}-v0", opponents=IllegalBot()).unwrapped
    with pytest.raises(PytrickError) as caught:
        _, info = env.reset(seed=0)
        for _ in range(60):
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    # It read as the agent's own move: "invalid action 131", or (Spidge)
    # "cannot play 2♣: you do not hold it (you hold ...)" with the bot's hand.
    text = str(caught.value)
    assert re.search(r"the opponent IllegalBot \((seat|player) \d\) chose the illegal move", text)
    assert "you hold" not in text and caught.value.__cause__ is None
    assert caught.value.__suppress_context__
    with pytest.raises(PytrickError, match=r"reset\(\)"):
        env.step(0)


def test_an_observation_keeps_its_seat_as_a_plain_int():
    import json

    deal = SpitzerDeal.from_seed(3)
    # The numpy seat was kept as given (SpidgeDeal.observation converts its player).
    seen = deal.observation(np.int64(2))
    assert type(seen.seat) is int and seen == deal.observation(2)
    assert json.dumps({"seat": seen.seat}) == '{"seat": 2}'
    assert type(SpidgeDeal.from_seed(3).observation(np.int64(2)).player) is int


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_aec_max_cycles_is_a_count_numpy_integers_included(game):
    import_extra("pettingzoo")
    from pytrick.envs import spidge_v0, spitzer_v0

    module = spitzer_v0 if game == "spitzer" else spidge_v0
    # np.int64(2) was refused as "not an int >= 1"; 2.0 was an InvalidArgumentError.
    env = module.env(max_cycles=np.int64(2))
    assert env.unwrapped.max_cycles == 2 and type(env.unwrapped.max_cycles) is int
    for bad, error in ((0, InvalidArgumentError), (2.0, ArgumentTypeError),
                       (True, ArgumentTypeError)):
        with pytest.raises(error, match="max_cycles"):
            module.env(max_cycles=bad)


@pytest.mark.parametrize("game", ["Spitzer", "Spidge"])
def test_gym_opponents_take_a_list_of_names_and_refuse_what_is_no_bot_when_made(game):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    others = 3 if game == "Spitzer" else 2
    names = ["heuristic"] + ["random"] * (others - 1)
    # A list of names failed at reset: "'str' object has no attribute 'announce'".
    env = gymnasium.make(f"pytrick/{game}-v0", opponents=names).unwrapped
    env.reset(seed=2)
    assert [type(bot).__name__ for bot in env._bots.values()] == [
        "HeuristicBot"] + ["RandomBot"] * (others - 1)
    first = env._deal.copy()
    env.reset(seed=2)
    assert env._deal == first
    # Something that is no bot failed at reset with an AttributeError.
    for opponents, where in ((object(), "opponents"), ([*names[:-1], 7], f"opponents[{others - 1}]")):
        with pytest.raises(ArgumentTypeError, match=re.escape(where) + ": .* so it is no bot"):
            gymnasium.make(f"pytrick/{game}-v0", opponents=opponents)
    with pytest.raises(InvalidArgumentError, match="for a bot per seat give a list"):
        gymnasium.make(f"pytrick/{game}-v0", opponents="random,heuristic")


def test_an_announcement_code_may_be_a_numpy_integer():
    from pytrick.spitzer import Announcement

    deal = SpitzerDeal.from_seed(3)
    # A policy's argmax: play_action and the core took it, announce refused it.
    deal.announce(np.int64(0))
    assert deal.announcements == ((deal.announcements[0][0], Announcement.PASS),)
    assert Announcement.parse(np.uint8(1)) is Announcement.ZOLA
    for code, error in ((np.int64(99), pytrick.InvalidArgumentError), (np.True_, ArgumentTypeError),
                        (1.0, ArgumentTypeError)):
        with pytest.raises(error):
            Announcement.parse(code)


class LenientBot:
    """Returns what play_deal takes: names, card text and numpy integers."""

    def __init__(self, kind):
        self.kind = kind

    def announce(self, observation):
        return "pass" if self.kind == "text" else np.int64(0)

    def play(self, observation):
        card = next(iter(observation.legal_moves))
        return str(card) if self.kind == "text" else np.int64(int(card))


@pytest.mark.parametrize("game", ["Spitzer", "Spidge"])
@pytest.mark.parametrize("kind", ["text", "numpy"])
def test_gym_opponents_may_answer_as_play_deal_takes(game, kind):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    # int("pass") and int("QC") raised ValueError inside reset or step.
    env = gymnasium.make(f"pytrick/{game}-v0", opponents=LenientBot(kind)).unwrapped
    _, info = env.reset(seed=0)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert env._deal.is_over


class CrashingBot:
    """Plays at random, and raises on its third card."""

    def __init__(self):
        from pytrick.spidge import RandomBot

        self.inner = RandomBot(seed=1)
        self.cards = 0

    def play(self, observation):
        self.cards += 1
        if self.cards == 3:
            raise RuntimeError("the bot crashed")
        return self.inner.play(observation)


def test_a_gym_opponents_crash_ends_the_episode_instead_of_moving_for_it():
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    env = gymnasium.make("pytrick/Spidge-v0", player=0, opponents=CrashingBot()).unwrapped
    _, info = env.reset(seed=0)
    with pytest.raises(RuntimeError, match="crashed"):
        for _ in range(20):
            _, _, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    # The next step played the agent's action in the crashed opponent's seat.
    with pytest.raises(PytrickError, match=r"reset\(\)"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    _, info = env.reset(seed=1)
    assert info["action_mask"].any()
