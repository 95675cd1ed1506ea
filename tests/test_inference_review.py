"""Review of information sets and sampling as a search author uses them: bad
inputs to the samplers and to the inference get clear pytrick errors.

The sampler tests run on both sampler backends; the inference tests on the
sampler backends available, with deal objects of the backend in use (run the
file once more with ``TRICKCORE_PUREPYTHON=1`` for the reference engine).
"""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest

import trickcore
from pytrick.inference import (
    SamplerBackend,
    count_deals,
    hidden_constraints,
    possible_cards,
    sample_deals,
)
from pytrick.inference import spidge as spidge_inference
from pytrick.inference import spitzer as spitzer_inference
from pytrick.spidge import Hand, SpidgeDeal, SpidgeRules
from pytrick.spitzer import SpitzerDeal, SpitzerRules
from trickcore import CardSet
from trickcore._reference import _sampling as reference_sampling
from trickcore.errors import (
    ArgumentTypeError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
)

SAMPLER_BACKENDS: list[SamplerBackend] = list(trickcore.available_backends())  # type: ignore[arg-type]


def sampling_modules() -> list[ModuleType]:
    modules = [reference_sampling]
    if "cython" in SAMPLER_BACKENDS:
        from trickcore import _sampling

        modules.insert(0, _sampling)
    return modules


def spitzer_observation() -> Any:
    """The docs' position: all pass, two tricks played, seen by seat 2."""
    deal = SpitzerDeal.from_seed(7)
    for _ in range(4):
        deal.announce("pass")
    for card in ("8D", "QC", "JD", "JC", "9C", "7C", "KC", "TD"):
        deal.play(card)
    return deal.observation(2)


def spidge_observation() -> Any:
    deal = SpidgeDeal.from_seed(3)
    for _ in range(5):
        deal.play_action(deal.legal_actions[0])
    return deal.observation(0)


def calls(observation: Any) -> list[Callable[[], object]]:
    return [
        lambda: count_deals(observation),
        lambda: possible_cards(observation),
        lambda: hidden_constraints(observation),
        lambda: sample_deals(observation, 1, seed=0),
    ]


# -- a huge n is an argument error naming the limit ------------------------------------


@pytest.mark.parametrize("n", [2**62, 2**64, 2**32 + 1])
@pytest.mark.parametrize("sampling", sampling_modules(), ids=lambda m: m.__name__)
def test_a_huge_sample_count_is_refused_naming_the_limit(sampling: ModuleType, n: int) -> None:
    # It was MemoryError (compiled), OverflowError (2**64), or a loop that ran
    # until memory ran out (reference).
    message = f"n = {n}: a call draws at most 2**32 deals"
    with pytest.raises(InvalidArgumentError, match="^" + message.replace("*", r"\*") + "$"):
        sampling.sample_assignments(0b11, [1, 1], [0b11, 0b11], n, 0)
    prepared = sampling.PreparedSampler(0b11, [1, 1], [0b11, 0b11])
    with pytest.raises(InvalidArgumentError, match="at most 2"):
        prepared.sample(n, 0)
    assert len(prepared.sample(3, 0)) == 3


@pytest.mark.parametrize("backend", SAMPLER_BACKENDS)
def test_sample_deals_refuses_a_huge_n(backend: SamplerBackend) -> None:
    seen = spitzer_observation()
    message = r"^invalid n 4611686018427387904: a call returns at most 2\*\*32 results$"
    with pytest.raises(InvalidArgumentError, match=message):
        sample_deals(seen, 2**62, seed=1, backend=backend)
    with pytest.raises(InvalidArgumentError, match="at most 2"):
        hidden_constraints(seen).sample(2**40, 1, backend)
    assert len(sample_deals(seen, 2, seed=1, backend=backend)) == 2


@pytest.mark.parametrize(
    ("sizes", "allowed", "message"),
    [
        (2, [0b11, 0b11], "sizes must be a sequence of hand sizes, one a seat, not int"),
        ("11", [0b11, 0b11], "sizes must be a sequence of hand sizes, one a seat, not str"),
        ([1, 1], 0b11, "allowed must be a sequence of card masks, one a seat, not int"),
        ([1, 1], None, "allowed must be a sequence of card masks, one a seat, not NoneType"),
    ],
)
@pytest.mark.parametrize("sampling", sampling_modules(), ids=lambda m: m.__name__)
def test_sizes_or_allowed_not_a_sequence_is_a_type_error_naming_it(
    sampling: ModuleType, sizes: object, allowed: object, message: str
) -> None:
    # It was "'int' object is not iterable" (a string was read digit by digit).
    for call in (
        lambda: sampling.count_assignments(0b11, sizes, allowed),
        lambda: sampling.sample_assignments(0b11, sizes, allowed, 1, 0),
        lambda: sampling.PreparedSampler(0b11, sizes, allowed),
    ):
        with pytest.raises(ArgumentTypeError) as caught:
            call()
        assert str(caught.value) == message


# -- hand-built observations with bad fields --------------------------------------------

SPITZER_BAD_FIELDS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"seat": 5}, InvalidArgumentError, "invalid observation.seat 5: seats are 0 to 3"),
    ({"seat": -1}, InvalidArgumentError, "invalid observation.seat -1: seats are 0 to 3"),
    ({"seat": "1"}, ArgumentTypeError, "observation.seat must be an integer, not str ('1')"),
    ({"dealer": 9}, InvalidArgumentError, "invalid observation.dealer 9: seats are 0 to 3"),
    ({"rules": SpidgeRules()}, ArgumentTypeError,
     "observation.rules must be a SpitzerRules, not SpidgeRules"),
    ({"hand": "QC QS"}, ArgumentTypeError, "observation.hand must be a CardSet, not str"),
    ({"plays": ((0, 99),)}, InvalidCardError,
     "observation.plays: invalid card number 99: cards are numbered 0 to 53"),
    ({"plays": ((7, "8D"),)}, InvalidArgumentError,
     "invalid observation.plays: a seat 7: seats are 0 to 3"),
    ({"plays": ((0, "2C"),)}, InvalidCardError, "observation.plays: 2♣ is not in the Spitzer pack"),
]


