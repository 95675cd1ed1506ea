"""python_spitzer and python_spidge pass OpenSpiel's consistency checks, and
OpenSpiel's ISMCTS plays them through evaluate_bots."""

from __future__ import annotations

import numpy as np
import pytest

from _extras import import_extra

pyspiel = import_extra("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts  # noqa: E402

import pytrick.envs.openspiel  # noqa: E402 (registers the games)
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


P = pyspiel.PrivateInfoType
VIEWS = [pytest.param(public, private, recall, id="-".join(
             filter(None, ("" if public else "private", private.name, recall and "recall"))))
         for public, privates in ((True, (P.NONE, P.SINGLE_PLAYER, P.ALL_PLAYERS)),
                                  (False, (P.SINGLE_PLAYER, P.ALL_PLAYERS)))
         for private in privates for recall in (False, True)]


def observers(game, private, public=True):
    """make_observation's observers of *game* with *private* info, without and with recall."""
    from open_spiel.python.observation import make_observation

    return [make_observation(game, pyspiel.IIGObservationType(
                public_info=public, perfect_recall=recall, private_info=private))
            for recall in (False, True)]


def seen(observations, state, player):
    """What each observation shows *player* of *state*: (tensor, string) pairs."""
    out = []
    for observation in observations:
        observation.set_from(state, player)
        out.append((observation.tensor.copy(), observation.string_from(state, player)))
    return out


def same(a, b):
    return all(np.array_equal(x[0], y[0]) and x[1] == y[1] for x, y in zip(a, b, strict=True))


def positions(game, seed, points):
    """States of *game* at *points* random moments of a random deal (seeded)."""
    rng = np.random.default_rng(seed)
    state = dealt(game, seed)
    for _ in range(points):
        if state.is_terminal():
            return
        for _ in range(int(rng.integers(1, 8))):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        yield state


@pytest.mark.parametrize("name", GAMES)
def test_public_observation_is_the_same_in_every_deal_with_the_same_public_information(name):
    """Worlds drawn from one player's information agree on the public
    information: every player's public tensor and string are the same in
    all of them, while the others' own observations do change."""
    game = pyspiel.load_game(name)
    public = observers(game, P.NONE)
    private = observers(game, P.SINGLE_PLAYER)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)  # seeded
    compared = hidden_changed = 0
    for seed in range(5):
        for state in positions(game, seed, 8):
            sampled = int(np.random.default_rng(seed).integers(game.num_players()))
            for world in (state.resample_from_infostate(sampled, sampler) for _ in range(3)):
                for player in range(game.num_players()):
                    compared += 1
                    assert same(seen(public, world, player), seen(public, state, player))
                    hidden_changed += not same(seen(private, world, player),
                                               seen(private, state, player))
    assert compared >= 150
    assert hidden_changed >= compared // 3  # the worlds do differ in hidden cards


@pytest.mark.parametrize("name", GAMES)
def test_public_observation_changes_with_the_public_information(name):
    game = pyspiel.load_game(name)
    public = observers(game, P.NONE)
    for state in positions(game, 7, 6):
        if len(state.legal_actions()) < 2:
            continue
        first, second = state.clone(), state.clone()
        first.apply_action(state.legal_actions()[0])
        second.apply_action(state.legal_actions()[1])
        for player in range(game.num_players()):
            (a, a_text), (a_recall, a_recall_text) = seen(public, first, player)
            (b, b_text), (b_recall, b_recall_text) = seen(public, second, player)
            assert not np.array_equal(a, b) and a_text != b_text
            assert not np.array_equal(a_recall, b_recall) and a_recall_text != b_recall_text
    # Before the first move only the seating is public in Spitzer; the Spidge
    # dummy is face up.
    starts = [dealt(game, seed) for seed in (1, 2)]
    for player in range(game.num_players()):
        views = [seen(public, start, player) for start in starts]
        assert same(*views) == (name == "python_spitzer")


