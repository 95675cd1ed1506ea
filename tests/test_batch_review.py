"""Review of the batch surface (pytrick.batch, trickcore._batch / _vector,
the observation tensors): refused calls leave batches as they were, bad
inputs get specific errors on both backends, loaded lanes play on and both
backends agree, and a tensor shows a seat nothing it cannot see."""

from __future__ import annotations

import random
import threading
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import trickcore
from _positions import spidge_position, spitzer_position
from pytrick import tensors
from pytrick.batch import SpidgeBatch, SpitzerBatch
from pytrick.inference import sample_deals
from pytrick.spidge import SpidgeDeal, SpidgeRules
from pytrick.spitzer import SpitzerDeal, SpitzerRules
from trickcore.errors import ArgumentTypeError, InvalidArgumentError, PytrickError

Backend = dict[str, ModuleType]


# -- a refused or missing __init__ -------------------------------------------------

def test_a_refused_second_init_changes_neither_the_seed_nor_the_rules() -> None:
    spitzer = SpitzerBatch(2, seed=1)
    with pytest.raises(PytrickError, match="already set up"):
        spitzer.__init__(2, seed=99, rules=SpitzerRules(target=50))  # type: ignore[misc]
    assert spitzer.seed == 1 and spitzer.rules == SpitzerRules()

    spidge = SpidgeBatch(2, seed=1)
    deal = spidge.state(0)
    with pytest.raises(PytrickError, match="already set up"):
        spidge.__init__(2, seed=99, rules=SpidgeRules(slam_tricks=11))  # type: ignore[misc]
    # The lanes still play slam_tricks=13: so must the rules and the deals say.
    assert spidge.seed == 1 and spidge.rules == SpidgeRules()
    assert spidge.state(0).rules == SpidgeRules() and spidge.state(0) == deal
    spidge.load(1, deal)  # a deal of the batch's real rules is still taken


@pytest.mark.parametrize("cls", [SpitzerBatch, SpidgeBatch])
def test_a_batch_whose_init_never_ran_says_so_everywhere(cls: Any) -> None:
    batch = cls.__new__(cls)
    deal = (SpitzerDeal if cls is SpitzerBatch else SpidgeDeal).from_seed(1)
    calls = [lambda: batch.rules, lambda: batch.seed, lambda: batch.load(0, deal),
             lambda: batch.set_states([deal]), lambda: batch.state(0), lambda: batch.reset()]
    if cls is SpidgeBatch:
        calls.append(lambda: batch.dealers())
    for call in calls:
        with pytest.raises(PytrickError, match="was never set up"):
            call()
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        batch.nothing  # noqa: B018
    assert not hasattr(batch, "nothing")


def test_a_spidge_lane_is_never_seen_with_the_dealer_of_another_deal() -> None:
    # The dealer is kept beside the core's lanes: a state(i) from another
    # thread must not fall between a reset of the lane and its new dealer.
    batch = SpidgeBatch(2, seed=1)
    seen: dict[str, SpidgeDeal] = {}
    reader = threading.Thread(target=lambda: seen.update(deal=batch.state(0)))

    class Lanes:
        """Lane 0, read by numpy once by the core and once by pytrick."""

        reads = 0

        def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
            Lanes.reads += 1
            if Lanes.reads == 2:  # the core has dealt lane 0 anew
                reader.start()
                reader.join(timeout=0.5)  # blocks until reset is done, once fixed
            return np.array([0])

    batch.reset(Lanes())
    reader.join()
    assert Lanes.reads == 2
    assert seen["deal"].dealer == batch.dealers()[0] == 1
    assert seen["deal"] == batch.state(0)


# -- observations: the encoders ----------------------------------------------------