@pytest.mark.parametrize(("fields", "error", "message"), SPITZER_BAD_FIELDS)
def test_a_spitzer_observation_with_a_bad_field_gets_an_error_naming_it(
    fields: dict[str, Any], error: type[Exception], message: str
) -> None:
    # Seat 5 was an IndexError, seat -1 a count over four hidden seats, and
    # Spidge rules were read as Spitzer's.
    bad = dataclasses.replace(spitzer_observation(), **fields)
    for call in calls(bad):
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value) == message


SPIDGE_BAD_FIELDS: list[tuple[dict[str, Any], type[Exception], str]] = [
    ({"seat": 7}, InvalidArgumentError, "invalid observation.seat 7: hands are 0 to 3 (a Hand)"),
    ({"seat": Hand.DUMMY}, InvalidArgumentError,
     "invalid observation.seat Hand.DUMMY: the dummy observes nothing; a player's hand is "
     "Hand.LEFT, Hand.RIGHT or Hand.DEALER"),
    ({"dealer": 3}, InvalidArgumentError,
     "invalid observation.dealer 3: the dealer is player 0, 1 or 2"),
    ({"rules": SpitzerRules()}, ArgumentTypeError,
     "observation.rules must be a SpidgeRules, not SpitzerRules"),
    ({"dummy": None}, ArgumentTypeError, "observation.dummy must be a CardSet, not NoneType"),
    ({"rules": SpidgeRules(jokers=False)}, InvalidCardError,
     "observation.hand: 🃏2 is not in this Spidge pack"),
    ({"plays": ((Hand.LEFT, "2D"),)}, InvalidCardError,
     "observation.plays: 2♦ is not in this Spidge pack"),
]


@pytest.mark.parametrize(("fields", "error", "message"), SPIDGE_BAD_FIELDS)
def test_a_spidge_observation_with_a_bad_field_gets_an_error_naming_it(
    fields: dict[str, Any], error: type[Exception], message: str
) -> None:
    # Spitzer rules were an AttributeError, seat 7 a ValueError from Hand(),
    # and the dummy's seat gave a count of 0 with three "hidden" hands.
    seen = spidge_observation()
    assert "JK2" in seen.hand  # the jokers=False case needs a joker in sight
    bad = dataclasses.replace(seen, **fields)
    for call in calls(bad):
        with pytest.raises(error) as caught:
            call()
        assert str(caught.value) == message


def test_each_game_module_refuses_the_other_games_observation() -> None:
    spitzer, spidge = spitzer_observation(), spidge_observation()
    for function in (spitzer_inference.hidden_constraints, spitzer_inference.prepare_replay):
        with pytest.raises(ArgumentTypeError, match=r"^expected a SpitzerObservation .* not SpidgeObservation$"):
            function(spidge)
    for other in (spidge_inference.hidden_constraints, spidge_inference.prepare_replay):
        with pytest.raises(ArgumentTypeError, match=r"^expected a SpidgeObservation .* not SpitzerObservation$"):
            other(spitzer)


@pytest.mark.parametrize("backend", SAMPLER_BACKENDS)
def test_an_observation_no_deal_gives_counts_zero_and_samples_nothing(backend: SamplerBackend) -> None:
    # A hand that still holds cards it played: count_deals said 7399392 and
    # sample_deals failed in the engine ("hand 2 has 14 cards").
    seen = spitzer_observation()
    impossible = [
        dataclasses.replace(seen, hand=seen.hand | seen.played),
        dataclasses.replace(seen, plays=(*seen.plays, (1, seen.plays[0][1]))),
    ]
    table = spidge_observation()
    impossible += [
        dataclasses.replace(table, hand=table.hand | table.played),
        dataclasses.replace(table, dummy=table.dummy | table.hand),
        dataclasses.replace(table, dummy=CardSet(list(table.dummy)[1:])),
    ]
    for bad in impossible:
        assert count_deals(bad, backend=backend) == 0
        assert not any(possible_cards(bad)[seat] for seat in hidden_constraints(bad).seats)
        with pytest.raises(PytrickError, match=r"^no deal is consistent with the observation"):
            sample_deals(bad, 1, seed=0, backend=backend)


@pytest.mark.parametrize("backend", SAMPLER_BACKENDS)
def test_the_real_observations_still_sample_and_count(backend: SamplerBackend) -> None:
    spitzer, spidge = spitzer_observation(), spidge_observation()
    assert count_deals(spitzer, backend=backend) == 7399392  # as docs/inference.rst says
    assert count_deals(spidge, backend=backend) > 0
    for world in sample_deals(spitzer, 5, seed=2, backend=backend):
        assert world.observation(spitzer.seat) == spitzer
    for table in sample_deals(spidge, 5, seed=2, backend=backend):
        assert table.observation(spidge.player) == spidge


def test_an_unbuilt_compiled_sampler_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    # A pure-Python install: backend="cython" was "No module named trickcore._sampling".
    seen = spidge_observation()
    hidden_constraints(seen)  # cached; its samplers are made per backend on demand
    monkeypatch.setitem(sys.modules, "trickcore._sampling", None)
    monkeypatch.delattr(trickcore, "_sampling", raising=False)
    with pytest.raises(InvalidArgumentError, match=r"^sampler backend 'cython' is not available"):
        count_deals(dataclasses.replace(seen, to_move=None), backend="cython")