@pytest.mark.parametrize("name", GAMES)
def test_public_observation_while_dealing_shows_only_how_many_cards_are_dealt(name):
    game = pyspiel.load_game(name)
    public = observers(game, P.NONE)
    states = [game.new_initial_state() for _ in range(2)]
    for state, outcome in zip(states, (0, -1), strict=True):
        for _ in range(5):
            state.apply_action(state.chance_outcomes()[outcome][0])
    for player in range(game.num_players()):
        first, second = (seen(public, state, player) for state in states)
        assert same(first, second)
        assert first[0][1] == f"player {player} dealing: 5 cards dealt"
        assert not first[0][0].any()


@pytest.mark.parametrize("name", GAMES)
def test_all_players_view_determines_every_hand(name):
    from pytrick.tensors import HANDS_SHAPE

    game = pyspiel.load_game(name)
    rules = game._rules
    full = observers(game, P.ALL_PLAYERS)
    players = game.num_players()
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)  # seeded
    for seed in range(3):
        for state in positions(game, seed, 4):
            deal = state.deal
            for player in range(players):
                text = seen(full, state, player)[1][1]  # with recall: the starting hands
                hands = full[0].dict["hands"]
                assert hands.shape == HANDS_SHAPE[rules.spec.name]
                # The rows are the hands, relative to the player.
                if name == "python_spitzer":
                    cards = [int(c) for c in pytrick.envs.openspiel._SPITZER_PACK]
                    expected = [deal.hand((player + r) % 4) for r in range(4)]
                else:
                    cards = list(range(54))
                    own = int(deal.hand_of(player))
                    expected = [deal.hand((own + r) % 4) for r in range(4)]
                assert [{cards[i] for i in np.flatnonzero(row)} for row in hands] == [
                    {int(c) for c in hand} for hand in expected]
                for hand in rules.starting_hands(deal):
                    assert hand in text
            world = state.resample_from_infostate(0, sampler)
            for player in range(players):
                differs = not all(world.deal.hand(h) == deal.hand(h) for h in range(4))
                assert same(seen(full, world, player), seen(full, state, player)) != differs


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("public", "private", "recall"), VIEWS)
def test_every_view_has_its_shape_and_cplusplus_sees_the_same(name, public, private, recall):
    """make_observation's pieces have the shapes OpenSpiel expects (the
    default and information-state views those of the game's tensors), and
    OpenSpiel's C++ Observation over game.make_observer reads the same."""
    from open_spiel.python.observation import make_observation

    from pytrick.tensors import HANDS_SHAPE, OBS_SIZE

    game = pyspiel.load_game(name)
    spec = game._rules.spec
    iig = pyspiel.IIGObservationType(public_info=public, perfect_recall=recall,
                                     private_info=private)
    observation = make_observation(game, iig)
    hands = HANDS_SHAPE[spec.name]
    if not public:
        name = "dealt" if recall else "hands" if private == P.ALL_PLAYERS else "hand"
        expected = {name: hands if private == P.ALL_PLAYERS else hands[1:]}
    else:
        expected = {"observation": (OBS_SIZE[spec.name],)}
        if private == P.ALL_PLAYERS:
            expected["hands"] = hands
        if recall:
            expected["moves"] = (spec.max_moves, spec.actions)
    assert {k: v.shape for k, v in observation.dict.items()} == expected
    assert list(observation.dict) == list(expected)
    size = sum(int(np.prod(shape)) for shape in expected.values())
    assert observation.tensor.shape == (size,)
    if public and private == P.SINGLE_PLAYER:
        tensor_shape = (game.information_state_tensor_shape() if recall
                        else game.observation_tensor_shape())
        assert tensor_shape == [size]
    cpp = pyspiel._Observation(game, game.make_observer(iig, {}))
    assert [(i.name, tuple(i.shape)) for i in cpp.tensors_info()] == list(expected.items())
    for state in positions(game, 4, 3):
        for player in range(game.num_players()):
            observation.set_from(state, player)
            cpp.set_from(state, player)
            assert np.array_equal(np.frombuffer(cpp, np.float32), observation.tensor)
            assert cpp.string_from(state, player) == observation.string_from(state, player)


