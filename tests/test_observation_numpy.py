"""Observation.to_numpy() is the tensor of the observed deal itself, for every seat."""

from __future__ import annotations

import random

import numpy as np
import pytest

import trickcore
from pytrick import ArgumentTypeError, InvalidArgumentError
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
        assert np.array_equal(tensor, encode_observation(deal, hand=int(observation.seat)))
        assert np.array_equal(tensor, encode_observation(deal, player=player))


def test_a_spidge_observer_is_named_as_a_player_or_a_hand() -> None:
    deal = SpidgeDeal.from_seed(11)
    for player in range(3):
        hand = int(deal.hand_of(player))
        by_player = encode_observation(deal, player=player)
        assert np.array_equal(by_player, deal.observation(player).to_numpy())
        assert np.array_equal(by_player, encode_observation(deal, hand=hand))
        # The old positional form reads the number as the hand, and warns.
        with pytest.warns(DeprecationWarning, match=rf"write hand={hand} \(or player=\)"):
            assert np.array_equal(encode_observation(deal, hand), by_player)
    with pytest.raises(InvalidArgumentError, match=r"player= .* or hand= .*; got player and hand$"):
        encode_observation(deal, player=0, hand=3)
    with pytest.raises(InvalidArgumentError, match=r"got none$"):
        encode_observation(deal)
    with pytest.raises(InvalidArgumentError, match="invalid hand 4: hands are 0"):
        encode_observation(deal, hand=4)
    with pytest.raises(InvalidArgumentError, match="invalid player 3"):
        encode_observation(deal, player=3)
    with pytest.raises(InvalidArgumentError, match="no dealer, so no players: give hand="):
        encode_observation(trickcore.spidge.SpidgeState(list(deal.initial_hands), deal.flags,
                                                        deal.slam_tricks, deal.spidge_tricks),
                           player=0)


def test_a_spitzer_observer_is_a_seat() -> None:
    deal = SpitzerDeal.from_seed(11)
    assert np.array_equal(encode_observation(deal, seat=2), encode_observation(deal, 2))
    with pytest.raises(InvalidArgumentError, match="Spitzer observers are seats"):
        encode_observation(deal, player=2)
    with pytest.raises(ArgumentTypeError, match="give the seat"):
        encode_observation(deal)