def test_the_encoders_refuse_other_objects_and_deals_never_set_up(backend: Backend) -> None:
    observe, sp, sg = backend["_observe"], backend["_spitzer"], backend["_spidge"]
    spitzer = sp.SpitzerState(sp.deal_pack(sp.PACK, 0))
    pack = list(sg.pack(True))
    spidge = sg.SpidgeState([sum(1 << c for c in pack[h::4]) for h in range(4)])
    for call in (lambda: observe.spitzer_observation(spidge, 0),
                 lambda: observe.spidge_observation(spitzer, 0),
                 lambda: observe.spitzer_observation("deal", 0)):
        with pytest.raises(ArgumentTypeError, match=r"expected a (compiled )?Sp\w+State, not"):
            call()
    with pytest.raises(InvalidArgumentError, match=r"invalid hand 4: hands are 0 \(the dealer's"):
        observe.spidge_observation(spidge, 4)
    with pytest.raises(InvalidArgumentError, match="invalid seat 4: seats are 0 to 3"):
        observe.spitzer_observation(spitzer, 4)
    # A state whose __init__ never ran is not encoded as if it were a deal.
    for cls, encode in ((sp.SpitzerState, observe.spitzer_observation),
                        (sg.SpidgeState, observe.spidge_observation)):
        with pytest.raises(PytrickError, match="was never set up"):
            encode(cls.__new__(cls), 0)


def test_plane_refuses_a_vector_of_another_size() -> None:
    spitzer = tensors.encode_observation(SpitzerDeal.from_seed(1), 0)
    spidge = tensors.encode_observation(SpidgeDeal.from_seed(1), player=0)
    assert tensors.plane(spitzer, "spitzer", "own_hand").sum() == 8
    assert tensors.plane(np.stack([spidge, spidge]), "spidge", "own_hand").shape == (2, 54)
    for vector, game in ((spidge, "spitzer"), (spitzer, "spidge"), (spitzer[:10], "spitzer"),
                         (np.float32(0), "spitzer")):
        with pytest.raises(InvalidArgumentError, match=f"a {game} observation has"):
            tensors.plane(vector, game, "own_hand")  # type: ignore[arg-type]
    with pytest.raises(InvalidArgumentError, match="unknown game"):
        tensors.layout(["spitzer"])  # type: ignore[arg-type]


# -- actions and lane numbers too large for 64 bits ---------------------------------

def test_an_action_too_large_for_64_bits_is_out_of_range(backend: Backend) -> None:
    batch, vector = backend["_batch"], backend["_vector"]
    huge = 1 << 70
    for env, n, unit in ((batch.SpitzerBatch(3, 1), 45, "deal"), (batch.SpidgeBatch(3, 1), 54, "deal"),
                         (vector.SpitzerLanes(3, 1), 45, "lane"),
                         (vector.SpidgeLanes(3, 1), 54, "lane")):
        if unit == "lane":
            env.reset()
        before = [env.state(i) for i in range(3)]
        with pytest.raises(InvalidArgumentError,
                           match=rf"^{unit} 1: action {huge} is out of range: actions are 0 to {n - 1}$"):
            env.step([0, huge, 0])
        assert [env.state(i) for i in range(3)] == before
        # Not integers at all is still a type error.
        with pytest.raises(ArgumentTypeError, match="actions must be integers"):
            env.step([0, "1", 0])
    lanes = batch.SpidgeBatch(3, 1)
    with pytest.raises(InvalidArgumentError, match=r"deal indices must be ints in 0\.\.2"):
        lanes.reset([0, huge])
    with pytest.raises(InvalidArgumentError, match=r"deal indices must be ints in 0\.\.2"):
        lanes.set_states([lanes.state(0)], ids=[huge])


# -- loaded lanes on both backends -------------------------------------------------


def _run(batch: Any, seed: int) -> list[Any]:
    """Every array the batch shows while random legal actions finish its deals."""
    rng = np.random.default_rng(seed)
    shown: list[Any] = []
    while True:
        masks = batch.legal_masks()
        shown += [masks, batch.observations(), batch.to_move(), batch.scores()]
        if batch.is_over().all():
            return shown
        batch.step(np.array([rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]))


@pytest.mark.parametrize("moves", [0, 2, 4, 9, 23, 36])
@pytest.mark.parametrize("mode", ["play", "random", "pass"])
def test_loaded_spitzer_lanes_in_any_phase_play_alike_on_both_backends(
        both_backends: tuple[Backend, Backend], moves: int, mode: str) -> None:
    runs = []
    for backend in both_backends:
        deal = spitzer_position(backend, moves + 3, moves)
        kept = deal.copy()
        batch = backend["_batch"].SpitzerBatch(3, 5, 0, mode)
        batch.set_states([deal, deal], ids=[2, 0])
        assert deal == kept
        shown = _run(batch, moves)
        assert deal == kept  # the lanes held copies
        batch.reset([0])
        runs.append((shown, repr(batch.state(0)), batch.state(2).dealer))
    compiled, reference = runs
    assert len(compiled[0]) == len(reference[0])
    for a, b in zip(compiled[0], reference[0], strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)
    assert compiled[1:] == reference[1:]


