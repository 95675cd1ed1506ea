"""Batches loaded with given deals (load, set_states), their rules and seeds,
and state(i) as the public deal type, on both backends."""

from __future__ import annotations

import random
import warnings
from types import ModuleType

import numpy as np
import pytest

from _positions import spidge_position, spitzer_position
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, RulesError

Backend = dict[str, ModuleType]


def test_a_loaded_spitzer_lane_plays_on_like_the_deal(backend: Backend) -> None:
    batch = backend["_batch"].SpitzerBatch(3, 7)
    deal = spitzer_position(backend, 2, 6)
    untouched = batch.state(2)
    batch.load(1, deal)
    assert batch.state(1) == deal and batch.state(2) == untouched
    rng = random.Random(4)
    while not deal.is_over:  # type: ignore[attr-defined]
        masks = batch.legal_masks()
        assert list(np.flatnonzero(masks[1])) == list(deal.legal_actions)  # type: ignore[attr-defined]
        action = deal.random_move(rng)  # type: ignore[attr-defined]
        actions = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks]
        actions[1] = action
        batch.step(np.array(actions))
        deal.play_action(action)  # type: ignore[attr-defined]
        assert batch.state(1) == deal
    assert list(batch.scores()[1]) == list(deal.scores())  # type: ignore[attr-defined]
    # The next deal of the lane passes to the left of the loaded deal's dealer.
    batch.reset([1])
    assert batch.state(1).dealer == (deal.dealer + 1) % 4  # type: ignore[attr-defined]


def test_the_automatic_modes_finish_a_loaded_auction(backend: Backend) -> None:
    fresh = spitzer_position(backend, 3, 0)
    passing = backend["_batch"].SpitzerBatch(1, 1, announcements="pass")
    passing.load(0, fresh)
    state = passing.state(0)
    assert state.phase == backend["_spitzer"].PLAY
    assert [code for _, code in state.announcements] == [0, 0, 0, 0]
    random_mode = backend["_batch"].SpitzerBatch(1, 1, announcements="random")
    random_mode.load(0, fresh)
    assert random_mode.state(0).phase == backend["_spitzer"].PLAY


def test_set_states_fills_lanes_and_checks_everything_first(backend: Backend) -> None:
    batch = backend["_batch"].SpidgeBatch(4, 2)
    before = [batch.state(i) for i in range(4)]
    worlds = [spidge_position(backend, s, 3 * s) for s in range(3)]
    batch.set_states(worlds[:2])
    assert [batch.state(i) for i in range(4)] == [*worlds[:2], *before[2:]]
    batch.set_states(worlds, ids=np.array([3, 0, 1]))
    assert [batch.state(i) for i in (3, 0, 1)] == worlds
    snapshot = [batch.state(i) for i in range(4)]
    other_rules = backend["_spidge"].SpidgeState(list(worlds[0].initial_hands), 1, 11, 10)  # type: ignore[attr-defined]
    with pytest.raises(RulesError, match="state 1"):
        batch.set_states([worlds[2], other_rules])
    with pytest.raises(ArgumentTypeError, match="state 1 is a str"):
        batch.set_states([worlds[2], "QC"])
    with pytest.raises(ArgumentTypeError, match="not a SpidgeState"):
        batch.load(0, spitzer_position(backend, 1, 0))
    with pytest.raises(InvalidArgumentError, match="twice"):
        batch.set_states(worlds[:2], ids=[2, 2])
    with pytest.raises(InvalidArgumentError, match="5 states for a batch of 4"):
        batch.set_states(worlds + worlds[:2])
    with pytest.raises(InvalidArgumentError, match="2 states for 3 lanes"):
        batch.set_states(worlds[:2], ids=[0, 1, 2])
    with pytest.raises(InvalidArgumentError):
        batch.load(4, worlds[0])
    assert [batch.state(i) for i in range(4)] == snapshot  # nothing changed


def test_spitzer_states_must_share_the_batch_options(backend: Backend) -> None:
    batch = backend["_batch"].SpitzerBatch(2, 2, options=3)
    batch.load(0, spitzer_position(backend, 1, 5, options=3))
    with pytest.raises(RulesError, match="option flags 0"):
        batch.load(1, spitzer_position(backend, 1, 5))


def test_both_backends_step_loaded_lanes_alike(
        both_backends: tuple[Backend, Backend]) -> None:
    batches = [b["_batch"].SpitzerBatch(4, 9) for b in both_backends]
    for batch, backend in zip(batches, both_backends, strict=True):
        batch.set_states([spitzer_position(backend, s, 4 * s) for s in range(4)])
    rng = np.random.default_rng(3)
    for _ in range(40):
        masks = [b.legal_masks() for b in batches]
        assert np.array_equal(masks[0], masks[1])
        actions = np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks[0]])
        for batch in batches:
            batch.step(actions)
        assert np.array_equal(batches[0].observations(), batches[1].observations())
    assert np.array_equal(batches[0].scores(), batches[1].scores())


# -- the public batches (pytrick.batch) ------------------------------------------------

def test_public_batches_take_rules_and_draw_a_seed_when_none_is_given() -> None:
    from pytrick.batch import SpidgeBatch, SpitzerBatch
    from pytrick.spidge import SpidgeRules
    from pytrick.spitzer import SpitzerRules

    rules = SpitzerRules(schneider_announcement=True)
    batch = SpitzerBatch(3, rules=rules)
    assert batch.rules == rules and batch.options == rules.flags
    assert isinstance(batch.seed, int)
    again = SpitzerBatch(3, batch.seed, rules=rules)
    assert all(again.state(i) == batch.state(i) for i in range(3))
    spidge_rules = SpidgeRules(slam_tricks=11, joker_suit="wild")
    spidge = SpidgeBatch(2, seed=4, rules=spidge_rules)
    assert spidge.rules == spidge_rules
    assert (spidge.options, spidge.slam_tricks) == (spidge_rules.flags, 11)
    with pytest.raises(ArgumentTypeError, match="SpitzerRules"):
        SpitzerBatch(2, 1, rules=spidge_rules)  # type: ignore[arg-type]


