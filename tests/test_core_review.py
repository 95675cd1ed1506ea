"""Regressions from the review of the compiled core: each case crashed, gave a
wrong answer or split the backends before.  Every test runs on both backends
except the one that builds against the C API."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

import trickcore
from pytrick import spidge, spitzer
from pytrick._worlds import search_inputs
from trickcore.errors import (
    ArgumentTypeError,
    IllegalMoveError,
    InvalidArgumentError,
    InvalidCardError,
    PytrickError,
)

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


# ------------------------------------------------------------------ vector lanes

_LANES = {"SpitzerLanes": {"seat": 1}, "SpidgeLanes": {"hand": 2}}


#: sizeof(SpitzerDeal) and sizeof(spidge_state) (see the .pxd files): a lane's deal.
_DEAL_BYTES = {"SpitzerLanes": 56, "SpidgeLanes": 112}


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/status")
@pytest.mark.skipif("libasan" in os.environ.get("LD_PRELOAD", ""),
                    reason="ASan's allocator reserves more than RLIMIT_AS allows; the plain suites run this")
@pytest.mark.parametrize("name", sorted(_LANES))
def test_lanes_whose_allocation_failed_refuse_use_then_set_up_anew(
        backend: dict[str, ModuleType], name: str) -> None:
    """The address space is capped so that the lanes' arrays and deals fit but
    their generators do not: the compiled lanes kept their size and deals with
    NULL generators, and reset() afterwards segfaulted."""
    which = "python" if "_reference" in backend["_vector"].__name__ else "cython"
    code = f"""
        import resource, trickcore
        from trickcore.errors import PytrickError
        cls = trickcore.load_backend({which!r})["_vector"].{name}
        small = cls(1, 1)
        per_lane = sum(a.nbytes for a in (small.obs, small.masks, small.rewards, small.terminated))
        k = 1 << 20
        with open("/proc/self/status") as status:
            used = next(int(line.split()[1]) * 1024 for line in status if line.startswith("VmSize"))
        cap = used + k * (per_lane + {_DEAL_BYTES[name]}) + (16 << 20)  # generators: 32 MB
        lanes = cls.__new__(cls)
        resource.setrlimit(resource.RLIMIT_AS, (cap, resource.RLIM_INFINITY))
        try:
            lanes.__init__(k, 1)
        except MemoryError:
            print("MemoryError")
        try:
            lanes.reset()
        except PytrickError as error:
            print("refused:", error)
        lanes.__init__(3, 1)
        print("then", len(lanes.reset()[0]))
    """
    child = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], text=True,
                           capture_output=True, timeout=120, check=False)
    assert child.returncode == 0, child.stderr
    assert child.stdout.splitlines() == [
        "MemoryError",
        f"refused: this {name} was never set up: {name}.__init__ did not run "
        "(a subclass's __init__ must call super().__init__())",
        "then 3",
    ]


@pytest.mark.parametrize("name", sorted(_LANES))
def test_lanes_take_numpy_integers_everywhere(backend: dict[str, ModuleType], name: str) -> None:
    cls = getattr(backend["_vector"], name)
    numpy_args = {key: np.int8(value) for key, value in _LANES[name].items()}
    lanes = cls(np.int64(3), np.uint64(2**64 - 1), **numpy_args)
    plain = cls(3, 2**64 - 1, **_LANES[name])
    assert np.array_equal(lanes.reset()[0], plain.reset()[0])
    assert lanes.state(np.int64(2)) == plain.state(2)


_COMMON_CASES = [
    ("k", True, ArgumentTypeError, "k must be an integer, not a bool"),
    ("k", 2.0, ArgumentTypeError, "k must be an integer, not float"),
    ("k", 0, InvalidArgumentError, "invalid k 0: it must be at least 1"),
    ("k", 2**24 + 1, InvalidArgumentError, "invalid k 16777217: it must be at most 16777216"),
    ("seed", -1, InvalidArgumentError, r"invalid seed -1: seeds are 0 to 2\*\*64 - 1"),
    ("seed", 2**64, InvalidArgumentError, "invalid seed 18446744073709551616"),
    ("seed", 1.0, ArgumentTypeError, "seed must be an integer, not float"),
    ("seed", np.bool_(True), ArgumentTypeError, "seed must be an integer, not a bool"),
]


@pytest.mark.parametrize(
    ("name", "argument", "value", "error", "words"),
    [(name, *case) for name in sorted(_LANES) for case in _COMMON_CASES] + [
        ("SpitzerLanes", "seat", 4, InvalidArgumentError, "invalid seat 4: seats are 0 to 3"),
        ("SpitzerLanes", "seat", 1.0, ArgumentTypeError, "seat must be an integer"),
        ("SpidgeLanes", "hand", 1, InvalidArgumentError, "invalid hand 1: .*the dummy"),
        ("SpidgeLanes", "hand", False, ArgumentTypeError, "hand must be an integer, not a bool"),
    ],
)
def test_lanes_check_their_arguments_as_the_rest_of_the_core(
        backend: dict[str, ModuleType], name: str, argument: str, value: object,
        error: type[Exception], words: str) -> None:
    """Seeds used to be masked to 64 bits (-1 was 2**64 - 1), bools and floats
    were ValueErrors, k had no upper bound and numpy integers were refused."""
    args: dict[str, object] = {"k": 2, "seed": 1, argument: value}
    with pytest.raises(error, match=f"^{words}"):
        getattr(backend["_vector"], name)(**args)


def _illegal_lane_step(backend: dict[str, ModuleType], name: str, action: int | None) -> Exception:
    """The error of a step whose lane 1 gets *action* (None: the first one its mask forbids)."""
    lanes = getattr(backend["_vector"], name)(3, 8, **_LANES[name], **(
        {"auction": "pass"} if name == "SpitzerLanes" else {}))
    _, masks = lanes.reset()
    actions = masks.argmax(axis=1)
    actions[1] = action if action is not None else int(np.flatnonzero(masks[1] == 0)[0])
    before = [lanes.state(i) for i in range(3)]
    with pytest.raises(PytrickError) as caught:
        lanes.step(actions)
    assert [lanes.state(i) for i in range(3)] == before
    return caught.value


@pytest.mark.parametrize("name", sorted(_LANES))
def test_a_lane_says_why_a_move_is_illegal_as_one_deal_does(
        backend: dict[str, ModuleType], name: str) -> None:
    error = _illegal_lane_step(backend, name, None)
    lanes = getattr(backend["_vector"], name)(3, 8, **_LANES[name], **(
        {"auction": "pass"} if name == "SpitzerLanes" else {}))
    _, masks = lanes.reset()
    action = int(np.flatnonzero(masks[1] == 0)[0])
    state = lanes.state(1)
    with pytest.raises(IllegalMoveError) as single:
        if name == "SpitzerLanes":
            state.play(backend["_spitzer"].card_of_action(action))
        else:
            state.play(action)
    assert isinstance(error, IllegalMoveError)
    assert (error.reason, error.rule) == (single.value.reason, single.value.rule)
    assert error.message.startswith(f"lane 1: action {action}: {single.value.message}")


@pytest.mark.parametrize("name", sorted(_LANES))
def test_lanes_refuse_an_action_out_of_range_as_batches_do(
        backend: dict[str, ModuleType], name: str) -> None:
    error = _illegal_lane_step(backend, name, 99)
    assert type(error) is InvalidArgumentError
    assert str(error).startswith("lane 1: action 99 is out of range: actions are 0 to ")


@pytest.mark.parametrize("name", sorted(_LANES))
@pytest.mark.parametrize("action", [None, 99])
def test_lane_errors_read_the_same_on_both_backends(
        both_backends: tuple[dict[str, ModuleType], dict[str, ModuleType]],
        name: str, action: int | None) -> None:
    compiled, reference = (_illegal_lane_step(b, name, action) for b in both_backends)
    assert (type(compiled), str(compiled)) == (type(reference), str(reference))


@pytest.mark.parametrize("name", sorted(_LANES))
@pytest.mark.parametrize(
    ("lane", "error", "words"),
    [(3, InvalidArgumentError, "invalid lane 3"), (-1, InvalidArgumentError, "invalid lane -1"),
     (True, ArgumentTypeError, "lane must be an integer"), ([1], ArgumentTypeError, "lane")],
)
def test_a_lane_index_is_checked(backend: dict[str, ModuleType], name: str, lane: object,
                                 error: type[Exception], words: str) -> None:
    lanes = getattr(backend["_vector"], name)(3, 8, **_LANES[name])
    lanes.reset()
    with pytest.raises(error, match=words):
        lanes.state(lane)


# ------------------------------------------------------------------ batch deal indices


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
@pytest.mark.parametrize(
    ("index", "error", "words"),
    [
        (3, InvalidArgumentError, "^invalid deal 3: deals are 0 to 2$"),
        (-1, InvalidArgumentError, "^invalid deal -1: deals are 0 to 2$"),
        (2**70, InvalidArgumentError, "^invalid deal 1180591620717411303424: "),
        (True, ArgumentTypeError, "^deal must be an integer, not a bool"),
        (1.0, ArgumentTypeError, "^deal must be an integer, not float"),
        ([1, 2], ArgumentTypeError, "^deal must be an integer, not list"),  # was deal 1
        ([], ArgumentTypeError, "^deal must be an integer, not list"),      # was an IndexError
    ],
)
def test_a_batch_checks_the_deal_index_of_state_and_load(
        backend: dict[str, ModuleType], name: str, index: object, error: type[Exception],
        words: str) -> None:
    batch = getattr(backend["_batch"], name)(3, seed=4)
    before = [batch.state(i) for i in range(3)]
    with pytest.raises(error, match=words):
        batch.state(index)
    with pytest.raises(error, match=words):
        batch.load(index, before[0])
    assert [batch.state(i) for i in range(3)] == before


@pytest.mark.parametrize("name", ["SpitzerBatch", "SpidgeBatch"])
def test_a_batch_takes_numpy_deal_indices(backend: dict[str, ModuleType], name: str) -> None:
    batch = getattr(backend["_batch"], name)(3, seed=4)
    first = batch.state(np.int8(0))
    assert first == batch.state(0) != batch.state(np.uint64(2))
    batch.load(np.int64(2), first)
    assert batch.state(2) == first


# ------------------------------------------------------------------ rollouts


@pytest.mark.parametrize("game", ["spitzer", "spidge"])
def test_rollouts_refuse_what_is_no_position_list_with_argument_type_error(
        backend: dict[str, ModuleType], game: str) -> None:
    rollouts = getattr(backend["_rollouts"], f"{game}_rollouts")
    state = getattr(backend["_batch"], f"{game.capitalize()}Batch")(1, seed=3).state(0)
    with pytest.raises(ArgumentTypeError, match="not one position"):
        rollouts(state, 2, 1)
    with pytest.raises(ArgumentTypeError, match=r"^position 1 is a str, not a "):
        rollouts([state, "QC"], 2, 1)


_ROLLOUT_CONSUMER = """\
# cython: language_level=3
from libc.stdint cimport int32_t, uint64_t
from trickcore cimport SpitzerState, spitzer_rollout, tc_rng, tc_rng_seed, tc_splitmix64

