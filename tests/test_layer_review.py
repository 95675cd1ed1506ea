"""Regressions from the review of the layer above the core: the environment
adapters, the arena, the batch module and the benchmarks' helpers."""

from __future__ import annotations

import numpy as np
import pytest

from _extras import import_extra
from pytrick.envs._games import SPIDGE, SPITZER


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
def test_gym_env_treats_an_action_outside_the_space_as_illegal(game, wrap):
    gymnasium = import_extra("gymnasium")
    import pytrick.envs  # noqa: F401 (registers the environments)

    env = gymnasium.make(f"pytrick/{game}-v0", illegal_reward=-7)
    _, info = env.reset(seed=3)
    while game == "Spitzer" and np.flatnonzero(info["action_mask"]).max() >= 32:  # auction
        _, _, _, _, info = env.step(np.flatnonzero(info["action_mask"]).min())
    legal = int(np.flatnonzero(info["action_mask"])[0])
    # Numpy indexing once wrapped a negative action onto a legal card and played it.
    _, reward, terminated, _, info = env.step(legal + wrap)
    assert (reward, terminated, info["illegal_action"]) == (-7, True, True)
