"""Integer actions on the deal types of both games and both backends:
legal_actions, play_action and random_move."""

from __future__ import annotations

import random
from types import ModuleType

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trickcore.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
)

Backend = dict[str, ModuleType]
Backends = tuple[Backend, Backend]


def spitzer_deal(backend: Backend, seed: int, options: int = 0) -> object:
    sp = backend["_spitzer"]
    pack = list(sp.PACK)
    random.Random(seed).shuffle(pack)
    return sp.SpitzerState(sp.deal_pack(pack, seed % 4), seed % 4, options)


def spidge_deal(backend: Backend, seed: int, flags: int = 1) -> object:
    sg = backend["_spidge"]
    pack = list(sg.pack(bool(flags & 1)))
    random.Random(seed).shuffle(pack)
    return sg.SpidgeState([sum(1 << c for c in pack[h::4]) for h in range(4)], flags)


def expected_spitzer_actions(deal: object, backend: Backend) -> tuple[int, ...]:
    """The legal actions spelled out from legal_announcements / legal_moves."""
    sp = backend["_spitzer"]
    if deal.phase == sp.AUCTION:  # type: ignore[attr-defined]
        return tuple(32 + code for code in deal.legal_announcements)  # type: ignore[attr-defined]
    return tuple(sorted(sp.action_index(c) for c in deal.legal_moves))  # type: ignore[attr-defined]


def test_spitzer_actions_follow_the_announcements_then_the_cards(backend: Backend) -> None:
    rng = random.Random(5)
    for seed in range(12):
        deal = spitzer_deal(backend, seed, options=seed % 32)
        while not deal.is_over:  # type: ignore[attr-defined]
            legal = deal.legal_actions  # type: ignore[attr-defined]
            assert legal == expected_spitzer_actions(deal, backend)
            assert all(type(a) is int for a in legal)
            before = deal.copy()  # type: ignore[attr-defined]
            action = deal.random_move(rng)  # type: ignore[attr-defined]
            assert action in legal and deal == before  # choosing does not play
            deal.play_action(action)  # type: ignore[attr-defined]
            if action >= 32:
                before.announce(action - 32)  # type: ignore[attr-defined]
            else:
                before.play(backend["_spitzer"].card_of_action(action))  # type: ignore[attr-defined]
            assert deal == before
        assert deal.legal_actions == ()  # type: ignore[attr-defined]


def test_spidge_actions_are_the_card_numbers(backend: Backend) -> None:
    rng = random.Random(6)
    for seed in range(8):
        deal = spidge_deal(backend, seed, flags=seed % 16)
        while not deal.is_over:  # type: ignore[attr-defined]
            legal = deal.legal_actions  # type: ignore[attr-defined]
            assert legal == tuple(int(c) for c in deal.legal_moves)  # type: ignore[attr-defined]
            action = deal.random_move(rng)  # type: ignore[attr-defined]
            assert action in legal
            deal.play_action(action)  # type: ignore[attr-defined]
        assert deal.legal_actions == ()  # type: ignore[attr-defined]


