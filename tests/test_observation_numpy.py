"""Observation.to_numpy() is the tensor of the observed deal itself, for every seat."""

from __future__ import annotations

import random

import numpy as np
import pytest

from pytrick.spidge import SpidgeDeal
from pytrick.spitzer import SpitzerDeal
from pytrick.tensors import OBS_SIZE, encode_observation


@pytest.mark.parametrize("seed", range(6))
def test_spitzer_observation_tensor_equals_the_deal_tensor(seed: int) -> None:
    rng = random.Random(seed)
    deal = SpitzerDeal.from_seed(seed)
    for _ in range(rng.randrange(4, 36)):
        if deal.is_over:
            break
        if deal.phase == 0:
            deal.announce(rng.choice(deal.legal_announcements))
        else:
            deal.play(rng.choice(list(deal.legal_moves)))
    for seat in range(4):
        tensor = deal.observation(seat).to_numpy()
        assert tensor.shape == (OBS_SIZE["spitzer"],)
        assert np.array_equal(tensor, encode_observation(deal, seat))


@pytest.mark.parametrize("seed", range(6))
def test_spidge_observation_tensor_equals_the_deal_tensor(seed: int) -> None:
    rng = random.Random(seed)
    deal = SpidgeDeal.from_seed(seed)
    for _ in range(rng.randrange(0, 52)):
        deal.play(rng.choice(list(deal.legal_moves)))
    for player in range(3):
        observation = deal.observation(player)
        tensor = observation.to_numpy()
        assert tensor.shape == (OBS_SIZE["spidge"],)
        assert np.array_equal(tensor, encode_observation(deal, int(observation.seat)))