def test_options_is_a_deprecated_alias_of_rules() -> None:
    from pytrick.batch import SpidgeBatch, SpitzerBatch
    from pytrick.spitzer import SpitzerRules

    with pytest.warns(DeprecationWarning, match="rules="):
        old = SpitzerBatch(2, 5, options=SpitzerRules(call_requires_lead=True).flags)
    assert old.rules == SpitzerRules(call_requires_lead=True)
    with pytest.warns(DeprecationWarning, match="rules="):
        spidge = SpidgeBatch(2, 5, 0, slam_tricks=12)
    assert not spidge.rules.jokers and spidge.rules.slam_tricks == 12
    with warnings.catch_warnings(), pytest.raises(ArgumentTypeError, match="not both"):
        warnings.simplefilter("ignore", DeprecationWarning)
        SpitzerBatch(2, 5, options=0, rules=SpitzerRules())


def test_state_is_the_public_deal_so_bots_can_play_in_a_batch() -> None:
    from pytrick.batch import SpidgeBatch, SpitzerBatch
    from pytrick.spidge import SpidgeDeal
    from pytrick.spidge.bots import HeuristicBot as SpidgeBot
    from pytrick.spitzer import SpitzerDeal
    from pytrick.spitzer.bots import HeuristicBot

    batch = SpitzerBatch(3, seed=8, announcements="pass")
    bot = HeuristicBot(seed=1)
    while not batch.is_over().all():
        actions = []
        for i in range(3):
            deal = batch.state(i)
            assert type(deal) is SpitzerDeal
            if deal.is_over:
                actions.append(0)
                continue
            card = bot.play(deal.observation(deal.to_move))
            actions.append(trickcore_action(card))
        batch.step(np.array(actions))
    assert batch.scores().any()
    spidge = SpidgeBatch(3, seed=2)
    assert list(spidge.dealers()) == [0, 1, 2]
    world = SpidgeDeal.from_seed(9, dealer=1)
    spidge.load(2, world)
    loaded = spidge.state(2)
    assert type(loaded) is SpidgeDeal and loaded == world and loaded.dealer == 1
    assert loaded.rules == spidge.rules
    card = SpidgeBot(seed=1).play(loaded.observation(loaded.to_move.player))
    loaded.play(card)
    spidge.reset()
    assert list(spidge.dealers()) == [1, 2, 2]
    with pytest.raises(ArgumentTypeError, match="not a SpidgeDeal"):
        import trickcore

        spidge.load(0, trickcore.spidge.SpidgeState(list(world.initial_hands)))


def trickcore_action(card: object) -> int:
    import trickcore

    return int(trickcore.spitzer.action_index(card))


def test_a_deal_under_other_rules_is_refused_naming_the_field() -> None:
    from pytrick.batch import SpidgeBatch, SpitzerBatch
    from pytrick.spidge import SpidgeDeal, SpidgeRules
    from pytrick.spitzer import SpitzerDeal, SpitzerRules

    spitzer = SpitzerBatch(2, seed=1)
    before = [spitzer.state(i) for i in range(2)]
    to_21 = SpitzerDeal.from_seed(1, rules=SpitzerRules(target=21))
    with pytest.raises(RulesError, match=r"^the deal is played under target=21, the batch under target=42"):
        spitzer.load(0, to_21)
    leading = SpitzerDeal.from_seed(1, rules=SpitzerRules(call_requires_lead=True))
    with pytest.raises(RulesError, match=r"^deal 1 is played under call_requires_lead=True, "
                                         r"the batch under call_requires_lead=False"):
        spitzer.set_states([SpitzerDeal.from_seed(2), leading])
    with pytest.raises(ArgumentTypeError, match="the deal is a SpidgeDeal, not a SpitzerDeal"):
        spitzer.load(0, SpidgeDeal.from_seed(1))  # type: ignore[arg-type]
    assert [spitzer.state(i) for i in range(2)] == before
    spidge = SpidgeBatch(2, seed=1)
    with pytest.raises(RulesError, match=r"^deal 0 is played under target=5, jokers=False, "
                                         r"the batch under target=3, jokers=True"):
        spidge.set_states([SpidgeDeal.from_seed(1, rules=SpidgeRules(target=5, jokers=False))])
    with pytest.raises(ArgumentTypeError, match="the deal is a SpitzerDeal, not a SpidgeDeal"):
        spidge.load(0, to_21)  # type: ignore[arg-type]


def test_a_batch_under_the_deals_rules_gives_them_back_whole() -> None:
    from pytrick.batch import SpidgeBatch, SpitzerBatch
    from pytrick.spidge import SpidgeDeal, SpidgeRules
    from pytrick.spitzer import SpitzerDeal, SpitzerRules

    to_21 = SpitzerDeal.from_seed(1, rules=SpitzerRules(target=21, schneider_announcement=True))
    spitzer = SpitzerBatch(2, seed=1, rules=to_21.rules)
    assert spitzer.rules.target == 21 and spitzer.state(1).rules == to_21.rules
    spitzer.load(0, to_21)
    assert spitzer.state(0) == to_21 and spitzer.state(0).rules.target == 21
    to_5 = SpidgeDeal.from_seed(1, rules=SpidgeRules(target=5))
    spidge = SpidgeBatch(2, seed=1, rules=to_5.rules)
    spidge.load(1, to_5)
    assert spidge.state(1) == to_5 and spidge.state(1).rules.target == 5