def test_random_move_is_the_drawn_fraction_of_the_legal_actions(backend: Backend) -> None:
    deal = spidge_deal(backend, 3)
    legal = deal.legal_actions  # type: ignore[attr-defined]

    class Fixed:
        def __init__(self, value: float) -> None:
            self.value = value

        def random(self) -> float:
            return self.value

    assert deal.random_move(Fixed(0.0)) == legal[0]  # type: ignore[attr-defined]
    assert deal.random_move(Fixed(0.999999)) == legal[-1]  # type: ignore[attr-defined]
    middle = (len(legal) // 2 + 0.5) / len(legal)
    assert deal.random_move(Fixed(middle)) == legal[len(legal) // 2]  # type: ignore[attr-defined]
    # numpy's generators have random() too, and every legal card comes up.
    generator = np.random.default_rng(1)
    seen = {deal.random_move(generator) for _ in range(400)}  # type: ignore[attr-defined]
    assert seen == set(legal)


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_numpy_integers_are_actions_and_bools_floats_are_not(backend: Backend, game: str) -> None:
    deal = spitzer_deal(backend, 1) if game == "spitzer" else spidge_deal(backend, 1)
    first = deal.legal_actions[0]  # type: ignore[attr-defined]
    other = deal.copy()  # type: ignore[attr-defined]
    deal.play_action(np.int16(first))  # type: ignore[attr-defined]
    other.play_action(first)
    assert deal == other
    for bad in (True, 1.0, "0", None):
        with pytest.raises(ArgumentTypeError, match="action"):
            deal.play_action(bad)  # type: ignore[attr-defined]
    for bad in (-1, 54 if game == "spidge" else 45, 2**70):
        with pytest.raises(InvalidArgumentError, match="invalid action"):
            deal.play_action(bad)  # type: ignore[attr-defined]
    assert deal == other


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_an_illegal_action_names_the_rule_and_changes_nothing(backend: Backend, game: str) -> None:
    if game == "spitzer":
        deal = spitzer_deal(backend, 2)
        for _ in range(4):
            deal.play_action(32)  # type: ignore[attr-defined]  # everyone passes
        deal.play_action(deal.legal_actions[0])  # type: ignore[attr-defined]
        everything = range(45)
    else:
        deal = spidge_deal(backend, 2)
        deal.play_action(deal.legal_actions[0])  # type: ignore[attr-defined]
        everything = range(54)
    before = deal.copy()  # type: ignore[attr-defined]
    illegal = [a for a in everything if a not in deal.legal_actions]  # type: ignore[attr-defined]
    assert illegal
    in_pack = backend["_spidge"].pack(True) if game == "spidge" else range(45)
    for action in illegal:
        # A card outside this game's pack is no card here; any other is illegal.
        error = IllegalMoveError if action in in_pack else InvalidCardError
        with pytest.raises(error):
            deal.play_action(action)  # type: ignore[attr-defined]
    assert deal == before


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_no_random_move_once_the_deal_is_over(backend: Backend, game: str) -> None:
    deal = spitzer_deal(backend, 4) if game == "spitzer" else spidge_deal(backend, 4)
    rng = random.Random(0)
    while not deal.is_over:  # type: ignore[attr-defined]
        deal.play_action(deal.random_move(rng))  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match="over"):
        deal.random_move(rng)  # type: ignore[attr-defined]
    with pytest.raises(IllegalMoveError, match="over"):
        deal.play_action(0)  # type: ignore[attr-defined]


@settings(max_examples=40)
@given(seed=st.integers(0, 2**32 - 1), options=st.integers(0, 31), flags=st.integers(0, 15))
def test_backends_draw_and_play_the_same_actions(both_backends: Backends, seed: int,
                                                 options: int, flags: int) -> None:
    compiled, reference = both_backends
    for make, arg in ((spitzer_deal, options), (spidge_deal, flags)):
        a = make(compiled, seed, arg)
        b = make(reference, seed, arg)
        ra, rb = random.Random(seed), random.Random(seed)
        while not a.is_over:  # type: ignore[attr-defined]
            assert a.legal_actions == b.legal_actions  # type: ignore[attr-defined]
            action = a.random_move(ra)  # type: ignore[attr-defined]
            assert b.random_move(rb) == action  # type: ignore[attr-defined]
            a.play_action(action)  # type: ignore[attr-defined]
            b.play_action(action)  # type: ignore[attr-defined]
        assert b.is_over  # type: ignore[attr-defined]


def test_the_public_deals_have_integer_actions() -> None:
    from pytrick.spidge import SpidgeDeal
    from pytrick.spitzer import SpitzerDeal

    deal = SpitzerDeal.from_seed(2)
    assert deal.legal_actions[:2] == (32, 33)  # PASS, ZOLA
    deal.play_action(32)
    assert len(deal.announcements) == 1
    spidge = SpidgeDeal.from_seed(7)
    card = spidge.random_move(random.Random(1))
    spidge.play_action(card)
    assert spidge.history == (card,)


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
@pytest.mark.parametrize("rng", [None, 5, "x", 1.5])
def test_random_move_refuses_what_is_not_a_generator(backend: Backend, game: str,
                                                     rng: object) -> None:
    deal = spitzer_deal(backend, 4) if game == "spitzer" else spidge_deal(backend, 4)
    before = deal.copy()  # type: ignore[attr-defined]
    with pytest.raises(ArgumentTypeError, match=r"^rng must be random\.Random, numpy\.random\.Generator"):
        deal.random_move(rng)  # type: ignore[attr-defined]
    assert deal == before


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
@pytest.mark.parametrize("draw", [1.0, -0.25, "0.5", None, True])
def test_random_move_refuses_a_draw_outside_zero_to_one(backend: Backend, game: str,
                                                        draw: object) -> None:
    deal = spitzer_deal(backend, 4) if game == "spitzer" else spidge_deal(backend, 4)
    before = deal.copy()  # type: ignore[attr-defined]

    class Odd:
        def random(self) -> object:
            return draw

    expected = InvalidArgumentError if type(draw) is float else ArgumentTypeError
    with pytest.raises(expected, match=r"^rng\.random\(\) gave .*float in \[0, 1\)"):
        deal.random_move(Odd())  # type: ignore[attr-defined]
    assert deal == before