@pytest.mark.parametrize("name", GAMES)
def test_the_private_observation_is_the_players_cards_alone(name):
    """OpenSpiel's private observation (public_info=False): the player's hand
    now, or as dealt with perfect recall; the same in every world drawn from
    his information; with ALL_PLAYERS every hand."""
    game = pyspiel.load_game(name)
    mine = observers(game, P.SINGLE_PLAYER, public=False)
    every = observers(game, P.ALL_PLAYERS, public=False)
    sampler = pyspiel.UniformProbabilitySampler(6, 0.0, 1.0)
    spitzer = name == "python_spitzer"
    cards = [int(c) for c in pytrick.envs.openspiel._SPITZER_PACK] if spitzer else list(range(54))

    def decoded(vector):
        return {cards[i] for i in np.flatnonzero(vector)}

    def dealt_to(deal, hand):
        return deal.original_hand(hand) if spitzer else deal.initial_hands[hand]

    compared = changed = 0
    for seed in range(3):
        for state in positions(game, seed, 5):
            deal = state.deal
            for player in range(game.num_players()):
                own = player if spitzer else int(deal.hand_of(player))
                (now, text), (dealt, recall_text) = seen(mine, state, player)
                assert decoded(now) == {int(c) for c in deal.hand(own)}
                assert decoded(dealt) == {int(c) for c in dealt_to(deal, own)}
                assert text.startswith(f"player {player} observes")
                assert recall_text == f"player {player} hand {dealt_to(deal, own)}"
                (every_now, _), (every_dealt, _) = seen(every, state, player)
                rows = [(own + r) % 4 for r in range(4)]  # relative to the player
                assert [decoded(row) for row in every_now.reshape(4, -1)] == [
                    {int(c) for c in deal.hand(h)} for h in rows]
                assert [decoded(row) for row in every_dealt.reshape(4, -1)] == [
                    {int(c) for c in dealt_to(deal, h)} for h in rows]
                world = state.resample_from_infostate(player, sampler)
                assert same(seen(mine, world, player), seen(mine, state, player))
                compared += 1
                changed += not same(seen(every, world, player), seen(every, state, player))
    assert changed >= compared // 3  # the worlds differ in the others' hands


@pytest.mark.parametrize("name", GAMES)
def test_openspiels_playthrough_runs_with_the_factored_observations(name):
    """generate_playthrough, OpenSpiel's record of a game, asks for the public
    and the private observation of imperfect-information games."""
    from open_spiel.python.algorithms import generate_playthrough

    assert pyspiel.load_game(name).get_type().provides_factored_observation_string
    text = generate_playthrough.playthrough(name, None, seed=1)
    assert 'PublicObservationString() = "player 0 dealing: 0 cards dealt"' in text
    last = pyspiel.load_game(name).num_players() - 1
    assert f'PrivateObservationString({last}) = "player {last} observes {{}}"' in text
    assert text.rstrip().splitlines()[-1].startswith("Returns() = ")


@pytest.mark.parametrize("name", GAMES)
def test_an_observation_of_nothing_is_refused(name):
    from pytrick import InvalidArgumentError

    game = pyspiel.load_game(name)
    for recall in (False, True):
        iig = pyspiel.IIGObservationType(public_info=False, perfect_recall=recall,
                                         private_info=P.NONE)
        with pytest.raises(InvalidArgumentError,
                           match=r"public_info=False, private_info=NONE.*SINGLE_PLAYER.*"
                                 r"NONE.*ALL_PLAYERS.*public_info=False, SINGLE_PLAYER or "
                                 r"ALL_PLAYERS"):
            game.make_py_observer(iig)
    with pytest.raises(InvalidArgumentError, match="parameters are not supported"):
        game.make_py_observer(None, {"view": "all"})
