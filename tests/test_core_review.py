"""Regressions from the review of the compiled core: each case crashed, gave a
wrong answer or split the backends before.  Every test runs on both backends."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

import pytest

from pytrick import spidge, spitzer
from pytrick._worlds import search_inputs
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, InvalidCardError

# ------------------------------------------------------------------ ISMCTS arguments


def _spitzer_position(seed: int, plays: int) -> spitzer.SpitzerDeal:
    deal = spitzer.SpitzerDeal.from_seed(seed)
    while deal.legal_announcements:
        deal.announce("pass")
    rng = random.Random(seed)
    for _ in range(plays):
        deal.play(rng.choice(sorted(deal.legal_moves)))
    return deal


def _search_call(backend: dict[str, ModuleType], plays: int = 3) -> tuple[Any, list[Any]]:
    """The Spitzer search function of *backend* and its valid positional arguments."""
    deal = _spitzer_position(7, plays)
    inputs = search_inputs(deal.observation(deal.to_move))
    state = backend["_spitzer"].SpitzerState(
        [deal.original_hand(s) for s in range(4)], deal.dealer, deal.options,
        [code for _, code in deal.announcements], [card for _, card in deal.plays])
    args = [state, int(deal.to_move), list(inputs.seats), int(inputs.hidden),
            list(inputs.sizes), [list(case) for case in inputs.cases]]
    return backend["_ismcts"].spitzer_ismcts, args


def test_ismcts_valid_arguments_still_search(backend: dict[str, ModuleType]) -> None:
    search, args = _search_call(backend)
    move, stats = search(*args, iterations=8, seed=3)
    assert move in {m for m, _, _ in stats}


@pytest.mark.parametrize(
    ("index", "bad", "error", "words"),
    [
        (2, "seats", InvalidArgumentError, "seats"),          # seat 9: wrote past hands[4]
        (4, "negative", InvalidArgumentError, r"sizes\[0\] -1"),  # size -1: segfaulted
        (4, "sum", InvalidArgumentError, "add up to"),        # wrongly sized worlds
        (4, "swap", InvalidArgumentError, "invalid size"),    # right sum, wrong seats
        (3, "extra", InvalidArgumentError, "hidden must be"),
        (5, "outside", InvalidArgumentError, "not hidden"),
        (5, "bits", InvalidCardError, r"cases\[0\]\[0\]"),
        (1, "observer", InvalidArgumentError, "observer"),
        (2, "duplicate", InvalidArgumentError, "different"),
    ],
)
def test_ismcts_refuses_bad_arguments(
    backend: dict[str, ModuleType], index: int, bad: str, error: type[Exception], words: str
) -> None:
    search, args = _search_call(backend)
    value = args[index]
    if bad == "seats":
        value = [9, *value[1:]]
    elif bad == "negative":
        value = [-1, *value[1:-1], value[-1] + 1 + value[0]]
    elif bad == "sum":
        value = [value[0] + 1, *value[1:]]
    elif bad == "swap":
        value = [value[0] + 1, value[1] - 1, *value[2:]]
    elif bad == "extra":
        value = (value & (value - 1)) | (1 << 52)  # a card swapped: the count is right
    elif bad == "outside":
        value = [[value[0][0] | (1 << 52), *value[0][1:]]]
    elif bad == "bits":
        value = [[1 << 60, *value[0][1:]]]
    elif bad == "observer":
        value = 4
    elif bad == "duplicate":
        value = [value[0], value[0], *value[2:]]
    args[index] = value
    with pytest.raises(error, match=words):
        search(*args, iterations=5)


@pytest.mark.parametrize("seed", [1.7, True, "1", None])
def test_ismcts_refuses_a_seed_that_is_no_integer(backend: dict[str, ModuleType], seed: object) -> None:
    search, args = _search_call(backend)
    with pytest.raises(ArgumentTypeError):
        search(*args, iterations=5, seed=seed)


@pytest.mark.parametrize("iterations", [-1, 2**40, 2.5])
def test_ismcts_refuses_bad_iterations(backend: dict[str, ModuleType], iterations: object) -> None:
    search, args = _search_call(backend)
    with pytest.raises((InvalidArgumentError, ArgumentTypeError), match="iterations"):
        search(*args, iterations=iterations)


def test_ismcts_says_the_same_words_for_a_seat_not_to_move(backend: dict[str, ModuleType]) -> None:
    search, args = _search_call(backend)
    args[1] = (args[1] + 1) % 4
    with pytest.raises(InvalidArgumentError, match=f"^seat {args[1]} is not to move$"):
        search(*args, iterations=5)
    deal = spidge.SpidgeDeal.from_seed(4)
    inputs = search_inputs(deal.observation(deal.to_move.player))
    state = backend["_spidge"].SpidgeState(
        list(deal.initial_hands), deal.flags, deal.slam_tricks, deal.spidge_tricks)
    other = 3 if int(deal.to_move.player) != 3 else 0
    with pytest.raises(InvalidArgumentError, match=f"^seat {other} is not to move$"):
        backend["_ismcts"].spidge_ismcts(state, other, *inputs.args()[1:], iterations=5)