@pytest.mark.parametrize("moves", [0, 1, 6, 13, 51, 52])
def test_loaded_spidge_lanes_play_alike_on_both_backends(
        both_backends: tuple[Backend, Backend], moves: int) -> None:
    runs = []
    for backend in both_backends:
        deal = spidge_position(backend, moves, moves)
        kept = deal.copy()
        batch = backend["_batch"].SpidgeBatch(2, 8)
        batch.load(1, deal)
        shown = _run(batch, moves)
        assert deal == kept
        runs.append(shown)
    for a, b in zip(*runs, strict=True):
        assert a.dtype == b.dtype and np.array_equal(a, b)


def test_a_loaded_spidge_deal_on_the_dummys_turn_is_seen_by_its_dealer() -> None:
    deal = SpidgeDeal.from_seed(4, dealer=2)
    rng = random.Random(1)
    while deal.hand_to_move != 1:
        deal.play_action(deal.random_move(rng))
    batch = SpidgeBatch(3, seed=1)
    batch.load(2, deal)
    assert batch.to_move()[2] == 1 and batch.dealers()[2] == 2
    assert np.array_equal(batch.observations()[2], deal.observation(2).to_numpy())
    assert np.array_equal(batch.legal_masks()[2].nonzero()[0], deal.legal_actions)
    assert batch.state(2) == deal


# -- a tensor shows nothing hidden from its seat -------------------------------------

def test_batch_observations_are_the_same_in_every_world_the_seat_cannot_tell_apart() -> None:
    rng = random.Random(3)
    for i in range(12):
        spitzer = SpitzerDeal.from_seed(i, rules=SpitzerRules(
            void_call="first_void_player" if i % 2 else "called_ace_holder"))
        for _ in range(rng.randrange(4, 30)):
            legal = spitzer.legal_actions
            calls = [a for a in legal if a > 32]
            spitzer.play_action(rng.choice(calls if calls and rng.random() < 0.5 else legal))
        spidge = SpidgeDeal.from_seed(i, dealer=i % 3, rules=SpidgeRules(
            joker_suit="wild" if i % 2 else "trump"))
        for _ in range(rng.randrange(0, 52)):
            spidge.play_action(spidge.random_move(rng))
        cases: list[tuple[Any, Any, Any]] = [(spitzer, SpitzerBatch, spitzer.to_move),
                                             (spidge, SpidgeBatch, spidge.to_move)]
        for deal, cls, turn in cases:
            mover = turn if cls is SpitzerBatch else turn.player
            worlds = sample_deals(deal.observation(mover), 6, seed=i)
            batch = cls(7, seed=0, rules=deal.rules)
            batch.set_states([deal, *worlds])
            seen = batch.observations()
            assert (seen == seen[0]).all(), (i, cls.__name__)


def test_a_core_lane_keeps_the_deal_not_its_context() -> None:
    # pytrick keeps a deal's rules (its target) in its context; a lane has
    # none of its own, so the core's state(i) gives the deal back without it,
    # on the reference backend as on the compiled one.
    deal = SpitzerDeal.from_seed(1, rules=SpitzerRules(target=50))
    batch = trickcore._modules["_batch"].SpitzerBatch(2, 1)
    batch.load(0, deal)
    assert deal.context is not None and batch.state(0).context is None
    plain = deal.copy()
    plain.context = None
    assert batch.state(0) == plain


def test_random_playouts_takes_progress_as_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    from pytrick.batch import random_playouts

    with pytest.raises(ArgumentTypeError, match=r"progress must be True or False, not str \('no'\)"):
        random_playouts("spidge", 5, seed=1, progress="no")  # type: ignore[arg-type]
    assert capsys.readouterr().err == ""
    assert len(random_playouts("spidge", 5, seed=1, progress=np.bool_(False))) == 5
