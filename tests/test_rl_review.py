"""Problems a new user of the RL and sampling layer ran into, each pinned by a test."""

from __future__ import annotations

import numpy as np
import pytest

import pytrick.batch
from _extras import import_extra
from trickcore.errors import InvalidArgumentError


@pytest.mark.parametrize("name", ["python_spitzer", "python_spidge"])
def test_openspiel_chance_refuses_a_card_dealt_already_or_not_in_the_pack(name):
    pyspiel = import_extra("pyspiel")
    import pytrick.envs.openspiel  # noqa: F401 (registers the games)

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