def rollout(SpitzerState state, uint64_t seed):
    # Seeded as rollout 0 of trickcore._rollouts.spitzer_rollouts([state], n, seed).
    cdef tc_rng rng
    cdef uint64_t x = seed
    cdef int32_t scores[4]
    tc_rng_seed(&rng, tc_splitmix64(&x))
    with nogil:
        spitzer_rollout(&state.deal, &rng, scores)
    return [scores[i] for i in range(4)]
"""

_ROLLOUT_SETUP = """\
from pathlib import Path
from Cython.Build import cythonize
from setuptools import Extension, setup
import trickcore
setup(name="rollout-consumer", ext_modules=cythonize(
    [Extension("rollout_consumer", ["rollout_consumer.pyx"],
               include_dirs=[str(Path(trickcore.__file__).parent)])]))
"""


@pytest.mark.slow
def test_the_rollout_kernels_are_part_of_the_c_api(tmp_path: Path) -> None:
    """``from trickcore cimport spitzer_rollout`` failed: __init__.pxd left _rollouts out."""
    if "cython" not in trickcore.available_backends():
        pytest.skip("the compiled core is not built here, so there is no C API to build against")
    (tmp_path / "rollout_consumer.pyx").write_text(_ROLLOUT_CONSUMER)
    (tmp_path / "setup.py").write_text(_ROLLOUT_SETUP)
    site = str(Path(trickcore.__file__).resolve().parent.parent)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([site, os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path,
                          capture_output=True, text=True, env=env, check=False)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    path = next(tmp_path.glob("rollout_consumer*.so"), None) or next(tmp_path.glob("rollout_consumer*.pyd"))
    spec = importlib.util.spec_from_file_location("rollout_consumer", path)
    assert spec is not None and spec.loader is not None
    consumer = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(consumer)
    core = trickcore.load_backend("cython")
    state = core["_batch"].SpitzerBatch(1, seed=11).state(0)
    for seed in (0, 5, 2**64 - 1):
        expected = core["_rollouts"].spitzer_rollouts([state], 1, seed)[0][0].tolist()
        assert consumer.rollout(state, seed) == expected
